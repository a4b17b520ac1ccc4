package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite writes a new file, replaces it, and replaces a symbolic link
// without touching what it named; no temporary file is left.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path, target := filepath.Join(dir, "a.txt"), filepath.Join(dir, "target.txt")
	for _, text := range []string{"one\n", "two\n"} {
		if err := Write(path, []byte(text)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != text {
			t.Errorf("read back %q, want %q", b, text)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode())
	}
	os.WriteFile(target, []byte("keep\n"), 0o600)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep\n" {
		t.Errorf("the link's target became %q", b)
	}
	if st, _ := os.Lstat(link); !st.Mode().IsRegular() {
		t.Errorf("the link was followed, not replaced: %v", st.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d entries, want 3 (no temporary file)", len(entries))
	}
	if err := Write(filepath.Join(dir, "missing", "x"), nil); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}
