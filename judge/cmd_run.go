package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/judgehq/judge/harness"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func jobsFlag() cli.Flag {
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "runs at once (default: the number of CPUs)", EnvVars: []string{"JUDGE_JOBS"}}
}

func limitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.Float64Flag{Name: "time-limit", Aliases: []string{"t"}, Usage: "CPU seconds per dataset, overriding problem.yaml (wall becomes 2 × this + 1)"},
		&cli.Float64Flag{Name: "wall-limit", Usage: "wall-clock seconds per dataset, overriding problem.yaml and the 2 × CPU + 1 default"},
		&cli.Int64Flag{Name: "memory-limit", Aliases: []string{"m"}, Usage: "MiB per run, overriding problem.yaml"},
		&cli.StringSliceFlag{Name: "group", Aliases: []string{"g"}, Usage: "dataset group to judge (repeatable; default: the problem's groups, usually sample and secret)"},
	}
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "judge submissions on every dataset of a problem",
		ArgsUsage: "PROBLEM [SUBMISSION...]",
		Description: `Builds each SUBMISSION, runs it on every dataset of PROBLEM and prints a table per
dataset and a ranked summary. A submission is a source file (.c .cpp .go .py .java),
a folder holding a Go main package, an executable, or a quoted command line.
With no submission, every program under solutions/PROBLEM/ is judged.

Examples:
   judge run sudoku my_solver.c
   judge run sudoku solutions/sudoku/tactics solutions/sudoku/fast --details
   judge run defrag "python3 defrag.py" --time-limit 5
   judge run trimines solutions/trimines/reference --group winrate --json > out.json`,
		Flags: append([]cli.Flag{
			jobsFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the results as JSON (reports/results.schema.json) instead of tables"},
			&cli.BoolFlag{Name: "details", Usage: "one table per submission, with every dataset's figures and message"},
		}, limitFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return usageError("run: which problem? (judge run PROBLEM [SUBMISSION...]; see judge problems)")
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			p, limits, err := e.problem(c, c.Args().First())
			if err != nil {
				return err
			}
			ds, err := datasets(c, p)
			if err != nil {
				return err
			}
			sources := c.Args().Slice()[1:]
			if len(sources) == 0 {
				sols, err := listSolutions(e.root, p.Meta())
				if err != nil {
					return err
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
			results := judgeAll(ctx, c, e, p, limits, progs, ds, false)
			rows := make([]problems.Result, len(results))
			for i, r := range results {
				rows[i] = r.Result
			}
			w := c.App.Writer
			if c.Bool("json") {
				rep := reports.Build(reports.Input{Run: rows[0].Run, Generated: time.Now().UTC(),
					Problems: []problems.Meta{p.Meta()}, Entrants: names(progs), Results: rows})
				return reports.WriteJSON(w, rep)
			}
			if err := printRunTables(w, p.Meta(), progs, ds, rows, c.Bool("details"), e.color); err != nil {
				return err
			}
			if ctx.Err() != nil {
				return failed("interrupted: results above are those finished before the interrupt")
			}
			return nil
		},
	}
}

func names(progs []*harness.Program) []string {
	out := make([]string, len(progs))
	for i, p := range progs {
		out[i] = p.Name
	}
	return out
}

// newRunID returns a sortable, unique id for a judging run.
func newRunID() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return time.Now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// judgeAll judges every program on every dataset and reports progress on stderr.
func judgeAll(ctx context.Context, c *cli.Context, e *env, p problems.Problem, limits problems.Limits, progs []*harness.Program, ds []problems.Dataset, keep bool) []harness.Judged {
	var tasks []harness.Task
	for _, prog := range progs {
		for _, d := range ds {
			tasks = append(tasks, harness.Task{Program: prog, Dataset: d, KeepOutput: keep})
		}
	}
	prog := newProgress(c.App.ErrWriter, p.Meta().Slug, len(tasks))
	results := e.judge(c).Judge(ctx, p, limits, tasks, func(done int, r harness.Judged) { prog.update(done) })
	prog.finish()
	id := newRunID()
	for i := range results {
		results[i].Run = id
		if results[i].Problem == "" { // never started: interrupted
			results[i].Result = problems.Result{Run: id, Problem: p.Meta().Slug, Submission: tasks[i].Program.Name,
				Source: tasks[i].Program.Source, Hash: tasks[i].Program.Hash, Dataset: tasks[i].Dataset.Name,
				Outcome: problems.Rejected(problems.JE, "not run: interrupted")}
		}
		if v := results[i].Outcome.Verdict; (v == problems.WA || v == problems.PE) && results[i].Output != nil {
			results[i].Diff = reports.UnifiedDiff("expected", "output", tasks[i].Dataset.Answer, results[i].Output, 64<<10)
		}
	}
	return results
}

