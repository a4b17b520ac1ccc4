package grade

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/reports"
)

// TestWriteReportKeepsEdits: a grade report written again over files the
// teacher edited since, or put where it writes, refuses and writes nothing;
// with force those are moved into the backup folder it returns. A deleted
// feedback file is written again; a marker of an older judge (no hashes)
// is written over as before.
func TestWriteReportKeepsEdits(t *testing.T) {
	r, err := ParseRubric("r.yaml", []byte("items:\n  - {id: auto, max: 5, check: tabs}\n  - {id: hand, max: 4, check: manual}\n"))
	if err != nil {
		t.Fatal(err)
	}
	class := func(names ...string) *Class {
		c := &Class{Rubric: r, Problem: "p"}
		for _, n := range names {
			c.Students = append(c.Students, &Student{Name: n, Items: []ItemResult{{ID: "auto", Points: 2}, {ID: "hand", Blank: true}}, Total: 98})
		}
		return c
	}
	write := func(t *testing.T, path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		edit   func(t *testing.T, dir string)
		again  *Class
		edited []string
	}{
		{"unedited", func(t *testing.T, dir string) {}, class("ann", "bob"), nil},
		{"feedback deleted", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "ann", FeedbackFile)); err != nil {
				t.Fatal(err)
			}
		}, class("ann", "bob"), nil},
		{"feedback edited", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "ann", FeedbackFile), "Well done, Ann.\n")
		}, class("ann", "bob"), []string{"ann/feedback.md"}},
		{"class table fixed by hand", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, ClassFile), "fixed\n")
		}, class("ann", "bob"), []string{ClassFile}},
		{"feedback replaced by a link", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "bob", FeedbackFile)); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, GradesFile), filepath.Join(dir, "bob", FeedbackFile)); err != nil {
				t.Fatal(err)
			}
		}, class("ann", "bob"), []string{"bob/feedback.md"}},
		{"teacher's file where a new student's feedback goes", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "cy", FeedbackFile), "my notes on Cy\n")
		}, class("ann", "bob", "cy"), []string{"cy/feedback.md"}},
		{"student's folder replaced by a link to a folder elsewhere", func(t *testing.T, dir string) {
			if err := os.RemoveAll(filepath.Join(dir, "bob")); err != nil {
				t.Fatal(err)
			}
			linkElsewhere(t, dir, "bob")
		}, class("ann", "bob"), []string{"bob"}},
		{"a new student's folder is a link to a folder elsewhere", func(t *testing.T, dir string) {
			linkElsewhere(t, dir, "cy")
		}, class("ann", "bob", "cy"), []string{"cy"}},
		{"edited feedback of a student no longer graded: not written over", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "bob", FeedbackFile), "Bob's feedback, reworded\n")
		}, class("ann"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if err := PrepareOut(dir); err != nil {
				t.Fatal(err)
			}
			if _, _, err := class("ann", "bob").WriteReport(dir, false); err != nil {
				t.Fatal(err)
			}
			tt.edit(t, dir)
			before := readAll(t, dir)
			var names []string
			for _, st := range tt.again.Students {
				names = append(names, st.Name)
			}
			edited, err := Edited(dir, names)
			if err != nil || !slices.Equal(edited, tt.edited) {
				t.Fatalf("Edited = %v, %v; want %v", edited, err, tt.edited)
			}
			backup, _, err := tt.again.WriteReport(dir, false)
			if tt.edited == nil {
				if err != nil || backup != "" {
					t.Fatalf("WriteReport: %q, %v", backup, err)
				}
				if _, err := os.Stat(filepath.Join(dir, "ann", FeedbackFile)); err != nil {
					t.Error(err)
				}
				if b, ok := before["bob/feedback.md"]; ok && len(tt.again.Students) == 1 {
					if after := readAll(t, dir)["bob/feedback.md"]; after != b {
						t.Errorf("bob's feedback, not graded again: %q, want %q", after, b)
					}
				}
				return
			}
			var ee *reports.EditedError
			if !errors.As(err, &ee) || !errors.Is(err, reports.ErrEdited) || !slices.Equal(ee.Files, tt.edited) {
				t.Fatalf("WriteReport: %v, want an EditedError naming %v", err, tt.edited)
			}
			if after := readAll(t, dir); !mapsEqual(before, after) {
				t.Fatalf("a refused write changed the folder:\n%v\n%v", before, after)
			}
			backup, _, err = tt.again.WriteReport(dir, true)
			if err != nil || !strings.HasPrefix(filepath.Base(backup), reports.BackupPrefix) || filepath.Dir(backup) != dir {
				t.Fatalf("WriteReport forced: %q, %v", backup, err)
			}
			for _, e := range tt.edited {
				if got := readAll(t, backup)[e]; got != before[e] {
					t.Errorf("backup of %s: %q, want %q", e, got, before[e])
				}
			}
			// The backup is the teacher's: the next grade keeps it and needs
			// no force.
			if _, _, err := tt.again.WriteReport(dir, false); err != nil {
				t.Fatalf("writing again: %v", err)
			}
			if _, err := os.Stat(backup); err != nil {
				t.Error(err)
			}
			elsewhereEmpty(t, dir)
		})
	}

	// The teacher scores in the report's own grades.csv: grade reads those
	// scores back, so the edit does not stop it; the sheet as she left it
	// is kept in the backup folder.
	t.Run("grades.csv scored by hand", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		if err := PrepareOut(dir); err != nil {
			t.Fatal(err)
		}
		if _, _, err := class("ann").WriteReport(dir, false); err != nil {
			t.Fatal(err)
		}
		sheet := filepath.Join(dir, GradesFile)
		b, err := os.ReadFile(sheet)
		if err != nil {
			t.Fatal(err)
		}
		scored := strings.Replace(string(b), "ann,2,,", "ann,2,3,", 1)
		if scored == string(b) {
			t.Fatalf("no blank manual score to fill in %q", b)
		}
		write(t, sheet, scored)
		edited, err := Edited(dir, []string{"ann"})
		if err != nil || !slices.Equal(edited, []string{GradesFile}) || len(Refused(dir, edited)) > 0 {
			t.Fatalf("Edited = %v, %v; Refused = %v; want grades.csv edited, nothing refused", edited, err, Refused(dir, edited))
		}
		backup, moved, err := class("ann").WriteReport(dir, false)
		if err != nil || backup == "" || !slices.Equal(moved, []string{GradesFile}) {
			t.Fatalf("WriteReport: %q, %v, %v; want grades.csv moved into a backup", backup, moved, err)
		}
		if got := readAll(t, backup)[GradesFile]; got != scored {
			t.Errorf("backed-up sheet %q, want %q", got, scored)
		}
		// A grades.csv that is no regular file is refused as before.
		if err := os.Remove(sheet); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(sheet, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, _, err := class("ann").WriteReport(dir, false); !errors.Is(err, reports.ErrEdited) {
			t.Errorf("grades.csv a folder: %v, want a refusal", err)
		}
	})

	// A grade stopped while writing leaves some files as the last grade
	// wrote them and some as the new one did, under the marker that lists
	// both: none of them counts as the teacher's.
	t.Run("stopped half-way", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		if err := PrepareOut(dir); err != nil {
			t.Fatal(err)
		}
		if _, _, err := class("ann", "bob").WriteReport(dir, false); err != nil {
			t.Fatal(err)
		}
		first := readAll(t, dir)
		second := class("ann", "bob")
		second.Students[0].Items[0].Points = 3
		if _, _, err := second.WriteReport(dir, false); err != nil {
			t.Fatal(err)
		}
		after := readAll(t, dir)
		if first["ann/feedback.md"] == after["ann/feedback.md"] {
			t.Fatal("the second grade wrote the same feedback")
		}
		// As the stop left it: the marker of the writes in progress, ann's
		// feedback still the first grade's.
		during := reports.ParseMarker([]byte(after[Marker]))
		during.Files = append(during.Files, reports.ParseMarker([]byte(first[Marker])).Files...)
		write(t, filepath.Join(dir, Marker), string(during.Bytes()))
		write(t, filepath.Join(dir, "ann", FeedbackFile), first["ann/feedback.md"])
		if edited, err := Edited(dir, []string{"ann", "bob"}); err != nil || len(edited) > 0 {
			t.Errorf("Edited after a stopped write = %v, %v; want none", edited, err)
		}
		write(t, filepath.Join(dir, "ann", FeedbackFile), "the teacher's\n")
		if edited, err := Edited(dir, []string{"ann", "bob"}); err != nil || !slices.Equal(edited, []string{"ann/feedback.md"}) {
			t.Errorf("Edited = %v, %v; want ann's feedback", edited, err)
		}
	})

	// A link on the way is never followed, even under a marker that lists
	// no files.
	t.Run("older judge's marker, a student's folder a link", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		if err := PrepareOut(dir); err != nil {
			t.Fatal(err)
		}
		linkElsewhere(t, dir, "ann")
		if _, _, err := class("ann").WriteReport(dir, false); !errors.Is(err, reports.ErrEdited) {
			t.Fatalf("WriteReport: %v, want ErrEdited", err)
		}
		if _, _, err := class("ann").WriteReport(dir, true); err != nil {
			t.Fatal(err)
		}
		elsewhereEmpty(t, dir)
		if _, err := os.Stat(filepath.Join(dir, "ann", FeedbackFile)); err != nil {
			t.Error(err)
		}
	})

	t.Run("older judge's marker", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		if err := PrepareOut(dir); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "ann", FeedbackFile), "edited\n")
		if _, _, err := class("ann").WriteReport(dir, false); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "ann", FeedbackFile)); string(b) == "edited\n" {
			t.Error("feedback not written")
		}
	})
}

