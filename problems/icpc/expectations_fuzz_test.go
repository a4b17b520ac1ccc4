package icpc

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// lineRE finds the line of an error that names one after its file.
var lineRE = regexp.MustCompile(`^:(\d+)(?::(\d+))?: `)

// yamlLines splits text into lines as YAML counts them: a line ends at a
// line feed, a carriage return (with the line feed after it, if any), or a
// Unicode NEL, LS or PS; a byte order mark at the start is no character.
// Columns are counted in characters.
func yamlLines(text string) []string {
	text = strings.TrimPrefix(text, "\ufeff")
	var lines []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\r' && strings.HasPrefix(text[i:], "\r\n"):
			size = 2
			fallthrough
		case r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			lines = append(lines, text[start:i])
			start = i + size
		}
		i += size
	}
	return append(lines, text[start:])
}

// inYAML reports whether a 1-based line and column lie in text as YAML
// counts them (just past a line's last character counts). Text in UTF-16,
// which YAML reads too, is not looked into.
func inYAML(text string, line, col int) bool {
	if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
		return true
	}
	lines := yamlLines(text)
	return line >= 1 && line <= len(lines) && col >= 1 && col <= utf8.RuneCountInString(lines[line-1])+1
}

// checkYAMLError holds an error from reading the YAML text at file to naming
// it: "FILE: …", "FILE:LINE: …" or "FILE:LINE:COL: …", with a line (and a
// column) that lie in text.
func checkYAMLError(t *testing.T, err error, file, text string) {
	t.Helper()
	msg, ok := strings.CutPrefix(err.Error(), file)
	if !ok || msg == "" || msg[0] != ':' {
		t.Fatalf("error %q does not name %s", err, file)
	}
	m := lineRE.FindStringSubmatch(msg)
	if m == nil {
		return
	}
	line, _ := strconv.Atoi(m[1])
	col := 1
	if m[2] != "" {
		col, _ = strconv.Atoi(m[2])
	}
	if !inYAML(text, line, col) {
		t.Fatalf("error %q is at no place of %q", err, text)
	}
}

// checkWarnings holds warnings about the YAML text at file to naming it, at a
// line and column that lie in text.
func checkWarnings(t *testing.T, warns []Warning, file, text string) {
	t.Helper()
	for _, w := range warns {
		if w.File != file {
			t.Fatalf("warning %q names %q, not %q", w, w.File, file)
		}
		if !inYAML(text, w.Line, w.Col) {
			t.Fatalf("warning %q is at no place of %q", w, text)
		}
	}
}

// fuzzDeadline is how long one fuzz input may take to read: real ones take
// microseconds, and a reader still busy after this has hung.
const fuzzDeadline = 10 * time.Second

// finishes runs read and fails t when it is still running after fuzzDeadline
// (the fuzzing engine itself reports no hang, only runs out of time).
func finishes(t *testing.T, read func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		read()
	}()
	select {
	case <-done:
	case <-time.After(fuzzDeadline):
		t.Fatalf("still reading after %v", fuzzDeadline)
	}
}

// globExample turns a submissions.yaml glob into a path it must match: each
// * matches nothing, each {…} its first choice.
func globExample(glob string) (string, bool) {
	glob = strings.TrimSuffix(glob, "/")
	var b strings.Builder
	for glob != "" {
		open := strings.IndexByte(glob, '{')
		if open < 0 {
			b.WriteString(glob)
			break
		}
		close := strings.IndexByte(glob[open:], '}')
		if close < 0 {
			return "", false
		}
		b.WriteString(glob[:open])
		first, _, _ := strings.Cut(glob[open+1:open+close], ",")
		b.WriteString(strings.TrimSpace(first))
		glob = glob[open+close+1:]
	}
	return strings.ReplaceAll(b.String(), "*", ""), true
}

