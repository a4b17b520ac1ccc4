package workflow

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// RunConfig is what a stored run keeps to be rendered again exactly as it was.
type RunConfig struct {
	File         string          `json:"file,omitempty"`
	Name         string          `json:"name,omitempty"`
	Rule         string          `json:"rule,omitempty"`
	Problems     []problems.Meta `json:"problems"`
	Entrants     []string        `json:"entrants"`
	ChallengeLog []string        `json:"challenge_log,omitempty"`
	Details      bool            `json:"details,omitempty"`
	// Fingerprints hold, per problem slug, a hash of what its results depend on
	// besides the submissions (datasets, metadata, limits), and Languages one of the
	// language table, so that a resume can refuse to mix versions.
	Fingerprints map[string]string `json:"fingerprints,omitempty"`
	Languages    string            `json:"languages,omitempty"`
	// Sources hold, for a run judged by remote workers, the content hash of each
	// entrant's submission by "PROBLEM/ENTRANT" (the workers' build hashes are not
	// known here), so that its resume can see a changed submission too.
	Sources map[string]string `json:"sources,omitempty"`
	// Lazy says whether the run was judged lazily (judging.Judge.Lazy), so
	// that its resume judges the same way; nil for a run stored before it
	// was recorded.
	Lazy *bool `json:"lazy,omitempty"`
}

// diffLimit caps the diff kept with a WA or PE result.
const diffLimit = 64 << 10

// diffAnswerBytes is how much of an answer a diff against output reads: the
// first difference lies at most one byte past the output's length, and the
// diff shows a window of well under a MiB around it, so a package's large
// answer is not read whole once more.
func diffAnswerBytes(output []byte) int64 { return int64(len(output)) + 1<<20 }

// Session is one judging run: its id and the history its results go to.
type Session struct {
	ID    string
	store *store.Store // nil: results are not kept
	// release gives up the claim on the run (store.Claim) once it is finished.
	release func()
	// made, for a session OpenSession makes, is closed once the run is made
	// in the history (ID, store and release set) or could not be (madeErr).
	made    chan struct{}
	madeErr error
}

// OpenSession is NewSession in the background, for a command whose first runs
// need not wait for the history: open opens the store (in a goroutine), and
// the run is made in it as NewSession makes it. Judge starts judging at once
// and stores results once the run is made; if it cannot be, Judge stops, and
// Wait says why. ID is set once Wait has returned. Opening the history and
// starting a run took 3-7 ms of a `judge run` before its first program
// could start, with the jail's first slot ready 0.5-7 ms earlier.
func OpenSession(ctx context.Context, open func(context.Context) (*store.Store, error), command string, args []string, contest string, cfg RunConfig) *Session {
	s := &Session{made: make(chan struct{})}
	go func() {
		defer close(s.made)
		// Quick, and not to be stopped by a Ctrl-C a moment ago (as NewSession's
		// callers open the history).
		ctx := context.WithoutCancel(ctx)
		st, err := open(ctx)
		if err != nil {
			s.madeErr = err
			return
		}
		made, err := NewSession(ctx, st, command, args, contest, cfg)
		if err != nil {
			st.Close()
			s.madeErr = err
			return
		}
		s.ID, s.store, s.release = made.ID, made.store, made.release
	}()
	return s
}

// Wait waits until the session's run is made (at once for a session
// NewSession made) and returns its history (nil for an unstored session), or
// why it could not be made.
func (s *Session) Wait() (*store.Store, error) {
	if s.made != nil {
		<-s.made
	}
	return s.store, s.madeErr
}

// NewSession starts a stored run in st, or an unstored one when st is nil.
func NewSession(ctx context.Context, st *store.Store, command string, args []string, contest string, cfg RunConfig) (*Session, error) {
	if st == nil {
		id, err := store.NewRunID(time.Now())
		if err != nil {
			return nil, fmt.Errorf("naming the run: %w", err)
		}
		return &Session{ID: id}, nil
	}
	blob, err := json.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("encoding the run configuration: %w", err)
	}
	run, err := st.NewRun(ctx, store.Run{Command: command, Args: args, Contest: contest, Config: blob})
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	release, err := st.Claim(run.ID)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return &Session{ID: run.ID, store: st, release: release}, nil
}

