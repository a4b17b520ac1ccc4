//go:build unix

package dirlock

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
)

// TestTry: a folder locked is refused to a second Try until released, and a
// missing folder is an error naming it.
func TestTry(t *testing.T) {
	dir := t.TempDir()
	release, ok, err := Try(dir)
	if err != nil || !ok {
		t.Fatalf("first Try: %v, %v", ok, err)
	}
	if _, ok2, err := Try(dir); err != nil || ok2 {
		t.Fatalf("second Try while held: ok %v, %v; want refused", ok2, err)
	}
	release()
	again, ok, err := Try(dir)
	if err != nil || !ok {
		t.Fatalf("Try after release: %v, %v", ok, err)
	}
	again()
	missing := filepath.Join(dir, "gone")
	if _, _, err := Try(missing); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Try on a missing folder: %v", err)
	}
}
