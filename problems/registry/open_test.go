package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenRefusesMismatches copies a problem folder under another name, and with
// io changed, and expects each to be refused at the line and column of the
// value in problem.yaml.
func TestOpenRefusesMismatches(t *testing.T) {
	src := filepath.Join("..", "sudoku", "problem.yaml")
	yml, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, folder, yaml, want string
	}{
		{"folder named otherwise", "mysudoku", string(yml), `problem.yaml:1:7: slug "sudoku", but the folder is called "mysudoku"`},
		{"io files on a stdio problem", "sudoku", strings.Replace(string(yml), "io: stdio", "io: files", 1), `problem.yaml:4:5: io "files", but sudoku's code reads standard input`},
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
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want …%s…", err, tc.want)
			}
		})
	}
	if _, err := Open(filepath.Join("..", ".."), "sudoku"); err != nil {
		t.Errorf("the real sudoku: %v", err)
	}
}
