package icpcrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// SubmissionResult is the judgement of one example submission of a package.
type SubmissionResult struct {
	Submission icpc.Submission
	Program    *build.Program
	// Verdict is the submission's verdict at the time limit: the first non-AC case's
	// verdict, in judging order. VerdictHigh is the same at the limit × the TLE margin.
	Verdict, VerdictHigh problems.Verdict
	// Score is the package's score of the run (scoring problems).
	Score float64
	// Cases are the runs on each case judged (judging stops at the first rejection
	// unless the group says on_reject: continue).
	Cases []CaseResult
	// MaxCPU is the slowest case's CPU time.
	MaxCPU time.Duration
	// OK says whether the verdict is one the submission's folder expects (or its
	// case verdicts meet its expectations in submissions.yaml); Why says what did
	// not hold when it is not.
	OK  bool
	Why []string
	// Notes say how the program was judged where that is out of the ordinary
	// (an older C++ standard).
	Notes []string
	// Skipped says the program's language is not installed here (verdict JE): it
	// is neither counted as passed nor as failed.
	Skipped bool
}

// Report is what Verify found.
type Report struct {
	TimeLimit       float64
	TimeLimitSource string
	Submissions     []SubmissionResult
	// Warnings are verifyproblem-style remarks: margins and time-limit sensitivity.
	Warnings []string
}

// Skipped counts the submissions whose toolchain is missing on this machine.
func (r Report) Skipped() int {
	n := 0
	for _, s := range r.Submissions {
		if s.Skipped {
			n++
		}
	}
	return n
}

// Passed counts the submissions that got an expected verdict.
func (r Report) Passed() int {
	n := 0
	for _, s := range r.Submissions {
		if s.OK {
			n++
		}
	}
	return n
}

// Verify builds and judges every example submission of the package and checks its
// verdict against its folder (or its @EXPECTED_RESULTS@ line), as verifyproblem does.
// When the package states no time limit, the accepted submissions are timed first
// and the limit set from the slowest (Package.InferTimeLimit). Each case runs once
// under the time limit × the TLE margin; a run slower than the limit itself is TLE
// at the limit, and a submission whose verdict differs between the two limits is
// reported as sensitive to the time limit.
func (e *Env) Verify(ctx context.Context, pkg *icpc.Package, progress func(SubmissionResult)) (Report, error) {
	var rep Report
	subs, err := pkg.Submissions()
	if err != nil {
		return rep, fmt.Errorf("listing submissions of %s: %w", pkg.Dir, err)
	}
	datasets, err := pkg.Datasets()
	if err != nil {
		return rep, err
	}
	_, margin := pkg.Multipliers()
	judgeOne := func(s icpc.Submission, tl time.Duration) (SubmissionResult, error) {
		return e.judgeSubmission(ctx, pkg, datasets, s, tl, margin)
	}

	var accepted, others []icpc.Submission
	for _, s := range subs {
		if s.Accepted() {
			accepted = append(accepted, s)
		} else {
			others = append(others, s)
		}
	}
	tl := pkg.Meta().Limits.Time
	var slowest time.Duration
	for _, s := range accepted {
		res, err := judgeOne(s, tl)
		if err != nil {
			return rep, err
		}
		slowest = max(slowest, res.MaxCPU)
		rep.Submissions = append(rep.Submissions, res)
		if progress != nil {
			progress(res)
		}
	}
	if pkg.NeedsTimeLimit() {
		t := pkg.InferTimeLimit(slowest)
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("slowest accepted run %.3fs: time limit set to %gs", slowest.Seconds(), t))
		tl = pkg.Meta().Limits.Time
		// Re-derive the accepted verdicts at the inferred limit.
		for i := range rep.Submissions {
			r := &rep.Submissions[i]
			if r.MaxCPU > tl && r.Verdict == problems.AC {
				r.Verdict = problems.TLE
				r.OK, r.Why = held(r.Submission, datasets, r.Cases, r.Verdict, tl)
			}
		}
	}
	rep.TimeLimit, rep.TimeLimitSource = tl.Seconds(), pkg.TimeLimitSource()
	for _, s := range others {
		res, err := judgeOne(s, tl)
		if err != nil {
			return rep, err
		}
		rep.Submissions = append(rep.Submissions, res)
		if progress != nil {
			progress(res)
		}
	}
	acToLimit, _ := pkg.Multipliers()
	for _, r := range rep.Submissions {
		name := r.Submission.Folder + "/" + filepath.Base(r.Submission.Path)
		if r.Verdict != r.VerdictHigh {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s is sensitive to the time limit: %s at %gs, %s at %gs",
				name, r.Verdict, tl.Seconds(), r.VerdictHigh, tl.Seconds()*margin))
		}
		if r.Submission.Accepted() && r.Verdict == problems.AC && float64(r.MaxCPU)*acToLimit > float64(tl) {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: slowest case %.3fs is within a factor %g of the %gs limit",
				name, r.MaxCPU.Seconds(), acToLimit, tl.Seconds()))
		}
	}
	return rep, nil
}

