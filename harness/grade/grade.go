package grade

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/problems"
)

// Submission is one student's folder and everything the checks read about it.
type Submission struct {
	Name    string
	Dir     string
	Sources []*Source // the student's own sources (not the provided files)
	Build   *Build
	Symbols []Symbol
	// Calls maps a function's name to the functions that refer to it.
	Calls map[string]map[string]bool
	// Results holds the verdict on every dataset, in the order of the grader's
	// datasets; Reference the reference's, in the same order.
	Results   []judging.Judged
	Reference []judging.Judged
	// Debug maps a dataset to the extra lines of output that, taken out, leave
	// an accepted answer.
	Debug map[string][]string
	// Rubric and Work (a scratch folder of the student's own) serve checks
	// that compile again.
	Rubric *Rubric
	Work   string
}

// own is the set of the student's source file names.
func (s *Submission) own() map[string]bool {
	out := map[string]bool{}
	for _, src := range s.Sources {
		out[src.Name] = true
	}
	return out
}

var mainFunc = lazyRegexp(`\bint\s+main\s*\(`)

// lazyRegexp returns a function that compiles expr on its first call: the
// package's patterns are compiled when grading needs them, not when every
// command of the binary starts.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// mainSource returns the source that defines main, else the first translation
// unit, else the first source.
func (s *Submission) mainSource() *Source {
	for _, src := range s.Sources {
		for _, code := range src.Code {
			if mainFunc().MatchString(code) {
				return src
			}
		}
	}
	for _, src := range s.Sources {
		if isCompiled(src.Name) {
			return src
		}
	}
	if len(s.Sources) > 0 {
		return s.Sources[0]
	}
	return nil
}

// declaration finds the first line of file whose code names ident, as evidence.
func (s *Submission) declaration(file, ident string) (string, int, string) {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(ident) + `\b`)
	for _, src := range s.Sources {
		if src.Name != file {
			continue
		}
		for i, code := range src.Code {
			if re.MatchString(code) {
				return file, i + 1, src.Lines[i]
			}
		}
	}
	return file, 0, ""
}

// ownSymbols keeps the symbols of the student's files, less those a provided
// file also defines (a student who includes intset.cpp gets its symbols too).
func ownSymbols(all []Symbol, own map[string]bool) []Symbol {
	provided := map[string]bool{}
	for _, sym := range all {
		if !own[sym.File] {
			provided[sym.Name] = true
		}
	}
	var out []Symbol
	for _, sym := range all {
		if own[sym.File] && !provided[sym.Name] {
			out = append(out, sym)
		}
	}
	return out
}

// ItemResult is the outcome of one rubric item for one student.
type ItemResult struct {
	ID string
	// Points is the deduction (the sum of Deductions, capped at the item's max
	// and rounded to a tenth).
	Points     float64
	Deductions []Deduction
	// Blank is true for a manual item the teacher has not scored yet, and for
	// an automatic one that could not be checked (Note says why).
	Blank bool
	Note  string
}

// Student is one student's grade.
type Student struct {
	Name  string
	Items []ItemResult // in the rubric's order
	Total float64
	// Notes are remarks that deduct nothing (a Makefile that failed, …).
	Notes []string
}

// Blanks counts the items still to be scored.
func (st *Student) Blanks() int {
	n := 0
	for _, it := range st.Items {
		if it.Blank {
			n++
		}
	}
	return n
}

// Class is the grades of every student of a class folder.
type Class struct {
	Rubric   *Rubric
	Problem  string
	Students []*Student // in folder name order
}

// Grader grades the students of a class on one problem.
type Grader struct {
	Rubric   *Rubric
	Problem  problems.Problem
	Limits   problems.Limits
	Datasets []problems.Dataset
	// Judge runs the programs (harness's job pool, runner and checker).
	Judge *judging.Judge
	// Reference is the problem's reference program, for the efficiency check;
	// nil leaves that item blank.
	Reference *build.Program
	// Work is where the grader makes its own scratch folder (removed at the end).
	Work string
	// Log receives one line per student as the work goes on (may be nil).
	Log io.Writer
	// Jail, when set, runs every build tool (the compiler, the student's make
	// and what the Makefile starts) in a jail; nil runs them on the host.
	Jail *jail.Jail
}

