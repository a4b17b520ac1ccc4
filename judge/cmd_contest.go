package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness"
	"github.com/judgehq/judge/harness/contest"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
	"github.com/judgehq/judge/reports"
)

func outFlag() cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "report folder (default: reports/out/RUN-ID under the project)"}
}

func contestCommand() *cli.Command {
	return &cli.Command{
		Name:      "contest",
		Usage:     "judge every entrant of a contest file on every problem and rank them",
		ArgsUsage: "FILE.yaml",
		Description: `Reads a contest file (name, problems, entrants with one submission per problem,
the standings rule, limit overrides; see examples/contest.yaml), builds every
submission once, runs all jobs in parallel, prints each problem's ranked table and the
overall standings, and writes the report folder: standings.md, PROBLEM.md,
results.json, results.csv, junit.xml, diffs of every WA and PE, challenge.log for
penalty-ranked problems.

Every finished result is saved at once in the history (.judge/judge.db). After a
crash or Ctrl-C, --resume RUN-ID runs only the jobs that have no result yet.

Examples:
   judge contest examples/contest.yaml
   judge contest examples/contest.yaml --out /tmp/report -j 4
   judge contest examples/contest.yaml --resume 20261121-190000-3fa2`,
		Flags: []cli.Flag{jobsFlag(), outFlag(),
			&cli.StringFlag{Name: "resume", Usage: "continue a stored run of this contest: only jobs without a result are run"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("contest: want one contest file (judge contest FILE.yaml)")
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			return runContest(c, e, c.Args().First())
		},
	}
}

// contestPlan is a contest with its problems opened and submissions built.
type contestPlan struct {
	def      *contest.Contest
	problems []problems.Problem
	limits   []problems.Limits
	datasets [][]problems.Dataset
	// progs[i][entrant] is the entrant's program for problem i (absent: no entry).
	progs []map[string]*harness.Program
	cfg   runConfig
}

func planContest(ctx context.Context, e *env, file string) (*contestPlan, error) {
	def, err := contest.Load(file)
	if err != nil {
		return nil, usageError("%v", err)
	}
	plan := &contestPlan{def: def}
	plan.cfg = runConfig{File: file, Name: def.Name, Rule: def.Standings, Entrants: def.EntrantNames()}
	for _, cp := range def.Problems {
		name := cp.Slug
		if name == "" {
			name = def.Resolve(cp.Path)
		}
		p, err := registry.Open(e.root, name)
		if err != nil {
			return nil, usageError("%s:%d: %v", file, cp.Line, err)
		}
		meta := p.Meta()
		ds, err := p.Datasets()
		if err != nil {
			return nil, usageError("%v", err)
		}
		plan.problems = append(plan.problems, p)
		plan.limits = append(plan.limits, cp.Limits.Apply(meta.Limits))
		plan.datasets = append(plan.datasets, ds)
		plan.cfg.Problems = append(plan.cfg.Problems, meta)
		if meta.Score.Ranking == problems.RankPenalty {
			plan.cfg.ChallengeLog = append(plan.cfg.ChallengeLog, meta.Slug)
		}
		progs := map[string]*harness.Program{}
		for _, ent := range def.Entrants {
			sub, ok := ent.For(cp.Key())
			if !ok {
				continue
			}
			var prog *harness.Program
			if sub.Command != "" {
				prog, err = e.builder.Command(sub.Command)
			} else {
				prog, err = e.builder.BuildAs(ctx, def.Resolve(sub.Path), sub.Language)
			}
			if err != nil {
				if ctx.Err() != nil {
					return nil, failed("interrupted")
				}
				return nil, usageError("%s:%d: %s: %v", file, sub.Line, ent.Name, err)
			}
			named := *prog
			named.Name = ent.Name
			progs[ent.Name] = &named
		}
		plan.progs = append(plan.progs, progs)
	}
	return plan, nil
}

// tasks lists every job of the contest not already in done.
func (plan *contestPlan) tasks(done map[store.Key]bool) []harness.Task {
	var tasks []harness.Task
	for i, p := range plan.problems {
		slug := p.Meta().Slug
		for _, name := range plan.cfg.Entrants {
			prog, ok := plan.progs[i][name]
			if !ok {
				continue
			}
			for _, d := range plan.datasets[i] {
				if done[store.Key{Problem: slug, Submission: name, Dataset: d.Name}] {
					continue
				}
				tasks = append(tasks, harness.Task{Problem: p, Limits: plan.limits[i], Program: prog, Dataset: d})
			}
		}
	}
	return tasks
}

func runContest(c *cli.Context, e *env, file string) error {
	ctx, stop := signalContext(c.Context)
	defer stop()
	plan, err := planContest(ctx, e, file)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return failed("interrupted while building the submissions; nothing was judged")
	}
	st, err := e.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	var s *session
	done := map[store.Key]bool{}
	if id := c.String("resume"); id != "" {
		run, err := st.Run(ctx, id)
		if err != nil {
			return usageError("--resume %s: %v", id, err)
		}
		if run.Command != "contest" || run.Contest != plan.def.Name {
			return usageError("--resume %s: that run is %q %q, not contest %q", id, run.Command, run.Contest, plan.def.Name)
		}
		if done, err = st.Done(ctx, run.ID); err != nil {
			return usageError("--resume %s: %v", id, err)
		}
		if err := st.SetStatus(ctx, run.ID, store.StatusRunning); err != nil {
			return usageError("--resume %s: %v", id, err)
		}
		s = &session{id: run.ID, store: st}
	} else if s, err = newSession(ctx, st, "contest", c.Args().Slice(), plan.def.Name, plan.cfg); err != nil {
		return err
	}
	tasks := plan.tasks(done)
	fmt.Fprintf(c.App.ErrWriter, "contest %q, run %s: %d jobs (%d already done)\n", plan.def.Name, s.id, len(tasks), len(done))
	results, err := s.judge(ctx, c, e, tasks)
	interrupted := ctx.Err() != nil
	s.finish(ctx, interrupted)
	if err != nil {
		return err
	}
	if interrupted {
		finished := len(resultsOf(results))
		return failed("interrupted: %d of %d jobs finished and saved; continue with: judge contest %s --resume %s",
			finished, len(tasks), file, s.id)
	}
	return renderStored(context.WithoutCancel(ctx), c, e, st, s.id, true)
}