// judgeSubmission builds one example submission and judges it on datasets, each
// case under the time limit tl × margin, deciding its verdict at tl and at the
// higher limit.
func (e *Env) judgeSubmission(ctx context.Context, pkg *icpc.Package, datasets []problems.Dataset, s icpc.Submission, tl time.Duration, margin float64) (SubmissionResult, error) {
	res := SubmissionResult{Submission: s}
	prog, notes, refused := e.BuildSubmission(ctx, pkg, s)
	res.Program, res.Notes = prog, append(res.Notes, notes...)
	switch {
	case refused:
		res.Verdict, res.VerdictHigh = problems.JE, problems.JE
		res.Why = []string{prog.CompileError}
		return res, nil
	case prog.Unavailable != "":
		res.Verdict, res.VerdictHigh, res.Skipped = problems.JE, problems.JE, true
		res.OK = expected(s, res.Verdict)
		return res, nil
	case prog.CompileError != "":
		res.Verdict, res.VerdictHigh = problems.CE, problems.CE
		res.OK = expected(s, res.Verdict)
		return res, nil
	}
	high := time.Duration(float64(tl) * margin)
	res.Verdict, res.VerdictHigh = problems.AC, problems.AC
	cases := map[string]problems.Outcome{}
	for _, ds := range datasets {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		cr, err := e.RunCase(ctx, pkg, prog, ds, e.limits(pkg.Meta().Limits, high))
		if err != nil {
			return res, err
		}
		if ctx.Err() != nil {
			// Stopped by the caller, not by the program: the run says nothing.
			return res, context.Canceled
		}
		res.Cases = append(res.Cases, cr)
		res.MaxCPU = max(res.MaxCPU, cr.Measure.CPU)
		atLimit := cr.Outcome
		if cr.Measure.CPU > tl && atLimit.Verdict != problems.TLE {
			atLimit = problems.Rejected(problems.TLE, "CPU time %.3fs over the %s limit", cr.Measure.CPU.Seconds(), tl)
		}
		cases[ds.Name] = atLimit
		if res.VerdictHigh == problems.AC && cr.Outcome.Verdict != problems.AC {
			res.VerdictHigh = cr.Outcome.Verdict
		}
		if res.Verdict == problems.AC && atLimit.Verdict != problems.AC {
			res.Verdict = atLimit.Verdict
		}
		if cr.Outcome.Verdict != problems.AC && onReject(pkg, ds.Name) == "break" && !s.RequiresAC() {
			// (A case not judged counts as meeting what is required, so a
			// submission that must be accepted somewhere is judged on all.)
			break
		}
	}
	if pkg.Config.Scoring() {
		res.Score = pkg.Score(cases)
	}
	res.OK, res.Why = held(s, datasets, res.Cases, res.Verdict, tl)
	return res, nil
}

// held says whether a judged submission meets what is expected of it: its final
// verdict among its folder's (or @EXPECTED_RESULTS@) verdicts, or, where
// submissions.yaml or the format's default folders speak of it, its case
// verdicts at the time limit tl meeting every expectation.
func held(s icpc.Submission, datasets []problems.Dataset, cases []CaseResult, final problems.Verdict, tl time.Duration) (bool, []string) {
	if s.Expectations == nil {
		return expected(s, final), nil
	}
	names := make([]string, len(datasets))
	for i, ds := range datasets {
		names[i] = ds.Name
	}
	got := map[string]icpc.CaseVerdict{}
	for _, c := range cases {
		v := c.Outcome.Verdict
		if c.Measure.CPU > tl {
			v = problems.TLE
		}
		got[c.Case] = icpc.CaseVerdict{Verdict: v, Message: c.Outcome.Message}
	}
	why := s.Check(names, got)
	return len(why) == 0, why
}

