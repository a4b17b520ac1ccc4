package regular

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("text"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want, err string
	}{
		{"regular file", file, "text", ""},
		{"link to one", link, "text", ""},
		{"pipe (would block)", fifo, "", "not a regular file"},
		{"folder", dir, "", "not a regular file"},
		{"device (never ends)", "/dev/zero", "", "not a regular file"},
		{"missing", filepath.Join(dir, "none"), "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadFile(tt.path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ReadFile: %q, %v; want an error with %q", got, err, tt.err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("ReadFile = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
