package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func jobsFlag() cli.Flag {
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "runs at once, 1 to 256 (default, or 0: the number of CPUs)", EnvVars: []string{"JUDGE_JOBS"}}
}

// lazyFlag is --lazy: stop judging a submission of a pass-fail problem at its
// first failed dataset.
func lazyFlag() cli.Flag {
	return &cli.BoolFlag{Name: "lazy", Usage: "on pass-fail problems, stop judging a submission at its first failed dataset (in dataset order); the rest are NJ, not judged, counted neither as passed nor as failed"}
}

func limitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "time-limit", Aliases: []string{"t"}, Usage: "CPU time per dataset, overriding problem.yaml: seconds (2, 1.5) or a duration (1s, 500ms); without --wall-limit the wall limit becomes its default, 2 × this + 1 s"},
		&cli.StringFlag{Name: "wall-limit", Usage: "wall-clock time per dataset, overriding problem.yaml and the 2 × CPU + 1 s default: seconds (10) or a duration (10s)"},
		&cli.StringFlag{Name: "memory-limit", Aliases: []string{"m"}, Usage: "memory per run, overriding problem.yaml: MiB (256) or a size (256MiB, 1GiB)"},
		&cli.StringSliceFlag{Name: "group", Aliases: []string{"g"}, Usage: "dataset group to judge (repeatable; default: the problem's groups, usually sample and secret)"},
	}
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "judge submissions on every dataset of a problem",
		ArgsUsage: "PROBLEM [SUBMISSION...]",
		Description: `Builds each SUBMISSION, runs it on every dataset of PROBLEM and prints a table per
dataset and a ranked summary. With several submissions the table is a dataset ×
submission matrix of verdicts and CPU time; for problems with per-case figures (like
defrag's moves, bound, µs and penalty) it is instead a per-case ranked table: on each
dataset the submissions best first, with their verdict, score and figures.
A submission is a source file (.c .cpp .go .py .java), a folder holding a Go main
package, an executable, or a quoted command line.
With no submission, every program under solutions/PROBLEM/ is judged (for a problem
package folder, every program under its submissions/).

Examples:
   judge run sudoku my_solver.c
   judge run sudoku solutions/sudoku/tactics solutions/sudoku/fast --details
   judge run defrag "python3 defrag.py" --time-limit 5
   judge run trimines solutions/trimines/reference --group winrate --json > out.json
   judge run sudoku --lazy                 every solution, each stopped at its first failure`,
		Flags: append([]cli.Flag{
			jobsFlag(), outFlag(), forceFlag(), lazyFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the results as JSON (reports/results.schema.json) instead of tables"},
			&cli.BoolFlag{Name: "details", Usage: "one table per submission, with every dataset's figures and message"},
		}, limitFlags()...),
		Action: problemAction("run: which problem? (judge run PROBLEM [SUBMISSION...]; see judge problems)", atLeast(1), func(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
			if err := checkOut(c); err != nil {
				return err
			}
			ds, err := datasets(c, p)
			if err != nil {
				return err
			}
			sources := c.Args().Slice()[1:]
			ctx, stop := signalContext(c.Context)
			defer stop()
			var progs []*workflow.Program
			if pkg := workflow.PackageOf(p); len(sources) == 0 && pkg != nil {
				// A package's own submissions, not the project's solutions of
				// a problem that may share its name, built as verify builds
				// them.
				subs, err := pkg.Submissions()
				if err != nil {
					return usageError("%v", err)
				}
				if len(subs) == 0 {
					return usageError("run: %s has no submissions/; name the programs to judge", pkg.Dir)
				}
				progs, notes, err := workflow.BuildPackage(ctx, e.Packages(), pkg, subs)
				if ctx.Err() != nil {
					return failed("interrupted while building the submissions; nothing was judged")
				}
				if err != nil {
					return err
				}
				for _, n := range notes {
					fmt.Fprintf(c.App.ErrWriter, "judge: %s\n", n)
				}
				return judgeRun(ctx, c, e, p, limits, ds, progs)
			}
			if len(sources) == 0 {
				sols, err := workflow.Solutions(e.Root, p.Meta())
				if err != nil {
					return usageError("%v", err)
				}
				for _, s := range sols {
					sources = append(sources, relPath(s.Path))
				}
			}
			progs, err = e.build(ctx, sources)
			if err != nil {
				return err
			}
			return judgeRun(ctx, c, e, p, limits, ds, progs)
		}),
	}
}

// judgeRun judges progs on the datasets ds of p, stores the run and shows it.
func judgeRun(ctx context.Context, c *cli.Context, e *env, p problems.Problem, limits problems.Limits, ds []problems.Dataset, progs []*workflow.Program) error {
	cfg := workflow.RunConfig{Problems: []problems.Meta{p.Meta()}, Entrants: workflow.Names(progs), Details: c.Bool("details")}
	if p.Meta().Score.Ranking == problems.RankPenalty {
		cfg.ChallengeLog = []string{p.Meta().Slug}
	}
	// The first programs start while the history opens.
	s := workflow.OpenSession(ctx, e.OpenStore, "run", c.Args().Slice(), "", cfg)
	results, err := judgeTasks(ctx, c, e, s, workflow.Tasks(p, limits, progs, ds, false, 1))
	e.release() // nothing more is run or built
	st, openErr := s.Wait()
	if openErr != nil {
		// Nothing was stored: as when the history could not be opened first.
		return cli.Exit(openErr.Error(), exitUsage)
	}
	defer st.Close()
	var saveErr *saveError
	if err != nil && !errors.As(err, &saveErr) {
		_ = s.Finish(ctx, ctx.Err() != nil)
		return err
	}
	_ = s.Finish(ctx, ctx.Err() != nil || saveErr != nil)
	_ = reports.WriteCompileErrors(c.App.ErrWriter, workflow.Results(results), 10)
	if ctx.Err() != nil || saveErr != nil {
		rows := workflow.Results(results)
		names := make([]string, len(ds))
		for i, d := range ds {
			names[i] = d.Name
		}
		// Standard output with --json holds JSON or nothing: the partial
		// table goes to the error stream then.
		w := c.App.Writer
		if c.Bool("json") {
			w = c.App.ErrWriter
		}
		if err := reports.WritePartialRun(w, cfg.Entrants, names, rows, len(results), e.color); err != nil {
			return err
		}
		if saveErr != nil {
			return failed("%v: judging stopped after %d of %d jobs; the table above shows them, but run %s holds only those saved before the failure",
				saveErr, len(rows), len(results), s.ID)
		}
		return failed("interrupted: %d of %d jobs judged and saved (run %s); the table above is partial", len(rows), len(results), s.ID)
	}
	run, rcfg, rep, err := workflow.LoadReport(ctx, st, s.ID)
	if err != nil {
		return usageError("%v", err)
	}
	// The history is not needed any more: it closes (1-2 ms) beside the
	// printing, and the deferred Close waits for it.
	go st.Close()
	if err := renderReport(ctx, c, e, run, rcfg, rep, true); err != nil {
		return err
	}
	if !c.Bool("json") {
		fmt.Fprintf(c.App.Writer, "run %s (judge report %s shows it again)\n", s.ID, s.ID)
	}
	return judgeErrors(workflow.Results(results), "mend the cause and judge again")
}
