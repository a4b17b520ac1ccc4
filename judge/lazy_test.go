package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLazyRun judges a wrong and a right submission with --lazy on two jobs: the
// wrong one stops at its first failed dataset, the rest are NJ in the table, the
// JSON and JUnit (skipped), and the right one is judged in full.
func TestLazyRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report")
	code, stdout, errOut := judge(t, "--state", t.TempDir(), "run", "sudoku", "-g", "sample", "--lazy", "-j", "2", "-o", out,
		"../solutions/sudoku/wrong_answer/wrong_digit.c", "../solutions/sudoku/tactics")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	for _, want := range []string{"1 WA, 2 NJ", "| NJ "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(errOut, "3 AC, 1 WA, 2 NJ") {
		t.Errorf("progress lacks the tally:\n%s", errOut)
	}
	junit, err := os.ReadFile(filepath.Join(out, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(junit), `skipped="2"`) || strings.Count(string(junit), "<skipped ") != 2 {
		t.Errorf("junit.xml does not skip the two datasets not judged:\n%s", junit)
	}
	code, stdout, _ = judge(t, "--state", t.TempDir(), "run", "sudoku", "-g", "sample", "--lazy", "--json",
		"../solutions/sudoku/wrong_answer/wrong_digit.c")
	if code != 0 || strings.Count(stdout, `"verdict": "NJ"`) != 2 || strings.Count(stdout, `"verdict": "WA"`) != 1 {
		t.Errorf("JSON: exit %d, want 2 NJ results:\n%s", code, stdout)
	}
}
