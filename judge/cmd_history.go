package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func historyCommand() *cli.Command {
	return &cli.Command{
		Name:  "history",
		Usage: "list the stored judging runs, newest first",
		Description: `Lists the runs kept in the state folder (ROOT/.judge by default) with their id,
start time, command, its problem and submission arguments (quoted as a shell
would need them; its flags are not kept, and a list longer than 60 characters is
cut), status and result count. judge report RUN-ID shows one again.

Examples:
   judge history
   judge history -n 5
   judge history --limit 0`,
		Flags: []cli.Flag{&cli.IntFlag{Name: "limit", Aliases: []string{"n"}, Value: 20, Usage: "show at most this many runs (0: all)"}},
		Before: func(c *cli.Context) error {
			if c.Int("limit") < 0 {
				return usageError("history: --limit %d: want a number of runs, or 0 for all", c.Int("limit"))
			}
			return noArgs(c)
		},
		Action: storeAction(func(c *cli.Context, _ *env, st *workflow.Store) error {
			runs, err := st.Runs(c.Context)
			if err != nil {
				return usageError("history: %v", err)
			}
			if n := c.Int("limit"); n > 0 && len(runs) > n {
				runs = runs[:n]
			}
			var rows [][]string
			stopped := false
			var unreadable []string
			for _, r := range runs {
				what := r.Contest
				if what == "" {
					what = reports.ShellQuote(r.Args)
				}
				if r.Unreadable != "" {
					if what == "" {
						what = "(unreadable)"
					}
					unreadable = append(unreadable, fmt.Sprintf("run %s: %s", r.ID, r.Unreadable))
				}
				status := r.Status
				if status == store.StatusRunning && !st.Busy(r.ID) {
					// Nobody judges it: its judge died without saying so.
					status = "stopped"
					stopped = true
				}
				rows = append(rows, []string{r.ID, r.Started.Local().Format("2006-01-02 15:04:05"), r.Command,
					reports.Clip(what, 60), status, strconv.Itoa(r.Results)})
			}
			if err := reports.WriteTable(c.App.Writer, reports.ASCII, []reports.Column{{Name: "run"}, {Name: "started"},
				{Name: "command"}, {Name: "contest or arguments"}, {Name: "status"}, {Name: "results", Numeric: true}}, rows); err != nil {
				return err
			}
			if stopped {
				fmt.Fprintln(c.App.Writer, "stopped: its judge ended without finishing it (killed, or no room left to say so); a contest goes on with judge contest FILE --resume RUN-ID")
			}
			for _, u := range unreadable {
				fmt.Fprintf(c.App.ErrWriter, "judge: history: %s; the database was damaged or edited by hand\n", u)
			}
			return nil
		}),
	}
}

func reportCommand() *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "show a stored run again, and write its report folder, without re-running anything",
		ArgsUsage: "RUN-ID",
		Description: `Prints the run's tables exactly as its command printed them and, with --out or by
default, writes the report folder again. A unique prefix of the id is enough
(judge history lists the ids).

Examples:
   judge report 20261121-190000-3fa2
   judge report 20261121 --no-write
   judge report 20261121-190000-3fa2 --json > results.json`,
		Flags: []cli.Flag{outFlag(), forceFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the results as JSON instead of tables"},
			&cli.BoolFlag{Name: "no-write", Usage: "only print; do not write the report folder"},
		},
		Action: storeAction(func(c *cli.Context, e *env, st *workflow.Store) error {
			if c.NArg() != 1 {
				return usageError("report: want one run id (judge history lists them)")
			}
			if err := checkOut(c); err != nil {
				return err
			}
			return renderStored(c.Context, c, e, st, c.Args().First(), !c.Bool("no-write"))
		}),
	}
}

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "compare solver variants dataset by dataset, or a program now against a stored run",
		ArgsUsage: "PROBLEM SUBMISSION...",
		Description: `Judges every SUBMISSION on every dataset --repeat times and prints a datasets ×
variants matrix (verdict, median and minimum CPU ms, score), then each variant against
the first: datasets accepted with the rate's 95 % Wilson interval (for a game, the win
rate), mean score and CPU, the geometric-mean ratio of CPU time with a 95 % bootstrap
interval, datasets won and lost, and the score difference.

With --against RUN-ID the submissions are compared with their results in that stored
run instead: every changed verdict and every CPU time worse beyond the noise is
listed, and the exit code is 1 when any is found. CPU times are compared only when
both runs have at least 3 runs per dataset (--repeat 3): the fastest run now must
beat the slowest stored run by more than 10 % + 2 ms to count, so one sample a side
cannot tell this machine's noise from a change. A submission that is not in the
stored run is an error (exit 2) before anything is judged.

Examples:
   judge compare sudoku solutions/sudoku/tactics solutions/sudoku/fast --repeat 5
   judge compare battleships solutions/battleships/bap solutions/battleships/search1
   judge compare trimines solutions/trimines/reference solutions/trimines/sets --group winrate --summary
   judge compare sudoku solutions/sudoku/fast --against 20261121-190000-3fa2`,
		Flags: append([]cli.Flag{jobsFlag(),
			&cli.IntFlag{Name: "repeat", Aliases: []string{"r"}, Value: 1, Usage: "runs per dataset and variant (medians and minima over them)"},
			&cli.StringFlag{Name: "against", Usage: "a stored run to compare the submissions with"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the bootstrap resampling"},
			&cli.BoolFlag{Name: "summary", Usage: "print only the summary, not the per-dataset matrix (for large groups)"},
		}, limitFlags()...),
		Action: problemAction("compare: want a problem and at least one submission", atLeast(2), compare),
	}
}

