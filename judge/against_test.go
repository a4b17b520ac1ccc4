package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCompareAgainst compares a program with a stored run of itself (no change:
// exit 0, CPU left alone with one run a side) and a program the run does not hold
// (exit 2 before anything is judged).
func TestCompareAgainst(t *testing.T) {
	state := t.TempDir()
	tactics := filepath.Join("..", "solutions", "sudoku", "tactics")
	code, out, errOut := judge(t, "--state", state, "run", "sudoku", tactics, "-g", "sample", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`run (\S+) \(judge report`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q", out)
	}
	code, out, errOut = judge(t, "--state", state, "compare", "sudoku", tactics, "-g", "sample", "--against", m[1])
	if code != 0 || !strings.Contains(out, "0 change(s)") || !strings.Contains(out, "CPU times not compared") {
		t.Errorf("the same program against its own run: exit %d\n%s\n%s", code, out, errOut)
	}
	fast := filepath.Join("..", "solutions", "sudoku", "fast")
	code, _, errOut = judge(t, "--state", state, "compare", "sudoku", fast, "-g", "sample", "--against", m[1])
	if code != exitUsage || !strings.Contains(errOut, "is not in that run") || strings.Contains(errOut, "progress") {
		t.Errorf("a program not in the run: exit %d, %q; want exit 2 before judging", code, errOut)
	}
}
