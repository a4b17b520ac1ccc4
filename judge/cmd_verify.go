package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check a problem: inputs valid, answers current, every solution gets its folder's verdict",
		ArgsUsage: "PROBLEM",
		Description: `Runs these named checks, in order, and prints one line per failure naming the file:
   inputs     every .in of every group passes the problem's input validator;
   answers    every .ans equals the reference solver's output (not for interactive problems);
   solutions  every program under solutions/PROBLEM/ gets the verdict its folder names:
              a program directly there must be AC on every dataset; one in wrong_answer/,
              time_limit_exceeded/, run_time_error/, memory_limit_exceeded/,
              output_limit_exceeded/ or presentation_error/ must get that verdict on at
              least one dataset and AC on the others;
   time margins  a warning (WARN, not a failure) for an AC program that uses more than
              50 % of the CPU limit on a dataset: a slower machine may fail it.
Exits 0 when all holds, 1 otherwise.

PROBLEM may also be an ICPC or Kattis problem package folder (legacy or versioned
format). Then, as problemtools' verifyproblem does: every input validator on every
test case; every program under submissions/ judged and held to its folder
(accepted, wrong_answer, time_limit_exceeded, run_time_error) or to its
@EXPECTED_RESULTS@ line, at the package's time limit (or one inferred from the
accepted submissions), with warnings where a verdict depends on the margin.

Examples:
   judge verify sudoku
   judge verify problems/defrag -j 1          # a problem folder; one run at a time
   judge verify ~/contests/nwerc/problems/anagram   # a problem package`,
		Flags:  []cli.Flag{jobsFlag()},
		Action: problemAction("verify: want one problem (judge verify PROBLEM)", exactly(1), verify),
	}
}

func verify(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
	if pkg := workflow.PackageOf(p); pkg != nil {
		return verifyPackage(c, e, pkg)
	}
	w := c.App.Writer
	meta := p.Meta()
	ctx, stop := signalContext(c.Context)
	defer stop()
	print := func(ch workflow.Check) {
		for _, l := range ch.Lines {
			fmt.Fprintln(w, l)
		}
		if ch.Summary != "" {
			fmt.Fprintln(w, ch.Summary)
		}
	}
	v, err := e.verifier(c).Verify(ctx, p, limits, func(ch workflow.Check) {
		if ch.Name == "inputs" || ch.Name == "answers" {
			print(ch)
		}
	})
	switch {
	case ctx.Err() != nil:
		return failed("interrupted")
	case errors.Is(err, workflow.ErrNoReference):
		return usageError("%s: reference %q (problem.yaml) is not a folder under solutions/%s/", meta.Slug, meta.Reference, meta.Slug)
	case err != nil:
		return usageError("%v", err)
	}
	for _, ch := range v.Checks {
		if ch.Name == "solutions" {
			print(ch)
		}
	}
	fmt.Fprintln(w)
	if err := reports.WriteVerifyTable(w, v.Datasets, v.Rows); err != nil {
		return err
	}
	for _, ch := range v.Checks {
		if ch.Name == "time margins" {
			print(ch)
		}
	}
	if n := v.Failures(); n > 0 {
		return failed("verify %s: %d failure(s)", meta.Slug, n)
	}
	fmt.Fprintf(w, "verify %s: all good\n", meta.Slug)
	return nil
}

