package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
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

With --nats URL the jobs go to workers (judge worker) through a broker (judge
broker) instead of being run here: every problem folder, submission and the
--languages table is uploaded by content hash, one job per entrant, problem and
dataset is published, and each result is saved in the history the moment it
arrives. The progress, tables and report are the same as a local run's, and
--resume works the same.

Examples:
   judge contest examples/contest.yaml
   judge contest examples/contest.yaml --nats nats://127.0.0.1:4222
   judge contest examples/contest.yaml --out /tmp/report -j 4
   judge contest examples/contest.yaml --resume 20261121-190000-3fa2`,
		Flags: []cli.Flag{jobsFlag(), outFlag(),
			&cli.StringFlag{Name: "resume", Usage: "continue a stored run of this contest: only jobs without a result are run"},
			natsFlag(), ackWaitFlag(),
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
			if c.String("nats") != "" {
				return runRemoteContest(c, e, c.Args().First())
			}
			return runContest(c, e, c.Args().First())
		},
	}
}

func runContest(c *cli.Context, e *env, file string) error {
	ctx, stop := signalContext(c.Context)
	defer stop()
	plan, err := workflow.PlanContest(ctx, e.Env, file)
	if ctx.Err() != nil {
		return failed("interrupted")
	}
	if err != nil {
		return usageError("%v", err)
	}
	if ctx.Err() != nil {
		return failed("interrupted while building the submissions; nothing was judged")
	}
	st, err := e.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	var s *workflow.Session
	done := map[workflow.Key]bool{}
	if id := c.String("resume"); id != "" {
		if s, done, err = workflow.Resume(ctx, st, id, "contest", plan.Contest.Name); err != nil {
			return usageError("--resume %s: %v", id, err)
		}
	} else if s, err = newSession(ctx, st, "contest", c.Args().Slice(), plan.Contest.Name, plan.Config); err != nil {
		return err
	}
	tasks := plan.Tasks(done)
	fmt.Fprintf(c.App.ErrWriter, "contest %q, run %s: %d jobs (%d already done)\n", plan.Contest.Name, s.ID, len(tasks), len(done))
	results, err := judgeTasks(ctx, c, e, s, tasks)
	interrupted := ctx.Err() != nil
	_ = s.Finish(ctx, interrupted)
	if err != nil {
		return err
	}
	if interrupted {
		finished := len(workflow.Results(results))
		return failed("interrupted: %d of %d jobs finished and saved; continue with: judge contest %s --resume %s",
			finished, len(tasks), file, s.ID)
	}
	return renderStored(context.WithoutCancel(ctx), c, e, st, s.ID, true)
}

// renderStored prints a stored run's tables and writes its report folder; the
// contest and report commands both use it, so a re-rendered run prints the same.
func renderStored(ctx context.Context, c *cli.Context, e *env, st *workflow.Store, id string, write bool) error {
	run, cfg, rep, err := workflow.LoadReport(ctx, st, id)
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
		out = filepath.Join(e.Root, "reports", "out", run.ID)
	}
	if err := reports.WriteReport(ctx, out, rep); err != nil {
		return failed("writing the report: %v", err)
	}
	fmt.Fprintf(w, "report: %s\n", relPath(out))
	return nil
}

// renderTables prints a run as its command printed it: a contest's rankings and
// standings, or a run's per-dataset tables and ranking.
func renderTables(w io.Writer, run workflow.Run, cfg workflow.RunConfig, rep reports.Report, color bool) error {
	if run.Command != "contest" && len(cfg.Problems) == 1 {
		return reports.WriteRunTables(w, cfg.Problems[0], cfg.Entrants, rep.Results, cfg.Details, color)
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
