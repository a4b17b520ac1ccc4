package filemeta

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGiveTree gives a folder, its files, its subfolders and a symbolic link
// (itself, not what it names) to another owner.
func TestGiveTree(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only root can give a file to another user")
	}
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.WriteFile(outside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub/deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a.txt", "sub/deeper/b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	user := Owner{UID: 1000, GID: 1000}
	if err := GiveTree(dir, user); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want Owner
	}{
		{dir, user},
		{filepath.Join(dir, "a.txt"), user},
		{filepath.Join(dir, "sub"), user},
		{filepath.Join(dir, "sub/deeper/b.txt"), user},
		{filepath.Join(dir, "link"), user},
		{outside, Owner{}}, // what the link names stays root's
	}
	for _, tt := range tests {
		st, err := os.Lstat(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := Of(st); !ok || got != tt.want {
			t.Errorf("%s: owner %+v (%v), want %+v", tt.path, got, ok, tt.want)
		}
	}
}

// TestLinks counts a file's names.
func TestLinks(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	if err := os.WriteFile(a, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for want := uint64(1); want <= 3; want++ {
		st, err := os.Lstat(a)
		if err != nil {
			t.Fatal(err)
		}
		if got := Links(st); got != want {
			t.Errorf("%d names: Links says %d", want, got)
		}
		if err := os.Link(a, filepath.Join(dir, "b"+string(rune('0'+want)))); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
}