func compare(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
	if c.Int("repeat") < 1 || c.Int("repeat") > 1000 {
		return usageError("--repeat %d: want 1 to 1000", c.Int("repeat"))
	}
	ds, err := datasets(c, p)
	if err != nil {
		return err
	}
	ctx, stop := signalContext(c.Context)
	defer stop()
	progs, err := e.build(ctx, c.Args().Slice()[1:])
	if err != nil {
		return err
	}
	st, err := e.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	meta := p.Meta()
	var was []problems.Result
	if id := c.String("against"); id != "" {
		run, err := st.Run(ctx, id)
		if err != nil {
			return usageError("--against %s: %v", id, err)
		}
		all, err := st.Results(ctx, run.ID)
		if err != nil {
			return usageError("--against %s: %v", id, err)
		}
		for _, r := range all {
			if r.Problem == meta.Slug {
				was = append(was, r)
			}
		}
		if len(was) == 0 {
			return usageError("--against %s: that run has no results for %s", run.ID, meta.Slug)
		}
		// Every submission must be in the stored run, before anything is judged.
		stored := map[string]bool{}
		var names []string
		for _, r := range was {
			if !stored[r.Submission] {
				stored[r.Submission] = true
				names = append(names, r.Submission)
			}
		}
		for _, prog := range progs {
			if !stored[prog.Name] {
				return usageError("--against %s: %s is not in that run (it has %s); name a submission as the run did",
					run.ID, prog.Name, strings.Join(names, ", "))
			}
		}
	}
	cfg := workflow.RunConfig{Problems: []problems.Meta{meta}, Entrants: workflow.Names(progs)}
	s, err := newSession(ctx, st, "compare", c.Args().Slice(), "", cfg)
	if err != nil {
		return err
	}
	results, err := judgeTasks(ctx, c, e, s, workflow.Tasks(p, limits, progs, ds, false, c.Int("repeat")))
	var saveErr *saveError
	_ = s.Finish(ctx, ctx.Err() != nil || errors.As(err, &saveErr))
	if saveErr != nil {
		return failed("%v: judging stopped (run %s holds the results saved before the failure)", saveErr, s.ID)
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return failed("interrupted (run %s)", s.ID)
	}
	now := workflow.Results(results)
	w := c.App.Writer
	if was != nil {
		if err := againstRun(w, meta.Slug, was, now, e.color); err != nil {
			return err
		}
		return judgeErrors(now, "mend the cause and compare again")
	}
	m := reports.BuildMatrix(meta.Slug, now, cfg.Entrants)
	sums := reports.Summarize(m, rand.New(rand.NewPCG(c.Uint64("seed"), 0)), 2000)
	write := reports.WriteMatrixTable
	if c.Bool("summary") {
		write = func(w io.Writer, m reports.Matrix, sums []reports.Summary, _ bool) error {
			return reports.WriteSummaryTable(w, m, sums)
		}
	}
	if err := write(w, m, sums, e.color); err != nil {
		return err
	}
	fmt.Fprintf(w, "run %s, %d repeat(s) per dataset\n", s.ID, c.Int("repeat"))
	return judgeErrors(now, "mend the cause and compare again")
}

// againstRun compares each submission's results now with its stored ones. The
// stored results are matched by submission name, so a program is compared with
// itself whatever its content hash is now.
func againstRun(w io.Writer, slug string, was, now []problems.Result, color bool) error {
	bySub := map[string][]problems.Result{}
	var order []string
	for _, r := range now {
		if _, ok := bySub[r.Submission]; !ok {
			order = append(order, r.Submission)
		}
		bySub[r.Submission] = append(bySub[r.Submission], r)
	}
	found := 0
	for _, sub := range order {
		name := reports.OneLine(sub) // a file name may hold a line break
		var before []problems.Result
		for _, r := range was {
			if r.Submission == sub {
				before = append(before, r)
			}
		}
		if len(before) == 0 {
			fmt.Fprintf(w, "%s: not in the stored run\n", name)
			continue
		}
		regs := reports.Regressions(slug, before, bySub[sub], reports.DefaultNoise)
		if wasRuns, nowRuns := reports.MinRepeats(before), reports.MinRepeats(bySub[sub]); wasRuns < reports.MinRepeatsForCPU || nowRuns < reports.MinRepeatsForCPU {
			fmt.Fprintf(w, "%s: CPU times not compared: with %d run(s) per dataset stored and %d now, the machine's noise cannot be told from a change; use --repeat %d or more on both runs\n",
				name, wasRuns, nowRuns, reports.MinRepeatsForCPU)
		}
		fmt.Fprintf(w, "%s: %d change(s) against the stored run\n", name, len(regs))
		if len(regs) > 0 {
			found += len(regs)
			if err := reports.WriteRegressions(w, regs, color); err != nil {
				return err
			}
		}
	}
	if found > 0 {
		return failed("%d change(s) found", found)
	}
	return nil
}
