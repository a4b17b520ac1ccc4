package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/svg"
)

func TestView(t *testing.T) {
	dir := t.TempDir()
	ans, err := os.ReadFile("../problems/battleships/data/sample/1-6x6.ans")
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(dir, "wrong.txt")
	os.WriteFile(wrong, []byte(strings.Replace(string(ans), "|O . . . . .| 1", "|. O . . . .| 1", 1)), 0o644)
	// Plays sample/1 of trimines into its bomb at (0, 3) on the second move.
	moves := filepath.Join(dir, "moves.txt")
	os.WriteFile(moves, []byte("P 5 4\nP 0 3\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		code   int
		file   string // where the picture goes; "" standard output
		class  string // a class the picture must hold
		stdout string
		stderr string
	}{
		{"dataset to stdout", []string{"view", "battleships", "sample/1-6x6"}, 0, "", "vessel", "", ""},
		{"wrong answer marked", []string{"view", "battleships", "sample/1-6x6", wrong, "-o", filepath.Join(dir, "wa.svg")}, 0, "wa.svg", "bad", "picture:", ""},
		{"html page", []string{"view", "sudoku", "sample/3-unsolvable", "-o", filepath.Join(dir, "s.html")}, 0, "s.html", "", "picture:", ""},
		{"input by path", []string{"view", "defrag", "../problems/defrag/data/sample/1-example.in"}, 0, "", "band", "", ""},
		{"interactive replay", []string{"view", "trimines", "sample/1", moves}, 0, "", "lost", "", ""},
		{"unknown dataset", []string{"view", "sudoku", "nope"}, 2, "", "", "", "no dataset \"nope\""},
		{"bad -o", []string{"view", "sudoku", "sample/1-spaced", "-o", filepath.Join(dir, "x.png")}, 2, "", "", "", "want a name ending in .svg or .html"},
		{"too few arguments", []string{"view", "sudoku"}, 2, "", "", "", "want a problem and a dataset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := judge(t, tt.args...)
			if code != tt.code || !strings.Contains(stdout, tt.stdout) || !strings.Contains(stderr, tt.stderr) {
				t.Fatalf("exit %d, stdout %.200q, stderr %q; want %d, %q, %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
			if code != 0 {
				return
			}
			pic := []byte(stdout)
			if tt.file != "" {
				if pic, err = os.ReadFile(filepath.Join(dir, tt.file)); err != nil {
					t.Fatal(err)
				}
			}
			if strings.HasSuffix(tt.file, ".html") {
				if !strings.Contains(string(pic), "<svg") || !strings.HasPrefix(string(pic), "<!DOCTYPE html>") {
					t.Errorf("page:\n%.300s", pic)
				}
				return
			}
			n, err := svg.Count(pic)
			if err != nil {
				t.Fatalf("%v\n%.300s", err, pic)
			}
			if tt.class != "" && n[tt.class] == 0 {
				t.Errorf("no element of class %s", tt.class)
			}
		})
	}
}

// TestViewKeepsExistingFiles writes a picture over files that are there: a
// file of the user's is replaced only with --force, a symbolic link never
// (the picture would land in the file it names), and a refused write leaves
// everything as it was.
func TestViewKeepsExistingFiles(t *testing.T) {
	dir := t.TempDir()
	keep, precious, link := filepath.Join(dir, "keep.svg"), filepath.Join(dir, "precious.txt"), filepath.Join(dir, "link.svg")
	os.WriteFile(keep, []byte("mine\n"), 0o644)
	os.WriteFile(precious, []byte("precious\n"), 0o644)
	if err := os.Symlink(precious, link); err != nil {
		t.Fatal(err)
	}
	view := func(dest string, more ...string) (int, string) {
		code, _, stderr := judge(t, append([]string{"view", "sudoku", "sample/1-spaced", "-o", dest}, more...)...)
		return code, stderr
	}
	if code, stderr := view(keep); code != exitUsage || !strings.Contains(stderr, "exists already; add --force") {
		t.Errorf("over a file: exit %d, %q", code, stderr)
	}
	if b, _ := os.ReadFile(keep); string(b) != "mine\n" {
		t.Errorf("the refused write changed the file to %.60q", b)
	}
	for _, more := range [][]string{nil, {"--force"}} {
		if code, stderr := view(link, more...); code != exitUsage || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("over a link %v: exit %d, %q", more, code, stderr)
		}
	}
	if b, _ := os.ReadFile(precious); string(b) != "precious\n" {
		t.Errorf("the link's target changed to %.60q", b)
	}
	if code, stderr := view(keep, "--force"); code != 0 {
		t.Fatalf("--force: exit %d, %q", code, stderr)
	}
	if b, _ := os.ReadFile(keep); !strings.Contains(string(b), "<svg") {
		t.Errorf("--force did not write the picture: %.60q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("the folder holds %d entries, want 3 (no temporary file left)", len(entries))
	}
}
