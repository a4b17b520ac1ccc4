package icpcrun

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// TestVerdictOf turns validator runs into outcomes: a score.txt that is no
// finite number, feedback that could not be read whole and a run ended at a
// limit are judge errors that say so; the limit is named before the signal the
// runner ended the validator with.
func TestVerdictOf(t *testing.T) {
	l := problems.Limits{Time: time.Second, Wall: 2 * time.Second, Memory: 64 * problems.MiB, Output: 100}
	for _, tc := range []struct {
		name    string
		m       sandbox.Measure
		files   map[string]string // feedback files
		verdict problems.Verdict
		score   float64
		message string // what the message must contain
		not     string // what it must not
	}{
		{name: "accepted", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"judgemessage.txt": "fine\n"},
			verdict: problems.AC, score: 1, message: "fine"},
		{name: "score", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"score.txt": "2.5\n"},
			verdict: problems.AC, score: 2.5},
		{name: "NaN score", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"score.txt": "NaN\n"},
			verdict: problems.JE, message: `score.txt "NaN"`},
		{name: "infinite score", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"score.txt": "inf"},
			verdict: problems.JE, message: `score.txt "inf"`},
		{name: "negative infinite score", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"score.txt": "-Infinity"},
			verdict: problems.JE, message: "score.txt"},
		{name: "score out of range", m: sandbox.Measure{ExitCode: 42}, files: map[string]string{"score.txt": "1e999"},
			verdict: problems.JE, message: "score.txt"},
		{name: "feedback left behind by the jail", m: sandbox.Measure{ExitCode: 42, OutputExceeded: true, Oversize: []string{"judgemessage.txt"}},
			verdict: problems.JE, message: "output limit in judgemessage.txt (exit code 42 not taken"},
		{name: "feedback cut at the limit", m: sandbox.Measure{ExitCode: 42},
			files:   map[string]string{"judgemessage.txt": strings.Repeat("x", 100), "nextpass.in": "7\n"},
			verdict: problems.JE, message: "output limit in judgemessage.txt"},
		{name: "feedback under the limit", m: sandbox.Measure{ExitCode: 43},
			files:   map[string]string{"judgemessage.txt": strings.Repeat("x", 99)},
			verdict: problems.WA},
		{name: "wall time limit", m: sandbox.Measure{ExitCode: -1, Signal: "SIGKILL", TimedOut: true},
			verdict: problems.JE, message: "output validator failed (wall time limit of 2s)", not: "SIGKILL"},
		{name: "CPU time limit", m: sandbox.Measure{ExitCode: -1, Signal: "SIGXCPU", CPUExceeded: true},
			verdict: problems.JE, message: "(CPU time limit of 1s)", not: "SIGXCPU"},
		{name: "memory limit", m: sandbox.Measure{ExitCode: -1, Signal: "SIGKILL", MemoryExceeded: true},
			verdict: problems.JE, message: "(memory limit of 64 MiB)", not: "SIGKILL"},
		{name: "output limit", m: sandbox.Measure{ExitCode: -1, Signal: "SIGXFSZ", OutputExceeded: true},
			verdict: problems.JE, message: "(output limit of 100 B)", not: "SIGXFSZ"},
		{name: "crash", m: sandbox.Measure{ExitCode: -1, Signal: "SIGSEGV"},
			verdict: problems.JE, message: "(killed by SIGSEGV)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feedback := t.TempDir()
			for name, text := range tc.files {
				if err := os.WriteFile(filepath.Join(feedback, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			stderr, err := os.CreateTemp(t.TempDir(), "stderr")
			if err != nil {
				t.Fatal(err)
			}
			defer stderr.Close()
			o := verdictOf(tc.m, l, feedback, stderr)
			if o.Verdict != tc.verdict || !strings.Contains(o.Message, tc.message) || tc.not != "" && strings.Contains(o.Message, tc.not) {
				t.Errorf("%s %q; want %s with %q, without %q", o.Verdict, o.Message, tc.verdict, tc.message, tc.not)
			}
			if o.Verdict == problems.AC && o.Score != tc.score {
				t.Errorf("score %g, want %g", o.Score, tc.score)
			}
		})
	}
}

