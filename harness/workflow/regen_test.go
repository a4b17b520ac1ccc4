package workflow

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
)

// regenFolder writes a small pass-fail problem: secret/1 answered "old", plus
// a hand-written folder outside its groups.
func regenFolder(t *testing.T) *problems.Folder {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "sum")
	testfiles.Write(t, dir, map[string]string{
		"data/sample/1.in":  "1\n",
		"data/sample/1.ans": "one\n",
		"data/secret/1.in":  "2\n",
		"data/secret/1.ans": "old\n",
		"data/mine/a.in":    "3\n",
		"data/mine/a.ans":   "mine\n",
	})
	return problems.NewFolder(dir, problems.Meta{Slug: "sum", Reference: "ref"})
}

// secretOne returns the folder's dataset secret/1 as Regen reads it.
func secretOne(t *testing.T, f *problems.Folder) problems.Dataset {
	t.Helper()
	all, err := f.Datasets("secret")
	if err != nil || len(all) != 1 {
		t.Fatalf("datasets: %v %v", all, err)
	}
	return all[0]
}

// TestWriteAnswer replaces a stale answer only when that loses nothing: the old
// content goes to the backup first and the mode is kept; a symbolic link, a
// file edited since it was read, a hard link and a folder are left as they
// are; as root, a user's answer stays theirs.
func TestWriteAnswer(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, ans string) // runs after the dataset is read
		skipped string                         // "": replaced; else a phrase of the reason
		want    string                         // the .ans afterwards
		mode    fs.FileMode
		owner   *filemeta.Owner // the .ans's owner afterwards, checked as root only
	}{
		{"replaced", nil, "", "new\n", 0o644, nil},
		{"read-only answer keeps its mode", func(t *testing.T, ans string) {
			if err := os.Chmod(ans, 0o444); err != nil {
				t.Fatal(err)
			}
		}, "", "new\n", 0o444, nil},
		{"symbolic link", func(t *testing.T, ans string) {
			target := filepath.Join(filepath.Dir(ans), "shared.txt")
			if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(ans); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("shared.txt", ans); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link", "old\n", 0, nil},
		{"edited meanwhile", func(t *testing.T, ans string) {
			if err := os.WriteFile(ans, []byte("edited by hand\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "changed since regen read it", "edited by hand\n", 0o644, nil},
		{"hard link", func(t *testing.T, ans string) {
			if err := os.Link(ans, filepath.Join(filepath.Dir(ans), "shared.ans")); err != nil {
				t.Skipf("no hard links here: %v", err)
			}
		}, "hard links", "old\n", 0o644, nil},
		{"user's answer keeps its owner", func(t *testing.T, ans string) {
			if os.Geteuid() != 0 {
				t.Skip("needs root: only root can give a file to another user")
			}
			if err := os.Chown(ans, 1000, 1000); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(ans, 0o664); err != nil {
				t.Fatal(err)
			}
		}, "", "new\n", 0o664, &filemeta.Owner{UID: 1000, GID: 1000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := regenFolder(t)
			d := secretOne(t, f)
			if tt.prepare != nil {
				tt.prepare(t, d.AnsPath)
			}
			a := judgeAnswer(d, []byte("new\n"), problems.Outcome{Verdict: problems.WA})
			if !a.Stale || a.Failed {
				t.Fatalf("answer %+v: want stale", a)
			}
			backup := RegenBackupDir(t.TempDir(), "sum", time.Now())
			err := WriteAnswer(a, backup)
			if got, _ := os.ReadFile(d.AnsPath); string(got) != tt.want {
				t.Errorf("the .ans holds %q, want %q", got, tt.want)
			}
			copyPath := filepath.Join(backup, "secret", "1.ans")
			if tt.skipped != "" {
				if !errors.Is(err, ErrAnswerSkipped) || !strings.Contains(err.Error(), tt.skipped) {
					t.Errorf("error %v, want one saying %q", err, tt.skipped)
				}
				if _, err := os.Lstat(copyPath); err == nil {
					t.Errorf("a backup was written for an answer left alone")
				}
				if tt.name == "symbolic link" {
					if st, err := os.Lstat(d.AnsPath); err != nil || st.Mode()&os.ModeSymlink == 0 {
						t.Errorf("the link became %v (%v)", st.Mode(), err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(copyPath); err != nil || string(got) != "old\n" {
				t.Errorf("backup %s holds %q (%v), want the old answer", copyPath, got, err)
			}
			if st, err := os.Stat(d.AnsPath); err != nil || st.Mode().Perm() != tt.mode {
				t.Errorf("mode %v (%v), want %v", st.Mode(), err, tt.mode)
			}
			if tt.owner != nil {
				st, err := os.Lstat(d.AnsPath)
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := filemeta.Of(st); got != *tt.owner {
					t.Errorf("owner %+v, want %+v", got, *tt.owner)
				}
			}
		})
	}
}

// TestWriteAnswerKeepsBackups never writes over an earlier backup.
func TestWriteAnswerKeepsBackups(t *testing.T) {
	f := regenFolder(t)
	d := secretOne(t, f)
	backup := RegenBackupDir(t.TempDir(), "sum", time.Now())
	testfiles.Write(t, backup, map[string]string{"secret/1.ans": "earlier\n"})
	err := WriteAnswer(judgeAnswer(d, []byte("new\n"), problems.Outcome{Verdict: problems.WA}), backup)
	if err == nil || errors.Is(err, ErrAnswerSkipped) {
		t.Errorf("error %v, want a failed backup", err)
	}
	if got, _ := os.ReadFile(d.AnsPath); string(got) != "old\n" {
		t.Errorf("the .ans became %q without a backup", got)
	}
	if got, _ := os.ReadFile(filepath.Join(backup, "secret", "1.ans")); string(got) != "earlier\n" {
		t.Errorf("the earlier backup became %q", got)
	}
}

// TestJudgeAnswer fails a reference that wrote nothing over a real answer, as
// one that did not finish, and one that wrote nothing where no answer file is
// yet; any other output of a finished run is a new answer there.
func TestJudgeAnswer(t *testing.T) {
	tests := []struct {
		name          string
		answer        string
		output        string
		verdict       problems.Verdict
		failed, stale bool
		unanswered    bool
	}{
		{"no answer yet", "", "new\n", problems.AC, false, true, true},
		{"no answer yet, nothing written", "", " \n", problems.AC, true, false, true},
		{"no answer yet, crash", "", "new\n", problems.RTE, true, false, true},
		{"same output", "old\n", "old\n", problems.AC, false, false, false},
		{"new output", "old\n", "new\n", problems.WA, false, true, false},
		{"empty output", "old\n", "", problems.WA, true, false, false},
		{"blank output", "old\n", "\n \n", problems.PE, true, false, false},
		{"empty over empty", "", "", problems.AC, false, false, false},
		{"blank answer", "\n", "", problems.PE, false, true, false},
		{"crash", "old\n", "old\n", problems.RTE, true, false, false},
		{"time-out", "old\n", "", problems.TLE, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := problems.Dataset{Name: "secret/1", Answer: []byte(tt.answer), Unanswered: tt.unanswered}
			a := judgeAnswer(d, []byte(tt.output), problems.Outcome{Verdict: tt.verdict})
			if a.Failed != tt.failed || a.Stale != tt.stale || a.New != tt.unanswered {
				t.Errorf("failed %v stale %v new %v, want %v %v %v", a.Failed, a.Stale, a.New, tt.failed, tt.stale, tt.unanswered)
			}
			if a.Failed && a.Reason == "" {
				t.Error("failed with no reason")
			}
		})
	}
}
