package judging

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
)

// Judge runs programs on a problem's datasets and decides their verdicts. The
// verdict of a run is decided here and only here: resource verdicts from the
// measurement first, then the problem's checker.
type Judge struct {
	Runner  sandbox.Runner
	Scratch string // folder for the runs' working files; each run gets its own
	Jobs    int    // runs at once; 0 means the number of CPUs
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
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := j.one(ctx, tasks[i])
				if progress != nil {
					mu.Lock()
					progress(i, &r)
					mu.Unlock()
				}
				out[i] = r
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

func newJudged(t Task) Judged {
	prog := t.Program
	return Judged{Result: problems.Result{
		Problem: t.Problem.Meta().Slug, Submission: prog.Name, Source: prog.Source, Hash: prog.Hash,
		Language: prog.Language, Dataset: t.Dataset.Name, Attempt: t.Attempt, Started: time.Now().UTC(),
	}}
}

// one judges a single task.
func (j *Judge) one(ctx context.Context, t Task) Judged {
	p, limits, prog := t.Problem, t.Limits, t.Program
	meta := p.Meta()
	r := newJudged(t)
	switch {
	case ctx.Err() != nil:
		r.Interrupted = true
		r.Outcome = problems.Rejected(problems.JE, "not run: %v", ctx.Err())
		return r
	case prog.CompileError != "":
		r.Outcome = problems.Outcome{Verdict: problems.CE, Message: firstLine(prog.CompileError), Details: prog.CompileError}
		return r
	case prog.Unavailable != "":
		r.Outcome = problems.Rejected(problems.JE, "%s", prog.Unavailable)
		return r
	}
	out, m, err := j.execute(ctx, p, limits, t)
	r.Usage = problems.Usage{CPU: m.CPU, Wall: m.Wall, PeakKiB: m.PeakKiB}
	if ctx.Err() != nil { // first: a run stopped early may also have failed to start
		r.Interrupted = true
		r.Outcome = problems.Rejected(problems.JE, "stopped: %v", ctx.Err())
		return r
	}
	if err != nil {
		r.Outcome = problems.Rejected(problems.JE, "%v", err)
		return r
	}
	if o, decided := resourceVerdict(m, limits); decided {
		r.Outcome = o
		return r
	}
	out.Usage = r.Usage
	r.Outcome = safeCheck(p, t.Dataset, out)
	if meta.Kind == problems.PassFail {
		r.Outcome.Score = 0
		if r.Outcome.Verdict == problems.AC {
			r.Outcome.Score = 1
		}
	}
	if t.KeepOutput || r.Outcome.Verdict == problems.WA || r.Outcome.Verdict == problems.PE {
		r.Output = answerOutput(p, t.Dataset, out)
	}
	return r
}

// resourceVerdict decides MLE, TLE, OLE and RTE from a measurement, in that order of
// precedence; decided is false when the run ended normally and the checker decides.
func resourceVerdict(m sandbox.Measure, l problems.Limits) (o problems.Outcome, decided bool) {
	switch {
	case m.MemoryExceeded:
		// First: a program stuck at its memory limit is often killed by a timer.
		return problems.Rejected(problems.MLE, "memory limit %d MiB exceeded (peak %d KiB)", l.Memory, m.PeakKiB), true
	case m.TimedOut:
		return problems.Rejected(problems.TLE, "wall time limit %s exceeded", l.WallLimit()), true
	case m.CPUExceeded:
		return problems.Rejected(problems.TLE, "CPU time %s over the %s limit", ms(m.CPU), l.TimeLimit()), true
	case m.OutputExceeded:
		return problems.Rejected(problems.OLE, "output limit %d MiB exceeded", l.Output), true
	case m.Signal != "":
		return problems.Rejected(problems.RTE, "killed by %s", m.Signal), true
	case m.ExitCode != 0:
		return problems.Rejected(problems.RTE, "exit code %d", m.ExitCode), true
	}
	return problems.Outcome{}, false
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// safeCheck calls the checker and turns a panic into a judge error.
func safeCheck(p problems.Problem, ds problems.Dataset, out problems.Output) (o problems.Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = problems.Rejected(problems.JE, "checker panicked: %v", v)
		}
	}()
	return p.Check(ds, out)
}

// answerOutput returns the output an .ans file holds: stdout, or the first output
// file for problems with file I/O.
func answerOutput(p problems.Problem, ds problems.Dataset, out problems.Output) []byte {
	if fio, ok := p.(problems.FileIO); ok && p.Meta().IO == problems.Files {
		if names := fio.OutputFiles(ds); len(names) > 0 {
			return out.Files[names[0]]
		}
	}
	return out.Stdout
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// RunLimits converts a problem's limits to the runner's, for one program.
func RunLimits(l problems.Limits, prog *build.Program) sandbox.Limits {
	return sandbox.Limits{
		CPU: l.TimeLimit(), Wall: l.WallLimit(),
		Memory: l.Memory << 20, Output: l.Output << 20, Processes: l.Processes,
		AddressSpace: prog.AddressSpace,
	}
}

// programEnv is the environment a submission runs with.
func programEnv(home string) []string {
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	return []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8", "TMPDIR=" + home}
}

// execute runs the task's program in a fresh scratch folder in the problem's I/O
// mode and returns what it produced.
func (j *Judge) execute(ctx context.Context, p problems.Problem, limits problems.Limits, t Task) (problems.Output, sandbox.Measure, error) {
	var out problems.Output
	if err := os.MkdirAll(j.Scratch, 0o755); err != nil {
		return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
	}
	dir, err := os.MkdirTemp(j.Scratch, "run-")
	if err != nil {
		return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
	}
	defer os.RemoveAll(dir)
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o777); err != nil {
		return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
	}
	rl := RunLimits(limits, t.Program)
	spec := sandbox.Spec{Argv: t.Program.Argv, Dir: work, Env: programEnv(work), Limits: rl}
	stderr, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
	}
	defer stderr.Close()
	spec.Stderr = stderr

	var m sandbox.Measure
	switch p.Meta().IO {
	case problems.InteractIO:
		ia, ok := p.(problems.Interactor)
		if !ok {
			return out, m, fmt.Errorf("problem %s is interactive but has no interactor", p.Meta().Slug)
		}
		var o problems.Outcome
		o, m, err = interact(ctx, j.Runner, spec, ia, t.Dataset)
		out.Interaction = &o
	default:
		m, err = j.runFiles(ctx, p, t.Dataset, spec, dir, &out)
	}
	if err != nil {
		return out, m, err
	}
	out.Stderr, _ = readCapped(stderr.Name(), 64<<10)
	return out, m, nil
}