// TestLargeFeedbackIsNoAccept judges, in the twopass fixture with a validator
// that takes leading zeros and puts the team's number into its judge message, a
// submission that prints a number of nearly 8 MiB on the first pass and a wrong
// one on the second. Its judge message passes the validator's output limit;
// the nextpass.in beside it does not. Without it the case would end with the
// first pass's AC: it is a judge error under every runner. The same submission
// with a short number gets WA, and the accepted one AC.
func TestLargeFeedbackIsNoAccept(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	dir := filepath.Join(t.TempDir(), "twopass")
	src := filepath.Join(fixtures, "twopass")
	if _, err := copyTree(src, src, dir); err != nil {
		t.Fatal(err)
	}
	val := filepath.Join(dir, "output_validator", "validate.py")
	text, err := os.ReadFile(val)
	if err != nil {
		t.Fatal(err)
	}
	patched := strings.Replace(string(text), "int(team[0]) <= 0", `team[0].lstrip("0") == ""`, 1)
	if patched == string(text) {
		t.Fatal("the twopass validator no longer checks int(team[0]) <= 0")
	}
	subs := map[string]struct {
		zeros int
		want  problems.Verdict
	}{
		"forgets_big.py":   {8<<20 - 9, problems.JE}, // "pass 1: " and the number pass 8 MiB
		"forgets_small.py": {100, problems.WA},
	}
	files := map[string]string{"output_validator/validate.py": patched}
	for name, s := range subs {
		files["submissions/wrong_answer/"+name] = "import sys\nline = input().strip()\nif line == \"first\":\n" +
			"    sys.stdout.write(\"0\" * " + strconv.Itoa(s.zeros) + " + \"7\\n\")\nelse:\n    print(8)\n"
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg, err := icpc.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	datasets, err := pkg.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	for _, runner := range []string{"supervised", "jail"} {
		t.Run(runner, func(t *testing.T) {
			env := newEnvWith(t, runner)
			ctx := context.Background()
			for name, s := range subs {
				prog, err := env.Builder.Build(ctx, filepath.Join(dir, "submissions", "wrong_answer", name))
				if err != nil {
					t.Fatal(err)
				}
				for _, ds := range datasets {
					r, err := env.RunCase(ctx, pkg, prog, ds, env.limits(pkg.Meta().Limits, 5*time.Second))
					if err != nil {
						t.Fatal(err)
					}
					if r.Outcome.Verdict != s.want {
						t.Errorf("%s on %s: %s (%s), want %s", name, ds.Name, r.Outcome.Verdict, clip.Text(r.Outcome.Message, 200), s.want)
					}
				}
			}
		})
	}
}

// TestValidatorTimeLimit judges a case whose output validator never exits,
// under a short validator limit: a judge error that names the wall time limit
// it hit, not the signal that ended it.
func TestValidatorTimeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	files := map[string]string{
		"problem.yaml":                   "problem_format_version: 2023-07-draft\nname: Hang\nvalidation: custom\nlimits:\n  time_limit: 1\n",
		"data/secret/1.in":               "1\n",
		"data/secret/1.ans":              "1\n",
		"output_validators/hang/hang.py": "import time\ntime.sleep(3600)\n",
		"submissions/accepted/echo.py":   "print(input())\n",
	}
	for _, runner := range []string{"supervised", "jail"} {
		t.Run(runner, func(t *testing.T) {
			env := newEnvWith(t, runner)
			env.ValidatorLimits = ValidatorLimits
			env.ValidatorLimits.Wall = time.Second
			_, r := runOneCase(t, env, files, "submissions/accepted/echo.py")
			if o := r.Outcome; o.Verdict != problems.JE || !strings.Contains(o.Message, "wall time limit of 1s") || strings.Contains(o.Message, "SIGKILL") {
				t.Errorf("%s %q; want JE at the wall time limit of 1s", o.Verdict, o.Message)
			}
		})
	}
}

