package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
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

// TestLazyResumeFromStored resumes lazy contest runs whose stored results a run
// never interrupted would not hold: a judge error first (judged again, so the
// results after it are judged again too), and a failure first with results after
// it judged as if not lazy. Each ends as the uninterrupted run did: the first
// dataset WA, every other NJ.
func TestLazyResumeFromStored(t *testing.T) {
	file := writeContest(t, "0") // both entrants echo the input: WA on every dataset
	state := t.TempDir()
	db := filepath.Join(state, "judge.db")
	code, out, errOut := judge(t, "--state", state, "contest", file, "--lazy", "--out", filepath.Join(t.TempDir(), "r1"))
	if code != 0 {
		t.Fatalf("contest: exit %d: %s", code, errOut)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q", out)
	}
	id, n := m[1], countDatasets(t)
	verdicts := func() map[string]map[problems.Verdict]int {
		st, err := store.Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		rs, err := st.Results(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]map[problems.Verdict]int{}
		for _, r := range rs {
			if got[r.Submission] == nil {
				got[r.Submission] = map[problems.Verdict]int{}
			}
			got[r.Submission][r.Outcome.Verdict]++
		}
		return got
	}
	want := map[problems.Verdict]int{problems.WA: 1, problems.NJ: n - 1}
	if got := verdicts(); !maps.Equal(got["one"], want) || !maps.Equal(got["two"], want) {
		t.Fatalf("uninterrupted: %v, want %v for each entrant", got, want)
	}
	// Entrant one: a judge error first, AC after it; entrant two: WA first, AC after it.
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := st.Results(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		switch {
		case r.Outcome.Verdict == problems.NJ:
			r.Outcome = problems.Outcome{Verdict: problems.AC, Score: 1}
		case r.Submission == "one":
			r.Outcome = problems.Rejected(problems.JE, "checker crashed")
		default:
			continue
		}
		if err := st.Save(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	// Resumed the way it was judged, lazily, without the flag again.
	code, out, errOut = judge(t, "--state", state, "contest", file, "--resume", id, "--out", filepath.Join(t.TempDir(), "r2"))
	if code != 0 {
		t.Fatalf("resume: exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(errOut, "resuming run "+id+" lazily") {
		t.Errorf("resume does not say it goes on lazily: %q", errOut)
	}
	if want := fmt.Sprintf("%d jobs (%d already done)", 2*n-1, 1); !strings.Contains(errOut, want) {
		t.Errorf("resume: want %q, got %q", want, errOut)
	}
	if got := verdicts(); !maps.Equal(got["one"], want) || !maps.Equal(got["two"], want) {
		t.Errorf("resumed: %v, want %v for each entrant", got, want)
	}
	if !strings.Contains(out, fmt.Sprintf("1 WA, %d NJ", n-1)) {
		t.Errorf("table lacks the tally:\n%s", out)
	}
}

// TestLazyResumeWay: a run is resumed the way it was judged; the other way is
// refused before anything is judged (exit 2), and --lazy does not go with
// --nats.
func TestLazyResumeWay(t *testing.T) {
	file := writeContest(t, "0")
	state := t.TempDir()
	start := func(args ...string) string {
		t.Helper()
		code, out, errOut := judge(t, append([]string{"--state", state, "contest", file, "--out", filepath.Join(t.TempDir(), "r")}, args...)...)
		if code != 0 {
			t.Fatalf("contest %v: exit %d: %s", args, code, errOut)
		}
		m := runIDRe.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no run id in %q", out)
		}
		return m[1]
	}
	full, lazy := start(), start("--lazy")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"a full run resumed lazily", []string{"--resume", full, "--lazy"}, "judged in full, not lazily"},
		{"a lazy run resumed in full", []string{"--resume", lazy, "--lazy=false"}, "judged lazily"},
		{"lazy with nats", []string{"--lazy", "--nats", "nats://127.0.0.1:1"}, "--lazy is not supported with --nats"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := judge(t, append([]string{"--state", state, "contest", file, "--out", filepath.Join(t.TempDir(), "r")}, tt.args...)...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, %q; want exit 2 saying %q", code, errOut, tt.want)
			}
		})
	}
	// The same way is accepted: nothing is left to judge.
	for _, args := range [][]string{{"--resume", full}, {"--resume", lazy, "--lazy"}} {
		if code, _, errOut := judge(t, append([]string{"--state", state, "contest", file, "--out", filepath.Join(t.TempDir(), "r")}, args...)...); code != 0 {
			t.Errorf("contest %v: exit %d: %s", args, code, errOut)
		}
	}
}
