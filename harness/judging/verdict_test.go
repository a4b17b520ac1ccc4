package judging

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
)

func TestResourceVerdict(t *testing.T) {
	l := problems.Limits{Time: time.Second, Memory: 256 * problems.MiB, Output: problems.MiB}
	tests := []struct {
		name    string
		m       sandbox.Measure
		want    problems.Verdict
		decided bool
		message string
	}{
		{name: "normal end", m: sandbox.Measure{}, decided: false},
		{name: "memory before time", m: sandbox.Measure{MemoryExceeded: true, TimedOut: true, PeakKiB: 262144}, want: problems.MLE, decided: true,
			message: "memory limit 256 MiB exceeded (peak 262144 KiB)"},
		{name: "wall", m: sandbox.Measure{TimedOut: true, CPUExceeded: true}, want: problems.TLE, decided: true,
			message: "wall time limit 3s exceeded"},
		{name: "cpu", m: sandbox.Measure{CPUExceeded: true, CPU: 1050 * time.Millisecond}, want: problems.TLE, decided: true,
			message: "CPU time 1.050s over the 1s limit"},
		{name: "output before signal", m: sandbox.Measure{OutputExceeded: true, Signal: "SIGXFSZ"}, want: problems.OLE, decided: true,
			message: "output limit 1 MiB exceeded"},
		{name: "signal", m: sandbox.Measure{Signal: "SIGSEGV", ExitCode: -1}, want: problems.RTE, decided: true, message: "killed by SIGSEGV (invalid memory access)"},
		{name: "exit code", m: sandbox.Measure{ExitCode: 3}, want: problems.RTE, decided: true, message: "exit code 3"},
	}
	for _, tt := range tests {
		o, decided := resourceVerdict(tt.m, l)
		if decided != tt.decided || o.Verdict != tt.want || o.Message != tt.message {
			t.Errorf("%s: got %s %q (decided %v), want %s %q (decided %v)", tt.name, o.Verdict, o.Message, decided, tt.want, tt.message, tt.decided)
		}
	}
}

func TestBeforeRun(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		prog build.Program
		want problems.Verdict
		stop bool
	}{
		{name: "runs", ctx: context.Background(), prog: build.Program{}, stop: false},
		{name: "compile error", ctx: context.Background(), prog: build.Program{CompileError: "x.c:1: error\nmore"}, want: problems.CE, stop: true},
		{name: "no toolchain", ctx: context.Background(), prog: build.Program{Unavailable: "no gcc"}, want: problems.JE, stop: true},
		{name: "stopped first", ctx: done, prog: build.Program{CompileError: "x"}, want: problems.JE, stop: true},
	}
	for _, tt := range tests {
		o, stop := beforeRun(tt.ctx, &tt.prog)
		if stop != tt.stop || o.Verdict != tt.want {
			t.Errorf("%s: got %s (stop %v), want %s (stop %v)", tt.name, o.Verdict, stop, tt.want, tt.stop)
		}
	}
}

// passFail is a pass-fail problem whose checker returns a fixed outcome.
type passFail struct{ o problems.Outcome }

func (passFail) Meta() problems.Meta                                        { return problems.Meta{Slug: "pf", Kind: problems.PassFail} }
func (passFail) Datasets(...string) ([]problems.Dataset, error)             { return nil, nil }
func (passFail) Validate([]byte) error                                      { return nil }
func (p passFail) Check(problems.Dataset, problems.Output) problems.Outcome { return p.o }

func TestAfterRun(t *testing.T) {
	tests := []struct {
		name        string
		check       problems.Outcome
		m           sandbox.Measure
		err         error
		want        problems.Verdict
		score       float64
		interrupted bool
	}{
		{name: "AC scores 1", check: problems.Outcome{Verdict: problems.AC, Score: 7}, want: problems.AC, score: 1},
		{name: "WA scores 0", check: problems.Outcome{Verdict: problems.WA, Score: 7}, want: problems.WA, score: 0},
		{name: "resources before the checker", check: problems.Outcome{Verdict: problems.AC}, m: sandbox.Measure{ExitCode: 1}, want: problems.RTE},
		{name: "failure to run", check: problems.Outcome{Verdict: problems.AC}, err: errors.New("no exec"), want: problems.JE},
	}
	for _, tt := range tests {
		task := Task{Problem: passFail{tt.check}, Limits: problems.DefaultLimits()}
		o, interrupted := afterRun(context.Background(), task, problems.Output{}, tt.m, tt.err)
		if o.Verdict != tt.want || o.Score != tt.score || interrupted != tt.interrupted {
			t.Errorf("%s: got %s score %v interrupted %v, want %s score %v", tt.name, o.Verdict, o.Score, interrupted, tt.want, tt.score)
		}
	}
}

// charged is a scoring problem that scores a run the runner ended, as trimines
// does: 0 minus its CPU milliseconds.
type charged struct{ passFail }

func (charged) Meta() problems.Meta { return problems.Meta{Slug: "ch", Kind: problems.Scoring} }
func (charged) FailureScore(u problems.Usage) float64 {
	return -float64(u.CPU.Milliseconds())
}