// runOneCase writes files as a package in a fresh folder, loads it, builds its
// submission sub (a path in the package) and judges it on the package's one
// secret case, with 5 s of CPU.
func runOneCase(t *testing.T, env *Env, files map[string]string, sub string) (*icpc.Package, CaseResult) {
	t.Helper()
	dir := t.TempDir()
	testfiles.Write(t, dir, files)
	pkg, err := icpc.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	datasets, err := pkg.Datasets("secret")
	if err != nil || len(datasets) != 1 {
		t.Fatalf("datasets %v: %v", datasets, err)
	}
	ctx := context.Background()
	prog, err := env.Builder.Build(ctx, filepath.Join(dir, filepath.FromSlash(sub)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := env.RunCase(ctx, pkg, prog, datasets[0], env.limits(pkg.Meta().Limits, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	return pkg, r
}

// TestPackageValidationLimits: a package's validation_time, validation_memory
// and validation_output hold its output and input validators, in place of the
// defaults (60 s, 2 GiB, 8 MiB), which a validator within them passes.
func TestPackageValidationLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	spin := "import time\nwhile time.process_time() < 1.5:\n    pass\n"
	hog := "b = bytearray(300 << 20)\nfor i in range(0, len(b), 4096):\n    b[i] = 1\n"
	// 3 MiB into the feedback folder (an output validator's third argument),
	// else on the standard output (an input validator's).
	chatty := "import os, sys\nout = open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w') if len(sys.argv) > 3 else sys.stdout\n" +
		"out.write('x' * (3 << 20))\nout.flush()\n"
	tests := []struct {
		name, limits, work string
		want               problems.Verdict
		message            string // in a JE's message
		inputStatus        string // the input validator's status
	}{
		{"time within the default", "", spin, problems.AC, "", "valid"},
		// On a loaded machine the wall limit, twice the CPU limit, may come first.
		{"validation_time", "  validation_time: 1\n", spin, problems.JE, "time limit of", "error"},
		{"validation_memory", "  validation_memory: 100\n", hog, problems.JE, "memory limit of 100 MiB", "error"},
		{"validation_output", "  validation_output: 1\n", chatty, problems.JE, "1 MiB output limit", "error"},
		{"memory and output within the default", "", hog + chatty, problems.AC, "", "valid"},
	}
	for _, runner := range []string{"supervised", "jail"} {
		t.Run(runner, func(t *testing.T) {
			env := newEnvWith(t, runner)
			ctx := context.Background()
			for _, tt := range tests {
				pkg, r := runOneCase(t, env, map[string]string{
					"problem.yaml":                     "problem_format_version: 2023-07-draft\nname: Limits\nvalidation: custom\nlimits:\n  time_limit: 1\n" + tt.limits,
					"data/secret/1.in":                 "1\n",
					"data/secret/1.ans":                "1\n",
					"output_validators/check/check.py": tt.work + "raise SystemExit(42)\n",
					"input_validators/check/check.py":  tt.work + "raise SystemExit(42)\n",
					"submissions/accepted/echo.py":     "print(input())\n",
				}, "submissions/accepted/echo.py")
				if o := r.Outcome; o.Verdict != tt.want || !strings.Contains(o.Message, tt.message) {
					t.Errorf("%s: output validator %s %q, want %s with %q", tt.name, o.Verdict, clip.Text(o.Message, 200), tt.want, tt.message)
				}
				checks, err := env.ValidateInputs(ctx, pkg)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range checks {
					if c.Status != tt.inputStatus {
						t.Errorf("%s: input validator on %s: %s %q, want %s", tt.name, c.Case, c.Status, c.Message, tt.inputStatus)
					}
				}
			}
		})
	}
}

// TestRunTimeErrorKeepsStderr: a package's submission that crashes gets the
// last line of its standard error in its RTE message and the end of it in the
// details, as a submission to the judge's own problems does, in a batch case
// and in an interactive one.
func TestRunTimeErrorKeepsStderr(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	// 100 KB of chatter first: the end is what counts.
	crash := "import sys\nsys.stderr.write('x' * 100000 + '\\nreading the grid\\nValueError: row 7 is short\\n')\nsys.exit(3)\n"
	packages := map[string]map[string]string{
		"batch": {
			"problem.yaml":      "problem_format_version: 2023-07-draft\nname: Crash\nlimits:\n  time_limit: 1\n",
			"data/secret/1.in":  "1\n",
			"data/secret/1.ans": "1\n",
		},
		"interactive": {
			"problem.yaml":                 "problem_format_version: 2023-07-draft\nname: Crash\ntype: interactive\nlimits:\n  time_limit: 1\n",
			"data/secret/1.in":             "1\n",
			"data/secret/1.ans":            "1\n",
			"output_validator/validate.py": "import sys\nsys.stdout.write('go\\n')\nsys.stdout.flush()\nsys.stdin.read()\nraise SystemExit(42)\n",
		},
	}
	for _, runner := range []string{"supervised", "jail"} {
		t.Run(runner, func(t *testing.T) {
			env := newEnvWith(t, runner)
			for name, files := range packages {
				files["submissions/run_time_error/crash.py"] = crash
				_, r := runOneCase(t, env, files, "submissions/run_time_error/crash.py")
				o := r.Outcome
				if o.Verdict != problems.RTE || !strings.HasSuffix(o.Message, ": ValueError: row 7 is short") || !strings.Contains(o.Details, "reading the grid") {
					t.Errorf("%s: %s %q (details %q); want RTE with the end of its standard error", name, o.Verdict, o.Message, o.Details)
				}
				// The report's standard error section gets its end too.
				if !strings.HasSuffix(string(r.Stderr), "reading the grid\nValueError: row 7 is short\n") {
					t.Errorf("%s: stderr kept for the report ends %q", name, r.Stderr[max(0, len(r.Stderr)-60):])
				}
			}
		})
	}
}

// TestValidatorCrashMessage: an output validator that exits with neither 42 nor
// 43 is a judge error whose message ends with the last line of its standard
// error, however much it wrote before (a traceback ends with its cause), or
// says it wrote nothing there.
func TestValidatorCrashMessage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	tests := []struct {
		name, validator, want string
	}{
		{"chatter then crash", "import sys\nfor i in range(2000):\n    print('checking line', i, file=sys.stderr)\nraise SystemExit('boom: the answer file is short')\n",
			"output validator exited with 1 (want 42 or 43): boom: the answer file is short"},
		{"silent", "import sys\nsys.exit(3)\n", "output validator exited with 3 (want 42 or 43), nothing on its standard error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"problem.yaml":                 "problem_format_version: 2023-07-draft\nname: Crash\nvalidation: custom\nlimits:\n  time_limit: 1\n",
				"data/secret/1.in":             "1\n",
				"data/secret/1.ans":            "1\n",
				"output_validators/v/v.py":     tc.validator,
				"submissions/accepted/echo.py": "print(input())\n",
			}
			_, r := runOneCase(t, newEnvWith(t, "supervised"), files, "submissions/accepted/echo.py")
			if o := r.Outcome; o.Verdict != problems.JE || o.Message != tc.want {
				t.Errorf("%s %q; want JE %q", o.Verdict, o.Message, tc.want)
			}
		})
	}
}
