package reports

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// markerLists reports whether the marker data lists name.
func markerLists(data []byte, name string) bool {
	for _, f := range ParseMarker(data).Files {
		if f.Name == name {
			return true
		}
	}
	return false
}

// backups are the backup folders (edited-…) at the top of dir.
func backups(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), BackupPrefix) {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestWriteReportEdited: files of a report the user edited, or replaced by a
// folder or a link, stop a new write of it, which changes nothing and names
// them; with Force they are moved, as they were, into a backup folder the
// note names, and the new report is written. A deleted file is no edit.
func TestWriteReportEdited(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(t *testing.T, root, dir string)
		edited []string // what the refusal names, and what is backed up; none: no refusal
	}{
		{"unedited", func(t *testing.T, root, dir string) {}, nil},
		{"deleted", func(t *testing.T, root, dir string) {
			if err := os.Remove(filepath.Join(dir, "standings.md")); err != nil {
				t.Fatal(err)
			}
			if err := os.RemoveAll(filepath.Join(dir, "s")); err != nil {
				t.Fatal(err)
			}
		}, nil},
		{"edited", func(t *testing.T, root, dir string) {
			mustWrite(t, filepath.Join(dir, "standings.md"), "my remarks\n")
		}, []string{"standings.md"}},
		{"edited deep and on top", func(t *testing.T, root, dir string) {
			f, err := os.OpenFile(filepath.Join(dir, "s", "c", "2.diff"), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("# the teacher's remark\n"); err != nil {
				t.Fatal(err)
			}
			f.Close()
			mustWrite(t, filepath.Join(dir, "results.csv"), "")
		}, []string{"results.csv", "s/c/2.diff"}},
		{"symbolic link for a file", func(t *testing.T, root, dir string) {
			mustWrite(t, filepath.Join(root, "elsewhere.md"), "not the report's\n")
			if err := os.Remove(filepath.Join(dir, "standings.md")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(root, "elsewhere.md"), filepath.Join(dir, "standings.md")); err != nil {
				t.Fatal(err)
			}
		}, []string{"standings.md"}},
		{"folder for a file", func(t *testing.T, root, dir string) {
			if err := os.Remove(filepath.Join(dir, "standings.md")); err != nil {
				t.Fatal(err)
			}
			mustWrite(t, filepath.Join(dir, "standings.md", "draft.md"), "mine\n")
		}, []string{"standings.md"}},
		{"symbolic link for a folder on the way", func(t *testing.T, root, dir string) {
			// The link's target holds a file of the listed name with other
			// content: it must be neither read as the report's nor touched.
			mustWrite(t, filepath.Join(root, "other", "2.diff"), "someone else's\n")
			if err := os.RemoveAll(filepath.Join(dir, "s", "c")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(root, "other"), filepath.Join(dir, "s", "c")); err != nil {
				t.Fatal(err)
			}
		}, []string{"s/c"}},
	}
	fresh, err := sampleReport().Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "r")
			ctx := context.Background()
			if err := WriteReport(ctx, dir, sampleReport()); err != nil {
				t.Fatal(err)
			}
			mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
			tt.edit(t, root, dir)
			before := snapshot(t, root)

			err := CheckEdited(dir)
			err2 := WriteReport(ctx, dir, sampleReport())
			if tt.edited == nil {
				if err != nil || err2 != nil {
					t.Fatalf("CheckEdited: %v; WriteReport: %v; want both nil", err, err2)
				}
				if b := backups(t, dir); len(b) > 0 {
					t.Errorf("backup folders %v, want none", b)
				}
				if b, err := os.ReadFile(filepath.Join(dir, "standings.md")); err != nil || string(b) != string(fresh["standings.md"]) {
					t.Errorf("standings.md not rewritten: %q, %v", b, err)
				}
				return
			}
			for _, e := range []error{err, err2} {
				var ee *EditedError
				if !errors.Is(e, ErrEdited) || !errors.As(e, &ee) {
					t.Fatalf("got %v, want an *EditedError", e)
				}
				if !slices.Equal(ee.Files, tt.edited) || ee.Dir != dir {
					t.Errorf("names %s %v, want %s %v", ee.Dir, ee.Files, dir, tt.edited)
				}
				for _, f := range tt.edited {
					if !strings.Contains(e.Error(), f) {
						t.Errorf("%q does not name %s", e, f)
					}
				}
			}
			sameSnapshot(t, before, snapshot(t, root))

			var notes []string
			err = WriteReportWith(ctx, dir, sampleReport(), WriteOptions{Force: true, Note: func(s string) { notes = append(notes, s) }})
			if err != nil {
				t.Fatal(err)
			}
			b := backups(t, dir)
			if len(b) != 1 {
				t.Fatalf("backup folders %v, want one", b)
			}
			backup := filepath.Join(dir, b[0])
			if all := strings.Join(notes, "\n"); !strings.Contains(all, backup) {
				t.Errorf("notes %q do not name %s", all, backup)
			}
			after := snapshot(t, root)
			// Everything the user had there is in the backup, as it was (a
			// link still a link to the same place, a folder with its files).
			moved := 0
			for k, v := range before {
				for _, e := range tt.edited {
					e = filepath.FromSlash(e)
					r := filepath.Join("r", e)
					if k == r || strings.HasPrefix(k, r+string(filepath.Separator)) {
						moved++
						in := filepath.Join("r", b[0], e) + strings.TrimPrefix(k, r)
						if after[in] != v {
							t.Errorf("backup %s: %q, want %q (what was at %s)", in, after[in], v, k)
						}
					}
				}
			}
			if moved < len(tt.edited) {
				t.Errorf("only %d entries backed up, want %d at least", moved, len(tt.edited))
			}
			// Outside the report folder nothing changed, not even what a link
			// pointed at; in it, the user's note is untouched and the report
			// is the new one.
			for k, v := range before {
				if k != "r" && !strings.HasPrefix(k, "r"+string(filepath.Separator)) && after[k] != v {
					t.Errorf("%s changed outside the report folder: %q → %q", k, v, after[k])
				}
			}
			if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "mine\n" {
				t.Errorf("notes.txt: %q, %v", b, err)
			}
			for name, want := range fresh {
				if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || string(got) != string(want) {
					t.Errorf("%s is not the new report's: %v", name, err)
				}
			}
			marker, err := os.ReadFile(filepath.Join(dir, MarkerName))
			if err != nil || strings.Contains(string(marker), BackupPrefix) {
				t.Errorf("marker %q, %v: must not list the backup", marker, err)
			}
			// The backup is the user's from now on: the next write keeps it
			// and needs no force.
			if err := WriteReport(ctx, dir, sampleReport()); err != nil {
				t.Fatal(err)
			}
			sameSnapshot(t, after, snapshot(t, root))
		})
	}
}

