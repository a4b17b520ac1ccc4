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

// TestValidateGoesOn gives judge validate a file that cannot be read between
// two others: it says so in its place and checks the others still; the exit
// code says the worst of it (2 for a file not read, else 1 for an invalid one).
func TestValidateGoesOn(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.in")
	bad := filepath.Join(dir, "bad.in")
	root := projectRoot(t)
	sample, err := os.ReadFile(filepath.Join(root, "problems", "sudoku", "data", "sample", "1-spaced.in"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, sample, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.in")
	for _, tc := range []struct {
		files []string
		code  int
		want  []string
	}{
		{[]string{good, missing, bad}, exitUsage, []string{good + ": ok", missing + ": not read: no such file or directory", bad + ":1:", "1 of 3 files could not be read, 1 invalid"}},
		{[]string{missing, good}, exitUsage, []string{good + ": ok", "1 of 2 files could not be read"}},
		{[]string{good, bad}, exitFailed, []string{good + ": ok", bad + ":1:", "1 of 2 files invalid"}},
	} {
		code, out, errOut := judge(t, append([]string{"--root", root, "--state", t.TempDir(), "validate", "sudoku"}, tc.files...)...)
		for _, w := range tc.want {
			if code != tc.code || !strings.Contains(out+errOut, w) {
				t.Errorf("%v: exit %d (want %d), no %q in\n%s%s", tc.files, code, tc.code, w, out, errOut)
			}
		}
	}
}
