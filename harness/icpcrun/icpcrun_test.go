package icpcrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

func TestMain(m *testing.M) {
	if sandbox.IsSupervisor() {
		sandbox.Supervise()
	}
	os.Exit(m.Run())
}

// fixtures is the folder of the fixture packages.
const fixtures = "../../problems/icpc/testdata"

func newEnv(t *testing.T) *Env { return newEnvWith(t, "supervised") }

// newEnvWith makes an Env whose runner is "supervised" or "jail" (skipped where
// no jail can be made).
func newEnvWith(t *testing.T, runner string) *Env {
	t.Helper()
	for _, tool := range []string{"gcc", "g++", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	var r sandbox.Runner
	var err error
	if runner == "jail" {
		if err := sandbox.JailAvailable(); err != nil {
			t.Skipf("no jail here: %v", err)
		}
		r, err = sandbox.NewJailRunner("", 2, 62000, 0)
	} else {
		r, err = sandbox.NewRunner("")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	dir := t.TempDir()
	return &Env{
		Builder: &build.Builder{Cache: filepath.Join(dir, "cache"), Languages: build.DefaultLanguages()},
		Runner:  r,
		Scratch: filepath.Join(dir, "scratch"),
		// Wall limits are for deadlocks here; a busy machine must not fail the test.
		MinWall: 15 * time.Second,
	}
}

// TestFixturesGetTheirFolderVerdicts judges every submission of every fixture
// package and checks it gets the verdict its folder names.
func TestFixturesGetTheirFolderVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every fixture submission")
	}
	tests := []struct {
		pkg         string
		source      string             // prefix of the time limit's source
		submissions int                // how many example programs the package has
		scores      map[string]float64 // expected scores by program file name
	}{
		{"tolerance", "problem.yaml limits.time_limit", 7, nil},
		{"words", ".timelimit", 8, nil},
		{"pairsum", "slowest accepted run", 6, nil},
		{"guess", "problem.yaml limits.time_limit", 6, nil},
		{"subtasks", ".timelimit", 5, map[string]float64{"sum.py": 100, "sum.cpp": 100, "int32.c": 30, "index.py": 0}},
		{"constants", "problem.yaml limits.time_limit", 2, nil},
		{"expectations", "problem.yaml limits.time_limit", 8, nil},
		{"twopass", "problem.yaml limits.time_limit", 2, nil},
	}
	for _, runner := range []string{"supervised", "jail"} {
		t.Run(runner, func(t *testing.T) {
			env := newEnvWith(t, runner)
			for _, tc := range tests {
				t.Run(tc.pkg, func(t *testing.T) { verifyFixture(t, env, tc.pkg, tc.source, tc.submissions, tc.scores) })
			}
		})
	}
}

