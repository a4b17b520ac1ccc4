package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/internal/filemeta"
)

// TestWrite writes new files and replaces existing ones: the content is the
// new one, a replaced regular file keeps its mode, a new file and a replaced
// symbolic link get NewFileMode, the link's target is untouched and no
// temporary file is left.
func TestWrite(t *testing.T) {
	tests := []struct {
		name     string
		existing fs.FileMode // 0: no file; fs.ModeSymlink: a link to another file
		want     fs.FileMode
	}{
		{"new file", 0, NewFileMode},
		{"replaces 0644", 0o644, 0o644},
		{"keeps 0444", 0o444, 0o444},
		{"keeps 0600", 0o600, 0o600},
		{"keeps 0755", 0o755, 0o755},
		{"replaces a link, not its target", fs.ModeSymlink, NewFileMode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path, target := filepath.Join(dir, "a.txt"), filepath.Join(dir, "target.txt")
			entries := 1
			switch tt.existing {
			case 0:
			case fs.ModeSymlink:
				if err := os.WriteFile(target, []byte("keep\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, path); err != nil {
					t.Fatal(err)
				}
				entries = 2
			default:
				if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tt.existing); err != nil {
					t.Fatal(err)
				}
			}
			if err := Write(path, []byte("new\n")); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(path); err != nil || string(b) != "new\n" {
				t.Errorf("read back %q (%v), want %q", b, err, "new\n")
			}
			st, err := os.Lstat(path)
			if err != nil {
				t.Fatal(err)
			}
			if !st.Mode().IsRegular() || st.Mode().Perm() != tt.want {
				t.Errorf("mode %v, want a regular file with %v", st.Mode(), tt.want)
			}
			if tt.existing == fs.ModeSymlink {
				if b, _ := os.ReadFile(target); string(b) != "keep\n" {
					t.Errorf("the link's target became %q", b)
				}
			}
			if got, _ := os.ReadDir(dir); len(got) != entries {
				t.Errorf("%d entries, want %d (no temporary file)", len(got), entries)
			}
		})
	}
}

// TestWriteFails leaves nothing behind when the folder is missing.
func TestWriteFails(t *testing.T) {
	if err := Write(filepath.Join(t.TempDir(), "missing", "x"), nil); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}

// TestCreate: Create makes a new file whole, refuses an existing one (leaving
// it as it was) and leaves no temporary file either way.
func TestCreate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gen-1.in")
	if err := Create(path, []byte("1\n")); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, []byte("2\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second Create: %v, want fs.ErrExist", err)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "1\n" {
		t.Errorf("file holds %q (%v), want the first data", data, err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != NewFileMode {
		t.Errorf("mode %v (%v), want %v", st.Mode().Perm(), err, NewFileMode)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %v, want the file alone", entries)
	}
}

func TestCreateModePrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token")
	if err := CreateMode(path, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v (%v), want 0600", st.Mode().Perm(), err)
	}
	if err := CreateMode(path, []byte("other\n"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second CreateMode: %v, want fs.ErrExist", err)
	}
}

// TestWriteOwner: as root, a replaced file keeps its owner and group, and
// WriteOwned gives a new file the owner asked for but leaves an existing
// file's own.
func TestWriteOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only root can give a file to another user")
	}
	user := filemeta.Owner{UID: 1000, GID: 1000}
	other := filemeta.Owner{UID: 1001, GID: 1002}
	root := filemeta.Owner{UID: 0, GID: 0}
	tests := []struct {
		name     string
		existing *filemeta.Owner // nil: no file
		owned    *filemeta.Owner // nil: Write, else WriteOwned with it
		want     filemeta.Owner
	}{
		{"replaced file keeps its owner", &user, nil, user},
		{"replaced root file stays root's", &root, nil, root},
		{"new file is the writer's", nil, nil, root},
		{"WriteOwned gives a new file", nil, &user, user},
		{"WriteOwned keeps an existing file's owner", &other, &user, other},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "a.ans")
			if tt.existing != nil {
				if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chown(path, tt.existing.UID, tt.existing.GID); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, 0o664); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			if tt.owned == nil {
				err = Write(path, []byte("new\n"))
			} else {
				err = WriteOwned(path, []byte("new\n"), *tt.owned)
			}
			if err != nil {
				t.Fatal(err)
			}
			st, err := os.Lstat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := filemeta.Of(st); got != tt.want {
				t.Errorf("owner %+v, want %+v", got, tt.want)
			}
			want := NewFileMode
			if tt.existing != nil {
				want = 0o664
			}
			if st.Mode().Perm() != want {
				t.Errorf("mode %v, want %v", st.Mode().Perm(), want)
			}
		})
	}
}

// TestWriteHardLink: a file with a second name is replaced under the name
// written only; the other name keeps the old content (documented on Write).
func TestWriteHardLink(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "a.ans"), filepath.Join(dir, "b.ans")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	if err := Write(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(other); string(b) != "old\n" {
		t.Errorf("the other name holds %q, want the old content", b)
	}
}