func regenCommand() *cli.Command {
	return &cli.Command{
		Name:      "regen",
		Usage:     "rewrite the .ans files from the reference solver's output",
		ArgsUsage: "PROBLEM",
		Description: `Runs the reference solver (problem.yaml's reference) on every dataset of the
problem's groups (problem.yaml's groups, else sample and secret; other folders under data/
are never touched) and rewrites each .ans that differs, printing a unified diff of the
change. Each answer it replaces is first copied to STATE/regen/STAMP/PROBLEM/GROUP/NAME.ans
(a line names the folder; copy the files back into data/ to restore them), and a replaced
file keeps its mode. A dataset on which the reference does not finish normally, or writes
nothing where the .ans holds something, is named and left alone, and the exit code is 1.
A .ans that is a symbolic link, or that changed while regen ran, is named and left as it
is (exit code 1 too). An .in without its .ans, or with an empty one, gets the reference's
output as its answer, unchecked: that is how a new dataset gets its answer. With --check
nothing is written; stale or missing answers make the exit code 1.
Interactive problems have no answers to regenerate.

Examples:
   judge regen sudoku --check                 # what CI runs: exit 1 when any .ans is stale
   judge regen defrag                         # rewrite the stale answers, showing each diff
   judge gen fleetcount --seed 9 > problems/fleetcount/data/secret/50-new.in
   judge regen fleetcount                     # ... and write the new input's answer`,
		Flags:  []cli.Flag{jobsFlag(), &cli.BoolFlag{Name: "check", Usage: "only report stale answers (exit 1 when any)"}},
		Action: problemAction("regen: want one problem (judge regen PROBLEM)", exactly(1), regen),
	}
}

func regen(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
	w := c.App.Writer
	meta := p.Meta()
	if meta.IO == problems.InteractIO {
		fmt.Fprintf(w, "%s is interactive: its .ans files are not program output; nothing to do\n", meta.Slug)
		return nil
	}
	ctx, stop := signalContext(c.Context)
	defer stop()
	v := e.verifier(c)
	answers, err := workflow.Regen(ctx, e.Root, e.Builder, v.Judge, p, limits, relPath)
	switch {
	case errors.Is(err, workflow.ErrReferenceCE):
		return failed("%v", err)
	case ctx.Err() != nil:
		return failed("interrupted: nothing written")
	case err != nil:
		return usageError("%v", err)
	}
	check := c.Bool("check")
	backup := workflow.RegenBackupDir(e.State, meta.Slug, time.Now())
	stale, missing, written, created, skipped, broken := 0, 0, 0, 0, 0, 0
	// Where the old answers are is said whatever happens next, so that every
	// replaced answer can be found again.
	kept := func() {
		if written > 0 {
			fmt.Fprintf(w, "the %d replaced answers are kept in %s (copy them back into data/ to restore them)\n", written, relPath(backup))
		}
	}
	for _, a := range answers {
		d := a.Dataset
		if a.Failed {
			broken++
			fmt.Fprintf(w, "%s: %s; left alone\n", relPath(d.AnsPath), a.Reason)
			continue
		}
		if !a.Stale {
			continue
		}
		stale++
		if a.New {
			missing++
			fmt.Fprintf(w, "%s: no answer yet; the reference wrote %d bytes\n", relPath(d.AnsPath), len(a.Output))
		} else {
			fmt.Fprint(w, reports.UnifiedDiff(relPath(d.AnsPath), "reference output", d.Answer, a.Output, 16<<10))
		}
		if check {
			continue
		}
		err := workflow.WriteAnswer(a, backup)
		switch {
		case errors.Is(err, workflow.ErrAnswerSkipped):
			skipped++
			fmt.Fprintf(w, "%v\n", err)
		case err != nil:
			kept()
			return failed("%v", err)
		case a.New:
			created++
		default:
			written++
		}
	}
	if check {
		without := ""
		if missing > 0 {
			without = fmt.Sprintf(" (%d without an answer)", missing)
		}
		fmt.Fprintf(w, "regen %s: %d datasets, %d stale%s, %d where the reference failed\n", meta.Slug, len(answers), stale, without, broken)
	} else {
		newAnswers := ""
		if created > 0 {
			newAnswers = fmt.Sprintf(", %d new", created)
		}
		fmt.Fprintf(w, "regen %s: %d datasets, %d rewritten%s, %d left as they are, %d where the reference failed\n",
			meta.Slug, len(answers), written, newAnswers, skipped, broken)
		kept()
	}
	if broken > 0 || skipped > 0 || (stale > 0 && check) {
		return cli.Exit("", exitFailed)
	}
	return nil
}
