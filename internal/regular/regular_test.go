package regular

import (
	"io"
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

// TestReadFileMax reads a file up to a size and refuses a larger one, or one
// that is not a regular file, with a message that says why.
func TestReadFileMax(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name, path string
		max        int64
		err        string
	}{
		{"under", write("under", 10), 11, ""},
		{"at", write("at", 10), 10, ""},
		{"over", write("over", 11), 10, ": larger than 10 bytes"},
		{"over MiB", write("big", 1<<20+1), 1 << 20, ": larger than 1 MiB"},
		{"device", "/dev/zero", 1 << 20, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadFileMax(tt.path, tt.max)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), tt.path) {
					t.Fatalf("ReadFileMax: %d bytes, %v; want an error naming the file with %q", len(got), err, tt.err)
				}
				return
			}
			if err != nil || int64(len(got)) > tt.max {
				t.Errorf("ReadFileMax = %d bytes, %v", len(got), err)
			}
		})
	}
}

// TestOpenMax reads a file of up to max bytes as it goes, refuses a larger one
// at once and fails a read once the file has grown past max since it was opened.
func TestOpenMax(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "file")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenMax(path, 10)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || string(got) != "0123456789" {
		t.Errorf("at max: %q, %v", got, err)
	}
	if _, err := OpenMax(path, 9); err == nil || err.Error() != path+": larger than 9 bytes" {
		t.Errorf("over max: %v", err)
	}
	if _, err := OpenMax("/dev/zero", 10); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("device: %v", err)
	}

	r, err = OpenMax(path, 12)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("abc")
	f.Close()
	got, err = io.ReadAll(r)
	if err == nil || err.Error() != path+": larger than 12 bytes" || string(got) != "0123456789ab" {
		t.Errorf("grown past max: %q, %v", got, err)
	}
	if n, err2 := r.Read(make([]byte, 4)); n != 0 || err2 == nil {
		t.Errorf("read after the error: %d, %v", n, err2)
	}
}