// TestParseSubmissionRulesFaults reads submissions.yaml texts with faults: a
// malformed entry is skipped with a warning at its line and column; a text
// that is no YAML mapping is an error naming the file and line.
func TestParseSubmissionRulesFaults(t *testing.T) {
	const file = "submissions/submissions.yaml"
	for _, tc := range []struct {
		name, yaml string
		warns      []string // prefixes of the warnings, in order
		err        string   // prefix of the error, "" for none
	}{
		{"good", "mixed:\n  permitted: [AC, WA]\n  required: [WA]\n", nil, ""},
		{"empty", "", nil, ""},
		{"unclosed brace", "a{b:\n  permitted: [AC]\n", []string{file + ":1:1: glob \"a{b\": { without }"}, ""},
		{"entry not a mapping", "accepted: [AC]\n", []string{file + ":1:11: accepted: want a mapping"}, ""},
		{"bad verdict", "x:\n  permitted: [AC, PE]\n", []string{file + ":2:14: submissions.yaml:1 x: permitted: want a list"}, ""},
		{"case glob not a mapping", "x:\n  secret/1: AC\n", []string{file + ":2:13: x: secret/1: want a mapping"}, ""},
		{"case glob unclosed", "x:\n  secret/{1:\n    required: [AC]\n", []string{file + ":2:3: glob \"secret/{1\": { without }"}, ""},
		{"explicit key, no value, at the end", "accepted:\n  permitted: [AC]\n? wrong_answer", []string{file + ":3:3: wrong_answer: want a mapping"}, ""},
		{"explicit key, no value, last line", "? rejected\n", []string{file + ":1:3: rejected: want a mapping"}, ""},
		{"explicit key, no value, another key next", "? rejected\naccepted: {}\n", []string{file + ":1:3: rejected: want a mapping"}, ""},
		{"empty case glob", "x:\n  \"\":\n    required: [AC]\n", []string{file + ":2:3: x: want a test case glob as a key"}, ""},
		{"case glob a mapping", "x:\n  {}:\n    required: [AC]\n", []string{file + ":2:3: x: want a test case glob as a key"}, ""},
		{"submission glob a list", "[a, b]:\n  permitted: [AC]\n", []string{file + ":1:1: want a submission glob as a key"}, ""},
		{"not a mapping", "- accepted\n", nil, file + ":1:1: want a mapping"},
		{"bad yaml", "x:\n  permitted: [AC\n", nil, file + ":2: did not find expected ',' or ']'"},
		{"bad yaml, no line break at the end", "x:\n  permitted: [AC", nil, file + ":2: did not find expected ',' or ']'"},
		{"unclosed bracket, one line", "[", nil, file + ":1: did not find expected node content"},
		{"bad yaml, carriage returns", "x:\r  permitted: [AC", nil, file + ":2: did not find expected ',' or ']'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules, warns, err := parseSubmissionRules([]byte(tc.yaml), file)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rules) < len(defaultExpectations) {
				t.Errorf("%d rules, fewer than the format's default folders", len(rules))
			}
			if len(warns) != len(tc.warns) {
				t.Fatalf("warnings %v, want %q", warns, tc.warns)
			}
			for i, w := range warns {
				if !strings.HasPrefix(w.String(), tc.warns[i]) {
					t.Errorf("warning %q, want %q", w, tc.warns[i])
				}
			}
		})
	}
}

// FuzzParseSubmissionRules reads any submissions.yaml. An error names the
// file (and the line and column it knows of, in the text); otherwise the
// format's default folders keep their places, every rule's glob is valid and
// matches what it names, every expectation permits and requires verdicts of
// the format only, and every warning is at a place of the text.
func FuzzParseSubmissionRules(f *testing.F) {
	for _, s := range []string{
		"mixed:\n  permitted: [AC, WA]\n  required: [WA]\n",
		"mixed/odd_only.py:\n  sample:\n    required: [AC]\n  secret/{1, 3}:\n    required: [AC]\n  secret/2:\n    required: [WA]\n",
		"accepted/entry:\n  entrypoint: real.py\n  language: python3\n",
		"accepted:\n  permitted: [AC]\n  message: \"fast\"\n  use_for_time_limit: lower\n",
		"wrong_answer/*.{py,cpp}:\n  authors: [A]\n  score: 10\n  secret/*:\n    permitted: [ac, wa]\n",
		"x: &a {permitted: [AC]}\ny: *a\n<<: *a\n",
		"a{b:\n  permitted: [AC]\n",
		"accepted: [AC]\n",
		"x:\n  permitted: [AC, PE]\n  required: TLE\n",
		"x:\n  secret/1: AC\n  secret/{1:\n    required: [AC]\n",
		"- accepted\n",
		"x:\n  permitted: [AC\n",
		"x: {permitted: [AC]}\n---\ny: [\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const file = "pkg/submissions/submissions.yaml"
		var rules []submissionRule
		var warns []Warning
		var err error
		finishes(t, func() { rules, warns, err = parseSubmissionRules([]byte(text), file) })
		if err != nil {
			checkYAMLError(t, err, file, text)
			return
		}
		checkWarnings(t, warns, file, text)
		if len(rules) < len(defaultExpectations) {
			t.Fatalf("%d rules, fewer than the format's default folders", len(rules))
		}
		for i, d := range defaultExpectations {
			if rules[i].glob != d.folder {
				t.Fatalf("rule %d is %q, want the default folder %q", i, rules[i].glob, d.folder)
			}
		}
		for _, r := range rules {
			if r.re == nil || len(r.expectations) == 0 || r.expectations[0].CaseGlob != "" {
				t.Fatalf("rule %q: glob %v, expectations %+v", r.glob, r.re, r.expectations)
			}
			if ex, ok := globExample(r.glob); !ok || !r.re.MatchString(ex) {
				t.Fatalf("rule %q does not match %q", r.glob, ex)
			}
			for _, e := range r.expectations {
				if (e.CaseGlob != "") != (e.cases != nil) {
					t.Fatalf("rule %q: case glob %q compiled to %v", r.glob, e.CaseGlob, e.cases)
				}
				if e.cases != nil {
					if ex, ok := globExample(e.CaseGlob); !ok || !e.cases.MatchString(ex) {
						t.Fatalf("rule %q: case glob %q does not match %q", r.glob, e.CaseGlob, ex)
					}
				}
				for _, list := range [][]problems.Verdict{e.Permitted, e.Required} {
					if len(list) == 0 {
						t.Fatalf("rule %q: %+v permits or requires nothing", r.glob, e)
					}
					for _, v := range list {
						if !slices.Contains(expectationVerdicts, v) {
							t.Fatalf("rule %q: verdict %q is not the format's", r.glob, v)
						}
					}
				}
			}
		}
	})
}
