// Package judging runs programs on a problem's datasets and decides their verdicts:
// a pool of workers (judge.go), the verdict rules (verdict.go, the one place a
// verdict is decided), the stdio and files I/O modes (io.go) and the pipes of
// interactive problems (interact.go). Programs come built from harness/build and run
// under limits through a harness/sandbox Runner.
package judging

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/gate"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
)

// Judge runs programs on a problem's datasets and decides their verdicts. The
// verdict of a run is decided here and only here: resource verdicts from the
// measurement first, then the problem's checker.
type Judge struct {
	Runner  sandbox.Runner
	Scratch string // folder for the runs' working files; each run gets its own
	// Jobs is how many submissions run at once (0: the number of CPUs). Twice
	// as many tasks are in hand, so that the next run of each job gets ready
	// (and the last is checked and stored) while a program runs: the
	// submissions' runs pass a gate of Jobs (harness/gate); the programs that
	// check them, and an interactive validator, do not count.
	Jobs int
	// Lazy stops judging a submission on a pass-fail problem at its first failed
	// dataset, in task order (DOMjudge's lazy evaluation): the later datasets get
	// NJ, not judged. Results are then reported in task order per submission, so
	// the outcome does not depend on which run finished first. Once a task is
	// interrupted, the later tasks of its submission come back interrupted too,
	// whatever they did: they are no judgement until it has one, so that a resumed
	// run ends as one never interrupted would.
	Lazy bool
}

// Task is one program on one dataset of a problem, under limits.
type Task struct {
	Problem problems.Problem
	Limits  problems.Limits
	Program *build.Program
	Dataset problems.Dataset
	Attempt int
	// KeepOutput keeps the answer-bearing output (stdout, or the first output file)
	// in Judged.Output even when the run is accepted (for regen).
	KeepOutput bool
	// Unchecked runs the program without the problem's checker, for a dataset
	// that has no answer yet (regen writing it): a run that ends within its
	// limits is AC, its message saying that nothing was checked. A CaseJudge
	// problem judges its runs itself and is not listed with such datasets.
	Unchecked bool
	// FailedBefore says that an earlier dataset of the same submission (problem,
	// program and attempt) failed in a part of the run judged before, as a resumed
	// run knows from its stored results. Under lazy judging the task is then NJ
	// without running; otherwise it is ignored.
	FailedBefore bool
}

// Judged is the result of a task, with the output kept for diffs and regen.
type Judged struct {
	problems.Result
	// Interrupted is true when the task was stopped or never started because the
	// context ended: the result is not a judgement and must not be stored.
	Interrupted bool
	// Output is the run's answer-bearing output: kept for WA and PE results (for a
	// diff) and when the task asked for it.
	Output []byte
}