// progress prints "judged N/M" on a terminal, overwriting one line; nothing otherwise.
type progress struct {
	w     io.Writer
	tty   bool
	label string
	total int
	last  time.Time
}

func newProgress(w io.Writer, label string, total int) *progress {
	p := &progress{w: w, label: label, total: total}
	if f, ok := w.(*os.File); ok {
		p.tty = term.IsTerminal(int(f.Fd()))
	}
	return p
}

func (p *progress) update(done int) {
	if !p.tty || (time.Since(p.last) < 100*time.Millisecond && done < p.total) {
		return
	}
	p.last = time.Now()
	fmt.Fprintf(p.w, "\r%s: judged %d/%d", p.label, done, p.total)
}

func (p *progress) finish() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// printRunTables prints per-dataset figures (one table per submission with
// --details or a single submission, else a dataset × submission matrix) and the
// ranked summary.
func printRunTables(w io.Writer, meta problems.Meta, progs []*harness.Program, ds []problems.Dataset, rows []problems.Result, details, color bool) error {
	bySub := map[string][]problems.Result{}
	for _, r := range rows {
		bySub[r.Submission] = append(bySub[r.Submission], r)
	}
	if details || len(progs) == 1 {
		for _, prog := range progs {
			fmt.Fprintf(w, "%s on %s (%s, %s)\n", prog.Name, meta.Slug, prog.Language, prog.Hash)
			if err := writeDatasetTable(w, meta, bySub[prog.Name], color); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
	} else if err := writeMatrix(w, progs, ds, bySub, color); err != nil {
		return err
	}
	pr := reports.RankProblem(meta, rows, names(progs))
	return reports.WriteRankingTable(w, pr, color)
}

func writeDatasetTable(w io.Writer, meta problems.Meta, rows []problems.Result, color bool) error {
	cols := []reports.Column{{Name: "dataset"}, {Name: "verdict"}}
	scoring := meta.Kind != problems.PassFail
	if scoring {
		cols = append(cols, reports.Column{Name: "score", Numeric: true})
	}
	var metricNames []string
	for _, r := range rows {
		if len(r.Outcome.Metrics) > 0 {
			for _, m := range r.Outcome.Metrics {
				metricNames = append(metricNames, m.Name)
			}
			break
		}
	}
	for _, n := range metricNames {
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
		for _, n := range metricNames {
			cell := ""
			for _, m := range r.Outcome.Metrics {
				if m.Name == n {
					cell = formatFloat(m.Value)
				}
			}
			row = append(row, cell)
		}
		row = append(row, msString(r.Usage.CPU), msString(r.Usage.Wall), strconv.FormatInt(r.Usage.PeakKiB, 10), clip(r.Outcome.Message, 70))
		table = append(table, row)
	}
	return reports.WriteTable(w, reports.ASCII, cols, table)
}

func writeMatrix(w io.Writer, progs []*harness.Program, ds []problems.Dataset, bySub map[string][]problems.Result, color bool) error {
	cols := []reports.Column{{Name: "dataset"}}
	for _, p := range progs {
		cols = append(cols, reports.Column{Name: p.Name})
	}
	var table [][]string
	for i, d := range ds {
		row := []string{d.Name}
		for _, p := range progs {
			cell := "-"
			if rs := bySub[p.Name]; i < len(rs) {
				cell = reports.Verdict(rs[i].Outcome.Verdict, color) + " " + msString(rs[i].Usage.CPU)
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
