package reports

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snapshot hashes every file and records every folder and link under root, so a
// test can show that a refused write left the user's files byte-identical.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[rel] = "link " + target
		case d.IsDir():
			out[rel] = "dir " + info.Mode().String()
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			out[rel] = info.Mode().String() + " " + hex.EncodeToString(sum[:])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed: %q → %q", k, v, after[k])
		}
	}
	for k := range after {
		if _, ok := before[k]; !ok {
			t.Errorf("%s appeared", k)
		}
	}
}

func TestWriteReportRefusesUserData(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, root string) string // returns the --out folder
	}{
		{"folder of sources", func(t *testing.T, root string) string {
			dir := filepath.Join(root, "contest")
			mustWrite(t, filepath.Join(dir, "contest.yaml"), "name: Demo\n")
			mustWrite(t, filepath.Join(dir, "alice", "sudoku.c"), "int main(){}\n")
			return dir
		}},
		{"one unrelated file", func(t *testing.T, root string) string {
			dir := filepath.Join(root, "mydir")
			mustWrite(t, filepath.Join(dir, "important.txt"), "keep me\n")
			return dir
		}},
		{"a file", func(t *testing.T, root string) string {
			p := filepath.Join(root, "notes.txt")
			mustWrite(t, p, "notes\n")
			return p
		}},
		{"symlink to a report folder elsewhere", func(t *testing.T, root string) string {
			target := filepath.Join(root, "elsewhere")
			mustWrite(t, filepath.Join(target, MarkerName), "old\n")
			mustWrite(t, filepath.Join(target, "standings.md"), "old\n")
			link := filepath.Join(root, "link")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return link
		}},
		{"marker that is a folder", func(t *testing.T, root string) string {
			dir := filepath.Join(root, "fake")
			mustWrite(t, filepath.Join(dir, MarkerName, "x"), "x\n")
			return dir
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			out := tt.make(t, root)
			before := snapshot(t, root)
			if err := CheckReportFolder(out); !errors.Is(err, ErrNotReportFolder) {
				t.Errorf("CheckReportFolder: %v, want ErrNotReportFolder", err)
			}
			err := WriteReport(context.Background(), out, sampleReport())
			if !errors.Is(err, ErrNotReportFolder) {
				t.Fatalf("WriteReport: %v, want ErrNotReportFolder", err)
			}
			if !strings.Contains(err.Error(), out) {
				t.Errorf("error %q does not name %s", err, out)
			}
			sameSnapshot(t, before, snapshot(t, root))
		})
	}
}

func TestWriteReportReplacesOnlyReports(t *testing.T) {
	root := t.TempDir()
	ctx := context.Background()

	// An empty folder is taken.
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(ctx, empty, sampleReport()); err != nil {
		t.Fatalf("empty folder: %v", err)
	}
	marker, err := os.ReadFile(filepath.Join(empty, MarkerName))
	if err != nil || !strings.HasPrefix(string(marker), "run-1\n") || !markerLists(marker, "standings.md") {
		t.Fatalf("marker = %q, %v; want the run id, then the files", marker, err)
	}

	// A report folder is replaced, with the new run's marker: the old report's
	// own files go (the diff of a result the new run does not have), what a
	// user added stays (a note, a folder of their own).
	mustWrite(t, filepath.Join(empty, "notes.txt"), "mine\n")
	mustWrite(t, filepath.Join(empty, "mine", "a.txt"), "mine too\n")
	mustWrite(t, filepath.Join(empty, "s", "c", "mine.txt"), "beside a diff\n")
	metas, rs := contest() // the sample report's results, without its diff
	rep := Build(Input{Run: "run-2", Contest: "Demo", Rule: ICPC, Problems: metas, Entrants: []string{"a", "b", "c", "d", "zed"}, Results: rs})
	if err := WriteReport(ctx, empty, rep); err != nil {
		t.Fatalf("report folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(empty, "s", "c", "2.diff")); !os.IsNotExist(err) {
		t.Errorf("the old report's diff survived: %v", err)
	}
	for name, want := range map[string]string{"notes.txt": "mine\n", "mine/a.txt": "mine too\n", "s/c/mine.txt": "beside a diff\n"} {
		if b, err := os.ReadFile(filepath.Join(empty, filepath.FromSlash(name))); err != nil || string(b) != want {
			t.Errorf("the user's %s after replacing: %q, %v", name, b, err)
		}
	}
	if marker, _ := os.ReadFile(filepath.Join(empty, MarkerName)); !strings.HasPrefix(string(marker), "run-2\n") {
		t.Errorf("marker = %q after replacing", marker)
	}

	// A user's file where the new report has one of its own (the diff is
	// back): refused, with nothing changed.
	mustWrite(t, filepath.Join(empty, "s", "c", "2.diff"), "my own diff\n")
	before := snapshot(t, root)
	if err := WriteReport(ctx, empty, sampleReport()); err == nil || !strings.Contains(err.Error(), "2.diff") {
		t.Errorf("a user's file in the new report's way: %v", err)
	}
	sameSnapshot(t, before, snapshot(t, root))
	if err := os.Remove(filepath.Join(empty, "s", "c", "2.diff")); err != nil {
		t.Fatal(err)
	}

	// A private folder stays private.
	if err := os.Chmod(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(ctx, empty, rep); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(empty); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("mode after replacing a private report folder: %v, %v", st.Mode(), err)
	}

	// An interrupted write leaves the old report byte-identical and nothing beside it.
	before = snapshot(t, root)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := WriteReport(cctx, empty, sampleReport()); err == nil {
		t.Fatal("cancelled write: no error")
	}
	sameSnapshot(t, before, snapshot(t, root))
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOldReportFolder: a folder holding only report files but no marker (a report
// of an older judge) is still refused, with a message that says what it looks
// like and what to do, and is left as it was.
func TestOldReportFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "old")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "results.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := CheckReportFolder(dir)
	if !errors.Is(err, ErrNotReportFolder) {
		t.Fatalf("got %v, want ErrNotReportFolder", err)
	}
	for _, want := range []string{"older judge", "report.md, results.json", "remove it yourself"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "report.md")); err != nil || string(b) != "old\n" {
		t.Errorf("the old report changed: %q %v", b, err)
	}
}

// TestWriteReportIntoDot writes a report into "." when the current folder is
// empty: the report is built beside it, not inside (where its temporary
// folder was taken for a user's file and the write refused).
func TestWriteReportIntoDot(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "here")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if err := WriteReport(context.Background(), ".", sampleReport()); err != nil {
		t.Fatalf("writing into .: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "standings.md")); err != nil {
		t.Error(err)
	}
	if wd, err := os.Getwd(); err != nil || wd != dir {
		t.Errorf("the current folder is now %q, %v: the folder was replaced, not filled", wd, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("beside the folder: %v, want nothing left", entries)
	}
}