// Resume reopens stored run id of command (and contest, for contests) and returns
// it with the keys of the jobs that already have a result.
func Resume(ctx context.Context, st *store.Store, id, command, contest string) (*Session, map[store.Key]bool, error) {
	run, err := st.Run(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if run.Command != command || run.Contest != contest {
		return nil, nil, fmt.Errorf("that run is %q %q, not %s %q", run.Command, run.Contest, command, contest)
	}
	// Claimed before its results are read: a second command resuming it now
	// would judge every job this one judges.
	release, err := st.Claim(run.ID)
	if err != nil {
		return nil, nil, err
	}
	done, err := st.Done(ctx, run.ID)
	if err != nil {
		release()
		return nil, nil, fmt.Errorf("results of run %s: %w", run.ID, err)
	}
	if err := st.SetStatus(ctx, run.ID, store.StatusRunning); err != nil {
		release()
		return nil, nil, fmt.Errorf("reopening run %s: %w", run.ID, err)
	}
	return &Session{ID: run.ID, store: st, release: release}, done, nil
}

// Judge runs the tasks on j. Each finished result goes, in the order results
// finish, to one writer goroutine fed by a channel, off the pool's lock: it adds the
// diff of a WA or PE, passes the result to onResult (progress; may be nil) and
// saves it, so that a crash of the judge loses no finished result and no worker
// waits for the disk. Interrupted tasks are returned but neither shown nor saved.
// The returned results carry the run id and the diffs. The error is the first
// failure to save: judging stops there (the jobs not yet finished come back
// interrupted), since nothing judged after it could be kept; the results
// finished before are returned all the same, saved or not.
func (s *Session) Judge(ctx context.Context, j *judging.Judge, tasks []judging.Task, onResult func(problems.Result)) ([]judging.Judged, error) {
	type finished struct {
		i int
		r judging.Judged
	}
	judgeCtx, stop := context.WithCancel(ctx)
	defer stop()
	// Room for every result: a send never blocks a worker, whatever the disk does.
	queue := make(chan finished, len(tasks))
	diffs := make([]string, len(tasks))
	saved := make(chan error, 1)
	go func() {
		var saveErr error
		if _, err := s.Wait(); err != nil {
			saveErr = err
			stop()
		}
		for f := range queue {
			r := f.r
			r.Run = s.ID
			if v := r.Outcome.Verdict; (v == problems.WA || v == problems.PE) && r.Output != nil {
				if ans, err := tasks[f.i].Dataset.AnswerPrefix(diffAnswerBytes(r.Output)); err == nil {
					r.Diff = reports.UnifiedDiff("expected", "output", ans, r.Output, diffLimit)
					diffs[f.i] = r.Diff
				}
			}
			if r.Interrupted {
				continue
			}
			if onResult != nil {
				onResult(r.Result)
			}
			if s.store != nil && saveErr == nil {
				// Saved even while stopping: a finished result is never lost.
				if err := s.store.Save(context.WithoutCancel(ctx), r.Result); err != nil {
					saveErr = fmt.Errorf("saving results: %w", err)
					stop()
				}
			}
		}
		saved <- saveErr
	}()
	results := j.Judge(judgeCtx, tasks, func(i int, r *judging.Judged) {
		queue <- finished{i, *r} // the run's id is set there, once the run is made
	})
	close(queue)
	saveErr := <-saved
	for i := range results {
		results[i].Run = s.ID
		if diffs[i] != "" {
			results[i].Diff = diffs[i]
		}
	}
	return results, saveErr
}

// Finish records how the run ended.
func (s *Session) Finish(ctx context.Context, interrupted bool) error {
	if s.store == nil {
		return nil
	}
	status := store.StatusDone
	if interrupted {
		status = store.StatusInterrupted
	}
	err := s.store.SetStatus(context.WithoutCancel(ctx), s.ID, status)
	if err == nil {
		s.store.Flush(context.WithoutCancel(ctx))
	}
	if s.release != nil {
		s.release()
		s.release = nil
	}
	if err != nil {
		return fmt.Errorf("closing run %s: %w", s.ID, err)
	}
	return nil
}