// TestWriteReportOldMarkerEdited: a marker of an older judge records no
// hashes, so an edit of its files cannot be told: they are replaced, as they
// always were, with no backup.
func TestWriteReportOldMarkerEdited(t *testing.T) {
	for _, plain := range []bool{true, false} {
		t.Run(map[bool]string{true: "names", false: "run id only"}[plain], func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "r")
			if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(dir, MarkerName))
			if err != nil {
				t.Fatal(err)
			}
			m := ParseMarker(data)
			if !plain {
				m.Files = nil
			}
			for i := range m.Files {
				m.Files[i].Sum = ""
			}
			mustWrite(t, filepath.Join(dir, MarkerName), string(m.Bytes()))
			mustWrite(t, filepath.Join(dir, "standings.md"), "my remarks\n")
			if err := CheckEdited(dir); err != nil {
				t.Errorf("CheckEdited: %v", err)
			}
			if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "standings.md")); string(b) == "my remarks\n" {
				t.Error("standings.md was not replaced")
			}
			if b := backups(t, dir); len(b) > 0 {
				t.Errorf("backup folders %v, want none", b)
			}
		})
	}
}

// TestEditedFilesStaysInside: a marker naming paths outside its folder never
// makes judge look there.
func TestEditedFilesStaysInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "r")
	mustWrite(t, filepath.Join(root, "secret"), "x\n")
	mustWrite(t, filepath.Join(dir, "a"), "x\n")
	files := []MarkerFile{{Name: "../secret", Sum: strings.Repeat("0", 64)}, {Name: filepath.Join(root, "secret"), Sum: strings.Repeat("0", 64)},
		{Name: "./a", Sum: strings.Repeat("0", 64)}, {Name: "a/", Sum: strings.Repeat("0", 64)}}
	got, err := EditedFiles(dir, files)
	if err != nil || len(got) != 0 {
		t.Fatalf("EditedFiles = %v, %v; want nothing", got, err)
	}
}

