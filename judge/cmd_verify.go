package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check a problem: inputs valid, answers current, every solution gets its folder's verdict",
		ArgsUsage: "PROBLEM",
		Description: `Checks, in order, and reports every failure with its reason:
   1. every .in of every group passes the problem's input validator;
   2. every .ans equals the reference solver's output (not for interactive problems);
   3. every program under solutions/PROBLEM/ gets the verdict its folder names:
      a program directly there must be AC on every dataset; one in wrong_answer/,
      time_limit_exceeded/, run_time_error/, memory_limit_exceeded/,
      output_limit_exceeded/ or presentation_error/ must get that verdict on at least
      one dataset and AC on the others.
Exits 0 when all holds, 1 otherwise.`,
		Flags:  []cli.Flag{jobsFlag()},
		Action: problemAction("verify: want one problem (judge verify PROBLEM)", exactly(1), verify),
	}
}

// allDatasets returns every dataset group under the problem's data/ and their
// datasets.
func allDatasets(p problems.Problem) ([]string, []problems.Dataset, error) {
	groups, err := allGroups(p)
	if err != nil {
		return nil, nil, err
	}
	all, err := p.Datasets(groups...)
	if err != nil {
		return nil, nil, usageError("%v", err)
	}
	return groups, all, nil
}

// allGroups lists every dataset group folder under the problem's data/.
func allGroups(p problems.Problem) ([]string, error) {
	f, ok := p.(interface{ DataDir() string })
	if !ok {
		return nil, nil
	}
	entries, err := os.ReadDir(f.DataDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, usageError("%s: %v", f.DataDir(), err)
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

func verify(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
	w := c.App.Writer
	meta := p.Meta()
	var failures []string
	fail := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		failures = append(failures, msg)
		fmt.Fprintln(w, "FAIL "+msg)
	}
	groups, all, err := allDatasets(p)
	if err != nil {
		return err
	}
	// 1. Inputs.
	for _, d := range all {
		if err := p.Validate(d.Input); err != nil {
			fail("%s: invalid input: %v", relPath(d.InPath), err)
		}
	}
	fmt.Fprintf(w, "inputs: %d checked in groups %s\n", len(all), strings.Join(groups, ", "))

	ctx, stop := signalContext(c.Context)
	defer stop()
	sols, err := listSolutions(e.root, meta)
	if err != nil {
		return err
	}
	var sources []string
	for _, s := range sols {
		sources = append(sources, relPath(s.Path))
	}
	progs, err := e.build(ctx, sources)
	if err != nil {
		return err
	}
	defaults, err := p.Datasets()
	if err != nil {
		return usageError("%v", err)
	}
	isDefault := map[string]bool{}
	for _, d := range defaults {
		isDefault[d.Name] = true
	}
	// 2. Answers: the reference on every dataset of every group.
	refIdx := -1
	for i, s := range sols {
		if filepath.Base(s.Path) == meta.Reference && s.Expected == problems.AC {
			refIdx = i
		}
	}
	if refIdx < 0 {
		return usageError("%s: reference %q (problem.yaml) is not a folder under solutions/%s/", meta.Slug, meta.Reference, meta.Slug)
	}
	ref := judgeAll(ctx, c, e, p, limits, progs[refIdx:refIdx+1], all, true)
	stale := 0
	if meta.IO != problems.InteractIO {
		for i, r := range ref {
			if !finishedNormally(r.Outcome.Verdict) {
				fail("reference %s on %s: %s %s", progs[refIdx].Name, r.Dataset, r.Outcome.Verdict, r.Outcome.Message)
				continue
			}
			if !bytes.Equal(r.Output, all[i].Answer) {
				stale++
				fail("%s differs from the reference's output (judge regen %s)", relPath(all[i].AnsPath), meta.Slug)
			}
		}
		fmt.Fprintf(w, "answers: %d compared with %s, %d stale\n", len(all), progs[refIdx].Name, stale)
	}
	// 3. Every solution on the default groups.
	var refDefault []judging.Judged
	for _, r := range ref {
		if isDefault[r.Dataset] {
			refDefault = append(refDefault, r)
		}
	}
	var others []*build.Program
	var otherSols []solution
	for i := range progs {
		if i != refIdx {
			others = append(others, progs[i])
			otherSols = append(otherSols, sols[i])
		}
	}
	results := append(refDefault, judgeAll(ctx, c, e, p, limits, others, defaults, false)...)
	ordered := append([]solution{sols[refIdx]}, otherSols...)
	orderedProgs := append([]*build.Program{progs[refIdx]}, others...)
	var table [][]string
	for i, s := range ordered {
		rs := results[i*len(defaults) : (i+1)*len(defaults)]
		ok, why := expectationHolds(s.Expected, rs)
		status := "ok"
		if !ok {
			status = "FAIL"
			fail("%s: expected %s, %s", relPath(s.Path), s.Expected, why)
		}
		table = append(table, []string{orderedProgs[i].Name, string(s.Expected), verdictCounts(rs), status})
	}
	if ctx.Err() != nil {
		return failed("interrupted")
	}
	fmt.Fprintln(w)
	if err := reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "program"}, {Name: "expected"},
		{Name: "verdicts on " + fmt.Sprint(len(defaults)) + " datasets"}, {Name: "status"}}, table); err != nil {
		return err
	}
	if len(failures) > 0 {
		return failed("verify %s: %d failure(s)", meta.Slug, len(failures))
	}
	fmt.Fprintf(w, "verify %s: all good\n", meta.Slug)
	return nil
}

