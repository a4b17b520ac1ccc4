package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/internal/testfiles"
)

// TestResumeAfterEdit finishes a contest, edits one entrant's program and resumes
// the run: the resume is refused with the entrant named, and with --rejudge-changed
// exactly that entrant is judged again, its new results replacing the old ones.
func TestResumeAfterEdit(t *testing.T) {
	file := writeContest(t, "0")
	state := t.TempDir()
	code, out, errOut := judge(t, "--state", state, "contest", file, "--out", filepath.Join(t.TempDir(), "r1"))
	if code != 0 {
		t.Fatalf("contest: exit %d: %s", code, errOut)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q", out)
	}
	id := m[1]
	hashes := func() map[string]map[string]bool {
		st, err := store.Open(context.Background(), filepath.Join(state, "judge.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		rs, err := st.Results(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		h := map[string]map[string]bool{}
		for _, r := range rs {
			if h[r.Submission] == nil {
				h[r.Submission] = map[string]bool{}
			}
			h[r.Submission][r.Hash] = true
		}
		return h
	}
	before := hashes()
	// A run of another command is not this contest's, whatever changed.
	code, out, errOut = judge(t, "--state", state, "run", "sudoku", "../solutions/sudoku/tactics", "-g", "sample", "--out", filepath.Join(t.TempDir(), "rr"))
	rm := regexp.MustCompile(`run (\S+) \(judge report`).FindStringSubmatch(out)
	if code != 0 || rm == nil {
		t.Fatalf("run: exit %d, %q, %q", code, out, errOut)
	}
	code, _, errOut = judge(t, "--state", state, "contest", file, "--resume", rm[1], "--out", filepath.Join(t.TempDir(), "rx"))
	if code != exitUsage || !strings.Contains(errOut, `that run is "run"`) {
		t.Fatalf("resuming a run of another command: exit %d, %q", code, errOut)
	}
	// Entrant "two" edits its program.
	script := filepath.Join(filepath.Dir(file), "slow2.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n# edited\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = judge(t, "--state", state, "contest", file, "--resume", id, "--out", filepath.Join(t.TempDir(), "r2"))
	if code != exitUsage || !strings.Contains(errOut, "two's sudoku submission") || !strings.Contains(errOut, "--rejudge-changed") {
		t.Fatalf("resume after an edit: exit %d, %q; want exit 2 naming entrant two", code, errOut)
	}
	code, _, errOut = judge(t, "--state", state, "contest", file, "--resume", id, "--rejudge-changed", "--out", filepath.Join(t.TempDir(), "r3"))
	if code != 0 {
		t.Fatalf("resume --rejudge-changed: exit %d: %s", code, errOut)
	}
	jm := regexp.MustCompile(`(\d+) jobs \((\d+) already done\)`).FindStringSubmatch(errOut)
	if jm == nil || jm[1] != jm[2] {
		t.Errorf("want as many jobs as the entrant's datasets, the other entrant's kept: %q", errOut)
	}
	after := hashes()
	if len(after["two"]) != 1 || after["two"][firstKey(before["two"])] {
		t.Errorf("entrant two's results: hashes %v before, %v after; want only the new one", before["two"], after["two"])
	}
	if firstKey(after["one"]) != firstKey(before["one"]) || len(after["one"]) != 1 {
		t.Errorf("entrant one's results changed: %v → %v", before["one"], after["one"])
	}
}

func firstKey(m map[string]bool) string {
	for k := range m {
		return k
	}
	return ""
}

// TestResumeKeepsInferredLimit resumes a contest on a package that states no
// time limit, after its accepted submission got slower: timed again, the
// limit would come out otherwise and the resume be refused as a changed
// problem; the run's inferred limit is kept instead.
func TestResumeKeepsInferredLimit(t *testing.T) {
	needTool(t, "python3")
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"echo/problem.yaml":              "name: Echo\n",
		"echo/data/secret/1.in":          "1\n",
		"echo/data/secret/1.ans":         "1\n",
		"echo/submissions/accepted/a.py": "print(input())\n",
		"entrant.py":                     "print(input())\n",
		"contest.yaml":                   "name: inferred\nproblems:\n  - ./echo\nentrants:\n  one:\n    echo: entrant.py\n",
	})
	file, state := filepath.Join(dir, "contest.yaml"), t.TempDir()
	code, out, errOut := judge(t, "--state", state, "contest", file, "--out", filepath.Join(t.TempDir(), "r1"))
	m := runIDRe.FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("contest: exit %d\n%s\n%s", code, out, errOut)
	}
	// The accepted submission now takes 0.4 s of CPU: 2 s timed again.
	slow := "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.4:\n    pass\nprint(input())\n"
	if err := os.WriteFile(filepath.Join(dir, "echo", "submissions", "accepted", "a.py"), []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = judge(t, "--state", state, "contest", file, "--resume", m[1], "--out", filepath.Join(t.TempDir(), "r2"))
	if code != 0 || !strings.Contains(errOut, "as the run being resumed inferred") {
		t.Errorf("resume: exit %d, want 0 with the run's limit kept\n%s", code, errOut)
	}
}
