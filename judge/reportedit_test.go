package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestReportOutKeepsEdits: a report folder holding a file the user edited
// since judge wrote it is not written over: judge run refuses before judging
// (no new run in the history), judge report refuses too, both with exit 2,
// naming the file and --force, and leave the folder as it was; judge report
// --force moves the edited file into the backup folder it prints and writes
// the report.
func TestReportOutKeepsEdits(t *testing.T) {
	file := writeContest(t, "0")
	state := t.TempDir()
	outDir := filepath.Join(t.TempDir(), "report")
	code, out, errOut := judge(t, "--state", state, "contest", file, "--out", outDir)
	if code != 0 {
		t.Fatalf("contest: exit %d: %s", code, errOut)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q", out)
	}
	runID := m[1]
	fresh, err := os.ReadFile(filepath.Join(outDir, "standings.md"))
	if err != nil {
		t.Fatal(err)
	}
	edited := string(fresh) + "\nThe teacher's remark.\n"
	if err := os.WriteFile(filepath.Join(outDir, "standings.md"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outDir, "notes.txt"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := listTree(t, outDir)
	_, history, _ := judge(t, "--state", state, "history")

	for _, args := range [][]string{
		{"run", "sudoku", filepath.Join(filepath.Dir(file), "slow1.sh"), "--out", outDir},
		{"contest", file, "--out", outDir},
		{"report", runID, "--out", outDir},
	} {
		t.Run(args[0], func(t *testing.T) {
			code, _, errOut := judge(t, append([]string{"--state", state}, args...)...)
			if code != exitUsage || !strings.Contains(errOut, "standings.md") || !strings.Contains(errOut, "--force") {
				t.Fatalf("exit %d, stderr %q; want 2, naming standings.md and --force", code, errOut)
			}
			if after := listTree(t, outDir); !reflect.DeepEqual(before, after) {
				t.Errorf("the report folder changed: %v → %v", keys(before), keys(after))
			}
			if args[0] != "report" && !strings.Contains(errOut, "nothing was judged") {
				t.Errorf("stderr %q does not say nothing was judged", errOut)
			}
		})
	}
	if _, again, _ := judge(t, "--state", state, "history"); again != history {
		t.Errorf("a refused command stored a run:\n%s\nwas\n%s", again, history)
	}

	code, _, errOut = judge(t, "--state", state, "report", runID, "--out", outDir, "--force")
	if code != 0 {
		t.Fatalf("report --force: exit %d: %s", code, errOut)
	}
	backup := regexp.MustCompile(`into (\S+)`).FindStringSubmatch(errOut)
	if backup == nil || !strings.Contains(backup[1], "edited-") {
		t.Fatalf("stderr %q names no backup folder", errOut)
	}
	if b, err := os.ReadFile(filepath.Join(backup[1], "standings.md")); err != nil || string(b) != edited {
		t.Errorf("backed up standings.md: %q, %v; want the edited one", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(outDir, "standings.md")); err != nil || string(b) != string(fresh) {
		t.Errorf("standings.md: %q, %v; want the report's", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(outDir, "notes.txt")); err != nil || string(b) != "mine\n" {
		t.Errorf("notes.txt: %q, %v", b, err)
	}
}
