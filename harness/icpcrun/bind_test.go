package icpcrun

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// TestBindUnderHarnessJudge judges package submissions with harness.Judge, the
// package's validators wired in by Bind: a custom output validator and an
// interactive one.
func TestBindUnderHarnessJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	env := newEnv(t)
	tests := []struct {
		pkg, sub string
		want     problems.Verdict
	}{
		{"pairsum", "wrong_answer/zero.py", problems.WA},
		{"guess", "accepted/bisect.py", problems.AC},
		// The validator rejects first and the program then crashes on the closed
		// input: the format says WA, and the bound problem judges each case itself
		// (judging.CaseJudge) to give it.
		{"guess", "wrong_answer/count_up.py", problems.WA},
	}
	for _, tc := range tests {
		t.Run(tc.pkg+"/"+tc.sub, func(t *testing.T) {
			pkg, err := icpc.Load(filepath.Join(fixtures, tc.pkg))
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			p := env.Bind(ctx, pkg)
			if _, ok := p.(problems.Interactor); ok != pkg.Config.Interactive() {
				t.Fatalf("bound problem is an interactor: %v", ok)
			}
			prog, err := env.Builder.Build(ctx, filepath.Join(fixtures, tc.pkg, "submissions", tc.sub))
			if err != nil {
				t.Fatal(err)
			}
			ds, err := p.Datasets("secret")
			if err != nil {
				t.Fatal(err)
			}
			limits := p.Meta().Limits
			limits.Wall = 30 * time.Second // a busy machine must not fail the test
			var tasks []judging.Task
			for _, d := range ds {
				tasks = append(tasks, judging.Task{Problem: p, Limits: limits, Program: prog, Dataset: d})
			}
			j := &judging.Judge{Runner: env.Runner, Scratch: env.Scratch, Jobs: 1}
			got := problems.AC
			for _, r := range j.Judge(ctx, tasks, nil) {
				if r.Outcome.Verdict != problems.AC {
					got = r.Outcome.Verdict
					t.Logf("%s: %s %s", r.Dataset, r.Outcome.Verdict, r.Outcome.Message)
					break
				}
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
