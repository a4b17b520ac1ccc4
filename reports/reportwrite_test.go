package reports

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestWriteReportConcurrent: writers of one report folder are serialised, so
// the user's files in it survive every round, in the folder itself, and
// nothing temporary is left beside it.
func TestWriteReportConcurrent(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "r2")
	if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
	mustWrite(t, filepath.Join(dir, "mydir", "y"), "mine too\n")
	// Run from the parent as "judge report --out r2" would, with a file of
	// the same name in the current folder that must stay out of r2.
	t.Chdir(root)
	mustWrite(t, filepath.Join(root, "notes.txt"), "the current folder's\n")

	const writers, rounds = 4, 30
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	for w := range writers {
		wg.Go(func() {
			for i := range rounds {
				rep := sampleReport()
				rep.Run = fmt.Sprintf("run-%d-%d", w, i)
				if err := WriteReport(context.Background(), "r2", rep); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for name, want := range map[string]string{"r2/notes.txt": "mine\n", "r2/mydir/y": "mine too\n", "notes.txt": "the current folder's\n"} {
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name))); err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("beside the report: %v, want r2 and notes.txt only", entries)
	}
}

// TestWriteReportListlessMarker: a marker from an older judge, holding only
// the run id, claims only the files the new report writes; the user's other
// files and folders stay.
func TestWriteReportListlessMarker(t *testing.T) {
	for _, marker := range []string{"run-0\n", "run-0", "run-0\n\n"} {
		t.Run(fmt.Sprintf("%q", marker), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			mustWrite(t, filepath.Join(dir, MarkerName), marker)
			mustWrite(t, filepath.Join(dir, "standings.md"), "old standings\n")
			mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
			mustWrite(t, filepath.Join(dir, "mydir", "y"), "mine too\n")
			if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
				t.Fatal(err)
			}
			for name, want := range map[string]string{"notes.txt": "mine\n", "mydir/y": "mine too\n"} {
				if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || string(b) != want {
					t.Errorf("%s: %q, %v; want %q", name, b, err, want)
				}
			}
			if st, err := os.Stat(filepath.Join(dir, "empty")); err != nil || !st.IsDir() {
				t.Errorf("the user's empty folder: %v", err)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "standings.md")); string(b) == "old standings\n" {
				t.Error("standings.md was not replaced")
			}
			if m, _ := os.ReadFile(filepath.Join(dir, MarkerName)); !markerLists(m, "standings.md") {
				t.Errorf("marker = %q, want the files listed", m)
			}
		})
	}
}

// TestWriteReportRecoversStale: what a write killed half-way left beside the
// report folder is mended by the next write to it, which says so; folders the
// judge did not make are left alone.
func TestWriteReportRecoversStale(t *testing.T) {
	oldReport := func(t *testing.T, folder string) {
		mustWrite(t, filepath.Join(folder, MarkerName), "run-0\nstandings.md\n")
		mustWrite(t, filepath.Join(folder, "standings.md"), "old\n")
	}
	tests := []struct {
		name  string
		make  func(t *testing.T, root, dir string)
		files map[string]string // relative to root: what must be there after
		gone  []string          // relative to root: what must not
		note  string
	}{
		{"killed between the renames: folder put back", func(t *testing.T, root, dir string) {
			old := filepath.Join(root, ".r.tmp-123.old")
			oldReport(t, old)
			mustWrite(t, filepath.Join(old, "notes.txt"), "mine\n")
			mustWrite(t, filepath.Join(old, "mydir", "y"), "mine too\n")
		}, map[string]string{"r/notes.txt": "mine\n", "r/mydir/y": "mine too\n"}, []string{".r.tmp-123.old"}, "put back"},
		{"killed while carrying over: the rest carried", func(t *testing.T, root, dir string) {
			oldReport(t, dir)
			mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
			old := filepath.Join(root, ".r.tmp-9.old")
			oldReport(t, old)
			mustWrite(t, filepath.Join(old, "more.txt"), "more\n")
		}, map[string]string{"r/notes.txt": "mine\n", "r/more.txt": "more\n"}, []string{".r.tmp-9.old"}, "moved what you had added"},
		{"killed while building: temporary folder removed", func(t *testing.T, root, dir string) {
			oldReport(t, dir)
			oldReport(t, filepath.Join(root, ".r.tmp-42"))
			if err := os.Mkdir(filepath.Join(root, ".r.tmp-43"), 0o755); err != nil { // killed before the marker
				t.Fatal(err)
			}
		}, nil, []string{".r.tmp-42", ".r.tmp-43"}, "removed"},
		{"not the judge's: left alone", func(t *testing.T, root, dir string) {
			oldReport(t, dir)
			mustWrite(t, filepath.Join(root, ".r.tmp-7", "x.txt"), "someone's\n")
			mustWrite(t, filepath.Join(root, ".r.tmp-8.old", "y.txt"), "someone's\n")
			oldReport(t, filepath.Join(root, ".r.tmp-1.tmp-5")) // folder "r.tmp-1"'s, not r's
		}, map[string]string{".r.tmp-7/x.txt": "someone's\n", ".r.tmp-8.old/y.txt": "someone's\n", ".r.tmp-1.tmp-5/standings.md": "old\n"}, nil, "left"},
		{"old report's user file in the way: left, named", func(t *testing.T, root, dir string) {
			oldReport(t, dir)
			mustWrite(t, filepath.Join(dir, "notes.txt"), "new\n")
			old := filepath.Join(root, ".r.tmp-9.old")
			oldReport(t, old)
			mustWrite(t, filepath.Join(old, "notes.txt"), "older\n")
		}, map[string]string{"r/notes.txt": "new\n", ".r.tmp-9.old/notes.txt": "older\n"}, nil, ".r.tmp-9.old/notes.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "r")
			tt.make(t, root, dir)
			var notes []string
			err := WriteReportWith(context.Background(), dir, sampleReport(), WriteOptions{Note: func(s string) { notes = append(notes, s) }})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(dir, "report.html")); err != nil {
				t.Errorf("no new report: %v", err)
			}
			for name, want := range tt.files {
				if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name))); err != nil || string(b) != want {
					t.Errorf("%s: %q, %v; want %q", name, b, err, want)
				}
			}
			for _, name := range tt.gone {
				if _, err := os.Lstat(filepath.Join(root, name)); !os.IsNotExist(err) {
					t.Errorf("%s is still there (%v)", name, err)
				}
			}
			if all := strings.Join(notes, "\n"); !strings.Contains(all, tt.note) {
				t.Errorf("notes %q do not say %q", all, tt.note)
			}
		})
	}
}
