package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/reports"
)

// verifyPackage is judge verify on an ICPC/Kattis package, as problemtools'
// verifyproblem checks one: input validators on every test case, then every
// example submission judged and held to its folder (or its @EXPECTED_RESULTS@
// line), with time-limit margin warnings.
func verifyPackage(c *cli.Context, e *env, pkg *icpc.Package) error {
	w := c.App.Writer
	ctx, stop := signalContext(c.Context)
	defer stop()
	x := e.Packages()
	if ds, err := pkg.Datasets(); err != nil {
		return failed("%v", err)
	} else if len(ds) == 0 {
		return failed("verify %s: no test cases under %s", pkg.Meta().Slug, filepath.Join(pkg.Dir, "data"))
	}
	failures := 0
	checks, err := x.ValidateInputs(ctx, pkg)
	if err != nil {
		return failed("input validators: %v", err)
	}
	failures += printInputChecks(w, checks)
	rep, err := x.Verify(ctx, pkg, func(s icpcrun.SubmissionResult) {
		fmt.Fprintf(c.App.ErrWriter, "judged %s/%s: %s\n", s.Submission.Folder, filepath.Base(s.Submission.Path), s.Verdict)
	})
	if ctx.Err() != nil {
		return failed("interrupted")
	}
	if err != nil {
		return failed("%v", err)
	}
	fmt.Fprintf(w, "time limit %gs (%s)\n", rep.TimeLimit, rep.TimeLimitSource)
	var rows [][]string
	for _, s := range rep.Submissions {
		status := "ok"
		switch {
		case s.Skipped:
			status = "skipped: " + s.Program.Unavailable
		case !s.OK:
			status = "FAIL"
			failures++
		}
		want := make([]string, len(s.Submission.Expected))
		for i, v := range s.Submission.Expected {
			want[i] = string(v)
		}
		if len(want) == 0 {
			want = []string{"any"}
		}
		rows = append(rows, []string{s.Submission.Folder + "/" + filepath.Base(s.Submission.Path), strings.Join(want, " or "),
			string(s.Verdict), fmt.Sprintf("%.3f", s.MaxCPU.Seconds()), status})
	}
	if err := reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "submission"}, {Name: "expected"}, {Name: "verdict"},
		{Name: "slowest_s", Numeric: true}, {Name: "status"}}, rows); err != nil {
		return err
	}
	for _, s := range rep.Submissions {
		for _, note := range s.Notes {
			fmt.Fprintf(w, "NOTE %s/%s: %s\n", s.Submission.Folder, filepath.Base(s.Submission.Path), note)
		}
		for _, why := range s.Why {
			fmt.Fprintf(w, "FAIL %s/%s: %s\n", s.Submission.Folder, filepath.Base(s.Submission.Path), why)
		}
	}
	for _, warn := range rep.Warnings {
		fmt.Fprintf(w, "WARN %s\n", warn)
	}
	if len(rep.Submissions) == 0 {
		fmt.Fprintf(w, "WARN no example submissions under %s: no verdict was checked\n", filepath.Join(pkg.Dir, "submissions"))
	}
	if len(pkg.InputValidators) == 0 {
		fmt.Fprintf(w, "WARN no input validators under %s: no test case's input was checked\n", filepath.Join(pkg.Dir, "input_validators"))
	}
	name := pkg.Meta().Slug
	if failures > 0 {
		return failed("verify %s: %d failure(s)", name, failures)
	}
	fmt.Fprintf(w, "verify %s: all good (%s, %d skipped)\n", name, plural(len(rep.Submissions), "submission"), rep.Skipped())
	return nil
}

// validatePackage is judge validate on a package without files: every test
// case's input through every input validator.
func validatePackage(c *cli.Context, e *env, pkg *icpc.Package, files []string) error {
	ctx, stop := signalContext(c.Context)
	defer stop()
	if len(pkg.InputValidators) == 0 {
		fmt.Fprintf(c.App.Writer, "%s has no input validators: nothing checked\n", pkg.Dir)
		return nil
	}
	var checks []icpcrun.InputCheck
	var err error
	unreadable := 0
	if len(files) > 0 {
		var readable []string
		for _, f := range files {
			if _, serr := os.Stat(f); serr != nil {
				// Said in its place, and the other files checked still.
				unreadable++
				fmt.Fprintf(c.App.Writer, "%s: not read: %v\n", f, unwrapPath(serr))
				continue
			}
			readable = append(readable, f)
		}
		if len(readable) > 0 {
			checks, err = e.Packages().ValidateFiles(ctx, pkg, readable)
		}
	} else {
		checks, err = e.Packages().ValidateInputs(ctx, pkg)
	}
	if err != nil {
		return failed("input validators: %v", err)
	}
	bad := printInputChecks(c.App.Writer, checks)
	if unreadable > 0 {
		return validateOutcome(bad, unreadable, len(files))
	}
	if bad > 0 {
		return failed("%d of %d checks failed", bad, len(checks))
	}
	return nil
}

// printInputChecks prints one line per check that is not "valid" and a summary
// line per validator, and returns how many failed (invalid or error).
func printInputChecks(w io.Writer, checks []icpcrun.InputCheck) int {
	bad := 0
	type tally struct{ valid, bad, unchecked int }
	per := map[string]*tally{}
	var order []string
	type same struct{ validator, status, message string }
	cases := map[same][]string{} // the inputs with each fault, in order
	var lines []same
	for _, ch := range checks {
		t, ok := per[ch.Validator]
		if !ok {
			t = &tally{}
			per[ch.Validator] = t
			order = append(order, ch.Validator)
		}
		if ch.Status == "valid" {
			t.valid++
			continue
		}
		if ch.Status == "invalid" || ch.Status == "error" {
			bad++
			t.bad++
		} else {
			t.unchecked++
		}
		k := same{ch.Validator, ch.Status, ch.Message}
		if len(cases[k]) == 0 {
			lines = append(lines, k)
		}
		cases[k] = append(cases[k], ch.Case)
	}
	// A fault of the validator itself (it does not build, its tool is
	// missing) is said once, not once per input.
	for _, k := range lines {
		where := cases[k][0]
		if n := len(cases[k]); n > 1 {
			where = fmt.Sprintf("%d inputs (%s)", n, strings.Join(cases[k][:min(n, 3)], ", "))
			if n > 3 {
				where = strings.TrimSuffix(where, ")") + ", …)"
			}
		}
		fmt.Fprintf(w, "%s: %s: %s %s\n", k.validator, where, k.status, k.message)
	}
	for _, v := range order {
		line := fmt.Sprintf("input validator %s: %d valid, %d not", v, per[v].valid, per[v].bad)
		if per[v].unchecked > 0 {
			line += fmt.Sprintf(", %d not checked", per[v].unchecked)
		}
		fmt.Fprintln(w, line)
	}
	return bad
}

// plural is "1 word" or "n words".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
