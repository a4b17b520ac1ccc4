package workflow

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/reports"
)

// JudgeFunc judges tasks and returns their results in the order of tasks (a
// judging.Judge with the caller's progress display around it).
type JudgeFunc func(ctx context.Context, tasks []judging.Task) []judging.Judged

// Check is one named check of a problem and what it found, counting its errors
// and warnings as problemtools' ProblemAspect does. Lines holds one line per failed
// check, each naming the file ("FAIL ..." for an error, "WARN ..." for a warning);
// Summary is the check's own line ("" for none).
type Check struct {
	Name     string
	Errors   int
	Warnings int
	Lines    []string
	Summary  string
}

func (c *Check) errorf(format string, args ...any) {
	c.Errors++
	c.Lines = append(c.Lines, "FAIL "+fmt.Sprintf(format, args...))
}

func (c *Check) warnf(format string, args ...any) {
	c.Warnings++
	c.Lines = append(c.Lines, "WARN "+fmt.Sprintf(format, args...))
}

// Verification is what Verify found.
type Verification struct {
	Checks   []Check
	Rows     []reports.VerifyRow
	Datasets int // datasets of the default groups each solution ran on
}

// Failures counts the errors of every check.
func (v Verification) Failures() int {
	n := 0
	for _, c := range v.Checks {
		n += c.Errors
	}
	return n
}

// Margins of the time-limit check: an AC-expected program should use at most
// ACMargin of the CPU limit on every dataset, so that a slower machine does not
// fail it.
const ACMargin = 0.5

// Verifier checks a problem: its datasets, answers and solutions.
type Verifier struct {
	Root    string         // the folder holding problems/ and solutions/
	Builder *build.Builder // builds the solutions
	Judge   JudgeFunc
	// Rel shows a path as the user should read it (e.g. relative to the current
	// folder); nil shows paths as they are.
	Rel func(string) string
}

func (v Verifier) rel(p string) string {
	if v.Rel == nil {
		return p
	}
	return v.Rel(p)
}

// ErrNoReference is returned by Verify when the problem's reference is not among
// its solutions.
var ErrNoReference = errors.New("reference is not a folder under solutions/SLUG/")

