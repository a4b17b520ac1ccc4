package icpcrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// Exit codes of the format's validators.
const (
	ExitAC = 42
	ExitWA = 43
)

// ValidatorLimits are the limits a validator runs under unless Env.ValidatorLimits
// says otherwise (the format's resource guarantees: 60 s of CPU, as problemtools'
// validation_time, 2 GiB, 8 MiB of output; and a wall limit for one that waits).
var ValidatorLimits = problems.Limits{Time: 60 * time.Second, Wall: 120 * time.Second, Memory: 2 * problems.GiB, Output: 8 * problems.MiB}

// messageLimit caps the judgemessage.txt kept in an outcome.
const messageLimit = 64 << 10

// feedbackDir makes a fresh feedback folder in the scratch folder.
func (e *Env) feedbackDir() (string, error) {
	if err := os.MkdirAll(e.Scratch, 0o755); err != nil {
		return "", fmt.Errorf("scratch folder: %w", err)
	}
	dir, err := os.MkdirTemp(e.Scratch, "feedback-")
	if err != nil {
		return "", fmt.Errorf("scratch folder: %w", err)
	}
	return dir, nil
}

// validatorArgv is the output validator's command line on a dataset.
func validatorArgv(t *Tool, ds problems.Dataset, feedback string, args []string) []string {
	argv := append([]string(nil), t.Argv...)
	in, _ := filepath.Abs(ds.InPath) // validators run in the feedback folder
	ans, _ := filepath.Abs(ds.AnsPath)
	fb, _ := filepath.Abs(feedback)
	argv = append(argv, in, ans, fb+string(filepath.Separator))
	return append(argv, args...)
}

// feedbackFiles are the files a validator may leave in its feedback folder.
var feedbackFiles = []string{"judgemessage.txt", "teammessage.txt", "score.txt", "judgeerror.txt", nextPassFile}

// nextPassFile is what a multi-pass validator writes to have the submission run
// again, with it as the input.
const nextPassFile = "nextpass.in"

// validatorSpec is the run of validator t on test case ds with its feedback
// folder, under the environment's validator limits: the validator's files and
// the case's input and answer are what a jail shows it (copied into its work
// folder, which is then the feedback folder, and the feedback files copied back
// after); the arguments name them as the format says. An unjailed runner runs
// it in the feedback folder.
func (e *Env) validatorSpec(t *Tool, ds problems.Dataset, feedback string, args []string, cl icpc.ConfigLimits) (sandbox.Spec, error) {
	// The feedback folder persists from pass to pass, with whatever files of
	// its own the validator keeps there (CollectNew).
	spec := sandbox.Spec{Argv: validatorArgv(t, ds, feedback, args), Dir: feedback, Env: os.Environ(),
		Limits: e.validatorLimits(cl), Collect: feedbackFiles, CollectNew: true}
	if err := judging.ProgramFiles(&spec, t.program()); err != nil {
		return spec, err
	}
	for _, p := range []string{ds.InPath, ds.AnsPath} {
		if abs, err := filepath.Abs(p); err == nil && p != "" && isFile(abs) {
			spec.Files = append(spec.Files, abs)
		}
	}
	return spec, nil
}

// validatorLimits are the limits of this environment's validator runs for a
// package whose problem.yaml sets cl: Env.ValidatorLimits when set, else the
// defaults with the package's validation_time (and twice as much wall time),
// validation_memory and validation_output in their place.
func (e *Env) validatorLimits(cl icpc.ConfigLimits) problems.Limits {
	if e.ValidatorLimits != (problems.Limits{}) {
		return e.ValidatorLimits
	}
	l := ValidatorLimits
	if cl.ValidationTime > 0 {
		l.Time = time.Duration(cl.ValidationTime * float64(time.Second))
		l.Wall = 2 * l.Time
	}
	if cl.ValidationMem > 0 {
		l.Memory = problems.Size(cl.ValidationMem) * problems.MiB
	}
	if cl.ValidationOut > 0 {
		l.Output = problems.Size(cl.ValidationOut) * problems.MiB
	}
	return l
}