// loadReport rebuilds the report of a stored run from its configuration and results.
func loadReport(ctx context.Context, st *store.Store, id string) (store.Run, runConfig, reports.Report, error) {
	var cfg runConfig
	run, err := st.Run(ctx, id)
	if err != nil {
		return run, cfg, reports.Report{}, err
	}
	if err := json.Unmarshal(run.Config, &cfg); err != nil {
		return run, cfg, reports.Report{}, fmt.Errorf("run %s: stored configuration: %w", run.ID, err)
	}
	results, err := st.Results(ctx, run.ID)
	if err != nil {
		return run, cfg, reports.Report{}, err
	}
	rule := reports.StandingsRule(reports.ICPC)
	if cfg.Rule != "" {
		if rule, err = reports.ParseStandingsRule(cfg.Rule); err != nil {
			return run, cfg, reports.Report{}, err
		}
	}
	rep := reports.Build(reports.Input{Run: run.ID, Contest: cfg.Name, Generated: run.Started, Rule: rule,
		Problems: cfg.Problems, Entrants: cfg.Entrants, Results: results, ChallengeLog: cfg.ChallengeLog})
	return run, cfg, rep, nil
}

// renderStored prints a stored run's tables and writes its report folder; the
// contest and report commands both use it, so a re-rendered run prints the same.
func renderStored(ctx context.Context, c *cli.Context, e *env, st *store.Store, id string, write bool) error {
	run, cfg, rep, err := loadReport(ctx, st, id)
	if err != nil {
		return usageError("%v", err)
	}
	w := c.App.Writer
	if c.Bool("json") {
		return reports.WriteJSON(w, rep)
	}
	if err := renderTables(w, run, cfg, rep, e.color); err != nil {
		return err
	}
	if !write {
		return nil
	}
	out := c.String("out")
	if out == "" {
		out = filepath.Join(e.root, "reports", "out", run.ID)
	}
	rep.HTML.Picture = resultPictures(e.root)
	if err := reports.WriteReport(ctx, out, rep); err != nil {
		return failed("writing the report: %v", err)
	}
	fmt.Fprintf(w, "report: %s\n", relPath(out))
	return nil
}

// renderTables prints a run as its command printed it: a contest's rankings and
// standings, or a run's per-dataset tables and ranking.
func renderTables(w io.Writer, run store.Run, cfg runConfig, rep reports.Report, color bool) error {
	if run.Command != "contest" && len(cfg.Problems) == 1 {
		return printRunTables(w, cfg.Problems[0], cfg.Entrants, rep.Results, cfg.Details, color)
	}
	if cfg.Name != "" {
		fmt.Fprintf(w, "%s (run %s)\n\n", cfg.Name, run.ID)
	}
	for _, pr := range rep.Rankings {
		if err := reports.WriteRankingTable(w, pr, color); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	return reports.WriteStandingsTable(w, rep.Standings)
}