// runFiles runs a stdio or files-mode program.
func (j *Judge) runFiles(ctx context.Context, p problems.Problem, ds problems.Dataset, spec sandbox.Spec, dir string, out *problems.Output) (sandbox.Measure, error) {
	fio, usesFiles := p.(problems.FileIO)
	usesFiles = usesFiles && p.Meta().IO == problems.Files
	stdout, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		return sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
	}
	defer stdout.Close()
	spec.Stdout = stdout
	if usesFiles {
		files, err := fio.InputFiles(ds)
		if err != nil {
			return sandbox.Measure{}, fmt.Errorf("input files of %s: %w", ds.Name, err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(spec.Dir, filepath.Base(name)), data, 0o644); err != nil {
				return sandbox.Measure{}, fmt.Errorf("writing input file %s: %w", name, err)
			}
		}
	} else {
		in, err := os.Open(ds.InPath)
		if err != nil {
			return sandbox.Measure{}, fmt.Errorf("dataset %s: %w", ds.Name, err)
		}
		defer in.Close()
		spec.Stdin = in
	}
	m, err := j.Runner.Run(ctx, spec)
	if err != nil {
		return m, err
	}
	limit := spec.Limits.Output
	if out.Stdout, err = readCapped(stdout.Name(), limit); err != nil {
		return m, err
	}
	if limit > 0 && int64(len(out.Stdout)) >= limit && !m.OutputExceeded {
		m.OutputExceeded = fileSize(stdout.Name()) > limit
	}
	if usesFiles {
		out.Files = map[string][]byte{}
		for _, name := range fio.OutputFiles(ds) {
			data, err := readCapped(filepath.Join(spec.Dir, filepath.Base(name)), limit)
			if err == nil {
				out.Files[name] = data
			}
		}
	}
	return m, nil
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

// readCapped reads at most limit bytes of a file (all of it when limit is 0).
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if limit > 0 {
		r = io.LimitReader(f, limit)
	}
	return io.ReadAll(r)
}

// interactGrace is how long a program may take to exit after the interactor is done.
const interactGrace = time.Second

// interact runs a program against an interactor over two pipes. Only the program's
// CPU time is measured; the wall limit ends a deadlock.
func interact(ctx context.Context, runner sandbox.Runner, spec sandbox.Spec, ia problems.Interactor, ds problems.Dataset) (problems.Outcome, sandbox.Measure, error) {
	toSolR, toSolW, err := os.Pipe()
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("interaction pipe: %w", err)
	}
	fromSolR, fromSolW, err := os.Pipe()
	if err != nil {
		toSolR.Close()
		toSolW.Close()
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("interaction pipe: %w", err)
	}
	defer fromSolR.Close()
	spec.Stdin, spec.Stdout = toSolR, fromSolW
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	limited := &cappedReader{r: fromSolR, left: spec.Limits.Output, stop: stop}
	var outcome problems.Outcome
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		outcome = safeInteract(runCtx, ia, ds, limited, toSolW)
		toSolW.Close()
		select {
		case <-time.After(interactGrace):
			stop()
		case <-runCtx.Done():
		}
	}()
	m, err := runner.Run(runCtx, spec)
	fromSolW.Close()
	toSolR.Close()
	stop()
	<-finished
	if err != nil {
		return outcome, m, err
	}
	if limited.exceeded {
		m.OutputExceeded = true
	}
	if m.Canceled && ctx.Err() == nil {
		// Ended by us after the interactor was done: not the program's failure.
		m.Canceled = false
		if m.Signal == "SIGKILL" {
			m.Signal, m.ExitCode = "", 0
		}
	}
	return outcome, m, nil
}

func safeInteract(ctx context.Context, ia problems.Interactor, ds problems.Dataset, r io.Reader, w io.Writer) (o problems.Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = problems.Rejected(problems.JE, "interactor panicked: %v", v)
		}
	}()
	return ia.Interact(ctx, ds, r, w)
}

// cappedReader reads at most left bytes and then stops the run.
type cappedReader struct {
	r        io.Reader
	left     int64
	exceeded bool
	stop     func()
}

var errOutputLimit = errors.New("output limit exceeded")

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 && c.left != 0 || c.exceeded {
		return 0, errOutputLimit
	}
	n, err := c.r.Read(p)
	if c.left > 0 {
		c.left -= int64(n)
		if c.left <= 0 {
			c.exceeded = true
			c.stop()
			return n, errOutputLimit
		}
	}
	return n, err
}