func TestAfterRunFailureScore(t *testing.T) {
	limits := problems.DefaultLimits()
	tests := []struct {
		name  string
		p     problems.Problem
		m     sandbox.Measure
		want  problems.Verdict
		score float64
	}{
		{"TLE charged", charged{}, sandbox.Measure{CPU: limits.Time + time.Second, CPUExceeded: true}, problems.TLE, -float64((limits.Time + time.Second).Milliseconds())},
		{"RTE charged", charged{}, sandbox.Measure{CPU: 250 * time.Millisecond, ExitCode: 1}, problems.RTE, -250},
		{"RTE of a problem without a charge", passFail{}, sandbox.Measure{CPU: 250 * time.Millisecond, ExitCode: 1}, problems.RTE, 0},
	}
	for _, tt := range tests {
		o, _ := afterRun(context.Background(), Task{Problem: tt.p, Limits: limits}, problems.Output{}, tt.m, nil)
		if o.Verdict != tt.want || o.Score != tt.score {
			t.Errorf("%s: %s score %v, want %s score %v", tt.name, o.Verdict, o.Score, tt.want, tt.score)
		}
	}
}

func TestWithStderr(t *testing.T) {
	rte := problems.Rejected(problems.RTE, "exit code 1")
	tb := "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nZeroDivisionError: division by zero\n"
	o := WithStderr(rte, []byte(tb))
	if o.Message != "exit code 1: ZeroDivisionError: division by zero" || !strings.Contains(o.Details, "Traceback") {
		t.Errorf("RTE with a traceback: %q / %q", o.Message, o.Details)
	}
	if o := WithStderr(rte, nil); o.Message != "exit code 1" || o.Details != "" {
		t.Errorf("no stderr: %+v", o)
	}
	tle := problems.Rejected(problems.TLE, "wall time limit 3s exceeded")
	if o := WithStderr(tle, []byte("still thinking\n")); o.Message != tle.Message || !strings.Contains(o.Details, "still thinking") {
		t.Errorf("TLE keeps its message and gets the tail in details: %+v", o)
	}
	long := strings.Repeat("x", 3*stderrTail) + "\nlast"
	if o := WithStderr(rte, []byte(long)); len(o.Details) > stderrTail+100 || !strings.HasSuffix(strings.TrimSpace(o.Details), "last") {
		t.Errorf("long stderr kept %d bytes", len(o.Details))
	}
	if o, _ := resourceVerdict(sandbox.Measure{Signal: "SIGSEGV", ExitCode: -1}, problems.Limits{}); o.Message != "killed by SIGSEGV (invalid memory access)" {
		t.Errorf("signal message %q", o.Message)
	}
}

// panicky is a problem whose checker panics with a value of its choice.
type panicky struct {
	passFail
	v any
}

func (p panicky) Check(problems.Dataset, problems.Output) problems.Outcome { panic(p.v) }

// caseJudged is a problem that judges its runs itself (judging.CaseJudge), as an
// ICPC package with an output validator does, returning a fixed outcome.
type caseJudged struct{ passFail }

func (c caseJudged) JudgeCase(context.Context, *build.Program, problems.Dataset, problems.Limits) (CaseRun, error) {
	return CaseRun{Outcome: c.o}, nil
}

// TestOutcomeBounded has checkers (plain, panicking, judging their own runs)
// return messages and details of megabytes, and expects the judge to keep the
// start of each, cut at a character within its cap and marked, as valid UTF-8.
func TestOutcomeBounded(t *testing.T) {
	squares := "line 3, column 24: data set 1: square G4 missing (found " + strings.Repeat("A1, ", 3000000) + "A1)"
	tests := []struct {
		name     string
		p        problems.Problem
		message  string // the start the kept message must have
		cut      bool   // whether the message must be cut
		details  int    // the details' length, when they must be cut
		wantSame bool   // whether the outcome must come back unchanged
	}{
		{name: "short message kept", p: passFail{problems.Rejected(problems.WA, "line 1: expected 3")}, message: "line 1: expected 3", wantSame: true},
		{name: "message at the cap kept", p: passFail{problems.Rejected(problems.WA, "%s", strings.Repeat("x", problems.MaxMessage))}, message: "xxx", wantSame: true},
		{name: "12 MB of squares", p: passFail{problems.Rejected(problems.WA, "%s", squares)}, message: "line 3, column 24: data set 1: square G4 missing (found A1, A1", cut: true},
		{name: "multi-byte", p: passFail{problems.Rejected(problems.WA, "%s", strings.Repeat("é€𝄞", 1<<20))}, message: "é€𝄞é€𝄞", cut: true},
		{name: "details", p: passFail{problems.Outcome{Verdict: problems.PE, Message: "layout", Details: strings.Repeat("+x\n", 1<<21)}}, message: "layout", details: 3 << 21},
		{name: "panic value", p: panicky{v: strings.Repeat("7", 5000000)}, message: "checker panicked: 777", cut: true},
		{name: "judged by the problem", p: caseJudged{passFail{problems.Rejected(problems.WA, "%s", squares)}}, message: "line 3, column 24", cut: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			task := Task{Problem: tt.p, Limits: problems.DefaultLimits(), Program: &build.Program{Name: "p"}}
			var o problems.Outcome
			if _, ok := tt.p.(CaseJudge); ok {
				j := &Judge{}
				o = j.one(context.Background(), task).Outcome
			} else {
				o, _ = afterRun(context.Background(), task, problems.Output{}, sandbox.Measure{}, nil)
			}
			if len(o.Message) > problems.MaxMessage || len(o.Details) > problems.MaxDetails {
				t.Fatalf("kept %d bytes of message and %d of details, over %d and %d", len(o.Message), len(o.Details), problems.MaxMessage, problems.MaxDetails)
			}
			if !utf8.ValidString(o.Message) || !utf8.ValidString(o.Details) {
				t.Errorf("kept text is not valid UTF-8: …%q", o.Message[max(len(o.Message)-40, 0):])
			}
			if !strings.HasPrefix(o.Message, tt.message) {
				t.Errorf("message starts %q, want %q", o.Message[:min(len(o.Message), 60)], tt.message)
			}
			if cut := strings.HasSuffix(o.Message, " bytes cut)"); cut != tt.cut {
				t.Errorf("message cut %v, want %v: …%q", cut, tt.cut, o.Message[max(len(o.Message)-40, 0):])
			}
			if tt.wantSame && o.Message != tt.p.Check(problems.Dataset{}, problems.Output{}).Message {
				t.Errorf("message changed: %q", o.Message)
			}
			if tt.details > 0 && (!strings.HasPrefix(o.Details, "+x\n+x\n") || !strings.HasSuffix(o.Details, " bytes cut)")) {
				t.Errorf("details of %d bytes kept as %q…%q", tt.details, o.Details[:10], o.Details[len(o.Details)-30:])
			}
		})
	}
}

