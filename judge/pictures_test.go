package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportDrawsWrongOutputs judges a wrong Battleships solver and a wrong
// Sudoku program that talks on stderr: report.html draws each wrong answer from
// the program's own output, with the cells that break a rule marked and named,
// and shows the stderr tail of the failed run.
func TestReportDrawsWrongOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("judges a whole problem")
	}
	state := t.TempDir()
	out := filepath.Join(t.TempDir(), "report")
	code, stdout, errOut := judge(t, "--state", state, "run", "battleships", "-g", "secret", "-o", out,
		"../solutions/battleships/wrong_answer/diagonal")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	page, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "marked: ships touch diagonally") || !strings.Contains(string(page), `class="bad"`) {
		t.Errorf("report.html does not draw the wrong answers with the broken rule marked")
	}

	prog := filepath.Join(t.TempDir(), "chatty.py")
	src := "import sys\nsys.stdin.read()\nprint('debugging: gave up on this one', file=sys.stderr)\nprint('no')\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(t.TempDir(), "report2")
	code, stdout, errOut = judge(t, "--state", state, "run", "sudoku", "-g", "sample", "-o", out, prog)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	page, err = os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "stderr (tail)") || !strings.Contains(string(page), "debugging: gave up on this one") {
		t.Errorf("report.html does not show the failed run's stderr")
	}
}
