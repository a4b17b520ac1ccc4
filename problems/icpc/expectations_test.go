package icpc

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func TestCompileGlob(t *testing.T) {
	tests := []struct {
		glob string
		yes  []string
		no   []string
	}{
		{"accepted", []string{"accepted", "accepted/a.py", "accepted/x/y"}, []string{"accepted2/a.py", "x/accepted"}},
		{"accepted/", []string{"accepted/a.py"}, []string{"acceptedx"}},
		{"wa/ac*", []string{"wa/ac.py", "wa/ac"}, []string{"wa/xac.py", "wa2/ac.py"}},
		{"*/nested.py", []string{"match/nested.py"}, []string{"match/x/nested.py"}},
		{"expansion/ac.{py,cpp}", []string{"expansion/ac.py", "expansion/ac.cpp"}, []string{"expansion/ac.c"}},
		{"secret/*{ 4 }{ 2 }", []string{"secret/42", "secret/142"}, []string{"secret/24", "secret/4 2"}},
		{"secret/*{,0,2}{0,2}", []string{"secret/0", "secret/20", "secret/12"}, []string{"secret/1", "secret/21"}},
		{"a.b", []string{"a.b"}, []string{"axb"}},
	}
	for _, tc := range tests {
		re, err := compileGlob(tc.glob)
		if err != nil {
			t.Fatalf("%q: %v", tc.glob, err)
		}
		for _, s := range tc.yes {
			if !re.MatchString(s) {
				t.Errorf("%q does not match %q", tc.glob, s)
			}
		}
		for _, s := range tc.no {
			if re.MatchString(s) {
				t.Errorf("%q matches %q", tc.glob, s)
			}
		}
	}
	if _, err := compileGlob("a{b"); err == nil {
		t.Error("an unclosed brace was taken")
	}
}

// TestCheck holds case verdicts to expectations: permitted for every judged
// case, required for at least one (a case not judged counts), a message in
// some judge message, and verdicts the format has no name for never allowed.
func TestCheck(t *testing.T) {
	glob := func(g string) Expectation {
		e := Expectation{From: g, CaseGlob: g}
		e.cases, _ = compileGlob(g)
		return e
	}
	wa := Expectation{From: "wrong_answer/", Permitted: []problems.Verdict{problems.AC, problems.WA}, Required: []problems.Verdict{problems.WA}}
	onSample := glob("sample")
	onSample.Required = []problems.Verdict{problems.AC}
	onSample = onSample.normalized()
	msg := Expectation{From: "msg", Message: "too big"}.normalized()
	cases := []string{"sample/1", "secret/1", "secret/2"}
	v := func(vs ...problems.Verdict) map[string]CaseVerdict {
		m := map[string]CaseVerdict{}
		for i, x := range vs {
			m[cases[i]] = CaseVerdict{Verdict: x, Message: "answer too big"}
		}
		return m
	}
	tests := []struct {
		name string
		exp  []Expectation
		got  map[string]CaseVerdict
		fail string // part of the first failure, "" for none
	}{
		{"wa found", []Expectation{wa}, v(problems.AC, problems.WA), ""},
		{"no wa", []Expectation{wa}, v(problems.AC, problems.AC, problems.AC), "requires one of [WA]"},
		{"tle not permitted", []Expectation{wa}, v(problems.AC, problems.TLE), "secret/1: TLE, not permitted"},
		{"pe is wa", []Expectation{wa}, v(problems.PE), ""},
		{"mle is rte", []Expectation{{From: "rte", Permitted: []problems.Verdict{problems.RTE}, Required: []problems.Verdict{problems.RTE}}}, v(problems.MLE), ""},
		{"je never", []Expectation{Expectation{From: "any"}.normalized()}, v(problems.JE), "JE, not permitted"},
		{"sample ok", []Expectation{wa, onSample}, v(problems.AC, problems.WA), ""},
		{"sample wa", []Expectation{wa, onSample}, v(problems.WA), "sample requires one of [AC]"},
		{"unjudged counts", []Expectation{wa}, map[string]CaseVerdict{}, ""},
		{"message", []Expectation{msg}, v(problems.WA), ""},
		{"message missing", []Expectation{Expectation{From: "m", Message: "nope"}.normalized()}, v(problems.WA, problems.WA, problems.WA), "no case's judge message contains"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fails := Submission{Expectations: tc.exp}.Check(cases, tc.got)
			switch {
			case tc.fail == "" && len(fails) > 0:
				t.Errorf("failures %v, want none", fails)
			case tc.fail != "" && (len(fails) == 0 || !strings.Contains(fails[0], tc.fail)):
				t.Errorf("failures %v, want one containing %q", fails, tc.fail)
			}
		})
	}
}