// Judge runs every task, jobs at a time (tasks may belong to different problems),
// and returns the results in the order of tasks, whatever order they finished in.
// progress, when not nil, is called with the task's index once per finished task
// (from one goroutine at a time) and may amend the result before it is kept. When ctx ends, running tasks are stopped and the rest are not started;
// their results are marked Interrupted.
func (j *Judge) Judge(ctx context.Context, tasks []Task, progress func(i int, r *Judged)) []Judged {
	jobs := j.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	out := make([]Judged, len(tasks))
	lz := newLaziness(j.Lazy, tasks)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	gated := gate.With(ctx, gate.New(jobs))
	for w := 0; w < 2*jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				var r Judged
				if lz.skip(&mu, i) {
					r = notJudged(tasks[i])
				} else {
					r = j.one(gated, tasks[i])
				}
				mu.Lock()
				for _, k := range lz.finish(i, r) {
					v := lz.done[k]
					delete(lz.done, k)
					if progress != nil {
						progress(k, &v)
					}
					out[k] = v
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range tasks {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	for i := range out {
		if out[i].Problem == "" { // never started
			out[i] = newJudged(tasks[i])
			out[i].Interrupted = true
			out[i].Outcome = problems.Rejected(problems.JE, "not run: %v", ctx.Err())
		}
	}
	return out
}

// laziness releases results for lazy judging: per submission on a pass-fail
// problem, in task order, with NJ after the first failure. Without it every
// result is released as it finishes.
//
// An interrupted task leaves the fate of the later tasks of its group open (had it
// finished it might have failed, making them NJ), so they are released as
// interrupted too, whatever they did: a resumed run judges them again, after it.
type laziness struct {
	on     bool
	group  []int          // task → its group
	order  [][]int        // group → its tasks, ascending
	next   []int          // group → position of the next task to release
	failed []int          // group → lowest failed task seen so far (-1: none)
	before []bool         // task → Task.FailedBefore: NJ without running
	cut    []bool         // group → a released task was interrupted
	done   map[int]Judged // finished, not yet released
}

func newLaziness(on bool, tasks []Task) *laziness {
	lz := &laziness{on: on, done: map[int]Judged{}}
	if !on {
		return lz
	}
	type key struct {
		problem string
		prog    *build.Program
		attempt int
	}
	ids := map[key]int{}
	lz.group = make([]int, len(tasks))
	lz.before = make([]bool, len(tasks))
	for i, t := range tasks {
		if t.Problem.Meta().Kind != problems.PassFail {
			lz.group[i] = -1
			continue
		}
		k := key{t.Problem.Meta().Slug, t.Program, t.Attempt}
		g, ok := ids[k]
		if !ok {
			g = len(lz.order)
			ids[k] = g
			lz.order = append(lz.order, nil)
			lz.next = append(lz.next, 0)
			lz.failed = append(lz.failed, -1)
			lz.cut = append(lz.cut, false)
		}
		lz.group[i] = g
		lz.order[g] = append(lz.order[g], i)
		lz.before[i] = t.FailedBefore
	}
	return lz
}

// skip reports whether task i need not run: an earlier task of its group failed,
// in this part of the run or in one before it.
func (lz *laziness) skip(mu *sync.Mutex, i int) bool {
	if !lz.on || lz.group[i] < 0 {
		return false
	}
	if lz.before[i] {
		return true
	}
	mu.Lock()
	defer mu.Unlock()
	f := lz.failed[lz.group[i]]
	return f >= 0 && f < i
}

// finish records task i's result and returns the tasks whose results are now
// released (in lz.done), in order. Called with the pool's lock held.
func (lz *laziness) finish(i int, r Judged) []int {
	lz.done[i] = r
	if !lz.on || lz.group[i] < 0 {
		return []int{i}
	}
	g := lz.group[i]
	if failedRun(r) && (lz.failed[g] < 0 || i < lz.failed[g]) {
		lz.failed[g] = i
	}
	var released []int
	for lz.next[g] < len(lz.order[g]) {
		k := lz.order[g][lz.next[g]]
		r, ok := lz.done[k]
		if !ok {
			break
		}
		switch f := lz.failed[g]; {
		case lz.before[k]:
			// NJ already (skip): a failure stored by an earlier part of the
			// run decided it, whatever this part does before it.
		case lz.cut[g]:
			// After an interrupted task: not a judgement, even if it ran.
			if !r.Interrupted {
				lz.done[k] = interruptedFrom(r)
			}
		case f >= 0 && f < k:
			// After a failure released as judged: NJ, even if it was
			// interrupted.
			if r.Interrupted || r.Outcome.Verdict != problems.NJ {
				lz.done[k] = notJudgedFrom(r)
			}
		case r.Interrupted:
			lz.cut[g] = true
		}
		released = append(released, k)
		lz.next[g]++
	}
	return released
}

// failedRun reports whether a result stops lazy judging: a verdict other than
// AC from a finished run.
func failedRun(r Judged) bool {
	return !r.Interrupted && r.Outcome.Verdict != problems.AC && r.Outcome.Verdict != problems.NJ
}

// notJudged is the result of a task lazy judging did not run.
func notJudged(t Task) Judged {
	return notJudgedFrom(newJudged(t))
}

func notJudgedFrom(r Judged) Judged {
	r.Outcome = problems.Outcome{Verdict: problems.NJ, Message: "not judged: an earlier dataset failed (lazy judging)"}
	r.Usage, r.Output, r.Interrupted = problems.Usage{}, nil, false
	r.KeptOutput, r.StderrTail = nil, ""
	return r
}

// interruptedFrom is r withdrawn as a judgement: an earlier task of its group was
// interrupted, so under lazy judging it might have been NJ.
func interruptedFrom(r Judged) Judged {
	r.Outcome = problems.Rejected(problems.JE, "stopped: an earlier dataset of this submission was interrupted (lazy judging)")
	r.Usage, r.Output, r.Interrupted = problems.Usage{}, nil, true
	r.KeptOutput, r.StderrTail = nil, ""
	return r
}

func newJudged(t Task) Judged {
	prog := t.Program
	return Judged{Result: problems.Result{
		Problem: t.Problem.Meta().Slug, Submission: prog.Name, Source: prog.Source, Hash: prog.Hash,
		Language: prog.Language, Dataset: t.Dataset.Name, Attempt: t.Attempt, Started: time.Now().UTC(),
	}}
}

// CaseJudge is implemented by problems that run a program on a dataset and
// judge it themselves, rather than through the judge's own run and checker: an
// ICPC package, whose interactive validator must run beside the submission under
// the package format's rules of which verdict wins. JudgeCase returns the run's
// measurement, the outcome with resource verdicts decided, and the
// answer-bearing output of a wrong answer (for the diff and the report) and
// the end of the program's standard error.
type CaseJudge interface {
	JudgeCase(ctx context.Context, prog *build.Program, ds problems.Dataset, l problems.Limits) (CaseRun, error)
}

// CaseRun is what a CaseJudge found on one dataset.
type CaseRun struct {
	Outcome problems.Outcome // resource verdicts decided
	Measure sandbox.Measure
	// Output is the answer-bearing output of a WA or PE, for the diff and the
	// report (nil otherwise).
	Output []byte
	// Stderr is the end of the program's standard error (the report keeps
	// the last problems.MaxStderrTail bytes of a result that is not AC).
	Stderr []byte
}

// one judges a single task: it runs the program unless a verdict is already known
// (beforeRun) and hands what happened to afterRun.
func (j *Judge) one(ctx context.Context, t Task) Judged {
	r := newJudged(t)
	if o, stop := beforeRun(ctx, t.Program); stop {
		r.Outcome, r.Interrupted = o, ctx.Err() != nil
		return r
	}
	if cj, ok := t.Problem.(CaseJudge); ok {
		cr, err := cj.JudgeCase(ctx, t.Program, t.Dataset, t.Limits)
		m, o := cr.Measure, cr.Outcome
		r.Usage = problems.Usage{CPU: m.CPU, Wall: m.Wall, PeakKiB: m.PeakKiB}
		switch {
		case ctx.Err() != nil:
			r.Outcome, r.Interrupted = problems.Rejected(problems.JE, "stopped: %v", ctx.Err()), true
			return r
		case err != nil:
			r.Outcome = problems.Rejected(problems.JE, "%v", err)
		default:
			r.Outcome = o
		}
		r.Outcome = bounded(r.Outcome)
		scorePassFail(t.Problem, &r.Outcome)
		r.Outcome = finite(r.Outcome)
		if r.Outcome.Verdict == problems.WA || r.Outcome.Verdict == problems.PE {
			r.Output = cr.Output
		}
		r.Keep(r.Output, cr.Stderr)
		return r
	}
	out, m, err := j.execute(ctx, t.Problem, t.Limits, t)
	r.Usage = problems.Usage{CPU: m.CPU, Wall: m.Wall, PeakKiB: m.PeakKiB}
	out.Usage = r.Usage
	r.Outcome, r.Interrupted = afterRun(ctx, t, out, m, err)
	if r.Interrupted {
		return r
	}
	if t.KeepOutput || r.Outcome.Verdict == problems.WA || r.Outcome.Verdict == problems.PE {
		r.Output = answerOutput(t.Problem, t.Dataset, out)
	}
	r.Keep(r.Output, out.Stderr)
	return r
}