// verifyFixture verifies one fixture package and checks every submission's
// verdict, the scores given and where the time limit came from.
func verifyFixture(t *testing.T, env *Env, name, source string, submissions int, scores map[string]float64) {
	t.Helper()
	pkg, err := icpc.Load(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := env.Verify(context.Background(), pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Submissions) != submissions {
		t.Errorf("%d submissions judged, want %d", len(rep.Submissions), submissions)
	}
	for _, s := range rep.Submissions {
		name := s.Submission.Folder + "/" + filepath.Base(s.Submission.Path)
		if !s.OK {
			msg := ""
			for _, c := range s.Cases {
				if c.Outcome.Verdict != problems.AC {
					msg = c.Case + ": " + c.Outcome.Message
					break
				}
			}
			t.Errorf("%s: got %s, want %v (%s) %v", name, s.Verdict, s.Submission.Expected, msg, s.Why)
		}
		if want, ok := scores[filepath.Base(s.Submission.Path)]; ok && s.Score != want {
			t.Errorf("%s: score %g, want %g", name, s.Score, want)
		}
	}
	if !strings.HasPrefix(rep.TimeLimitSource, source) {
		t.Errorf("time limit %gs from %q, want a source starting %q", rep.TimeLimit, rep.TimeLimitSource, source)
	}
	for _, w := range rep.Warnings {
		t.Logf("warning: %s", w)
	}
}

func TestInteractiveSamplesAreShownNotJudged(t *testing.T) {
	pkg, err := icpc.Load(filepath.Join(fixtures, "guess"))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := pkg.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 5 || len(pkg.Sample.Interactions) != 1 {
		t.Errorf("%d datasets and %d interactions, want 5 and 1", len(ds), len(pkg.Sample.Interactions))
	}
}

func TestInputValidators(t *testing.T) {
	env := newEnv(t)
	for _, name := range []string{"pairsum", "subtasks"} {
		pkg, err := icpc.Load(filepath.Join(fixtures, name))
		if err != nil {
			t.Fatal(err)
		}
		checks, err := env.ValidateInputs(context.Background(), pkg)
		if err != nil {
			t.Fatal(err)
		}
		if len(checks) == 0 {
			t.Fatalf("%s: no input checked", name)
		}
		for _, c := range checks {
			if c.Status != "valid" {
				t.Errorf("%s %s %s: %s %s", name, c.Validator, c.Case, c.Status, c.Message)
			}
		}
	}
	// A broken input is rejected.
	dir := t.TempDir()
	pkgDir := filepath.Join(dir, "pairsum")
	if _, err := copyTree(filepath.Join(fixtures, "pairsum"), filepath.Join(fixtures, "pairsum"), pkgDir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "data/secret/01.in"), []byte("1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg, err := icpc.Load(pkgDir)
	if err != nil {
		t.Fatal(err)
	}
	checks, err := env.ValidateInputs(context.Background(), pkg)
	if err != nil {
		t.Fatal(err)
	}
	invalid := 0
	for _, c := range checks {
		if c.Status == "invalid" {
			invalid++
			if c.Case != "secret/01" {
				t.Errorf("%s rejected", c.Case)
			}
		}
	}
	if invalid != 1 {
		t.Errorf("%d inputs rejected, want 1", invalid)
	}
}

// TestPackagesFromEnvironment verifies the packages named in ICPC_PACKAGES (folders
// separated by ':') and logs how many submissions got their folder's verdict. It is
// for trying real contest packages by hand and skips when the variable is unset.
// With ICPC_INPUTS set it runs the packages' input validators instead.
func TestPackagesFromEnvironment(t *testing.T) {
	list := os.Getenv("ICPC_PACKAGES")
	if list == "" {
		t.Skip("ICPC_PACKAGES not set")
	}
	env := newEnv(t)
	env.MinWall = 0
	total, ok := 0, 0
	for _, dir := range filepath.SplitList(list) {
		pkg, err := icpc.Load(dir)
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		for _, w := range pkg.Warnings {
			t.Logf("%s", w)
		}
		if os.Getenv("ICPC_INPUTS") != "" {
			checks, err := env.ValidateInputs(context.Background(), pkg)
			if err != nil {
				t.Errorf("%s: input validators: %v", dir, err)
			}
			count := map[string]int{}
			for _, c := range checks {
				count[c.Status]++
				if c.Status != "valid" {
					t.Logf("%s: %s on %s: %s %s", filepath.Base(dir), c.Validator, c.Case, c.Status, c.Message)
				}
			}
			t.Logf("%s: input validation %v", filepath.Base(dir), count)
			continue
		}
		rep, err := env.Verify(context.Background(), pkg, func(s SubmissionResult) {
			mark := "ok "
			switch {
			case s.Skipped:
				mark = "---"
			case !s.OK:
				mark = "BAD"
			}
			msg := ""
			for _, c := range s.Cases {
				if c.Outcome.Verdict != problems.AC {
					msg = c.Case + ": " + c.Outcome.Message
					break
				}
			}
			t.Logf("%s %s %-40s %s (max CPU %.3fs) %s", mark, filepath.Base(dir), s.Submission.Folder+"/"+filepath.Base(s.Submission.Path), s.Verdict, s.MaxCPU.Seconds(), msg)
		})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		for _, w := range rep.Warnings {
			t.Logf("%s: warning: %s", filepath.Base(dir), w)
		}
		t.Logf("%s: time limit %gs (%s): %d of %d submissions got their folder's verdict (%d more skipped: toolchain missing)",
			filepath.Base(dir), rep.TimeLimit, rep.TimeLimitSource, rep.Passed(), len(rep.Submissions)-rep.Skipped(), rep.Skipped())
		total += len(rep.Submissions) - rep.Skipped()
		ok += rep.Passed()
	}
	t.Logf("all packages: %d of %d submissions got their folder's verdict", ok, total)
}

// TestInteractorClosesItsOutput judges the fixture closeout under the jail: its
// validator closes its output so that the submission reads the end of its input,
// then reads the answer. (The supervisor hands the validator the pipe itself while
// the judge keeps its own end open, so there the submission never sees the end.)
func TestInteractorClosesItsOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs package programs")
	}
	verifyFixture(t, newEnvWith(t, "jail"), "closeout", "problem.yaml limits.time_limit", 2, nil)
}

