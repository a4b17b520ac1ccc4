package problems

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

func TestFolderDatasets(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"problem.yaml":          "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n",
		"data/sample/1.in":      "s1",
		"data/sample/1.ans":     "a1",
		"data/secret/b.in":      "sb",
		"data/secret/b.ans":     "ab",
		"data/secret/a.in":      "sa",
		"data/secret/a.ans":     "aa",
		"data/secret/notes.txt": "ignored",
	})
	f, err := LoadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := f.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range ds {
		names = append(names, d.Name+"="+string(d.Input)+"/"+string(d.Answer))
	}
	if got, want := strings.Join(names, " "), "sample/1=s1/a1 secret/a=sa/aa secret/b=sb/ab"; got != want {
		t.Errorf("datasets = %s, want %s", got, want)
	}
	if _, err := f.Datasets("nope"); err == nil || !strings.Contains(err.Error(), "no such dataset group") {
		t.Errorf("missing group: err = %v", err)
	}
}

func TestFolderErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadFolder(dir); err == nil || !strings.Contains(err.Error(), "problem.yaml: no such file") {
		t.Errorf("missing problem.yaml: err = %v", err)
	}
	testfiles.Write(t, dir, map[string]string{
		"problem.yaml":      "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n",
		"data/sample/1.in":  "1",
		"data/sample/1.ans": "1",
		"data/secret/x.in":  "1",
	})
	f, err := LoadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Datasets()
	if err == nil || !strings.Contains(err.Error(), "x.ans: missing answer file") || !strings.Contains(err.Error(), "judge regen demo writes it") {
		t.Errorf("missing .ans: err = %v", err)
	}
	// Listed to be answered, the input without its answer is there, marked.
	all, err := f.DatasetsToAnswer()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].Unanswered || !all[1].Unanswered || all[1].Name != "secret/x" ||
		all[1].Answer != nil || all[1].AnsPath != filepath.Join(dir, "data", "secret", "x.ans") {
		t.Errorf("DatasetsToAnswer: %+v", all)
	}
	// A symbolic link to nothing is not an answer to be written through.
	if err := os.Symlink("nowhere.ans", filepath.Join(dir, "data", "secret", "x.ans")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.DatasetsToAnswer(); err == nil || !strings.Contains(err.Error(), "x.ans") {
		t.Errorf("dangling link as .ans: err = %v", err)
	}
}

func TestInputError(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{Errorf(3, 7, "bad %s", "digit"), "line 3, column 7: bad digit"},
		{Errorf(2, 0, "short"), "line 2: short"},
		{Errorf(0, 0, "empty"), "empty"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// TestFolderSemantics holds problem.yaml and the data folder to what makes sense,
// each fault named with its file and line: a wall limit below the CPU limit, an
// answer without its input, a missing sample group.
func TestFolderSemantics(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"wall below cpu", map[string]string{
			"problem.yaml": "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\nlimits:\n  time: 2\n  wall: 1\n",
		}, "problem.yaml:7:9: limits.wall 1 is below limits.time 2"},
		{"bad kind", map[string]string{
			"problem.yaml": "slug: demo\ntitle: Demo\nkind: maybe\nreference: ref\n",
		}, "problem.yaml:3:7: kind \"maybe\""},
		{"unknown key", map[string]string{
			"problem.yaml": "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\ncolour: red\n",
		}, "problem.yaml:5:1: field colour not found"},
		{"orphan answer", map[string]string{
			"problem.yaml":      "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n",
			"data/sample/1.in":  "1",
			"data/sample/1.ans": "1",
			"data/secret/2.ans": "2",
		}, "2.ans: an answer without its input 2.in"},
		{"no sample", map[string]string{
			"problem.yaml":      "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n",
			"data/secret/1.in":  "1",
			"data/secret/1.ans": "1",
		}, "no sample group"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testfiles.Write(t, dir, tc.files)
			f, err := LoadFolder(dir)
			if err == nil {
				_, err = f.Datasets()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want …%s…", err, tc.want)
			}
		})
	}
}

// TestFolderRefusesPipes checks that a named pipe where problem.yaml or a
// dataset should be is refused at once, not waited on.
func TestFolderRefusesPipes(t *testing.T) {
	for _, fifo := range []string{"problem.yaml", "data/secret/2.in", "data/secret/1.ans"} {
		t.Run(fifo, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"problem.yaml":      "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n",
				"data/secret/1.in":  "1",
				"data/secret/1.ans": "1",
				"data/secret/2.in":  "2",
				"data/secret/2.ans": "2",
			}
			delete(files, fifo)
			testfiles.Write(t, dir, files)
			if err := syscall.Mkfifo(filepath.Join(dir, filepath.FromSlash(fifo)), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := LoadFolder(dir)
			if err == nil {
				_, err = f.Datasets("secret")
			}
			if err == nil || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("a named pipe at %s: %v, want a refusal", fifo, err)
			}
		})
	}
}
