package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/contest"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
	"github.com/judgehq/judge/reports/live"
	"golang.org/x/sys/unix"
)

func outFlag() cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "report folder (default: reports/out/RUN-ID under the project)"}
}

// forceFlag lets a report be written over files of the report folder that the
// user edited since judge wrote them, after moving them into a backup folder.
// It is called --force, as grade's is, which does the same.
func forceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "write the report folder even where you edited files judge wrote there: they are moved into DIR/edited-DATE-TIME first"}
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
crash or Ctrl-C, --resume RUN-ID runs only the jobs that have no result yet. A run is
resumed the way it was judged, lazily (--lazy) or not, without repeating the flag: of
a lazy run the datasets after a stored failure are NJ, and those after a dataset with
no result yet are judged again, so it ends as a run never interrupted would.

With --nats URL the jobs go to workers (judge worker) through a broker (judge
broker) instead of being run here: every problem folder, submission and the
--languages table is uploaded by content hash, one job per entrant, problem and
dataset is published, and each result is saved in the history the moment it
arrives. The progress, tables and report are the same as a local run's, and
--resume works the same. The broker's token comes from --token-file and its
certificate is trusted with --tls-ca, as for judge worker.

Examples:
   judge contest examples/contest.yaml
   judge contest examples/contest.yaml --nats nats://127.0.0.1:4222
   judge contest examples/contest.yaml --nats tls://judgehost:4222 --token-file token --tls-ca broker.pem
   judge contest examples/contest.yaml --out /tmp/report -j 4
   judge contest examples/contest.yaml --lazy        stop each submission at its first failure
   judge contest examples/contest.yaml --resume 20261121-190000-3fa2`,
		Flags: []cli.Flag{jobsFlag(), outFlag(), forceFlag(), lazyFlag(),
			&cli.StringFlag{Name: "serve", Usage: "serve the live scoreboard at ADDR while judging (\":8080\" listens on localhost only)"},
			&cli.BoolFlag{Name: "rejudge-changed", Usage: "with --resume: judge again the entrants whose submission changed since the run started"},
			&cli.StringFlag{Name: "resume", Usage: "continue a stored run of this contest: only jobs without a result are run"},
			natsFlag(), tokenFileFlag(), tlsCAFlag(), ackWaitFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("contest: want one contest file (judge contest FILE.yaml)")
			}
			if c.Bool("rejudge-changed") && c.String("resume") == "" {
				return usageError("--rejudge-changed goes with --resume ID: a new run judges every entrant anyway")
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			if c.String("nats") != "" {
				if c.Bool("lazy") {
					return usageError("--lazy is not supported with --nats: the workers judge every dataset; judge lazily here, without --nats")
				}
				return runRemoteContest(c, e, c.Args().First())
			}
			return runContest(c, e, c.Args().First())
		},
	}
}

func runContest(c *cli.Context, e *env, file string) error {
	if err := checkOut(c); err != nil {
		return err
	}
	ctx, stop := signalContext(c.Context)
	defer stop()
	scoreboard, st, release, err := beforeBuilding(ctx, c, e)
	if err != nil {
		return err
	}
	defer release()
	e.Log = c.App.ErrWriter // one line per submission built: a long build is not silence
	plan, err := workflow.PlanContest(ctx, e.Env, file)
	e.Log = nil
	if ctx.Err() != nil {
		return failed("interrupted")
	}
	if err != nil {
		return usageError("%v", err)
	}
	if ctx.Err() != nil {
		return failed("interrupted while building the submissions; nothing was judged")
	}
	var s *workflow.Session
	var rejudge []workflow.Change
	done := map[workflow.Key]bool{}
	if id := c.String("resume"); id != "" {
		if err := checkResumeOut(ctx, c, e, st, id); err != nil {
			return err
		}
		if rejudge, err = checkResume(ctx, c, st, plan, id); err != nil {
			return err
		}
		if err := resumeLaziness(c, st, id); err != nil {
			return err
		}
		if s, done, err = workflow.Resume(ctx, st, id, "contest", plan.Contest.Name); err != nil {
			return usageError("--resume %s: %v", id, err)
		}
		workflow.Forget(done, rejudge)
	} else {
		lazy := c.Bool("lazy")
		plan.Config.Lazy = &lazy
		if s, err = newSession(ctx, st, "contest", c.Args().Slice(), plan.Contest.Name, plan.Config); err != nil {
			return err
		}
	}
	tasks := plan.Tasks(done)
	if c.Bool("lazy") && c.String("resume") != "" {
		// Lazy judging goes on from the stored results: NJ after a stored
		// failure, and judged again after a job that has no result yet.
		stored, err := st.Results(ctx, s.ID)
		if err != nil {
			_ = s.Finish(ctx, true)
			return failed("--resume %s: %v", s.ID, err)
		}
		tasks = plan.LazyTasks(done, stored)
	}
	fmt.Fprintf(c.App.ErrWriter, "contest %q, run %s: %d jobs (%d already done)\n", plan.Contest.Name, s.ID, len(tasks), len(done))
	var also []func(problems.Result)
	publish, stopServing, err := scoreboardFor(ctx, c, st, s, plan.Contest, plan.Config, scoreboard)
	if err != nil {
		return err
	}
	defer stopServing()
	also = append(also, publish...)
	results, err := judgeTasks(ctx, c, e, s, tasks, also...)
	interrupted := ctx.Err() != nil
	var saveErr *saveError
	if errors.As(err, &saveErr) {
		// Left resumable: the jobs whose results were not saved are judged
		// again by --resume once the cause is mended.
		_ = s.Finish(ctx, true)
		return failed("%v: judging stopped; once there is room, continue with: judge contest %s --resume %s",
			saveErr, file, s.ID)
	}
	_ = s.Finish(ctx, interrupted)
	if err != nil {
		return err
	}
	_ = reports.WriteCompileErrors(c.App.ErrWriter, workflow.Results(results), 10)
	if interrupted {
		finished := len(workflow.Results(results))
		return failed("interrupted: %d of %d jobs finished and saved; continue with: judge contest %s --resume %s",
			finished, len(tasks), file, s.ID)
	}
	if err := renderStored(context.WithoutCancel(ctx), c, e, st, s.ID, true); err != nil {
		return err
	}
	return judgeErrors(workflow.Results(results), fmt.Sprintf("once the cause is mended, judge them again with: judge contest %s --resume %s", file, s.ID))
}

// beforeBuilding takes what a contest needs before anything is built or a run
// is stored, so that a mistake in it costs nothing: the --serve address
// (listenScoreboard; nil without --serve) and the history, with --resume's run
// found in it (openForResume). release closes both (serveLive's server closes
// the listener first once it serves).
func beforeBuilding(ctx context.Context, c *cli.Context, e *env) (scoreboard net.Listener, st *workflow.Store, release func(), err error) {
	if scoreboard, err = listenScoreboard(c); err != nil {
		return nil, nil, nil, err
	}
	if st, err = openForResume(ctx, c, e); err != nil {
		if scoreboard != nil {
			scoreboard.Close()
		}
		return nil, nil, nil, err
	}
	return scoreboard, st, func() {
		st.Close()
		if scoreboard != nil {
			scoreboard.Close()
		}
	}, nil
}

// openForResume opens the history and, with --resume ID, finds the run there
// before anything is built or uploaded: an id that names no run is refused
// first.
func openForResume(ctx context.Context, c *cli.Context, e *env) (*workflow.Store, error) {
	st, err := e.openStore(ctx)
	if err != nil {
		return nil, err
	}
	if id := c.String("resume"); id != "" {
		run, err := st.Run(ctx, id)
		if err != nil {
			st.Close()
			return nil, usageError("--resume %s: %v; nothing was built (judge history lists the runs)", id, err)
		}
		if cfg, err := workflow.StoredConfig(run); err == nil {
			// Packages without a time limit keep the one the run inferred
			// (a damaged configuration is refused later, by the resume).
			e.Resuming(cfg)
		}
	}
	return st, nil
}

// listenScoreboard listens on the --serve address, if any (nil when none is
// given), before anything is built or stored: a mistyped or busy address is
// refused first.
func listenScoreboard(c *cli.Context) (net.Listener, error) {
	addr := c.String("serve")
	if addr == "" {
		return nil, nil
	}
	l, err := live.Listen(addr)
	if err != nil {
		return nil, usageError("--serve %s: %v; nothing was built", addr, err)
	}
	return l, nil
}

// scoreboardFor starts the live scoreboard of session s on l (see serveLive)
// and returns the hook that publishes each result to it, with the function
// that stops serving; with no listener, no hook and nothing to stop. When the
// scoreboard cannot start, s is finished as stopped.
func scoreboardFor(ctx context.Context, c *cli.Context, st *workflow.Store, s *workflow.Session, def *contest.Contest, cfg workflow.RunConfig, l net.Listener) ([]func(problems.Result), func(), error) {
	if l == nil {
		return nil, func() {}, nil
	}
	publish, stop, err := serveLive(ctx, c, st, def, cfg, s.ID, c.String("serve"), l)
	if err != nil {
		_ = s.Finish(ctx, true)
		return nil, nil, err
	}
	return []func(problems.Result){publish}, stop, nil
}

// serveLive starts the live scoreboard of a contest run on l, listening on addr
// (a bare ":port" listens on localhost only). It shows the results already
// stored (a resumed run) and every result published from then on, frozen at the
// contest's freeze time until stop is called, which lifts the freeze and stops
// serving.
func serveLive(ctx context.Context, c *cli.Context, st *workflow.Store, def *contest.Contest, cfg workflow.RunConfig, run, addr string, l net.Listener) (publish func(problems.Result), stop func(), err error) {
	rule := reports.StandingsRule(reports.ICPC)
	if def.Standings != "" {
		if rule, err = reports.ParseStandingsRule(def.Standings); err != nil {
			return nil, nil, usageError("%v", err)
		}
	}
	known, err := st.Results(ctx, run)
	if err != nil {
		return nil, nil, usageError("live scoreboard: %v", err)
	}
	srv := live.New(reports.Input{Run: run, Contest: def.Name, Generated: time.Now().UTC(), Rule: rule,
		Problems: cfg.Problems, Entrants: cfg.Entrants, Results: known},
		// No pictures on the live page: a scoreboard, rebuilt while judging and
		// fetched by every watcher; report.html has them at the end.
		live.Options{Freeze: def.Freeze, Host: serveHost(addr)})
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(sctx, l)
	}()
	fmt.Fprintf(c.App.ErrWriter, "live scoreboard: http://%s/\n", l.Addr())
	return srv.Publish, func() {
		srv.Unfreeze()
		cancel()
		<-done
	}, nil
}

// serveHost is the host name of a --serve address, when it is a name and not an
// address (the scoreboard answers requests for it, for IP addresses and for
// localhost, no other).
func serveHost(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || net.ParseIP(host) != nil {
		return ""
	}
	return host
}

// resumeLaziness makes the resume of stored run id judge as the run did:
// lazily (the flag is then set, so every part of the command sees it) or in
// full. A --lazy given against the run's way is refused, since the two ways
// give different verdicts for the same jobs. A run stored before its way was
// recorded is resumed as the flag says.
func resumeLaziness(c *cli.Context, st *workflow.Store, id string) error {
	_, stored, _, err := workflow.LoadReport(c.Context, st, id)
	if err != nil {
		return usageError("--resume %s: %v", id, err)
	}
	if stored.Lazy == nil {
		return nil
	}
	lazy := *stored.Lazy
	if c.IsSet("lazy") && c.Bool("lazy") != lazy {
		if lazy {
			return usageError("--resume %s: that run was judged lazily, and is resumed so; leave out --lazy=false, or start a new run", id)
		}
		return usageError("--resume %s: that run was judged in full, not lazily; resume it without --lazy, or start a new run with --lazy", id)
	}
	if lazy && !c.Bool("lazy") {
		fmt.Fprintf(c.App.ErrWriter, "resuming run %s lazily, as it was judged\n", id)
		if err := c.Set("lazy", "true"); err != nil {
			return failed("--resume %s: %v", id, err)
		}
	}
	return nil
}

// checkResume refuses to resume stored run id when what it judged is not what the
// plan would judge now: a changed problem or language table always, a changed
// submission unless --rejudge-changed asks to judge those entrants again (their new
// results replace the stored ones). It returns the entrants to judge again.
func checkResume(ctx context.Context, c *cli.Context, st *workflow.Store, plan *workflow.ContestPlan, id string) ([]workflow.Change, error) {
	run, stored, rep, err := workflow.LoadReport(ctx, st, id)
	if err != nil {
		return nil, usageError("--resume %s: %v", id, err)
	}
	// Whether it is this contest's run at all, before what changed in it.
	if run.Command != "contest" || run.Contest != plan.Contest.Name {
		return nil, usageError("--resume %s: that run is %q %q, not contest %q", id, run.Command, run.Contest, plan.Contest.Name)
	}
	changes, err := plan.ResumeCheck(stored, rep.Results)
	if err != nil {
		return nil, usageError("--resume %s: %v", id, err)
	}
	if len(changes) == 0 {
		return nil, nil
	}
	var names []string
	for _, ch := range changes {
		names = append(names, ch.String())
	}
	if !c.Bool("rejudge-changed") {
		return nil, usageError("--resume %s: changed since the run started: %s; judge them again with --rejudge-changed, or start a new run",
			id, strings.Join(names, "; "))
	}
	fmt.Fprintf(c.App.ErrWriter, "judging again, as they changed: %s\n", strings.Join(names, "; "))
	return changes, nil
}

// checkOut refuses, before anything is judged, an --out folder that the report
// could not replace without destroying the user's files.
func checkOut(c *cli.Context) error {
	if out := c.String("out"); out != "" && !c.Bool("no-write") {
		if err := reports.CheckReportFolder(out); err != nil {
			return usageError("--out: %v", err)
		}
		done := "nothing was judged"
		if c.Command != nil && c.Command.Name == "report" {
			done = "nothing was written"
		}
		if err := checkEdits(c, out, done); err != nil {
			return err
		}
		// The folder is made, or filled, in the nearest folder that exists.
		at := out
		for {
			if _, err := os.Stat(at); err == nil {
				break
			}
			parent := filepath.Dir(at)
			if parent == at {
				break
			}
			at = parent
		}
		if err := unix.Access(at, unix.W_OK); err != nil {
			return usageError("--out %s: %s is not writable (%v); nothing was judged", out, at, err)
		}
	}
	return nil
}

// checkResumeOut refuses, before anything is judged, to resume run id
// without --out when its report folder (reports/out/RUN-ID, where the report
// of its first part went) holds files the user edited since.
func checkResumeOut(ctx context.Context, c *cli.Context, e *env, st *workflow.Store, id string) error {
	if c.String("out") != "" {
		return nil // checked by checkOut
	}
	run, err := st.Run(ctx, id)
	if err != nil {
		return nil // checkResume says what is wrong with id
	}
	return checkEdits(c, filepath.Join(e.Root, "reports", "out", run.ID), "nothing was judged")
}

// checkEdits refuses, unless --force is given, the report folder out when it
// holds files judge wrote that the user edited since; done says what was
// done so far (nothing judged, the results stored).
func checkEdits(c *cli.Context, out, done string) error {
	if c.Bool("force") {
		return nil
	}
	return editedError(reports.CheckEdited(out), done)
}

// editedError is err, a refusal to write over edited files (reports.ErrEdited),
// as the message the CLI prints, with exit code 2; nil stays nil and any other
// error is returned as it is.
func editedError(err error, done string) error {
	var ee *reports.EditedError
	if !errors.As(err, &ee) {
		return err
	}
	it := "it"
	if len(ee.Files) > 1 {
		it = "them"
	}
	return usageError("--out: %s: you edited %s since judge wrote %s; %s. Move your version away, choose another --out, "+
		"or give --force to move what you edited into %s and write the report",
		relPath(ee.Dir), reports.ListNames(ee.Files), it, done, filepath.Join(relPath(ee.Dir), reports.BackupPrefix+"DATE-TIME"))
}

// renderStored prints a stored run's tables and writes its report folder; the
// contest and report commands both use it, so a re-rendered run prints the same.
func renderStored(ctx context.Context, c *cli.Context, e *env, st *workflow.Store, id string, write bool) error {
	run, cfg, rep, err := workflow.LoadReport(ctx, st, id)
	if err != nil {
		return usageError("%v", err)
	}
	return renderReport(ctx, c, e, run, cfg, rep, write)
}

// renderReport shows a stored run that LoadReport read, as renderStored does.
func renderReport(ctx context.Context, c *cli.Context, e *env, run workflow.Run, cfg workflow.RunConfig, rep reports.Report, write bool) error {
	w := c.App.Writer
	if run.Status != store.StatusDone {
		// Its tables rank what was judged before it stopped: say so, every
		// time they are shown, on the error stream (--json keeps its output
		// JSON).
		fmt.Fprintf(c.App.ErrWriter, "judge: run %s is %s, not done: its tables hold only the %d result(s) stored, not a full ranking\n",
			run.ID, run.Status, run.Results)
	}
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
	rep.HTML.Picture = resultPictures(e.Root)
	rep.HTML.Stderr = func(r problems.Result) string {
		if tail := strings.TrimSpace(r.StderrTail); tail != "" && !strings.Contains(r.Outcome.Details, tail) {
			return r.StderrTail
		}
		return "" // nothing, or already in the details (a runtime error's traceback)
	}
	note := func(s string) { fmt.Fprintf(c.App.ErrWriter, "report: %s\n", s) }
	if err := reports.WriteReportWith(ctx, out, rep, reports.WriteOptions{Note: note, Force: c.Bool("force")}); err != nil {
		if errors.Is(err, reports.ErrEdited) {
			return editedError(err, fmt.Sprintf("the results are stored as run %s: judge report %s --out %s --force writes them",
				run.ID, run.ID, reports.ShellQuote([]string{relPath(out)})))
		}
		if errors.Is(err, reports.ErrNotReportFolder) {
			return usageError("--out: %v (the results are stored as run %s: judge report %s --out DIR writes them elsewhere)", err, run.ID, run.ID)
		}
		return failed("writing the report: %v (the results are stored as run %s: judge report %s --out DIR writes them elsewhere)", err, run.ID, run.ID)
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