// TestOutcomeFinite has checkers, plain and judging their own runs, return
// scores and figures that are NaN or infinite: each is a judge error naming
// it, which can be stored and reported; finite ones pass unchanged.
func TestOutcomeFinite(t *testing.T) {
	tests := []struct {
		name    string
		o       problems.Outcome
		verdict problems.Verdict
		message string // what the message must contain
	}{
		{"finite", problems.Outcome{Verdict: problems.AC, Score: 0.5, Metrics: []problems.Metric{{Name: "moves", Value: 3}}}, problems.AC, ""},
		{"NaN score", problems.Outcome{Verdict: problems.AC, Score: math.NaN()}, problems.JE, "score NaN"},
		{"infinite score", problems.Outcome{Verdict: problems.WA, Score: math.Inf(1)}, problems.JE, "score +Inf"},
		{"NaN figure", problems.Outcome{Verdict: problems.AC, Score: 1, Metrics: []problems.Metric{{Name: "moves", Value: 3}, {Name: "bound", Value: math.NaN()}}}, problems.JE, "bound NaN"},
		{"infinite figure", problems.Outcome{Verdict: problems.AC, Metrics: []problems.Metric{{Name: "time", Value: math.Inf(-1)}}}, problems.JE, "time -Inf"},
	}
	for _, tt := range tests {
		for _, own := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/own run %v", tt.name, own), func(t *testing.T) {
				task := Task{Problem: scored{passFail{tt.o}}, Limits: problems.DefaultLimits(), Program: &build.Program{Name: "p"}}
				var r Judged
				if own {
					task.Problem = scoredCase{scored{passFail{tt.o}}}
					r = (&Judge{}).one(context.Background(), task)
				} else {
					r.Outcome, _ = afterRun(context.Background(), task, problems.Output{}, sandbox.Measure{}, nil)
				}
				if r.Outcome.Verdict != tt.verdict || !strings.Contains(r.Outcome.Message, tt.message) {
					t.Errorf("%s %q, want %s with %q", r.Outcome.Verdict, r.Outcome.Message, tt.verdict, tt.message)
				}
				if _, err := json.Marshal(r.Outcome); err != nil {
					t.Errorf("the outcome cannot be stored: %v", err)
				}
			})
		}
	}
}

// scored is passFail as a scoring problem: its outcomes keep their scores.
type scored struct{ passFail }

func (scored) Meta() problems.Meta { return problems.Meta{Slug: "sc", Kind: problems.Scoring} }

// scoredCase is scored judging its own runs.
type scoredCase struct{ scored }

func (c scoredCase) JudgeCase(context.Context, *build.Program, problems.Dataset, problems.Limits) (CaseRun, error) {
	return CaseRun{Outcome: c.o}, nil
}

// TestReadStderr reads back the end of a long standard error, where a crash's
// message is.
func TestReadStderr(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(strings.Repeat("chatter\n", 20000) + "ValueError: the end\n"); err != nil {
		t.Fatal(err)
	}
	got, err := ReadStderr(f)
	if err != nil || len(got) != stderrRead || !strings.HasSuffix(string(got), "ValueError: the end\n") {
		t.Fatalf("%d bytes ending %q, %v; want the last %d", len(got), got[max(0, len(got)-30):], err, stderrRead)
	}
}
