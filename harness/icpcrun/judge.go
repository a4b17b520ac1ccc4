package icpcrun

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/gate"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// CaseResult is one submission's run on one test case.
type CaseResult struct {
	Case    string
	Outcome problems.Outcome
	Measure sandbox.Measure
	// Output is the team output, kept for WA (for a diff against the answer).
	Output []byte
	// Stderr is the end of what the submission wrote on its standard error
	// (in all its passes), for a verdict other than AC.
	Stderr []byte
}

// resourceVerdict decides a submission's run from its measurement alone: MLE, TLE,
// OLE, RTE; decided is false when the run ended normally.
func resourceVerdict(m sandbox.Measure, l problems.Limits) (problems.Outcome, bool) {
	switch {
	case m.MemoryExceeded:
		return problems.Rejected(problems.MLE, "memory limit exceeded (peak %d KiB)", m.PeakKiB), true
	case m.TimedOut:
		return problems.Rejected(problems.TLE, "wall time limit %s exceeded", l.WallLimit()), true
	case m.CPUExceeded || (l.Time > 0 && m.CPU > l.Time):
		return problems.Rejected(problems.TLE, "CPU time %.3fs over the %s limit", m.CPU.Seconds(), l.Time), true
	case m.OutputExceeded:
		return problems.Rejected(problems.OLE, "output limit exceeded"), true
	case m.Signal != "":
		return problems.Rejected(problems.RTE, "killed by %s", m.Signal), true
	case m.ExitCode != 0:
		return problems.Rejected(problems.RTE, "exit code %d", m.ExitCode), true
	}
	return problems.Outcome{}, false
}

// submissionEnv is the environment a submission runs with.
func submissionEnv(home string) []string {
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	return []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8", "TMPDIR=" + home}
}

// defaultPasses is how many passes a multi-pass problem allows when its
// problem.yaml does not say (limits.validation_passes).
const defaultPasses = 2

// runPass runs the submission once with the file input as its input and its
// output into out, in a fresh working folder (work, which it makes, or the jail's
// own when work is ""), so that nothing of one pass reaches the next but what the
// validator passes on.
func (e *Env) runPass(ctx context.Context, spec sandbox.Spec, input string, out *os.File, work string) (sandbox.Measure, error) {
	if work != "" {
		if err := os.Mkdir(work, 0o777); err != nil {
			return sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
		}
		spec.Dir, spec.Env = work, submissionEnv(work)
	}
	// The input of a later pass is the validator's nextpass.in: a pipe it
	// made there would hang the open.
	in, err := regular.Open(input)
	if err != nil {
		return sandbox.Measure{}, fmt.Errorf("test case input: %w", err)
	}
	defer in.Close()
	spec.Stdin, spec.Stdout = in, out
	spec.Gate = gate.Of(ctx) // a submission's run: the judging pool's gate
	// Every runner reports output past the limit itself (sandbox.pastOutputLimit).
	return e.Runner.Run(ctx, spec)
}

// mergePasses keeps the measure of a case judged in several passes: the slowest
// pass's times and the largest peak, with the latest pass's ending.
func mergePasses(acc, m sandbox.Measure, n int) sandbox.Measure {
	if n == 1 {
		return m
	}
	cpu, wall, peak := max(acc.CPU, m.CPU), max(acc.Wall, m.Wall), max(acc.PeakKiB, m.PeakKiB)
	m.CPU, m.Wall, m.PeakKiB = cpu, wall, peak
	return m
}

