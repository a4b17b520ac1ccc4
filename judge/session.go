package main

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// openStore opens the history database under the state folder.
func (e *env) openStore(ctx context.Context) (*workflow.Store, error) {
	// Opening is quick and must not fail because Ctrl-C was pressed a moment ago.
	st, err := e.OpenStore(context.WithoutCancel(ctx))
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	return st, nil
}

// judgeTasks judges the tasks in session s, showing progress on stderr; the
// session stores each result as it is judged.
func judgeTasks(ctx context.Context, c *cli.Context, e *env, s *workflow.Session, tasks []workflow.Task, also ...func(problems.Result)) ([]workflow.Judged, error) {
	var ptasks []reports.Task
	index := map[string]int{}
	for _, t := range tasks {
		slug := t.Problem.Meta().Slug
		if _, ok := index[slug]; !ok {
			index[slug] = len(ptasks)
			ptasks = append(ptasks, reports.Task{Problem: slug})
		}
		ptasks[index[slug]].Jobs++
	}
	prog := newProgress(ctx, c.App.ErrWriter, ptasks)
	onResult := prog.Add
	if len(also) > 0 {
		onResult = func(r problems.Result) {
			prog.Add(r)
			for _, f := range also {
				f(r)
			}
		}
	}
	results, err := s.Judge(ctx, e.judge(c), tasks, onResult)
	prog.Finish()
	if err != nil {
		return results, &saveError{err: err}
	}
	return results, nil
}

// saveError is a failure to store results (a full disk, a database that went
// read-only): judging stopped at it, and the run is left resumable.
type saveError struct{ err error }

func (e *saveError) Error() string { return e.err.Error() }
func (e *saveError) Unwrap() error { return e.err }

// newSession starts a stored run (or an unstored one when st is nil).
func newSession(ctx context.Context, st *workflow.Store, command string, args []string, contest string, cfg workflow.RunConfig) (*workflow.Session, error) {
	s, err := workflow.NewSession(ctx, st, command, args, contest, cfg)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	return s, nil
}

// verifier returns the verify and regen workflow with this command's builder,
// judge and progress display.
func (e *env) verifier(c *cli.Context) workflow.Verifier {
	return workflow.Verifier{Root: e.Root, Builder: e.Builder, Rel: relPath,
		Judge: func(ctx context.Context, tasks []workflow.Task) []workflow.Judged {
			s, _ := workflow.NewSession(ctx, nil, "", nil, "", workflow.RunConfig{})
			results, _ := judgeTasks(ctx, c, e, s, tasks)
			return results
		}}
}

// judgeErrors is the failure (exit 1) of a command whose results hold judge
// errors: verdicts of the judge's own fault (a missing toolchain, a checker that
// crashed, a jail that failed), not the programs'. The results are stored and
// shown all the same; again says how to judge those jobs again once the cause is
// mended. nil when there are none.
func judgeErrors(results []problems.Result, again string) error {
	var first *problems.Result
	n := 0
	for i := range results {
		if results[i].Outcome.Verdict == problems.JE {
			if n == 0 {
				first = &results[i]
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return failed("%d of %d results are judge errors, the judge's fault rather than the programs' (the first: %s on %s %s: %s); %s",
		n, len(results), reports.OneLine(first.Submission), first.Problem, first.Dataset, reports.OneLine(first.Outcome.Message), again)
}