// linkElsewhere makes dir/name a symbolic link to an empty folder
// "elsewhere" beside dir, which a grade must leave empty.
func linkElsewhere(t *testing.T, dir, name string) {
	t.Helper()
	elsewhere := filepath.Join(filepath.Dir(dir), "elsewhere")
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
}

// elsewhereEmpty fails the test when the folder linkElsewhere makes beside
// dir is there and holds anything.
func elsewhereEmpty(t *testing.T, dir string) {
	t.Helper()
	elsewhere := filepath.Join(filepath.Dir(dir), "elsewhere")
	if _, err := os.Lstat(elsewhere); err != nil {
		return
	}
	if got := readAll(t, elsewhere); len(got) > 0 {
		t.Errorf("grade wrote through a link, outside its folder: %v", got)
	}
}

// readAll maps every entry under dir (slash path) to its content; a link to
// "-> TARGET".
func readAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&os.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			out[filepath.ToSlash(rel)] = "-> " + target
			return err
		}
		b, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestWriteReportOwner: run as root, a grade report written into a teacher's
// folder (setgid, of a course group) leaves every file and folder it writes
// the folder's owner and group, a file written over included, and a file of
// a colleague's in it theirs.
func TestWriteReportOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only root can give files to another user")
	}
	r, err := ParseRubric("r.yaml", []byte("items:\n  - {id: auto, max: 5, check: tabs}\n"))
	if err != nil {
		t.Fatal(err)
	}
	class := func(names ...string) *Class {
		c := &Class{Rubric: r, Problem: "p"}
		for _, n := range names {
			c.Students = append(c.Students, &Student{Name: n, Items: []ItemResult{{ID: "auto", Points: 2}}, Total: 98})
		}
		return c
	}
	teacher := filemeta.Owner{UID: 1000, GID: 1234}
	colleague := filemeta.Owner{UID: 1001, GID: 1001}
	dir := filepath.Join(t.TempDir(), "grades")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := filemeta.Give(dir, teacher); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o775|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if err := PrepareOut(dir); err != nil {
		t.Fatal(err)
	}
	if _, _, err := class("ann").WriteReport(dir, false); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "ann", "notes.txt")
	if err := os.WriteFile(notes, []byte("seen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := filemeta.Give(notes, colleague); err != nil {
		t.Fatal(err)
	}
	if _, _, err := class("ann", "bob").WriteReport(dir, false); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want filemeta.Owner
	}{
		{Marker, teacher},
		{GradesFile, teacher},
		{ClassFile, teacher},
		{"ann", teacher},
		{"ann/" + FeedbackFile, teacher},
		{"bob", teacher},
		{"bob/" + FeedbackFile, teacher},
		{"ann/notes.txt", colleague},
	}
	for _, tt := range tests {
		st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(tt.path)))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := filemeta.Of(st); got != tt.want {
			t.Errorf("%s: owner %+v, want %+v", tt.path, got, tt.want)
		}
	}
}