// Verify runs the named checks of problem p under limits, in order, and calls emit
// with each check as it ends:
//   - "inputs": every .in of every group passes the problem's validator;
//   - "answers": every .ans equals the reference's output (not for interactive
//     problems);
//   - "solutions": every program under solutions/SLUG/ gets its folder's verdict on
//     the default groups: AC on every dataset for a program directly there, the
//     folder's verdict on at least one dataset and AC on the others for one in a
//     verdict folder (wrong_answer/, time_limit_exceeded/, …);
//   - "time margins": a warning for an AC-expected program that uses more than
//     ACMargin of the CPU limit on a dataset.
//
// An error means a check could not run (unreadable data, a solution that cannot be
// built, no reference); what the checks found is in the Verification.
func (v Verifier) Verify(ctx context.Context, p problems.Problem, limits problems.Limits, emit func(Check)) (Verification, error) {
	var out Verification
	meta := p.Meta()
	done := func(c Check) {
		out.Checks = append(out.Checks, c)
		if emit != nil {
			emit(c)
		}
	}
	groups, all, err := AllDatasets(p)
	if err != nil {
		return out, err
	}
	inputs := Check{Name: "inputs"}
	for _, d := range all {
		if err := p.Validate(d.Input); err != nil {
			inputs.errorf("%s: invalid input: %v", v.rel(d.InPath), err)
		}
	}
	inputs.Summary = fmt.Sprintf("inputs: %d checked in groups %s", len(all), strings.Join(groups, ", "))
	done(inputs)

	sols, err := Solutions(v.Root, meta)
	if err != nil {
		return out, err
	}
	sources := make([]string, len(sols))
	for i, s := range sols {
		sources[i] = v.rel(s.Path)
	}
	progs, err := Build(ctx, v.Builder, sources)
	if err != nil {
		return out, err
	}
	defaults, err := p.Datasets()
	if err != nil {
		return out, fmt.Errorf("datasets of %s: %w", meta.Slug, err)
	}
	out.Datasets = len(defaults)
	isDefault := map[string]bool{}
	for _, d := range defaults {
		isDefault[d.Name] = true
	}
	refIdx := -1
	for i, s := range sols {
		if s.isReference(meta) {
			refIdx = i
		}
	}
	if refIdx < 0 {
		return out, fmt.Errorf("%s: reference %q (problem.yaml): %w", meta.Slug, meta.Reference, ErrNoReference)
	}
	ref := v.Judge(ctx, Tasks(p, limits, progs[refIdx:refIdx+1], all, true, 1))
	if meta.IO != problems.InteractIO {
		answers := Check{Name: "answers"}
		stale := 0
		regenerated := map[string]bool{} // what judge regen rewrites: the problem's own groups
		for _, d := range defaults {
			regenerated[d.Name] = true
		}
		for i, r := range ref {
			if !FinishedNormally(r.Outcome.Verdict) {
				answers.errorf("reference %s on %s: %s %s", progs[refIdx].Name, r.Dataset, r.Outcome.Verdict, r.Outcome.Message)
				continue
			}
			if !bytes.Equal(r.Output, all[i].Answer) {
				stale++
				fix := "judge regen " + meta.Slug
				if !regenerated[all[i].Name] {
					fix = "outside the problem's groups, which judge regen leaves alone: update it by hand"
				}
				answers.errorf("%s differs from the reference's output (%s)", v.rel(all[i].AnsPath), fix)
			}
		}
		answers.Summary = fmt.Sprintf("answers: %d compared with %s, %d stale", len(all), progs[refIdx].Name, stale)
		done(answers)
	}
	// The reference's results on the default groups count for it; the others run now.
	var refDefault []judging.Judged
	for _, r := range ref {
		if isDefault[r.Dataset] {
			refDefault = append(refDefault, r)
		}
	}
	order := []int{refIdx}
	var others []*build.Program
	for i := range progs {
		if i != refIdx {
			order = append(order, i)
			others = append(others, progs[i])
		}
	}
	results := append(refDefault, v.Judge(ctx, Tasks(p, limits, others, defaults, false, 1))...)
	solutions := Check{Name: "solutions"}
	margins := Check{Name: "time margins"}
	for k, i := range order {
		s := sols[i]
		rs := Results(results[k*len(defaults) : (k+1)*len(defaults)])
		ok, why := ExpectationHolds(s.Expected, rs)
		if !ok {
			solutions.errorf("%s: expected %s, %s", v.rel(s.Path), s.Expected, why)
		}
		out.Rows = append(out.Rows, reports.VerifyRow{Program: progs[i].Name, Expected: s.Expected, Results: rs, OK: ok})
		if s.Expected == problems.AC && limits.Time > 0 {
			if r, ok := slowest(rs); ok && r.Usage.CPU > time.Duration(ACMargin*float64(limits.Time)) {
				margins.warnf("%s: AC with %.0f%% of the %s CPU limit on %s (more than %.0f%%)", v.rel(s.Path),
					100*r.Usage.CPU.Seconds()/limits.Time.Seconds(), limits.Time, r.Dataset, 100*ACMargin)
			}
		}
	}
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	done(solutions)
	done(margins)
	return out, nil
}

// slowest returns the AC result of rs with the most CPU time.
func slowest(rs []problems.Result) (problems.Result, bool) {
	var best problems.Result
	found := false
	for _, r := range rs {
		if r.Outcome.Verdict == problems.AC && (!found || r.Usage.CPU > best.Usage.CPU) {
			best, found = r, true
		}
	}
	return best, found
}