// verdictOf turns a finished validator run, under limits l, into an outcome: 42
// AC, 43 WA, anything else (a crash, a limit, exit 0) a judge error. So is a run
// whose feedback could not be read whole (cutFeedback), whatever its exit code:
// what the validator decided is not known without it (a lost nextpass.in would
// end a multi-pass case with the first pass's AC). The format guarantees a
// validator 8 MiB of output (problemtools' validation_output); one that needs
// more misbehaves. judgemessage.txt gives the message and score.txt the score.
func verdictOf(m sandbox.Measure, l problems.Limits, feedback string, stderr *os.File) problems.Outcome {
	msg, _ := readCapped(filepath.Join(feedback, "judgemessage.txt"), messageLimit)
	details := strings.TrimSpace(string(msg))
	first := details
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	var o problems.Outcome
	cut := cutFeedback(m, l, feedback)
	switch {
	case m.Signal != "" || m.TimedOut || m.CPUExceeded || m.MemoryExceeded || m.OutputExceeded || len(cut) > 0:
		errText, _ := readFileCapped(stderr, 2048)
		msg := "output validator failed (" + describe(m, l) + ")"
		if len(cut) > 0 && m.Signal == "" && !m.TimedOut && !m.CPUExceeded && !m.MemoryExceeded {
			msg = fmt.Sprintf("output validator reached its %s output limit in %s (exit code %d not taken: its feedback could not be read whole)",
				l.Output, strings.Join(cut, ", "), m.ExitCode)
		}
		if line := oneLine(string(errText)); line != "" {
			msg += ": " + line
		}
		o := problems.Outcome{Verdict: problems.JE, Message: msg}
		o.Details = string(errText) // all of it: the cause is often on a later line
		return o
	case m.ExitCode == ExitAC:
		o = problems.Accepted(1, "%s", first)
		// The validator writes the feedback folder: a pipe or a huge file it
		// left as score.txt is not waited on nor held.
		raw, err := regular.ReadFileMax(filepath.Join(feedback, "score.txt"), scoreMax)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return problems.Rejected(problems.JE, "output validator's score.txt: %v", err)
		}
		if err == nil {
			text := strings.TrimSpace(string(raw))
			s, err := strconv.ParseFloat(text, 64)
			if err != nil || math.IsNaN(s) || math.IsInf(s, 0) || s < 0 {
				// NaN and infinities parse, but no score can be one, nor be
				// stored or ranked.
				return problems.Rejected(problems.JE, "output validator wrote score.txt %q: want a finite number, at least 0", clip.Word(text, "characters"))
			}
			o.Score = s
			// Kept beside the score, so that a score of exactly 1 or 0 is
			// still the validator's own, not the group's accept score.
			o.Metrics = append(o.Metrics, problems.Metric{Name: problems.ValidatorScoreMetric, Value: s})
		}
	case m.ExitCode == ExitWA:
		o = problems.Rejected(problems.WA, "%s", first)
		if o.Message == "" {
			o.Message = "output validator: wrong answer"
		}
	default:
		// The end of its standard error: where a crash says what went wrong.
		errText, _ := judging.ReadStderr(stderr)
		errText = errText[max(0, len(errText)-8192):]
		msg := fmt.Sprintf("output validator exited with %d (want 42 or 43)", m.ExitCode)
		if line := lastLine(string(errText)); line != "" {
			msg += ": " + line
		} else {
			msg += ", nothing on its standard error"
		}
		return problems.Outcome{Verdict: problems.JE, Message: msg, Details: string(errText)}
	}
	o.Details = details
	return o
}

// cutFeedback names the feedback files of a validator's run under limits l that
// could not be read whole: those a jail left behind for being larger than the
// output limit, and those that reached it (a runner without a jail cuts a file
// short there, and a validator may not notice: Python ignores an error writing
// a file it never closed).
func cutFeedback(m sandbox.Measure, l problems.Limits, feedback string) []string {
	cut := append([]string(nil), m.Oversize...)
	if l.Output <= 0 {
		return cut
	}
	for _, name := range feedbackFiles {
		if st, err := os.Lstat(filepath.Join(feedback, name)); err == nil && st.Size() >= l.Output.Bytes() && !slices.Contains(cut, name) {
			cut = append(cut, name)
		}
	}
	return cut
}

