package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// runConfig is what a stored run keeps to be rendered again exactly as it was.
type runConfig struct {
	File         string          `json:"file,omitempty"`
	Name         string          `json:"name,omitempty"`
	Rule         string          `json:"rule,omitempty"`
	Problems     []problems.Meta `json:"problems"`
	Entrants     []string        `json:"entrants"`
	ChallengeLog []string        `json:"challenge_log,omitempty"`
	Details      bool            `json:"details,omitempty"`
}

// openStore opens the history database under the state folder.
func (e *env) openStore(ctx context.Context) (*store.Store, error) {
	if err := os.MkdirAll(e.state, 0o755); err != nil {
		return nil, cli.Exit(fmt.Sprintf("state folder %s: %v", e.state, err), exitUsage)
	}
	// Opening is quick and must not fail because Ctrl-C was pressed a moment ago.
	st, err := store.Open(context.WithoutCancel(ctx), filepath.Join(e.state, "judge.db"))
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("history: %v", err), exitUsage)
	}
	return st, nil
}

// session is one judging run: its id, where results are saved and how progress shows.
type session struct {
	id    string
	store *store.Store // nil: results are not kept
}

// newSession starts a stored run (or an unstored one when st is nil).
func newSession(ctx context.Context, st *store.Store, command string, args []string, contest string, cfg runConfig) (*session, error) {
	if st == nil {
		id, err := store.NewRunID(time.Now())
		return &session{id: id}, err
	}
	blob, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	run, err := st.NewRun(ctx, store.Run{Command: command, Args: args, Contest: contest, Config: blob})
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("history: %v", err), exitUsage)
	}
	return &session{id: run.ID, store: st}, nil
}

// judge runs the tasks, shows progress on stderr, computes diffs for WA and PE and
// saves every finished result as it arrives, so that a crash of the judge loses no
// finished result. Interrupted tasks are returned but not saved.
func (s *session) judge(ctx context.Context, c *cli.Context, e *env, tasks []judging.Task) ([]judging.Judged, error) {
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
	tty := false
	if f, ok := c.App.ErrWriter.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	prog := reports.NewProgress(ctx, c.App.ErrWriter, tty, 5*time.Second, ptasks)
	var saveErr error
	results := e.judge(c).Judge(ctx, tasks, func(i int, r *judging.Judged) {
		r.Run = s.id
		if v := r.Outcome.Verdict; (v == problems.WA || v == problems.PE) && r.Output != nil {
			r.Diff = reports.UnifiedDiff("expected", "output", tasks[i].Dataset.Answer, r.Output, 64<<10)
		}
		if r.Interrupted {
			return
		}
		prog.Add(r.Result)
		if s.store != nil && saveErr == nil {
			// Saved even while stopping: a finished result is never lost.
			saveErr = s.store.Save(context.WithoutCancel(ctx), r.Result)
		}
	})
	prog.Finish()
	for i := range results {
		results[i].Run = s.id
	}
	if saveErr != nil {
		return results, cli.Exit(fmt.Sprintf("saving results: %v", saveErr), exitUsage)
	}
	return results, nil
}

// finish records how the run ended.
func (s *session) finish(ctx context.Context, interrupted bool) {
	if s.store == nil {
		return
	}
	status := store.StatusDone
	if interrupted {
		status = store.StatusInterrupted
	}
	_ = s.store.SetStatus(context.WithoutCancel(ctx), s.id, status)
}

// judgeAll judges every program on every dataset of one problem without keeping a
// history, for verify and regen.
func judgeAll(ctx context.Context, c *cli.Context, e *env, p problems.Problem, limits problems.Limits, progs []*build.Program, ds []problems.Dataset, keep bool) []judging.Judged {
	s, _ := newSession(ctx, nil, "", nil, "", runConfig{})
	results, _ := s.judge(ctx, c, e, tasksFor(p, limits, progs, ds, keep, 1))
	return results
}

// tasksFor lists every program × dataset × attempt of one problem.
func tasksFor(p problems.Problem, limits problems.Limits, progs []*build.Program, ds []problems.Dataset, keep bool, repeat int) []judging.Task {
	var tasks []judging.Task
	for _, prog := range progs {
		for _, d := range ds {
			for a := 0; a < repeat; a++ {
				tasks = append(tasks, judging.Task{Problem: p, Limits: limits, Program: prog, Dataset: d, Attempt: a, KeepOutput: keep})
			}
		}
	}
	return tasks
}

// resultsOf strips the harness's extras.
func resultsOf(js []judging.Judged) []problems.Result {
	out := make([]problems.Result, 0, len(js))
	for _, j := range js {
		if !j.Interrupted {
			out = append(out, j.Result)
		}
	}
	return out
}
