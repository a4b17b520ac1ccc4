package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestValidateFiles checks judge validate's FILE:LINE:COL lines for faults that
// lie in a sum or in a relation between lines, and that a named pipe or a
// device is refused at once rather than waited on or read without end.
func TestValidateFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.in")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	rows := strings.Repeat("|. . .| 1\n", 3)
	tests := []struct {
		name, problem, path, want string
		code                      int
	}{
		{"row sums", "battleships", write("rows.in", "fleet: 1x2\n - - -\n"+rows+" - - -\n 1 1 0\n"), "rows.in:3:9: row counts add up to 3", 1},
		{"column sums", "battleships", write("cols.in", "fleet: 1x3\n - - -\n"+rows+" - - -\n 1 1 0\n"), "cols.in:7:2: column counts add up to 2", 1},
		{"ship too long", "battleships", write("long.in", "fleet: 4x1\n - - -\n|. . .| 2\n|. . .| 1\n|. . .| 1\n - - -\n 2 1 1\n"), "long.in:1:8: a ship of length 4", 1},
		{"bomb on the free cell", "trimines", write("free.in", "5 2 4 4\n1 1\n4 4\n"), "free.in:3:1: bomb (4, 4) lies on the free cell", 1},
		{"named pipe", "sudoku", fifo, "pipe.in: not a regular file but a named pipe", 2},
		{"device", "sudoku", "/dev/zero", "/dev/zero: not a regular file but a device", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := judge(t, "--state", t.TempDir(), "validate", tc.problem, tc.path)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, want %d with %q\n%s%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
}
