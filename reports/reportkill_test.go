package reports

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRemovalOrder: files first, then folders deepest first, the marker last.
func TestRemovalOrder(t *testing.T) {
	tests := []struct {
		name        string
		files, dirs []string
		want        []string
	}{
		{"marker sorts first but goes last",
			[]string{MarkerName, "a.md", "s/c/2.diff"}, []string{"s", "s/c"},
			[]string{"a.md", "s/c/2.diff", "s/c", "s", MarkerName}},
		{"folders deepest first, beside look-alike names",
			[]string{"s-x/1.diff", "s/c/d/2.diff"}, []string{"s", "s-x", "s/c", "s/c/d"},
			[]string{"s-x/1.diff", "s/c/d/2.diff", "s/c/d", "s/c", "s-x", "s"}},
		{"a marker in a subfolder is only a file", []string{"s/" + MarkerName, MarkerName}, []string{"s"},
			[]string{"s/" + MarkerName, "s", MarkerName}},
		{"no marker", []string{"a.md"}, nil, []string{"a.md"}},
		{"nothing", nil, nil, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := removalOrder(tt.files, tt.dirs); !slices.Equal(got, tt.want) {
				t.Errorf("removalOrder = %q, want %q", got, tt.want)
			}
		})
	}
}

// recoverNotes writes the sample report into dir with notes and fails the
// test when the write fails, leaves anything beside dir, says it left
// something alone or, with notes set, loses the user's notes.txt.
func recoverNotes(t *testing.T, dir string, notes bool) {
	t.Helper()
	var said []string
	err := WriteReportWith(context.Background(), dir, sampleReport(), WriteOptions{Note: func(s string) { said = append(said, s) }})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range said {
		if strings.Contains(n, "alone") || strings.Contains(n, "could not") {
			t.Errorf("note: %s", n)
		}
	}
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("beside the report: %v, want nothing", entries)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); notes && (err != nil || string(b) != "mine\n") {
		t.Errorf("the user's notes: %q (%v)", b, err)
	}
}

// TestRemovalKilledHalfWay: removing an old report moved aside
// (.NAME.tmp-N.old) killed after any number of removals (kill -9, which
// nothing can catch) leaves a folder the next write recognises as the
// judge's and removes, without a note that it left it alone.
func TestRemovalKilledHalfWay(t *testing.T) {
	setup := func(t *testing.T) (dir, old string, order []string) {
		root := t.TempDir()
		dir, old = filepath.Join(root, "r"), filepath.Join(root, ".r.tmp-5.old")
		// The new report is in place, the user's notes carried into it.
		if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
			t.Fatal(err)
		}
		if err := WriteReport(context.Background(), old, sampleReport()); err != nil {
			t.Fatal(err)
		}
		mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
		ours, err := owned(old, nil)
		if err != nil {
			t.Fatal(err)
		}
		files, dirs, err := ourEntries(old, ours)
		if err != nil {
			t.Fatal(err)
		}
		return dir, old, removalOrder(files, dirs)
	}
	_, _, order := setup(t)
	for k := range len(order) + 1 {
		t.Run(strings.Join(order[:k], ","), func(t *testing.T) {
			dir, old, order := setup(t)
			for _, rel := range order[:k] {
				os.Remove(filepath.Join(old, filepath.FromSlash(rel))) // a folder not yet empty stays
			}
			recoverNotes(t, dir, true)
		})
	}
}

// TestFillKilledHalfWay: filling an empty folder killed after any number of
// steps leaves a report folder the next write replaces and a temporary folder
// it removes, without a note that it left it alone.
func TestFillKilledHalfWay(t *testing.T) {
	setup := func(t *testing.T) (dir, tmp string, steps []fillStep) {
		root := t.TempDir()
		dir, tmp = filepath.Join(root, "r"), filepath.Join(root, ".r.tmp-7")
		if err := WriteReport(context.Background(), tmp, sampleReport()); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return dir, tmp, fillSteps(names)
	}
	_, _, steps := setup(t)
	for k := range len(steps) + 1 {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			dir, tmp, steps := setup(t)
			for _, st := range steps[:k] {
				if err := st.do(tmp, dir); err != nil {
					t.Fatal(err)
				}
			}
			if k > 0 { // added after the kill; before it, dir is the user's empty folder
				mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
			}
			recoverNotes(t, dir, k > 0)
		})
	}
}

// TestFillSteps: the marker is linked first and removed from the temporary
// folder last.
func TestFillSteps(t *testing.T) {
	tests := []struct {
		names []string
		want  []fillStep
	}{
		{[]string{MarkerName, "a.md", "s"},
			[]fillStep{{linkMarker, MarkerName}, {move, "a.md"}, {move, "s"}, {dropMarker, MarkerName}}},
		{[]string{"a.md", MarkerName},
			[]fillStep{{linkMarker, MarkerName}, {move, "a.md"}, {dropMarker, MarkerName}}},
	}
	for _, tt := range tests {
		if got := fillSteps(tt.names); !slices.Equal(got, tt.want) {
			t.Errorf("fillSteps(%q) = %v, want %v", tt.names, got, tt.want)
		}
	}
}

// TestFillEmpty: a fill leaves the report in the folder and no temporary
// folder; a fill that fails half-way takes everything back, marker included.
func TestFillEmpty(t *testing.T) {
	for _, fail := range []bool{false, true} {
		root := t.TempDir()
		dir, tmp := filepath.Join(root, "r"), filepath.Join(root, ".r.tmp-3")
		if err := WriteReport(context.Background(), tmp, sampleReport()); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if fail { // a folder of the user's where the report has a file
			mustWrite(t, filepath.Join(dir, "standings.md", "mine.txt"), "mine\n")
		}
		before := snapshot(t, tmp)
		err := fillEmpty(tmp, dir)
		if fail {
			if err == nil {
				t.Fatal("fill over a user's folder: no error")
			}
			sameSnapshot(t, before, snapshot(t, tmp))
			if got := listFiles(t, dir); !slices.Equal(got, []string{"standings.md/mine.txt"}) {
				t.Errorf("after a failed fill the folder holds %q", got)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Lstat(tmp); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", tmp, err)
		}
		sameSnapshot(t, before, snapshot(t, dir))
	}
}