// finishedNormally reports whether a verdict means the program ran to its end and
// its output is worth comparing.
func finishedNormally(v problems.Verdict) bool {
	return v == problems.AC || v == problems.WA || v == problems.PE
}

// expectationHolds checks a program's verdicts against its folder's verdict.
func expectationHolds(want problems.Verdict, rs []judging.Judged) (bool, string) {
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

func verdictCounts(rs []judging.Judged) string {
	counts := map[problems.Verdict]int{}
	for _, r := range rs {
		counts[r.Outcome.Verdict]++
	}
	var parts []string
	for _, v := range problems.Verdicts {
		if n := counts[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, n))
		}
	}
	return strings.Join(parts, ", ")
}

func regenCommand() *cli.Command {
	return &cli.Command{
		Name:      "regen",
		Usage:     "rewrite the .ans files from the reference solver's output",
		ArgsUsage: "PROBLEM",
		Description: `Runs the reference solver (problem.yaml's reference) on every dataset of every group
and rewrites each .ans that differs, printing a unified diff of the change. With
--check nothing is written; stale answers make the exit code 1. A dataset on which the
reference does not finish normally is reported and left alone. Interactive problems
have no answers to regenerate.`,
		Flags:  []cli.Flag{jobsFlag(), &cli.BoolFlag{Name: "check", Usage: "only report stale answers (exit 1 when any)"}},
		Action: problemAction("regen: want one problem (judge regen PROBLEM)", exactly(1), regen),
	}
}

func regen(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
	w := c.App.Writer
	meta := p.Meta()
	if meta.IO == problems.InteractIO {
		fmt.Fprintf(w, "%s is interactive: its .ans files are not program output; nothing to do\n", meta.Slug)
		return nil
	}
	_, all, err := allDatasets(p)
	if err != nil {
		return err
	}
	ctx, stop := signalContext(c.Context)
	defer stop()
	progs, err := e.build(ctx, []string{relPath(filepath.Join(e.root, "solutions", meta.Slug, meta.Reference))})
	if err != nil {
		return err
	}
	if progs[0].CompileError != "" {
		return failed("reference %s does not compile:\n%s", progs[0].Source, progs[0].CompileError)
	}
	results := judgeAll(ctx, c, e, p, limits, progs, all, true)
	if ctx.Err() != nil {
		return failed("interrupted: nothing written")
	}
	stale, broken := 0, 0
	for i, r := range results {
		d := all[i]
		if !finishedNormally(r.Outcome.Verdict) {
			broken++
			fmt.Fprintf(w, "%s: reference got %s (%s); left alone\n", relPath(d.AnsPath), r.Outcome.Verdict, r.Outcome.Message)
			continue
		}
		if bytes.Equal(r.Output, d.Answer) {
			continue
		}
		stale++
		fmt.Fprint(w, reports.UnifiedDiff(relPath(d.AnsPath), "reference output", d.Answer, r.Output, 16<<10))
		if !c.Bool("check") {
			if err := writeAtomic(d.AnsPath, r.Output); err != nil {
				return failed("writing %s: %v", d.AnsPath, err)
			}
		}
	}
	verb := "rewritten"
	if c.Bool("check") {
		verb = "stale"
	}
	fmt.Fprintf(w, "regen %s: %d datasets, %d %s, %d where the reference failed\n", meta.Slug, len(all), stale, verb, broken)
	if broken > 0 || (stale > 0 && c.Bool("check")) {
		return cli.Exit("", exitFailed)
	}
	return nil
}

// writeAtomic replaces path with data through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".regen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, bytes.NewReader(data)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	_ = os.Chmod(tmp.Name(), 0o644)
	return os.Rename(tmp.Name(), path)
}