// FinishedNormally reports whether a verdict means the program ran to its end and
// its output is worth comparing.
func FinishedNormally(v problems.Verdict) bool {
	return v == problems.AC || v == problems.WA || v == problems.PE
}

// ExpectationHolds checks a program's verdicts against its folder's verdict: want
// on at least one dataset and AC on the others (AC everywhere when want is AC).
func ExpectationHolds(want problems.Verdict, rs []problems.Result) (bool, string) {
	seen := false
	for _, r := range rs {
		v := r.Outcome.Verdict
		switch {
		case v == want:
			seen = true
		case v != problems.AC:
			return false, fmt.Sprintf("got %s on %s: %s", v, r.Dataset, r.Outcome.Message)
		}
	}
	if !seen && want != problems.AC {
		return false, "but every dataset was AC"
	}
	return true, ""
}

// AllDatasets returns every dataset group under the problem's data/ (sample
// first) and their datasets.
func AllDatasets(p problems.Problem) ([]string, []problems.Dataset, error) {
	groups, err := AllGroups(p)
	if err != nil {
		return nil, nil, err
	}
	all, err := p.Datasets(groups...)
	if err != nil {
		return nil, nil, fmt.Errorf("datasets of %s: %w", p.Meta().Slug, err)
	}
	return groups, all, nil
}

// AllGroups lists every dataset group folder under the problem's data/, sample first.
func AllGroups(p problems.Problem) ([]string, error) {
	f, ok := p.(interface{ DataDir() string })
	if !ok {
		return nil, nil
	}
	entries, err := os.ReadDir(f.DataDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dataset groups: %w", err)
	}
	var groups []string
	for _, e := range entries {
		if e.IsDir() {
			groups = append(groups, e.Name())
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i] == "sample" && groups[j] != "sample" })
	return groups, nil
}

// Build builds every submission, in order, naming repeated display names "#2",
// "#3"; an error is a submission that cannot be understood at all (no such file,
// unknown language) or ctx ending.
func Build(ctx context.Context, b *build.Builder, sources []string) ([]*build.Program, error) {
	progs := make([]*build.Program, len(sources))
	for i, s := range sources {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("building the submissions: %w", err)
		}
		p, err := b.Build(ctx, s)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("building the submissions: %w", ctx.Err())
			}
			return nil, err
		}
		progs[i] = p
	}
	uniqueNames(progs)
	return progs, nil
}

// BuildPackage builds a problem package's own submissions as judge verify
// does (icpcrun.Env.BuildSubmission: their languages and entry points from
// submissions.yaml, Python 2 told from Python 3, older C++ standards tried),
// each named as Build names a program, and returns the notes of their builds
// (one line each, naming the program). A submission the package itself spoils
// (icpcrun's refused) is Unavailable: judged JE, as verify judges it.
func BuildPackage(ctx context.Context, x *icpcrun.Env, pkg *icpc.Package, subs []icpc.Submission) ([]*build.Program, []string, error) {
	progs := make([]*build.Program, len(subs))
	var notes []string
	for i, s := range subs {
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("building the submissions: %w", err)
		}
		p, more, refused := x.BuildSubmission(ctx, pkg, s)
		if refused {
			// The package's fault, not the program's (a pipe or a device
			// where it should be, a link out of the package): JE, as verify
			// says, not CE.
			p.Unavailable, p.CompileError = p.CompileError, ""
		}
		p.Name = build.DisplayName(s.Path)
		for _, n := range more {
			notes = append(notes, p.Name+": "+n)
		}
		progs[i] = p
	}
	uniqueNames(progs)
	return progs, notes, nil
}

// uniqueNames makes the names of progs unique, numbering a name's second and
// later programs (name#2, name#3).
func uniqueNames(progs []*build.Program) {
	names := map[string]int{}
	for _, p := range progs {
		if n := names[p.Name]; n > 0 {
			p.Name = fmt.Sprintf("%s#%d", p.Name, n+1)
		}
		names[p.Name]++
	}
}
