package workflow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestResumeCheckRefusesChangedProblemsAndLanguages(t *testing.T) {
	plan := &ContestPlan{Config: RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L1"}}
	rs := []problems.Result{{Problem: "sudoku", Submission: "a", Hash: "h"}}
	for _, tc := range []struct {
		name   string
		stored RunConfig
		want   string
	}{
		{"problem", RunConfig{Fingerprints: map[string]string{"sudoku": "old"}, Languages: "L1"}, "problem sudoku changed"},
		{"languages", RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L0"}, "language table changed"},
		{"old run", RunConfig{}, "older judge"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := plan.ResumeCheck(tc.stored, rs); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want …%s…", err, tc.want)
			}
		})
	}
	same := RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L1"}
	if ch, err := plan.ResumeCheck(same, rs); err != nil || len(ch) != 0 {
		t.Errorf("unchanged: %v, %v", ch, err)
	}
	done := map[Key]bool{{Problem: "sudoku", Submission: "a", Dataset: "x"}: true, {Problem: "sudoku", Submission: "b", Dataset: "x"}: true}
	Forget(done, []Change{{Problem: "sudoku", Entrant: "a"}})
	if len(done) != 1 || !done[Key{Problem: "sudoku", Submission: "b", Dataset: "x"}] {
		t.Errorf("Forget left %v", done)
	}
}

// TestFingerprintOfDatasetsReadWhenJudged checks that a dataset whose files are
// read when judged (a problem package's) fingerprints as the same dataset held
// in memory, and that a change to its files changes the fingerprint.
func TestFingerprintOfDatasetsReadWhenJudged(t *testing.T) {
	dir := t.TempDir()
	in, ans := filepath.Join(dir, "1.in"), filepath.Join(dir, "1.ans")
	for path, text := range map[string]string{in: "3 4\n", ans: "7\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	held := problems.Dataset{Name: "secret/1", InPath: in, AnsPath: ans, Input: []byte("3 4\n"), Answer: []byte("7\n")}
	deferred := problems.Dataset{Name: "secret/1", InPath: in, AnsPath: ans, ReadMax: 1 << 20}
	meta, limits := problems.Meta{Slug: "p"}, problems.DefaultLimits()
	fp := func(d problems.Dataset) string { return fingerprint(meta, limits, []problems.Dataset{d}) }
	if a, b := fp(held), fp(deferred); a != b {
		t.Errorf("held %s, read when judged %s: want the same", a, b)
	}
	before := fp(deferred)
	for _, tc := range []struct {
		name, text string
	}{{"changed answer", "8\n"}, {"longer answer", "7\n\n"}} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(ans, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if fp(deferred) == before {
				t.Errorf("fingerprint unchanged after the answer became %q", tc.text)
			}
		})
	}
}