// SetTimeLimit gives a package that states no time limit one, as problemtools
// does: its accepted submissions are built and timed on every case, and the limit
// is the slowest run × time_multiplier, rounded. It returns the slowest run; a
// package that states its limit is left alone (0).
func (e *Env) SetTimeLimit(ctx context.Context, pkg *icpc.Package) (time.Duration, error) {
	if !pkg.NeedsTimeLimit() {
		return 0, nil
	}
	subs, err := pkg.Submissions()
	if err != nil {
		return 0, fmt.Errorf("listing submissions of %s: %w", pkg.Dir, err)
	}
	datasets, err := pkg.Datasets()
	if err != nil {
		return 0, err
	}
	_, margin := pkg.Multipliers()
	var slowest time.Duration
	for _, s := range subs {
		if !s.Accepted() {
			continue
		}
		res, err := e.judgeSubmission(ctx, pkg, datasets, s, pkg.Meta().Limits.Time, margin)
		if err != nil {
			return 0, err
		}
		slowest = max(slowest, res.MaxCPU)
	}
	if slowest == 0 {
		return 0, fmt.Errorf("%s states no time limit and has no accepted submission that runs here to infer one from", pkg.Dir)
	}
	pkg.InferTimeLimit(slowest)
	return slowest, nil
}

// linkInside reports whether path lies in the folder dir (both resolved).
func linkInside(dir, path string) bool {
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	if d, err = filepath.Abs(d); err != nil {
		return false
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// executableFormat reports whether the file at path is something the kernel
// runs: an ELF binary or a script with a #! line.
func executableFormat(path string) bool {
	f, err := regular.Open(path) // a pipe would hang the open
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return (n >= 2 && string(head[:2]) == "#!") || (n == 4 && string(head) == "\x7fELF")
}

// py2Signs are what Python 2 programs use and Python 3 ones cannot: the print
// statement, raw_input, xrange, dict.has_key, the old except syntax, unichr,
// lambda with a tuple parameter.
var py2Signs = regexp.MustCompile(`(?m)^\s*print\s+[^\s(=]|^\s*print\s*$|\braw_input\s*\(|\bxrange\s*\(|\.has_key\s*\(|^\s*except\s+[\w.]+\s*,\s*\w+\s*:|\bunichr\s*\(|\blambda\s*\(`)

// sniffMax bounds what looksPython2 reads of a source: its signs of Python 2
// are in its first lines, if anywhere.
const sniffMax = 64 << 10

// looksPython2 reports whether the .py file at path is a Python 2 program: its
// #! line says python2, or, in a legacy package (whose tools ran .py files with
// Python 2 unless told otherwise), it has no python3 #! line and shows a sign of
// Python 2.
func looksPython2(path string, legacy bool) bool {
	if strings.ToLower(filepath.Ext(path)) != ".py" {
		return false
	}
	f, err := regular.Open(path) // a pipe would hang the open, a device never end
	if err != nil {
		return false
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, sniffMax))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(src), "\n")
	if strings.HasPrefix(first, "#!") {
		if strings.Contains(first, "python2") {
			return true
		}
		if strings.Contains(first, "python3") {
			return false
		}
	}
	return legacy && py2Signs.Match(src)
}

// python2Runs reports whether a python2 interpreter runs here (a version
// manager's shim may exist without one behind it); it asks once per Env.
func (e *Env) python2Runs(ctx context.Context) bool {
	e.py2Once.Do(func() {
		path, err := build.LookTool("python2")
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		e.py2OK = exec.CommandContext(ctx, path, "-c", "pass").Run() == nil
	})
	return e.py2OK
}

// python2 matches Python 3's syntax errors on Python 2's print statement.
var python2 = regexp.MustCompile(`Missing parentheses in call to 'print'`)