// tool returns how build tools run: in the jail, or on the host.
func (g *Grader) tool() toolFunc {
	if g.Jail != nil {
		return jailedTool(g.Jail)
	}
	return runTool
}

// Students lists the student folders of a class folder: every folder not starting
// with '.' or '_'.
func Students(classDir string) ([]string, error) {
	entries, err := os.ReadDir(classDir)
	if err != nil {
		return nil, fmt.Errorf("class folder: %w", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && !strings.HasPrefix(e.Name(), "_") {
			if strings.EqualFold(e.Name(), GradesFile) || strings.EqualFold(e.Name(), ClassFile) {
				return nil, fmt.Errorf("class folder %s: a student folder named %s would take the place of the report's own %s: rename it (or start it with _ to leave it out)",
					classDir, e.Name(), e.Name())
			}
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("class folder %s holds no student folders", classDir)
	}
	return out, nil
}

// Grade builds, runs and checks every student of classDir.
func (g *Grader) Grade(ctx context.Context, classDir string) (*Class, error) {
	names, err := Students(classDir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(g.Work, 0o755); err != nil {
		return nil, fmt.Errorf("scratch folder: %w", err)
	}
	work, err := os.MkdirTemp(g.Work, "grade-")
	if err != nil {
		return nil, fmt.Errorf("scratch folder: %w", err)
	}
	defer os.RemoveAll(work)
	provided := map[string]bool{}
	for _, p := range g.Rubric.Provided {
		provided[p] = true
	}
	subs := make([]*Submission, len(names))
	for i, name := range names {
		dir := filepath.Join(classDir, name)
		s := &Submission{Name: name, Dir: dir, Debug: map[string][]string{}, Rubric: g.Rubric}
		if s.Sources, err = readSources(dir, provided); err != nil {
			return nil, err
		}
		sw := filepath.Join(work, fmt.Sprintf("%03d", i))
		if err := os.Mkdir(sw, 0o755); err != nil {
			return nil, fmt.Errorf("scratch folder: %w", err)
		}
		s.Work = sw
		if s.Build, err = buildStudent(ctx, g.Rubric, dir, sw, g.tool()); err != nil {
			return nil, err
		}
		all, err := symbols(ctx, s.Build)
		if err != nil {
			return nil, fmt.Errorf("student %s: %w", name, err)
		}
		s.Symbols = ownSymbols(all, s.own())
		for file := range s.Build.Objects {
			if !s.own()[file] {
				delete(s.Build.Objects, file)
			}
		}
		if s.Calls, err = calls(ctx, s.Build); err != nil {
			return nil, fmt.Errorf("student %s: %w", name, err)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		g.logf("built %s: %s", name, map[bool]string{true: "ok", false: "does not build"}[s.Build.OK])
		subs[i] = s
	}
	if err := g.run(ctx, subs); err != nil {
		return nil, err
	}
	class := &Class{Rubric: g.Rubric, Problem: g.Problem.Meta().Slug}
	for _, s := range subs {
		class.Students = append(class.Students, g.apply(ctx, s))
	}
	return class, nil
}

func (g *Grader) logf(format string, args ...any) {
	if g.Log != nil {
		fmt.Fprintf(g.Log, format+"\n", args...)
	}
}

// run judges every built program and the reference on every dataset, in one pool.
func (g *Grader) run(ctx context.Context, subs []*Submission) error {
	var tasks []judging.Task
	type span struct {
		s     *Submission
		first int
	}
	var spans []span
	add := func(prog *build.Program) int {
		first := len(tasks)
		for _, d := range g.Datasets {
			tasks = append(tasks, judging.Task{Problem: g.Problem, Limits: g.Limits, Program: prog, Dataset: d})
		}
		return first
	}
	refFirst := -1
	if g.Reference != nil {
		refFirst = add(g.Reference)
	}
	for _, s := range subs {
		if !s.Build.OK {
			continue
		}
		prog := &build.Program{Name: s.Name, Source: s.Dir, Language: "cpp", Hash: s.Name,
			Argv: []string{s.Build.Exe}, AddressSpace: true}
		spans = append(spans, span{s, add(prog)})
	}
	results := g.Judge.Judge(ctx, tasks, func(int, *judging.Judged) {})
	if ctx.Err() != nil {
		return fmt.Errorf("grading interrupted: %w", ctx.Err())
	}
	n := len(g.Datasets)
	for _, sp := range spans {
		sp.s.Results = results[sp.first : sp.first+n]
		if refFirst >= 0 {
			sp.s.Reference = results[refFirst : refFirst+n]
		}
		for i, r := range sp.s.Results {
			if extra := g.extraLines(g.Datasets[i], r); extra != nil {
				sp.s.Debug[r.Dataset] = extra
			}
		}
	}
	return nil
}

// shape maps a line to its form with every digit made 0, so that two solutions of
// a puzzle have lines of the same shapes.
func shape(line string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '0'
		}
		return r
	}, strings.TrimRight(line, " \r"))
}

// extraLines decides whether a wrong answer is a right one with extra lines: the
// lines whose shape no line of the expected answer has are taken out and the rest
// is checked again by the problem's checker. It returns the lines taken out when
// that makes the answer accepted, else nil.
func (g *Grader) extraLines(ds problems.Dataset, r judging.Judged) []string {
	if (r.Outcome.Verdict != problems.WA && r.Outcome.Verdict != problems.PE) || r.Output == nil {
		return nil
	}
	shapes := map[string]bool{}
	for _, l := range strings.Split(string(ds.Answer), "\n") {
		shapes[shape(l)] = true
	}
	var kept, extra []string
	for _, l := range strings.Split(string(r.Output), "\n") {
		if shapes[shape(l)] {
			kept = append(kept, l)
		} else {
			extra = append(extra, l)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	o := g.check(ds, []byte(strings.Join(kept, "\n")))
	if o.Verdict != problems.AC {
		return nil
	}
	return extra
}

// check runs the problem's checker, turning a panic into a rejection.
func (g *Grader) check(ds problems.Dataset, stdout []byte) (o problems.Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = problems.Rejected(problems.JE, "checker panicked: %v", v)
		}
	}()
	return g.Problem.Check(ds, problems.Output{Stdout: stdout})
}

// apply runs every item of the rubric on a submission.
func (g *Grader) apply(ctx context.Context, s *Submission) *Student {
	st := &Student{Name: s.Name, Notes: s.Build.Notes}
	total := g.Rubric.Total
	for _, it := range g.Rubric.Items {
		res := ItemResult{ID: it.ID}
		switch {
		case it.IsManual():
			res.Blank = true
		case !s.Build.OK && it.Check != "compile":
			res.Note = "not checked: the program does not build"
		default:
			ds, err := it.run(ctx, s)
			if err != nil {
				res.Blank, res.Note = true, "could not be checked: "+err.Error()
				break
			}
			res.Deductions = ds
			sum := 0.0
			for _, d := range ds {
				sum += d.Points
			}
			res.Points = round1(min(sum, it.Max))
		}
		total -= res.Points
		st.Items = append(st.Items, res)
	}
	st.Total = round1(max(total, 0))
	return st
}

// SetManual sets a manual item's score (nil clears it) and recomputes the total.
func (c *Class) SetManual(st *Student, id string, points *float64) error {
	for i, it := range c.Rubric.Items {
		if it.ID != id {
			continue
		}
		if !it.IsManual() {
			return fmt.Errorf("item %s is checked automatically", id)
		}
		if points == nil {
			st.Items[i].Points, st.Items[i].Blank = 0, true
		} else {
			if *points < 0 || *points > it.Max {
				return fmt.Errorf("item %s: %g is outside 0…%g", id, *points, it.Max)
			}
			st.Items[i].Points, st.Items[i].Blank = *points, false
		}
		c.retotal(st)
		return nil
	}
	return fmt.Errorf("no item %s in the rubric", id)
}

func (c *Class) retotal(st *Student) {
	total := c.Rubric.Total
	for _, it := range st.Items {
		total -= it.Points
	}
	st.Total = round1(max(total, 0))
}

// Ranked returns the students best grade first (ties in name order).
func (c *Class) Ranked() []*Student {
	out := append([]*Student(nil), c.Students...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Total > out[j].Total })
	return out
}
