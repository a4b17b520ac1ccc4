package reports

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/filemeta"
)

// chownAll gives path and everything in it to o.
func chownAll(t *testing.T, path string, o filemeta.Owner) {
	t.Helper()
	if err := filemeta.GiveTree(path, o); err != nil {
		t.Fatal(err)
	}
}

func ownerOf(t *testing.T, path string) filemeta.Owner {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := filemeta.Of(st)
	return o
}

// TestWriteReportKeepsOwner: run as root, a report written into a user's
// folder, empty or a report already, leaves the folder the user's, with its
// mode and setgid bit, and gives every file and folder of the report the
// folder's owner and group (a setgid folder's group, not the user's own); a
// file of the user's carried over, the folder it is in and the backup folder
// of edited files stay the user's.
func TestWriteReportKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only root can give files to another user")
	}
	user := filemeta.Owner{UID: 1000, GID: 1000}
	folder := filemeta.Owner{UID: 1000, GID: 1234} // a setgid folder's group
	other := filemeta.Owner{UID: 1001, GID: 1001}  // a colleague's note
	tests := []struct {
		name    string
		prepare func(t *testing.T, dir string) // after a first report, if again
		again   bool                           // write a report first
		force   bool
		want    map[string]filemeta.Owner // besides the report's own files
	}{
		{"fills an empty folder", nil, false, false, nil},
		{"rewrites a report folder", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "notes.txt"), "mine\n")
			mustWrite(t, filepath.Join(dir, "mine", "todo.txt"), "later\n")
			mustWrite(t, filepath.Join(dir, "s", "c", "colleague.txt"), "theirs\n")
			chownAll(t, filepath.Join(dir, "notes.txt"), user)
			chownAll(t, filepath.Join(dir, "mine"), user)
			chownAll(t, filepath.Join(dir, "s", "c", "colleague.txt"), other)
		}, true, false, map[string]filemeta.Owner{
			"notes.txt": user, "mine": user, "mine/todo.txt": user, "s/c/colleague.txt": other,
		}},
		{"moves an edited file aside", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "s", "c", "2.diff"), "my remarks\n")
			chownAll(t, filepath.Join(dir, "s", "c", "2.diff"), user)
		}, true, true, map[string]filemeta.Owner{
			"edited-*": folder, "edited-*/s": folder, "edited-*/s/c": folder, "edited-*/s/c/2.diff": user,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "rep")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			chownAll(t, dir, folder)
			mode := 0o775 | fs.ModeSetgid
			if err := os.Chmod(dir, mode); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if tt.again {
				if err := WriteReport(ctx, dir, sampleReport()); err != nil {
					t.Fatal(err)
				}
			}
			if tt.prepare != nil {
				tt.prepare(t, dir)
			}
			if err := WriteReportWith(ctx, dir, sampleReport(), WriteOptions{Force: tt.force}); err != nil {
				t.Fatal(err)
			}
			st, err := os.Lstat(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Mode() & (fs.ModePerm | fs.ModeSetgid | fs.ModeSticky); got != mode {
				t.Errorf("folder mode %v, want %v", got, mode)
			}
			if got := ownerOf(t, dir); got != folder {
				t.Errorf("folder owner %+v, want %+v", got, folder)
			}
			files, err := sampleReport().Files()
			if err != nil {
				t.Fatal(err)
			}
			names := []string{MarkerName}
			for n := range files {
				names = append(names, n)
			}
			for n := range claimed(names) {
				if got := ownerOf(t, filepath.Join(dir, filepath.FromSlash(n))); got != folder {
					t.Errorf("%s: owner %+v, want the folder's %+v", n, got, folder)
				}
			}
			for pattern, want := range tt.want {
				matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pattern)))
				if len(matches) != 1 {
					t.Errorf("%s: %d matches, want 1", pattern, len(matches))
					continue
				}
				if got := ownerOf(t, matches[0]); got != want {
					t.Errorf("%s: owner %+v, want %+v", pattern, got, want)
				}
			}
			if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
				t.Errorf("beside the report: %v", entries)
			}
		})
	}
}

// TestWriteReportKeepsFolderMode: the rewritten folder keeps its permission,
// setgid and sticky bits; a new folder gets 0755.
func TestWriteReportKeepsFolderMode(t *testing.T) {
	tests := []struct {
		name string
		mode fs.FileMode // 0: no folder before
		want fs.FileMode
	}{
		{"new folder", 0, 0o755},
		{"private", 0o700, 0o700},
		{"setgid", 0o775 | fs.ModeSetgid, 0o775 | fs.ModeSetgid},
		{"sticky", 0o777 | fs.ModeSticky, 0o777 | fs.ModeSticky},
	}
	for _, tt := range tests {
		for _, again := range []bool{false, true} {
			name := tt.name
			if again {
				name += " written twice"
			}
			t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "rep")
				if tt.mode != 0 {
					if err := os.Mkdir(dir, 0o700); err != nil {
						t.Fatal(err)
					}
					if err := os.Chmod(dir, tt.mode); err != nil {
						t.Fatal(err)
					}
				}
				times := 1
				if again {
					times = 2
				}
				for range times {
					if err := WriteReport(context.Background(), dir, sampleReport()); err != nil {
						t.Fatal(err)
					}
				}
				st, err := os.Lstat(dir)
				if err != nil {
					t.Fatal(err)
				}
				if got := st.Mode() & folderMode; got != tt.want {
					t.Errorf("mode %v, want %v", got, tt.want)
				}
			})
		}
	}
}
