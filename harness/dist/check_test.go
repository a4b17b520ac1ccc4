package dist

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestJobCheck lists jobs a worker must refuse: any whose blob names are not
// content hashes, or whose problem or source name is not one plain file name
// (a worker joins them to its cache folder and writes there).
func TestJobCheck(t *testing.T) {
	blob := "sha256-" + strings.Repeat("ab", 32)
	good := Job{ID: "p/s/d/0", Problem: "sudoku", ProblemBlob: blob, SourceBlob: blob, SourceName: "a.c"}
	tests := []struct {
		name   string
		change func(*Job)
		err    string // "" when the job is fine
	}{
		{"good", func(*Job) {}, ""},
		{"a command, no source", func(j *Job) { j.SourceBlob, j.SourceName, j.Command = "", "", "echo" }, ""},
		{"a language table", func(j *Job) { j.LanguagesBlob = blob }, ""},
		{"no problem blob", func(j *Job) { j.ProblemBlob = "" }, "problem_blob"},
		{"problem blob a path", func(j *Job) { j.ProblemBlob = "../../../../work/problems" }, "problem_blob"},
		{"source blob a path", func(j *Job) { j.SourceBlob = "/etc" }, "source_blob"},
		{"short hash", func(j *Job) { j.SourceBlob = "sha256-abc" }, "source_blob"},
		{"languages blob a path", func(j *Job) { j.LanguagesBlob = "../x" }, "languages_blob"},
		{"source name climbs", func(j *Job) { j.SourceName = "../../../../tmp/evil" }, "source_name"},
		{"source name is ..", func(j *Job) { j.SourceName = ".." }, "source_name"},
		{"source name missing", func(j *Job) { j.SourceName = "" }, "source_name"},
		{"problem with a slash", func(j *Job) { j.Problem = "a/b" }, "problem"},
		{"problem empty", func(j *Job) { j.Problem = "" }, "problem"},
		{"problem with a NUL", func(j *Job) { j.Problem = "a\x00" }, "problem"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := good
			tt.change(&j)
			err := j.Check()
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("Check: %v, want nil", err)
			case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err+" ")):
				t.Errorf("Check: %v, want an error about %s", err, tt.err)
			}
		})
	}
}

// FuzzJobCheck decodes arbitrary job messages: a job Check lets through never
// names a path outside the worker's cache.
func FuzzJobCheck(f *testing.F) {
	blob := "sha256-" + strings.Repeat("ab", 32)
	f.Add(`{"problem":"sudoku","problem_blob":"` + blob + `","source_blob":"` + blob + `","source_name":"a.c"}`)
	f.Add(`{"problem":"..","problem_blob":"` + blob + `"}`)
	f.Add(`{"problem":"p","problem_blob":"../../x","source_name":"../../etc/cron.d/x"}`)
	f.Fuzz(func(t *testing.T, msg string) {
		var j Job
		if json.Unmarshal([]byte(msg), &j) != nil || j.Check() != nil {
			return
		}
		cache := "/cache"
		for _, p := range []string{filepath.Join(cache, "problems", j.ProblemBlob, j.Problem),
			filepath.Join(cache, "sources", j.SourceBlob, j.SourceName),
			filepath.Join(cache, "languages", j.LanguagesBlob+".yaml")} {
			if rel, err := filepath.Rel(cache, p); err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("job %q passed Check but names %s", msg, p)
			}
		}
	})
}