func TestParseMarker(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	tests := []struct {
		in   string
		want Marker
	}{
		{"", Marker{}},
		{"run-0", Marker{Head: "run-0"}},
		{"run-0\n\n", Marker{Head: "run-0"}},
		{"run-0\nstandings.md\ns/c/2.diff\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: "standings.md"}, {Name: "s/c/2.diff"}}}},
		{"run-0\n" + sum + "  standings.md\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: "standings.md", Sum: sum}}}},
		{"run-0\n" + sum + "  a  b\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: "a  b", Sum: sum}}}},
		{"run-0\n" + sum + "  \"a\\nb\"\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: "a\nb", Sum: sum}}}},
		{"run-0\n" + strings.ToUpper(sum) + "  x\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: strings.ToUpper(sum) + "  x"}}}},
		{"run-0\n" + sum + "  \n", Marker{Head: "run-0", Files: []MarkerFile{{Name: sum + "  "}}}},
		// Saved by an editor with CRLF line ends.
		{"run-0\r\n" + sum + "  standings.md\r\nresults.json\r\n", Marker{Head: "run-0", Files: []MarkerFile{{Name: "standings.md", Sum: sum}, {Name: "results.json"}}}},
	}
	for _, tt := range tests {
		got := ParseMarker([]byte(tt.in))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseMarker(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if again := ParseMarker(got.Bytes()); !reflect.DeepEqual(again, got) {
			t.Errorf("%q: written and read back: %+v, want %+v", tt.in, again, got)
		}
	}
}

// FuzzParseMarker: any marker is read without failing, its hashes are
// well-formed, and what it reads is written back as it was read.
func FuzzParseMarker(f *testing.F) {
	sum := strings.Repeat("0f", 32)
	f.Add([]byte("run-1\n"))
	f.Add([]byte("run-1\nstandings.md\nd/a/challenge.log\n"))
	f.Add([]byte("run-1\n" + sum + "  standings.md\n" + sum + "  s/c/2.diff\n"))
	f.Add([]byte("judge grade report folder: judge grade may write over the files here\n" + sum + "  ann/feedback.md\n"))
	f.Add([]byte("r\n" + sum + "  \"\\\"q\"\n\"" + sum + "  x\"\n\"\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m := ParseMarker(data)
		if strings.Contains(m.Head, "\n") {
			t.Fatalf("head %q holds a newline", m.Head)
		}
		for _, f := range m.Files {
			if f.Name == "" {
				t.Fatal("an empty name")
			}
			if _, _, ok := hashedLine(f.Sum + "  x"); f.Sum != "" && !ok {
				t.Fatalf("hash %q", f.Sum)
			}
		}
		if again := ParseMarker(m.Bytes()); !reflect.DeepEqual(again, m) {
			t.Fatalf("written and read back: %+v, want %+v", again, m)
		}
	})
}

// TestWriteReportRecoversStaleEdit: an old report left beside the folder by a
// write killed after moving it aside, holding a file the user edited, gives
// that file up to a backup folder in the report folder, not to removal.
func TestWriteReportRecoversStaleEdit(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "r")
	if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(root, ".r.tmp-9.old")
	mustWrite(t, filepath.Join(old, MarkerName), string(NewMarker("run-0", map[string][]byte{"standings.md": []byte("old\n")}).Bytes()))
	mustWrite(t, filepath.Join(old, "standings.md"), "old, and my remarks\n")
	var notes []string
	if err := WriteReportWith(context.Background(), dir, sampleReport(), WriteOptions{Note: func(s string) { notes = append(notes, s) }}); err != nil {
		t.Fatal(err)
	}
	b := backups(t, dir)
	if len(b) != 1 {
		t.Fatalf("backup folders %v, want one", b)
	}
	if data, err := os.ReadFile(filepath.Join(dir, b[0], "standings.md")); err != nil || string(data) != "old, and my remarks\n" {
		t.Errorf("backed up: %q, %v", data, err)
	}
	if _, err := os.Lstat(old); !os.IsNotExist(err) {
		t.Errorf("%s is still there (%v)", old, err)
	}
	if all := strings.Join(notes, "\n"); !strings.Contains(all, b[0]) {
		t.Errorf("notes %q do not name %s", all, b[0])
	}
}

// TestListNames: names in a message are told apart and keep it on one line.
func TestListNames(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"standings.md"}, "standings.md"},
		{[]string{"a.md", "b/feedback.md"}, "a.md, b/feedback.md"},
		{[]string{"nl\nx/feedback.md", "\"q/feedback.md"}, `"nl\nx/feedback.md", "\"q/feedback.md"`},
		{[]string{"a, b.md", "é.md"}, `"a, b.md", é.md`},
	}
	for _, tt := range tests {
		if got := ListNames(tt.in); got != tt.want {
			t.Errorf("ListNames(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