// slowValidator delays the return of each interactive validator's run (the
// only runs that close their output at its end) by delay, and the moment its
// end was seen, as a loaded machine may: the validator has ended, its init
// has not yet reaped it, its run has not yet returned.
type slowValidator struct {
	sandbox.Runner
	delay time.Duration
}

func (r slowValidator) Run(ctx context.Context, spec sandbox.Spec) (sandbox.Measure, error) {
	m, err := r.Runner.Run(ctx, spec)
	if spec.CloseStdout {
		time.Sleep(r.delay)
		if !m.Ended.IsZero() {
			m.Ended = m.Ended.Add(r.delay)
		}
	}
	return m, err
}

// TestRejectingValidatorEndsFirst judges the guess package with validator runs
// that return late and are seen to end late: a submission that fails on the end
// of its input after the validator rejected it and exited still gets WA (the
// validator ended first), not RTE (its run returned first, its end was seen
// first).
func TestRejectingValidatorEndsFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("judges a whole package")
	}
	env := newEnvWith(t, "jail") // a jail ends the submission's input as the validator exits
	env.Runner = slowValidator{env.Runner, 300 * time.Millisecond}
	pkg, err := icpc.Load(filepath.Join(fixtures, "guess"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := env.Verify(context.Background(), pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range rep.Submissions {
		if filepath.Base(s.Submission.Path) != "count_up.py" {
			continue
		}
		found = true
		if s.Verdict != problems.WA {
			t.Errorf("count_up.py: %s, want WA (%v)", s.Verdict, s.Why)
		}
	}
	if !found {
		t.Fatal("the guess package has no count_up.py")
	}
}

// TestInteractiveSubmissionExitsEarly judges, against a validator that first
// sends more than a pipe holds, a submission that exits at once: WA, in well
// under the validator's wall limit (the judge drains the submission's input
// once it is gone), not JE after the validator was killed at that limit.
func TestInteractiveSubmissionExitsEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("judges a whole package")
	}
	dir := filepath.Join(t.TempDir(), "bigguess")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(fixtures, "guess"))); err != nil {
		t.Fatal(err)
	}
	val := filepath.Join(dir, "output_validator", "validator.py")
	src, err := os.ReadFile(val)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "secret") && strings.Contains(l, "=") })
	if at < 0 {
		t.Fatalf("no line reading the secret in %s", val)
	}
	lines = slices.Insert(lines, at+1, "sys.stdout.write('x' * 200000 + '\\n'); sys.stdout.flush()\n")
	if err := os.WriteFile(val, []byte(strings.Join(lines, "")), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "submissions")); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, dir, map[string]string{"submissions/wrong_answer/exit0.c": "int main(void) { return 0; }\n"})
	pkg, err := icpc.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
	defer cancel()
	rep, err := env.Verify(ctx, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Submissions) != 1 || rep.Submissions[0].Verdict != problems.WA {
		t.Fatalf("submissions %+v, want exit0.c WA", rep.Submissions)
	}
}