// RunCase runs a built submission on one test case of the package under limits and
// judges it: resource verdicts first, then the default or the custom output
// validator; for interactive problems, the submission and the validator talk and
// the format's ordering rule decides.
func (e *Env) RunCase(ctx context.Context, pkg *icpc.Package, prog *build.Program, ds problems.Dataset, l problems.Limits) (r CaseResult, err error) {
	r.Case = ds.Name
	src, args, custom := pkg.CheckerProgram(ds)
	jailed := e.Runner.Guarantees().Jail
	// A folder on the host holds the working folders of a runner without a
	// jail (a jail gives every run a fresh one of its own) and a validator's
	// feedback folder. A jailed case checked by the default validator needs
	// none: making and removing one cost about a millisecond per case.
	var dir string
	if !jailed || custom || pkg.Config.Interactive() {
		if err := os.MkdirAll(e.Scratch, 0o755); err != nil {
			return r, fmt.Errorf("scratch folder: %w", err)
		}
		var err error
		if dir, err = os.MkdirTemp(e.Scratch, "run-"); err != nil {
			return r, fmt.Errorf("scratch folder: %w", err)
		}
		defer os.RemoveAll(dir)
	}
	// workIn names a working folder in dir for a run; "" in a jail.
	workIn := func(name string) string {
		if jailed {
			return ""
		}
		return filepath.Join(dir, name)
	}
	spec := sandbox.Spec{Argv: prog.Argv, Limits: l, AddressSpace: prog.AddressSpace}
	if err := judging.ProgramFiles(&spec, prog); err != nil {
		return r, err
	}
	// The end of what the submission wrote on its standard error (in all its
	// passes) goes with a verdict at a limit or a crash, as for the judge's own
	// problems.
	stderr, err := judging.ScratchFile("stderr")
	if err != nil {
		return r, fmt.Errorf("capturing stderr: %w", err)
	}
	defer stderr.Close()
	spec.Stderr = stderr
	defer func() {
		if err == nil && r.Outcome.Verdict != problems.AC {
			r.Stderr, _ = judging.ReadStderr(stderr)
		}
	}()
	withStderr := func(o problems.Outcome) problems.Outcome {
		text, _ := judging.ReadStderr(stderr)
		return judging.WithStderr(o, text)
	}
	if pkg.Config.Interactive() {
		if work := workIn("work"); work != "" {
			if err := os.Mkdir(work, 0o777); err != nil {
				return r, fmt.Errorf("scratch folder: %w", err)
			}
			spec.Dir, spec.Env = work, submissionEnv(work)
		}
		r.Outcome, r.Measure, err = e.interactive(ctx, pkg, spec, ds, dir)
		switch r.Outcome.Verdict {
		case problems.RTE, problems.TLE, problems.MLE, problems.OLE:
			r.Outcome = withStderr(r.Outcome)
		}
		return r, err
	}
	passes := 1
	if pkg.Config.HasType("multi-pass") {
		passes = pkg.Config.Limits.Passes
		if passes == 0 {
			passes = defaultPasses
		}
	}
	var feedback string
	if custom {
		feedback = filepath.Join(dir, "feedback")
		if err := os.Mkdir(feedback, 0o755); err != nil {
			return r, fmt.Errorf("feedback folder: %w", err)
		}
	}
	// Each pass writes a fresh memory file: the validator of the last pass may
	// still be fed from the old one.
	var out *os.File
	defer func() {
		if out != nil {
			out.Close()
		}
	}()
	pass := ds
	for n := 1; ; n++ {
		if out != nil {
			out.Close()
		}
		if out, err = judging.ScratchFile("stdout"); err != nil {
			return r, fmt.Errorf("capturing output: %w", err)
		}
		m, err := e.runPass(ctx, spec, pass.InPath, out, workIn(fmt.Sprintf("work%d", n)))
		if err != nil {
			return r, fmt.Errorf("running %s: %w", prog.Name, err)
		}
		r.Measure = mergePasses(r.Measure, m, n)
		if o, decided := resourceVerdict(m, l); decided {
			r.Outcome = withStderr(o)
			return r, nil
		}
		if !custom {
			data, err := readFileCapped(out, l.Output.Bytes()+1)
			if err != nil {
				return r, fmt.Errorf("reading output: %w", err)
			}
			r.Outcome = pkg.Check(ds, problems.Output{Stdout: data})
			r.Output = data
			break // only a validator of its own asks for another pass
		}
		r.Outcome = e.runOutputValidator(ctx, setupOf(pkg), src, pass, args, out, feedback)
		next := filepath.Join(feedback, nextPassFile)
		if _, err := os.Stat(next); err != nil || r.Outcome.Verdict != problems.AC {
			break
		}
		if n == passes {
			r.Outcome = problems.Rejected(problems.JE, "the output validator asked for pass %d; the package allows %d (limits.validation_passes)", n+1, passes)
			return r, nil
		}
		// The next pass reads what the validator wrote; the feedback folder stays.
		pass.InPath = filepath.Join(dir, fmt.Sprintf("pass%d.in", n+1))
		if err := os.Rename(next, pass.InPath); err != nil {
			return r, fmt.Errorf("multi-pass: %w", err)
		}
		if n > 1 {
			r.Outcome.Message = fmt.Sprintf("pass %d: %s", n, r.Outcome.Message)
		}
	}
	if r.Outcome.Verdict != problems.WA {
		r.Output = nil
	} else if r.Output == nil {
		r.Output, _ = readFileCapped(out, 1<<20)
	}
	return r, nil
}

