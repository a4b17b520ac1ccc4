package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// runRemoteContest judges a contest through the workers of the broker at --nats.
func runRemoteContest(c *cli.Context, e *env, file string) error {
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
	nc, js, err := connectBroker(ctx, c, "judge contest")
	if err != nil {
		return err
	}
	defer nc.Close()
	if err := dist.Setup(ctx, js, distConfig(c)); err != nil {
		return failed("%v", err)
	}
	blobs, err := dist.OpenBlobs(ctx, js)
	if err != nil {
		return failed("%v", err)
	}
	plan, err := workflow.PlanRemoteContest(ctx, e.Env, blobs, file, c.String("languages"))
	if ctx.Err() != nil {
		return failed("interrupted while uploading; nothing was judged")
	}
	if err != nil {
		return usageError("%v", err)
	}
	var s *workflow.Session
	done := map[workflow.Key]bool{}
	if id := c.String("resume"); id != "" {
		if err := checkResumeOut(ctx, c, e, st, id); err != nil {
			return err
		}
		if err := checkRemoteResume(ctx, c, st, plan, id); err != nil {
			return err
		}
		if s, done, err = workflow.Resume(ctx, st, id, "contest", plan.Contest.Name); err != nil {
			return usageError("--resume %s: %v", id, err)
		}
	} else if s, err = newSession(ctx, st, "contest", c.Args().Slice(), plan.Contest.Name, plan.Config); err != nil {
		return err
	}
	// A resumed run judges its judge errors again. Their jobs were published
	// before under the same id, which the broker would drop as a duplicate for an
	// hour: they go out under a new one.
	retry := map[workflow.Key]bool{}
	if c.String("resume") != "" {
		stored, err := st.Results(ctx, s.ID)
		if err != nil {
			return failed("%v", err)
		}
		for _, r := range stored {
			retry[workflow.Key{Problem: r.Problem, Submission: r.Submission, Dataset: r.Dataset, Attempt: r.Attempt}] = true
		}
	}
	var jobs []dist.Job
	var ptasks []reports.Task
	index := map[string]int{}
	for _, j := range plan.Jobs {
		k := workflow.Key{Problem: j.Problem, Submission: j.Submission, Dataset: j.Dataset, Attempt: j.Attempt}
		if done[k] {
			continue
		}
		if retry[k] {
			j.ID += "/retry-" + time.Now().UTC().Format("20060102T150405.000")
		}
		jobs = append(jobs, j)
		if _, ok := index[j.Problem]; !ok {
			index[j.Problem] = len(ptasks)
			ptasks = append(ptasks, reports.Task{Problem: j.Problem})
		}
		ptasks[index[j.Problem]].Jobs++
	}
	fmt.Fprintf(c.App.ErrWriter, "contest %q, run %s: %d jobs (%d already done) to the workers at %s\n",
		plan.Contest.Name, s.ID, len(jobs), len(done), dist.Redact(c.String("nats")))
	var judged []problems.Result // one at a time: Distribute stores results in turn
	also := []func(problems.Result){func(r problems.Result) { judged = append(judged, r) }}
	publish, stopServing, err := scoreboardFor(ctx, c, st, s, plan.Contest, plan.Config, scoreboard)
	if err != nil {
		return err
	}
	defer stopServing()
	also = append(also, publish...)
	prog := newProgress(ctx, c.App.ErrWriter, ptasks)
	also = append(also, prog.Add)
	took, err := s.Distribute(ctx, &dist.Coordinator{JS: js, Config: distConfig(c)}, jobs, func(r problems.Result) {
		for _, f := range also {
			f(r)
		}
	})
	prog.Finish()
	interrupted := ctx.Err() != nil
	_ = s.Finish(ctx, interrupted)
	if len(took) > 0 {
		slices.Sort(took)
		fmt.Fprintf(c.App.ErrWriter, "broker path: %d results, publish to stored: median %v, p99 %v, max %v\n",
			len(took), took[len(took)/2].Round(time.Millisecond), took[(len(took)*99)/100].Round(time.Millisecond),
			took[len(took)-1].Round(time.Millisecond))
	}
	if interrupted {
		return failed("interrupted: %d of %d jobs stored; the rest stay queued; continue with: judge contest %s --nats %s --resume %s",
			len(took), len(jobs), file, dist.Redact(c.String("nats")), s.ID)
	}
	if err != nil {
		return failed("%v", err)
	}
	if err := renderStored(context.WithoutCancel(ctx), c, e, st, s.ID, true); err != nil {
		return err
	}
	return judgeErrors(judged, fmt.Sprintf("once the cause is mended, judge them again with: judge contest %s --nats %s --resume %s",
		file, dist.Redact(c.String("nats")), s.ID))
}

// checkRemoteResume refuses to resume stored run id through workers when what it
// judged is not what the plan would judge now: a changed problem, language table
// or submission. (Judging changed entrants again is local only: their jobs would
// need new ids at the broker.)
func checkRemoteResume(ctx context.Context, c *cli.Context, st *workflow.Store, plan *workflow.RemotePlan, id string) error {
	_, stored, rep, err := workflow.LoadReport(ctx, st, id)
	if err != nil {
		return usageError("--resume %s: %v", id, err)
	}
	changes, err := plan.ResumeCheck(stored, rep.Results)
	if err != nil {
		return usageError("--resume %s: %v", id, err)
	}
	if len(changes) == 0 {
		return nil
	}
	var names []string
	for _, ch := range changes {
		names = append(names, ch.String())
	}
	return usageError("--resume %s: changed since the run started: %s; with --nats a changed submission means a new run "+
		"(--rejudge-changed works for local runs only)", id, strings.Join(names, "; "))
}
