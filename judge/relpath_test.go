package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

// TestRelativeRootAndState judges a C source with --root and --state given as
// relative paths: the compiled program must start (it was an RTE, "could not
// start", when its path in the build cache stayed relative).
func TestRelativeRootAndState(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"r/problems/sudoku/problem.yaml":      "slug: sudoku\ntitle: T\nkind: pass-fail\nreference: tactics\n",
		"r/problems/sudoku/data/sample/1.in":  "1\n",
		"r/problems/sudoku/data/sample/1.ans": "1\n",
		"echo.c":                              "#include <stdio.h>\nint main(void){int c;while((c=getchar())!=EOF)putchar(c);return 0;}\n",
	})
	t.Chdir(dir)
	code, out, errOut := judge(t, "--root", "r", "--state", filepath.Join("st", "x"), "--unsafe", "run", "-j", "1",
		"-g", "sample", "--details", "sudoku", "echo.c")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out, "could not start") || strings.Contains(out, "RTE") {
		t.Errorf("the compiled program did not start:\n%s", out)
	}
}