// TestSubmissionsYAML reads the expectations fixture: default folders, an
// entry over a default folder's name, case globs, entry points, and what
// counts as accepted.
func TestSubmissionsYAML(t *testing.T) {
	pkg, err := Load(filepath.Join("testdata", "expectations"))
	if err != nil {
		t.Fatal(err)
	}
	subs, err := pkg.Submissions()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Submission{}
	for _, s := range subs {
		got[s.Folder+"/"+filepath.Base(s.Path)] = s
	}
	if len(got) != 8 {
		t.Fatalf("%d submissions: %v", len(got), got)
	}
	if s := got["mixed/odd_only.py"]; len(s.Expectations) != 5 || s.Accepted() {
		t.Errorf("odd_only: %d expectations (want 5: mixed, its own and three for case groups), accepted %v", len(s.Expectations), s.Accepted())
	}
	if s := got["accepted/entry"]; s.Entrypoint != "real.py" || s.Language != "python3" || !s.Accepted() {
		t.Errorf("entry: %+v", s)
	}
	if s := got["rejected/crash.py"]; s.Accepted() || len(s.Expected) != 3 {
		t.Errorf("rejected: expected %v", s.Expected)
	}
}

// TestPartiallyAccepted lists a submission of partially_accepted/ in a legacy
// and a current package (it was passed over without a word): it must be
// accepted on some case, and may fail the others.
func TestPartiallyAccepted(t *testing.T) {
	for _, yaml := range []string{"name: P\n", "problem_format_version: 2023-07-draft\nname: P\n"} {
		dir := t.TempDir()
		for path, text := range map[string]string{
			"problem.yaml":                         yaml,
			"data/secret/1.in":                     "1\n",
			"data/secret/1.ans":                    "1\n",
			"submissions/partially_accepted/pa.py": "print(1)\n",
		} {
			p := filepath.Join(dir, filepath.FromSlash(path))
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(text), 0o644)
		}
		pkg, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		subs, err := pkg.Submissions()
		if err != nil || len(subs) != 1 {
			t.Fatalf("%q: submissions %v, %v; want the partially accepted one", yaml, subs, err)
		}
		s := subs[0]
		cases := []string{"secret/1", "secret/2"}
		if why := s.Check(cases, map[string]CaseVerdict{"secret/1": {Verdict: problems.AC}, "secret/2": {Verdict: problems.WA}}); len(why) > 0 {
			t.Errorf("%q: one case accepted: %v", yaml, why)
		}
		if why := s.Check(cases, map[string]CaseVerdict{"secret/1": {Verdict: problems.WA}, "secret/2": {Verdict: problems.TLE}}); len(why) == 0 {
			t.Errorf("%q: no case accepted, and nothing failed", yaml)
		}
		if s.Accepted() {
			t.Errorf("%q: counted among the accepted ones (whose runs set the time limit)", yaml)
		}
	}
}

// TestSubmissionsSkipSpecialFiles lists the submissions of legacy packages
// holding a pipe or a link to a device where a program would be: reading an
// @EXPECTED_RESULTS@ line from one must neither hang nor fill the memory; a
// pipe in an official folder is listed (the build refuses it), one elsewhere
// is not a submission.
func TestSubmissionsSkipSpecialFiles(t *testing.T) {
	tests := []struct {
		name  string
		path  string // below submissions/
		pipe  bool   // a pipe, else a link to /dev/zero
		count int    // submissions listed, echo.py included
	}{
		{"pipe in other", "other/x.py", true, 1},
		{"pipe in accepted", "accepted/y.py", true, 2},
		{"device in other", "other/z.py", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "problem.yaml"), "name: Echo\n")
			write(t, filepath.Join(dir, "data", "secret", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "secret", "1.ans"), "1\n")
			write(t, filepath.Join(dir, "submissions", "accepted", "echo.py"), "print(input())\n")
			path := filepath.Join(dir, "submissions", filepath.FromSlash(tt.path))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.pipe {
				if err := syscall.Mkfifo(path, 0o644); err != nil {
					t.Skip(err)
				}
			} else {
				link(t, "/dev/zero", path)
			}
			p, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			type listed struct {
				subs []Submission
				err  error
			}
			done := make(chan listed, 1)
			go func() {
				subs, err := p.Submissions()
				done <- listed{subs, err}
			}()
			select {
			case l := <-done:
				if l.err != nil {
					t.Fatal(l.err)
				}
				if len(l.subs) != tt.count {
					t.Errorf("%d submissions, want %d", len(l.subs), tt.count)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("Submissions still reading after 2s")
			}
		})
	}
}

// TestImpossibleExpectation: an entry whose required verdicts are none of its
// permitted ones can never be met; it is read all the same, with a warning at
// the entry that says why.
func TestImpossibleExpectation(t *testing.T) {
	tests := []struct {
		name, yaml, warning string
	}{
		{"required none permitted", "mine/*:\n  permitted: [AC]\n  required: [WA]\n",
			"s.yaml:2:3: submissions.yaml:1 mine/*: required [WA] can never be met: none of them is permitted: [AC]"},
		{"for a case glob", "mine/*:\n  secret/*:\n    permitted: [AC, WA]\n    required: [TLE, RTE]\n",
			"s.yaml:3:5: submissions.yaml:2 mine/*, secret/*: required [TLE RTE] can never be met: none of them is permitted: [AC WA]"},
		{"one required is permitted", "mine/*:\n  permitted: [AC, WA]\n  required: [WA, TLE]\n", ""},
		{"permitted alone", "mine/*:\n  permitted: [TLE]\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, warns, err := parseSubmissionRules([]byte(tc.yaml), "s.yaml")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range warns {
				got = append(got, w.String())
			}
			if tc.warning == "" && len(got) > 0 || tc.warning != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.warning)) {
				t.Errorf("warnings %q, want %q", got, tc.warning)
			}
		})
	}
}
