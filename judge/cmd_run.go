package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func jobsFlag() cli.Flag {
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "runs at once (default: the number of CPUs)", EnvVars: []string{"JUDGE_JOBS"}}
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
With no submission, every program under solutions/PROBLEM/ is judged.

Examples:
   judge run sudoku my_solver.c
   judge run sudoku solutions/sudoku/tactics solutions/sudoku/fast --details
   judge run defrag "python3 defrag.py" --time-limit 5
   judge run trimines solutions/trimines/reference --group winrate --json > out.json`,
		Flags: append([]cli.Flag{
			jobsFlag(), outFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the results as JSON (reports/results.schema.json) instead of tables"},
			&cli.BoolFlag{Name: "details", Usage: "one table per submission, with every dataset's figures and message"},
		}, limitFlags()...),
		Action: problemAction("run: which problem? (judge run PROBLEM [SUBMISSION...]; see judge problems)", atLeast(1), func(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
			ds, err := datasets(c, p)
			if err != nil {
				return err
			}
			sources := c.Args().Slice()[1:]
			if len(sources) == 0 {
				sols, err := workflow.Solutions(e.root, p.Meta())
				if err != nil {
					return usageError("%v", err)
				}
				for _, s := range sols {
					sources = append(sources, relPath(s.Path))
				}
			}
			ctx, stop := signalContext(c.Context)
			defer stop()
			progs, err := e.build(ctx, sources)
			if err != nil {
				return err
			}
			st, err := e.openStore(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			cfg := workflow.RunConfig{Problems: []problems.Meta{p.Meta()}, Entrants: workflow.Names(progs), Details: c.Bool("details")}
			if p.Meta().Score.Ranking == problems.RankPenalty {
				cfg.ChallengeLog = []string{p.Meta().Slug}
			}
			s, err := newSession(ctx, st, "run", c.Args().Slice(), "", cfg)
			if err != nil {
				return err
			}
			results, err := judgeTasks(ctx, c, e, s, workflow.Tasks(p, limits, progs, ds, false, 1))
			_ = s.Finish(ctx, ctx.Err() != nil)
			if err != nil {
				return err
			}
			if ctx.Err() != nil {
				rows := workflow.Results(results)
				if err := printRunTables(c.App.Writer, p.Meta(), cfg.Entrants, rows, cfg.Details, e.color); err != nil {
					return err
				}
				return failed("interrupted: the results above are those finished before the interrupt (run %s)", s.ID)
			}
			if err := renderStored(ctx, c, e, st, s.ID, true); err != nil {
				return err
			}
			if !c.Bool("json") {
				fmt.Fprintf(c.App.Writer, "run %s (judge report %s shows it again)\n", s.ID, s.ID)
			}
			return nil
		}),
	}
}

// printRunTables prints per-dataset figures (one table per submission with
// --details or a single submission, else a per-case ranked table when any result
// has metrics and a dataset × submission matrix when none has) and the ranked
// summary. It reads only the result rows, so a stored run prints the same.
func printRunTables(w io.Writer, meta problems.Meta, subs []string, rows []problems.Result, details, color bool) error {
	bySub := map[string][]problems.Result{}
	var datasets []string
	seen := map[string]bool{}
	for _, r := range rows {
		bySub[r.Submission] = append(bySub[r.Submission], r)
		if !seen[r.Dataset] {
			seen[r.Dataset] = true
			datasets = append(datasets, r.Dataset)
		}
	}
	if details || len(subs) == 1 {
		for _, sub := range subs {
			rs := bySub[sub]
			if len(rs) == 0 {
				continue
			}
			fmt.Fprintf(w, "%s on %s (%s, %s)\n", sub, meta.Slug, rs[0].Language, rs[0].Hash)
			if err := writeDatasetTable(w, meta, rs, color); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
	} else if names := metricNames(rows); len(names) > 0 {
		if err := writeCaseTable(w, meta, subs, datasets, names, rows, color); err != nil {
			return err
		}
	} else if err := writeMatrix(w, subs, datasets, bySub, color); err != nil {
		return err
	}
	pr := reports.RankProblem(meta, rows, subs)
	return reports.WriteRankingTable(w, pr, color)
}

func writeDatasetTable(w io.Writer, meta problems.Meta, rows []problems.Result, color bool) error {
	cols := []reports.Column{{Name: "dataset"}, {Name: "verdict"}}
	scoring := meta.Kind != problems.PassFail
	if scoring {
		cols = append(cols, reports.Column{Name: "score", Numeric: true})
	}
	names := metricNames(rows)
	for _, n := range names {
		cols = append(cols, reports.Column{Name: n, Numeric: true})
	}
	cols = append(cols, reports.Column{Name: "cpu ms", Numeric: true}, reports.Column{Name: "wall ms", Numeric: true},
		reports.Column{Name: "peak KiB", Numeric: true}, reports.Column{Name: "message"})
	var table [][]string
	for _, r := range rows {
		row := []string{r.Dataset, reports.Verdict(r.Outcome.Verdict, color)}
		if scoring {
			row = append(row, formatFloat(r.Outcome.Score))
		}
		row = append(row, metricCells(r.Outcome, names)...)
		row = append(row, msString(r.Usage.CPU), msString(r.Usage.Wall), strconv.FormatInt(r.Usage.PeakKiB, 10), clip(r.Outcome.Message, 70))
		table = append(table, row)
	}
	return reports.WriteTable(w, reports.ASCII, cols, table)
}

// metricNames returns the names of the metrics of rows: their union, in order of
// first appearance.
func metricNames(rows []problems.Result) []string {
	var names []string
	seen := map[string]bool{}
	for _, r := range rows {
		for _, m := range r.Outcome.Metrics {
			if !seen[m.Name] {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		}
	}
	return names
}

// metricCells returns one table cell per name: the value of o's metric of that name,
// or blank where o has none.
func metricCells(o problems.Outcome, names []string) []string {
	cells := make([]string, len(names))
	for i, n := range names {
		for _, m := range o.Metrics {
			if m.Name == n {
				cells[i] = formatFloat(m.Value)
			}
		}
	}
	return cells
}

// writeCaseTable writes the per-case ranked table: for each dataset, in the order of
// datasets, one row per submission that has a result on it, ranked best first (see
// reports.CompareOutcomes; equal results share a rank and keep the order of subs),
// with the verdict, the score (scoring problems only), the metrics and the CPU time.
// The dataset is named on the first row of its group only. When a submission has
// several attempts on a dataset, the highest counts.
func writeCaseTable(w io.Writer, meta problems.Meta, subs, datasets, names []string, rows []problems.Result, color bool) error {
	cols := []reports.Column{{Name: "dataset"}, {Name: "rank", Numeric: true}, {Name: "submission"}, {Name: "verdict"}}
	scoring := meta.Kind != problems.PassFail
	if scoring {
		cols = append(cols, reports.Column{Name: "score", Numeric: true})
	}
	for _, n := range names {
		cols = append(cols, reports.Column{Name: n, Numeric: true})
	}
	cols = append(cols, reports.Column{Name: "cpu ms", Numeric: true})
	latest := map[string]map[string]problems.Result{} // submission, dataset
	for _, r := range reports.LatestAttempts("", rows) {
		if latest[r.Submission] == nil {
			latest[r.Submission] = map[string]problems.Result{}
		}
		latest[r.Submission][r.Dataset] = r
	}
	var table [][]string
	for _, d := range datasets {
		var group []problems.Result
		for _, sub := range subs {
			if r, ok := latest[sub][d]; ok {
				group = append(group, r)
			}
		}
		sort.SliceStable(group, func(i, j int) bool {
			return reports.CompareOutcomes(meta.Score.Direction, group[i].Outcome, group[j].Outcome) < 0
		})
		rank := 0
		for i, r := range group {
			if i == 0 || reports.CompareOutcomes(meta.Score.Direction, group[i-1].Outcome, r.Outcome) != 0 {
				rank = i + 1
			}
			name := ""
			if i == 0 {
				name = d
			}
			row := []string{name, strconv.Itoa(rank), r.Submission, reports.Verdict(r.Outcome.Verdict, color)}
			if scoring {
				row = append(row, formatFloat(r.Outcome.Score))
			}
			row = append(row, metricCells(r.Outcome, names)...)
			table = append(table, append(row, msString(r.Usage.CPU)))
		}
	}
	fmt.Fprintln(w, "figures per dataset, best first")
	if err := reports.WriteTable(w, reports.ASCII, cols, table); err != nil {
		return fmt.Errorf("per-case table: %w", err)
	}
	fmt.Fprintln(w)
	return nil
}

func writeMatrix(w io.Writer, subs, datasets []string, bySub map[string][]problems.Result, color bool) error {
	cols := []reports.Column{{Name: "dataset"}}
	cells := map[string]map[string]string{}
	for _, sub := range subs {
		cols = append(cols, reports.Column{Name: sub})
		cells[sub] = map[string]string{}
		for _, r := range bySub[sub] {
			cells[sub][r.Dataset] = reports.Verdict(r.Outcome.Verdict, color) + " " + msString(r.Usage.CPU)
		}
	}
	var table [][]string
	for _, d := range datasets {
		row := []string{d}
		for _, sub := range subs {
			cell, ok := cells[sub][d]
			if !ok {
				cell = "-"
			}
			row = append(row, cell)
		}
		table = append(table, row)
	}
	fmt.Fprintln(w, "verdict and CPU ms per dataset")
	if err := reports.WriteTable(w, reports.ASCII, cols, table); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return nil
}

func msString(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64)
}

func formatFloat(f float64) string {
	if f == float64(int64(f)) && f < 1e15 && f > -1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', 3, 64)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