// describe says how a validator's run under limits l ended: a limit first,
// since the runner ends a program at its limit with a signal (SIGKILL, SIGXCPU,
// SIGXFSZ), then a signal of its own, then its exit code.
func describe(m sandbox.Measure, l problems.Limits) string {
	switch {
	case m.TimedOut:
		return fmt.Sprintf("wall time limit of %s", l.WallLimit())
	case m.CPUExceeded:
		return fmt.Sprintf("CPU time limit of %s", l.Time)
	case m.MemoryExceeded:
		return fmt.Sprintf("memory limit of %s", l.Memory)
	case m.OutputExceeded:
		return fmt.Sprintf("output limit of %s", l.Output)
	case m.Signal != "":
		return "killed by " + m.Signal
	}
	return fmt.Sprintf("exit code %d", m.ExitCode)
}

// lastLine returns the last non-empty line of s (a traceback's message).
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// buildErrorLine is the line of a build's output that says what went wrong:
// the first that speaks of an error, else the first ("exit status 1" alone
// says nothing).
func buildErrorLine(s string) string {
	line := oneLine(s)
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(strings.ToLower(l), "error") {
			line = strings.TrimSpace(l) + " …"
			break
		}
	}
	if _, left, ok := strings.Cut(s, "\n(left out of the build"); ok {
		// Why the build failed, most likely (a header linked from outside).
		line += " (left out of the build" + strings.TrimSpace(left)
	}
	return line
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// scoreMax bounds the score.txt an output validator writes: one number.
const scoreMax = 4 << 10

// readFileCapped reads at most limit bytes of an open file from its start.
func readFileCapped(f *os.File, limit int64) ([]byte, error) {
	return io.ReadAll(io.NewSectionReader(f, 0, limit))
}

// readCapped reads at most limit bytes of a file.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

// validateOnce runs an output validator on the team output in teamOutput with a
// feedback folder of its own, removed after.
func (e *Env) validateOnce(ctx context.Context, su setup, src string, ds problems.Dataset, args []string, teamOutput *os.File) problems.Outcome {
	feedback, err := e.feedbackDir()
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	defer os.RemoveAll(feedback)
	return e.runOutputValidator(ctx, su, src, ds, args, teamOutput, feedback)
}

// runOutputValidator is RunOutputValidator with the feedback folder given: a
// multi-pass validator leaves nextpass.in there.
func (e *Env) runOutputValidator(ctx context.Context, su setup, src string, ds problems.Dataset, args []string, teamOutput *os.File, feedback string) problems.Outcome {
	t, err := e.Tool(ctx, src, su.constants)
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	if t.BuildError != "" {
		return problems.Outcome{Verdict: problems.JE, Message: "output validator does not build: " + buildErrorLine(t.BuildError), Details: t.BuildError}
	}
	if _, err := teamOutput.Seek(0, io.SeekStart); err != nil {
		return problems.Rejected(problems.JE, "team output: %v", err)
	}
	stderr, err := judging.ScratchFile("validator-stderr")
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	defer stderr.Close()
	// What an earlier pass said is in its outcome already; this pass writes
	// its own (a jail would pass the old files in read-only).
	for _, name := range feedbackFiles {
		if name != nextPassFile {
			_ = os.Remove(filepath.Join(feedback, name))
		}
	}
	spec, err := e.validatorSpec(t, ds, feedback, args, su.limits)
	if err != nil {
		return problems.Rejected(problems.JE, "output validator: %v", err)
	}
	spec.Stdin, spec.Stderr = teamOutput, stderr
	m, err := e.Runner.Run(ctx, spec)
	if err != nil {
		return problems.Rejected(problems.JE, "running output validator: %v", err)
	}
	return verdictOf(m, spec.Limits, feedback, stderr)
}

// Bind returns p with its external checker wired to this environment: Check runs
// the package's output validator on the output, and for interactive problems the
// result implements problems.Interactor by running the validator as the
// interactor. A problem that is no problems.ExternalChecker is returned as it is.
//
// Under harness.Judge an interactive submission's TLE or RTE decides before the
// interaction's outcome; the format's rule (a validator that exits first with WA
// wins) is applied by Verify and JudgeSubmission, which run interactions themselves.
func (e *Env) Bind(ctx context.Context, p problems.Problem) problems.Problem {
	if _, ok := p.(problems.ExternalChecker); !ok {
		return p
	}
	b := &bound{Problem: p, env: e, ctx: ctx}
	if p.Meta().IO == problems.InteractIO {
		return &boundInteractive{b}
	}
	return b
}

type bound struct {
	problems.Problem
	env *Env
	ctx context.Context
}

