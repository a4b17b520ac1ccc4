package judging

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/problems"
)

// beforeRun decides the verdicts known before a run: not run because ctx ended
// (JE, interrupted), CE from the build, JE for a missing toolchain. stop is false
// when the program must run.
func beforeRun(ctx context.Context, prog *build.Program) (o problems.Outcome, stop bool) {
	switch {
	case ctx.Err() != nil:
		return problems.Rejected(problems.JE, "not run: %v", ctx.Err()), true
	case prog.CompileError != "":
		return problems.Outcome{Verdict: problems.CE, Message: firstLine(prog.CompileError), Details: prog.CompileError}, true
	case prog.Unavailable != "":
		return problems.Rejected(problems.JE, "%s", prog.Unavailable), true
	}
	return problems.Outcome{}, false
}

// afterRun decides the verdict of a finished run, in this order: stopped because ctx
// ended (interrupted, not a judgement), a failure to run (JE), the resource
// verdicts of the measurement (scored by the problem when it is a
// FailureScorer, else 0), then the problem's checker (none for an Unchecked
// task: AC); a pass-fail problem's score is 1 for AC and 0 otherwise.
func afterRun(ctx context.Context, t Task, out problems.Output, m sandbox.Measure, err error) (o problems.Outcome, interrupted bool) {
	if ctx.Err() != nil { // first: a run stopped early may also have failed to start
		return problems.Rejected(problems.JE, "stopped: %v", ctx.Err()), true
	}
	if err != nil {
		return problems.Rejected(problems.JE, "%v", err), false
	}
	if o, decided := resourceVerdict(m, t.Limits); decided {
		if fs, ok := t.Problem.(problems.FailureScorer); ok {
			o.Score = fs.FailureScore(problems.Usage{CPU: m.CPU, Wall: m.Wall, PeakKiB: m.PeakKiB})
		}
		return finite(WithStderr(o, out.Stderr)), false
	}
	if t.Unchecked {
		o = problems.Outcome{Verdict: problems.AC, Message: "not checked: the dataset has no answer yet"}
	} else {
		o = safeCheck(t.Problem, t.Dataset, out)
	}
	scorePassFail(t.Problem, &o)
	return finite(o), false
}

// finite turns an outcome whose score or a figure is NaN or infinite into a
// judge error that says which: a problem's code (a checker, an output
// validator's score.txt) made it, no ranking can order it, and JSON, in which
// results are stored and reported, cannot hold it. The rest of the run goes on.
func finite(o problems.Outcome) problems.Outcome {
	bad := ""
	switch {
	case math.IsNaN(o.Score) || math.IsInf(o.Score, 0):
		bad = fmt.Sprintf("score %v", o.Score)
	default:
		for _, m := range o.Metrics {
			if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
				bad = fmt.Sprintf("%s %v", clip.Word(m.Name, "characters"), m.Value)
				break
			}
		}
	}
	if bad == "" {
		return o
	}
	je := problems.Rejected(problems.JE, "the checker's %s outcome has a %s, not a finite number", o.Verdict, bad)
	je.Details = o.Message
	return je
}

// scorePassFail gives a pass-fail problem's outcome its score: 1 for AC, else 0.
func scorePassFail(p problems.Problem, o *problems.Outcome) {
	if p.Meta().Kind == problems.PassFail {
		o.Score = 0
		if o.Verdict == problems.AC {
			o.Score = 1
		}
	}
}

// resourceVerdict decides MLE, TLE, OLE and RTE from a measurement, in that order of
// precedence; decided is false when the run ended normally and the checker decides.
func resourceVerdict(m sandbox.Measure, l problems.Limits) (o problems.Outcome, decided bool) {
	switch {
	case m.MemoryExceeded:
		// First: a program stuck at its memory limit is often killed by a timer.
		return problems.Rejected(problems.MLE, "memory limit %d MiB exceeded (peak %d KiB)", l.Memory.MiB(), m.PeakKiB), true
	case m.TimedOut:
		return problems.Rejected(problems.TLE, "wall time limit %s exceeded", l.WallLimit()), true
	case m.CPUExceeded:
		return problems.Rejected(problems.TLE, "CPU time %s over the %s limit", ms(m.CPU), l.Time), true
	case m.OutputExceeded:
		return problems.Rejected(problems.OLE, "output limit %d MiB exceeded", l.Output.MiB()), true
	case m.ExecError != "":
		return problems.Rejected(problems.RTE, "could not start: %s", m.ExecError), true
	case m.Signal != "":
		if what, ok := signalMeaning[m.Signal]; ok {
			return problems.Rejected(problems.RTE, "killed by %s (%s)", m.Signal, what), true
		}
		return problems.Rejected(problems.RTE, "killed by %s", m.Signal), true
	case m.ExitCode != 0:
		return problems.Rejected(problems.RTE, "exit code %d", m.ExitCode), true
	}
	return problems.Outcome{}, false
}

// signalMeaning says in words what the signals a crashing program gets mean.
var signalMeaning = map[string]string{
	"SIGSEGV": "invalid memory access",
	"SIGBUS":  "invalid memory access",
	"SIGFPE":  "arithmetic error, e.g. division by zero",
	"SIGABRT": "aborted, e.g. a failed assertion or an uncaught C++ exception",
	"SIGILL":  "illegal instruction",
	"SIGKILL": "killed",
	"SIGPIPE": "wrote to a closed pipe",
	"SIGTRAP": "trap, e.g. a Go or Rust panic in some runtimes",
	"SIGSYS":  "forbidden system call",
}

// stderrTail is how much of the end of a failed program's standard error an
// outcome keeps.
const stderrTail = 4 << 10

// WithStderr keeps the end of the program's standard error with a failed run's
// outcome: its last line joins the message (a Python traceback's exception, a
// failed assertion) and the tail goes into the details, which the JSON, JUnit and
// HTML reports carry.
func WithStderr(o problems.Outcome, stderr []byte) problems.Outcome {
	text := strings.TrimRight(strings.ToValidUTF8(string(stderr), "\uFFFD"), "\n\r\t ")
	if text == "" {
		return o
	}
	if len(text) > stderrTail {
		text = "…" + text[len(text)-stderrTail:]
	}
	last := text[strings.LastIndexByte(text, '\n')+1:]
	if last = strings.TrimSpace(last); last != "" && o.Verdict == problems.RTE {
		if len(last) > 120 {
			last = last[:119] + "…"
		}
		o.Message += ": " + last
	}
	if o.Details != "" {
		o.Details += "\n"
	}
	o.Details += "standard error (its end):\n" + text + "\n"
	return o
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// safeCheck calls the checker, turns a panic into a judge error and cuts the
// outcome to the sizes the judge keeps (bounded).
func safeCheck(p problems.Problem, ds problems.Dataset, out problems.Output) (o problems.Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = problems.Rejected(problems.JE, "checker panicked: %v", v)
		}
		o = bounded(o)
	}()
	return p.Check(ds, out)
}

// bounded cuts an outcome the judge takes from a problem's code (a checker, an
// interactor through its checker, an output validator) to problems.MaxMessage
// bytes of message and problems.MaxDetails of details. A message may quote the
// program's output, which can be megabytes long, and every result is stored and
// drawn in each report: its size must not follow the output's.
func bounded(o problems.Outcome) problems.Outcome {
	o.Message = clip.Text(o.Message, problems.MaxMessage)
	o.Details = clip.Text(o.Details, problems.MaxDetails)
	return o
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