// interactive runs the submission and the validator connected both ways: the
// validator's stdout to the submission's stdin and the submission's stdout to the
// validator's stdin. The verdict follows the reference tools: a validator that
// crashed is a judge error; one that exited first with WA wins; else the
// submission's TLE, MLE or RTE; else the validator's verdict.
func (e *Env) interactive(ctx context.Context, pkg *icpc.Package, spec sandbox.Spec, ds problems.Dataset, dir string) (problems.Outcome, sandbox.Measure, error) {
	src, args, _ := pkg.CheckerProgram(ds)
	t, err := e.Tool(ctx, src, pkg.Constants())
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, err
	}
	if t.BuildError != "" {
		return problems.Rejected(problems.JE, "interactive validator does not build: %s", buildErrorLine(t.BuildError)), sandbox.Measure{}, nil
	}
	feedback := filepath.Join(dir, "feedback")
	if err := os.Mkdir(feedback, 0o755); err != nil {
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("feedback folder: %w", err)
	}
	toSubR, toSubW, err := os.Pipe()
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("pipe: %w", err)
	}
	toValR, toValW, err := os.Pipe()
	if err != nil {
		toSubR.Close()
		toSubW.Close()
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("pipe: %w", err)
	}
	// Whatever way this ends, no end of the pipes outlives it (closing one
	// the run closed already does nothing): a package whose validator cannot
	// be set up fails on every case, and each would leak four descriptors.
	defer func() {
		for _, f := range []*os.File{toSubR, toSubW, toValR, toValW} {
			f.Close()
		}
	}()
	vErr, err := judging.ScratchFile("validator-stderr")
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, err
	}
	defer vErr.Close()
	vLimits := e.validatorLimits(pkg.Config.Limits)
	vLimits.Wall = spec.Limits.WallLimit() + vLimits.WallLimit()
	// Its output is the submission's input, as large as the test case makes it.
	vLimits.Output = problems.GiB
	vSpec, err := e.validatorSpec(t, ds, feedback, args, pkg.Config.Limits)
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("interactive validator: %w", err)
	}
	vSpec.Stdin, vSpec.Stdout, vSpec.Stderr, vSpec.Limits = toValR, toSubW, vErr, vLimits
	// A validator may close its output to give the submission the end of its
	// input while it goes on reading the answer.
	vSpec.CloseStdout = true
	spec.Stdin, spec.Stdout = toSubR, toValW
	// The validator starts at once and its wall time runs: the submission
	// may not wait at the gate, so the gate is entered before either starts.
	leave, err := gate.EnterOf(ctx)
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{Canceled: true}, err
	}
	defer leave()

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	// A validator that rejects or fails decides whatever the submission does next,
	// so the submission is then stopped rather than left to run into its limit.
	subCtx, stopSub := context.WithCancel(runCtx)
	defer stopSub()
	// A validator still running well after the submission was stopped at a
	// limit is waiting for it (or blocked writing to it): it is stopped too, and
	// the submission's verdict stands.
	valCtx, stopVal := context.WithCancel(runCtx)
	defer stopVal()
	var valStopped bool // set (under mu) when stopVal ended the validator
	var (
		mu          sync.Mutex
		first       string // "validator" or "submission": which exited first
		vm, sm      sandbox.Measure
		vErrR, sErr error
		wg          sync.WaitGroup
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		vm, vErrR = e.Runner.Run(valCtx, vSpec)
		mu.Lock()
		if first == "" {
			first = "validator"
		}
		mu.Unlock()
		if vErrR != nil || vm.ExitCode != ExitAC {
			stopSub()
		}
		// The submission now reads EOF once our copy of the write end is closed.
		toSubW.Close()
		// A submission that goes on writing after an accepting validator is done
		// gets SIGPIPE (a run-time error); after a rejecting one the read end stays
		// open, as in the reference tools, so that the verdict does not depend on
		// which write came first.
		if vErrR == nil && vm.ExitCode == ExitAC {
			toValR.Close()
		}
	}()
	go func() {
		defer wg.Done()
		sm, sErr = e.Runner.Run(subCtx, spec)
		mu.Lock()
		if first == "" {
			first = "submission"
		}
		mu.Unlock()
		// The validator reads EOF now. Our copy of the submission's read end stays
		// open until the validator is done, so that its last writes cannot kill it
		// with SIGPIPE; and it is drained, so that a validator with more to say
		// than a pipe holds (a large input sent before the questions) is not
		// left blocked on a full pipe nobody reads until its wall limit.
		toValW.Close()
		go func() { _, _ = io.Copy(io.Discard, toSubR) }() // ends at its close or EOF
		if _, decided := resourceVerdict(sm, spec.Limits); decided && sErr == nil {
			go func() {
				select {
				case <-time.After(validatorGrace):
					mu.Lock()
					valStopped = first == "submission"
					mu.Unlock()
					stopVal()
				case <-valCtx.Done():
				}
			}()
		}
	}()
	wg.Wait()
	toSubR.Close()
	toValR.Close()
	if vEnd := vm.Ended; !vEnd.IsZero() && !sm.Ended.IsZero() {
		// Which process ended first, rather than which run returned first: a
		// validator that rejects and exits ends the submission's input, and the
		// submission may fail on it before the validator's run is done. The
		// submission sees that end when the runner closes its input, which is
		// when the validator's output ended: that is the validator's end here,
		// whatever the schedulers made of the two ends that followed.
		if c := vm.OutputClosed; !c.IsZero() && c.Before(vEnd) {
			vEnd = c
		}
		first = "submission"
		if !sm.Ended.Before(vEnd) {
			first = "validator"
		}
	}
	mu.Lock()
	stopped := valStopped
	mu.Unlock()
	if stopped && runCtx.Err() == nil {
		o, _ := resourceVerdict(sm, spec.Limits)
		return o, sm, nil
	}
	if vErrR != nil {
		return problems.Outcome{}, sm, fmt.Errorf("running interactive validator: %w", vErrR)
	}
	if sErr != nil {
		return problems.Outcome{}, sm, fmt.Errorf("running submission: %w", sErr)
	}
	vo := verdictOf(vm, vLimits, feedback, vErr)
	if vo.Verdict == problems.JE {
		return vo, sm, nil
	}
	if first == "validator" && vo.Verdict == problems.WA {
		return vo, sm, nil
	}
	if o, decided := resourceVerdict(sm, spec.Limits); decided {
		if sm.Signal == "SIGPIPE" && vo.Verdict == problems.WA {
			return vo, sm, nil
		}
		return o, sm, nil
	}
	return vo, sm, nil
}

// validatorGrace is how long an interactive validator may go on after its
// submission was stopped at a limit.
const validatorGrace = 5 * time.Second

// limits turns a package's limits into the runner's, with the CPU limit given: wall
// = 2 × CPU (at least Env.MinWall).
func (e *Env) limits(l problems.Limits, cpu time.Duration) problems.Limits {
	return problems.Limits{Time: cpu, Wall: max(2*cpu, e.MinWall), Memory: l.Memory, Output: l.Output}
}