// JudgeCase implements judging.CaseJudge: a package's submission is run and
// judged on a test case as Verify does (RunCase), so that an interactive
// validator runs beside it under the format's rules. A problem that is no
// package is judged by the caller as usual.
func (b *bound) JudgeCase(ctx context.Context, prog *build.Program, ds problems.Dataset, l problems.Limits) (judging.CaseRun, error) {
	pkg, ok := b.Problem.(*icpc.Package)
	if !ok {
		return judging.CaseRun{}, fmt.Errorf("%s is not a problem package", b.Meta().Slug)
	}
	cr, err := b.env.RunCase(ctx, pkg, prog, ds, l)
	return judging.CaseRun{Outcome: cr.Outcome, Measure: cr.Measure, Output: cr.Output, Stderr: cr.Stderr}, err
}

// Unwrap returns the problem Bind wrapped (an *icpc.Package).
func (b *bound) Unwrap() problems.Problem { return b.Problem }

// Check runs the external checker when the problem has one.
func (b *bound) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	if out.Interaction != nil {
		return *out.Interaction
	}
	src, args, ok := b.Problem.(problems.ExternalChecker).CheckerProgram(ds)
	if !ok {
		return b.Problem.Check(ds, out)
	}
	f, err := judging.ScratchFile("team-output")
	if err != nil {
		return problems.Rejected(problems.JE, "team output: %v", err)
	}
	defer f.Close()
	if _, err := f.Write(out.Stdout); err != nil {
		return problems.Rejected(problems.JE, "team output: %v", err)
	}
	return b.env.validateOnce(b.ctx, setupOf(b.Problem), src, ds, args, f)
}

// setup is what a package gives the runs of its validators: the constants its
// problem.yaml substitutes in their sources, and the validation limits it sets.
type setup struct {
	constants map[string]string
	limits    icpc.ConfigLimits
}

// setupOf is the setup of the package p is, or wraps (none for a problem that
// is no package).
func setupOf(p problems.Problem) setup {
	for p != nil {
		if pkg, ok := p.(*icpc.Package); ok {
			return setup{constants: pkg.Constants(), limits: pkg.Config.Limits}
		}
		u, ok := p.(interface{ Unwrap() problems.Problem })
		if !ok {
			break
		}
		p = u.Unwrap()
	}
	return setup{}
}

type boundInteractive struct{ *bound }

// Interact runs the package's validator as the interactor.
func (b *boundInteractive) Interact(ctx context.Context, ds problems.Dataset, fromSol io.Reader, toSol io.Writer) problems.Outcome {
	src, args, _ := b.Problem.(problems.ExternalChecker).CheckerProgram(ds)
	su := setupOf(b.Problem)
	t, err := b.env.Tool(ctx, src, su.constants)
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	if t.BuildError != "" {
		return problems.Rejected(problems.JE, "interactive validator does not build: %s", buildErrorLine(t.BuildError))
	}
	feedback, err := b.env.feedbackDir()
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	defer os.RemoveAll(feedback)
	inR, inW, err := os.Pipe()
	if err != nil {
		return problems.Rejected(problems.JE, "pipe: %v", err)
	}
	defer inR.Close()
	go func() {
		io.Copy(inW, fromSol)
		inW.Close()
	}()
	out, ok := toSol.(*os.File)
	var outR *os.File
	if !ok {
		var w *os.File
		if outR, w, err = os.Pipe(); err != nil {
			return problems.Rejected(problems.JE, "pipe: %v", err)
		}
		out = w
		go func() {
			io.Copy(toSol, outR)
			outR.Close()
		}()
		defer w.Close()
	}
	stderr, err := judging.ScratchFile("validator-stderr")
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err)
	}
	defer stderr.Close()
	spec, err := b.env.validatorSpec(t, ds, feedback, args, su.limits)
	if err != nil {
		return problems.Rejected(problems.JE, "interactive validator: %v", err)
	}
	spec.Stdin, spec.Stdout, spec.Stderr = inR, out, stderr
	// harness.Judge cancels ctx as soon as the submission has exited, before the
	// validator has read its last bytes; the validator therefore runs under the
	// context given to Bind and ends by itself or at its own limits.
	m, err := b.env.Runner.Run(b.ctx, spec)
	if err != nil {
		return problems.Rejected(problems.JE, "running interactive validator: %v", err)
	}
	return verdictOf(m, spec.Limits, feedback, stderr)
}