// BuildSubmission builds a package's example submission s as verify judges
// it: a link that stays inside the package is built from its target; the
// language is the submission's own (submissions.yaml), else Python 2 for a .py
// that looks like Python 2 (its #! line, or in a legacy package what only
// Python 2 accepts); a C++ program that does not compile as C++20 is tried as
// C++17 and C++14, which notes say. The program's CompileError or Unavailable
// say why it cannot run; refused reports a fault of the package itself (a pipe
// or a device where the program should be, a link out of the package), which
// CompileError then names.
func (e *Env) BuildSubmission(ctx context.Context, pkg *icpc.Package, s icpc.Submission) (prog *build.Program, notes []string, refused bool) {
	why := s.Refused
	if st, err := os.Stat(s.Path); why == "" && err == nil && !st.IsDir() {
		// A pipe or a device where a program should be is the package's
		// fault, not a language judge lacks: a failure (regular.Open does
		// not wait on a pipe).
		if f, err := regular.Open(s.Path); err != nil {
			why = err.Error()
		} else {
			f.Close()
		}
	}
	if why != "" {
		return &build.Program{Name: filepath.Base(s.Path), Source: s.Path, CompileError: why}, nil, true
	}
	path := s.Path
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path && linkInside(pkg.Dir, real) {
		// Packages link one program into several folders; the link stays inside
		// the package, so its target is built (a jailed build takes no links).
		path = real
	}
	lang := s.Language
	if lang == "" && looksPython2(path, !pkg.Config.Current) {
		if !e.python2Runs(ctx) {
			return &build.Program{Name: filepath.Base(s.Path), Source: s.Path, Language: "python2",
				Unavailable: "a Python 2 program, and no python2 runs here"}, nil, false
		}
		lang = "python2"
	}
	prog, err := e.Builder.BuildWith(ctx, path, build.Options{Language: lang, Entry: s.Entrypoint, LinksWithin: pkg.Dir})
	if errors.Is(err, jail.ErrSourceRefused) {
		return &build.Program{Name: filepath.Base(s.Path), Source: s.Path, CompileError: err.Error()}, nil, true
	}
	if err != nil { // a language judge does not know: not the package's fault
		return &build.Program{Name: filepath.Base(s.Path), Source: s.Path, Unavailable: err.Error()}, nil, false
	}
	if prog.Language == "cpp" && prog.CompileError != "" {
		// Packages outlive compilers: a program of an older contest may use a
		// name C++20 took (std::size). Its contest compiled it with an older
		// standard, so that is tried before calling it a compile error.
		for _, std := range []string{"gnu++17", "gnu++14"} {
			older, err := e.Builder.BuildWith(ctx, path, build.Options{Language: lang, Entry: s.Entrypoint, LinksWithin: pkg.Dir, Std: std})
			if err == nil && older.CompileError == "" {
				notes = append(notes, fmt.Sprintf("compiled with -std=%s: it does not compile as C++20", std))
				prog = older
				break
			}
		}
	}
	if prog.Language == "binary" && !executableFormat(path) {
		// An executable bit on a source in a language judge does not know (C#,
		// Pascal, Ruby) does not make it a program.
		skipped := *prog
		skipped.Unavailable = fmt.Sprintf("no language for %s files here", filepath.Ext(path))
		return &skipped, notes, false
	}
	if prog.Language == "python" && (python2.MatchString(prog.CompileError) || (prog.CompileError != "" && !pkg.Config.Current && !e.python2Runs(ctx))) {
		// Packages carry Python 2 programs as .py too, and a legacy package's
		// tools ran .py with Python 2: a legacy .py that Python 3 cannot parse
		// is taken for one when no python2 runs here to tell.
		skipped := *prog
		skipped.Unavailable = "a Python 2 program (it does not parse as Python 3, and no python2 runs here)"
		return &skipped, notes, false
	}
	return prog, notes, false
}

// expected reports whether v is a verdict the submission's folder allows. The
// format has no memory-limit folder: a run killed at the memory limit is a run-time
// error there, as in the reference tools.
func expected(s icpc.Submission, v problems.Verdict) bool {
	return s.Allows(v) || (v == problems.MLE && s.Allows(problems.RTE))
}

// onReject returns the on_reject setting of a case's group: as set in a
// testdata.yaml, else "break", except in scoring problems of the current format
// (which has no on_reject) where every case is judged.
func onReject(pkg *icpc.Package, name string) string {
	if c, ok := pkg.Case(name); ok && c.Group.Settings.OnReject != "" {
		return c.Group.Settings.OnReject
	}
	if pkg.Config.Current && pkg.Config.Scoring() {
		return "continue"
	}
	return "break"
}
