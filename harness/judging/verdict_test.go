package judging

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

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
	o := withStderr(rte, []byte(tb))
	if o.Message != "exit code 1: ZeroDivisionError: division by zero" || !strings.Contains(o.Details, "Traceback") {
		t.Errorf("RTE with a traceback: %q / %q", o.Message, o.Details)
	}
	if o := withStderr(rte, nil); o.Message != "exit code 1" || o.Details != "" {
		t.Errorf("no stderr: %+v", o)
	}
	tle := problems.Rejected(problems.TLE, "wall time limit 3s exceeded")
	if o := withStderr(tle, []byte("still thinking\n")); o.Message != tle.Message || !strings.Contains(o.Details, "still thinking") {
		t.Errorf("TLE keeps its message and gets the tail in details: %+v", o)
	}
	long := strings.Repeat("x", 3*stderrTail) + "\nlast"
	if o := withStderr(rte, []byte(long)); len(o.Details) > stderrTail+100 || !strings.HasSuffix(strings.TrimSpace(o.Details), "last") {
		t.Errorf("long stderr kept %d bytes", len(o.Details))
	}
	if o, _ := resourceVerdict(sandbox.Measure{Signal: "SIGSEGV", ExitCode: -1}, problems.Limits{}); o.Message != "killed by SIGSEGV (invalid memory access)" {
		t.Errorf("signal message %q", o.Message)
	}
}
