// Package testfiles writes small trees of files for tests.
package testfiles

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Write writes files under dir: each key is a slash-separated path relative to
// dir, each value its contents. Folders are made as needed; any error fails tb.
func Write(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Refuses checks that load refuses, at once and with a message naming the
// file, what is not a file it should read: a named pipe (whose open would wait
// for a writer), a device (whose read never ends) and a file of more than max
// bytes (head followed by filler). maxText is how the message writes max
// ("16 MiB").
func Refuses(t *testing.T, load func(path string) error, head string, max int, maxText string) {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte(head+strings.Repeat("#", max+1-len(head))), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{fifo, fifo + ": not a regular file but a named pipe"},
		{"/dev/zero", "/dev/zero: not a regular file but a device"},
		{big, big + ": larger than " + maxText},
	}
	for _, tc := range tests {
		done := make(chan error, 1)
		go func() { done <- load(tc.path) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("loading %s: %v, want %q", tc.path, err, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("loading %s hangs", tc.path)
		}
	}
}
