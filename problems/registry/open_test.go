package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenRefusesMismatches copies a problem folder under another name, and with
// io changed, and expects each to be refused with problem.yaml's line.
func TestOpenRefusesMismatches(t *testing.T) {
	src := filepath.Join("..", "sudoku", "problem.yaml")
	yml, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, folder, yaml, want string
	}{
		{"folder named otherwise", "mysudoku", string(yml), `slug "sudoku", but the folder is called "mysudoku"`},
		{"io files on a stdio problem", "sudoku", strings.Replace(string(yml), "io: stdio", "io: files", 1), `io "files", but sudoku's code reads standard input`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), tc.folder)
			if err := os.MkdirAll(filepath.Join(dir, "data", "sample"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Open("", dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "problem.yaml:") {
				t.Errorf("err = %v, want problem.yaml:LINE: …%s…", err, tc.want)
			}
		})
	}
	if _, err := Open(filepath.Join("..", ".."), "sudoku"); err != nil {
		t.Errorf("the real sudoku: %v", err)
	}
}
