package icpc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/judgehq/judge/problems"
)

// Expectation is what one entry of submissions/submissions.yaml, or one of the
// format's default folders, asks of the verdicts of a submission's test cases.
type Expectation struct {
	// From says where it comes from, for messages.
	From string
	// CaseGlob limits it to the test cases it matches ("" for every case).
	CaseGlob string
	cases    *regexp.Regexp
	// Permitted are the verdicts every case may have; Required the verdicts of
	// which at least one case must have one. Both are among AC, WA, TLE and RTE.
	Permitted, Required []problems.Verdict
	// Message must appear in the judge message of at least one case ("" for none).
	Message string
}

// expectationVerdicts are the verdicts submissions.yaml speaks of, in its order.
var expectationVerdicts = []problems.Verdict{problems.AC, problems.WA, problems.TLE, problems.RTE}

// FormatVerdict is a verdict as the package format knows it: a wrong output
// format is a wrong answer, memory and output limits are run-time errors; "" for
// verdicts it has no name for (judge errors, compile errors).
func FormatVerdict(v problems.Verdict) problems.Verdict {
	switch v {
	case problems.AC, problems.WA, problems.TLE, problems.RTE:
		return v
	case problems.PE:
		return problems.WA
	case problems.MLE, problems.OLE:
		return problems.RTE
	}
	return ""
}

// defaultExpectations are the format's default folders (2025-09).
var defaultExpectations = []struct {
	folder              string
	permitted, required []problems.Verdict
}{
	{"accepted", []problems.Verdict{problems.AC}, nil},
	{"rejected", nil, []problems.Verdict{problems.RTE, problems.TLE, problems.WA}},
	{"wrong_answer", []problems.Verdict{problems.AC, problems.WA}, []problems.Verdict{problems.WA}},
	{"time_limit_exceeded", []problems.Verdict{problems.AC, problems.TLE}, []problems.Verdict{problems.TLE}},
	{"run_time_error", []problems.Verdict{problems.AC, problems.RTE}, []problems.Verdict{problems.RTE}},
	{"brute_force", []problems.Verdict{problems.AC, problems.RTE, problems.TLE}, []problems.Verdict{problems.RTE, problems.TLE}},
	// partially_accepted/ (legacy and 2023-07-draft; judged rather than passed
	// over in later versions): accepted on some case, any verdict on the others.
	// The score is not held to bounds.
	{partiallyAccepted, expectationVerdicts, []problems.Verdict{problems.AC}},
}

// partiallyAccepted is the folder of submissions that score some points.
const partiallyAccepted = "partially_accepted"

// submissionRule is one submission glob with its expectations.
type submissionRule struct {
	glob                 string
	re                   *regexp.Regexp
	expectations         []Expectation
	language, entrypoint string
}

// compileGlob turns a submissions.yaml glob into a regular expression over
// paths below submissions/ (or test case names): {a,b} is a choice, * matches
// within one path element, and a glob matches a path or any path below it.
func compileGlob(glob string) (*regexp.Regexp, error) {
	glob = strings.TrimSuffix(glob, "/")
	var b strings.Builder
	b.WriteString("^")
	for glob != "" {
		open := strings.IndexByte(glob, '{')
		if open < 0 {
			b.WriteString(globPart(glob))
			break
		}
		close := strings.IndexByte(glob[open:], '}')
		if close < 0 {
			return nil, fmt.Errorf("glob %q: { without }", glob)
		}
		b.WriteString(globPart(glob[:open]))
		var alts []string
		for _, a := range strings.Split(glob[open+1:open+close], ",") {
			alts = append(alts, globPart(strings.TrimSpace(a)))
		}
		b.WriteString("(?:" + strings.Join(alts, "|") + ")")
		glob = glob[open+close+1:]
	}
	b.WriteString("(?:/|$)")
	return regexp.Compile(b.String())
}

func globPart(s string) string {
	return strings.ReplaceAll(regexp.QuoteMeta(s), `\*`, `[^/]*`)
}

// submissionKeys are the keys of a submission entry that are not test case globs.
var submissionKeys = map[string]bool{"language": true, "entrypoint": true, "authors": true, "model_solution": true}

// expectationKeys are the keys of one expectation.
var expectationKeys = map[string]bool{"permitted": true, "required": true, "message": true, "score": true, "use_for_time_limit": true}

// readSubmissionRules reads submissions/submissions.yaml (when there is one) over
// the format's default folders: an entry for a default folder replaces it.
// Malformed entries are skipped with a warning naming their line. pkgRoot is the
// package folder, resolved: a submissions.yaml leading out of it is an error.
func readSubmissionRules(pkgRoot, path string) ([]submissionRule, []Warning, error) {
	data, err := readPackageFile(pkgRoot, path, maxSmallFile)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return parseSubmissionRules(data, path)
}

// parseSubmissionRules reads the text of a submissions.yaml at path (nil when
// there is none) over the format's default folders, as readSubmissionRules.
func parseSubmissionRules(data []byte, path string) ([]submissionRule, []Warning, error) {
	var rules []submissionRule
	index := map[string]int{}
	for _, d := range defaultExpectations {
		re, _ := compileGlob(d.folder)
		e := Expectation{From: d.folder + "/ (the format's default)", Permitted: d.permitted, Required: d.required}
		index[d.folder] = len(rules)
		rules = append(rules, submissionRule{glob: d.folder, re: re, expectations: []Expectation{e.normalized()}})
	}
	root, err := decodeMapping(data, path)
	if err != nil || root == nil {
		return rules, nil, err
	}
	var warns []Warning
	warn := func(n *yaml.Node, format string, args ...any) {
		warns = append(warns, Warning{path, n.Line, n.Column, fmt.Sprintf(format, args...)})
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			warn(k, "want a submission glob as a key; skipped")
			continue
		}
		re, err := compileGlob(k.Value)
		if err != nil {
			warn(k, "%v; skipped", err)
			continue
		}
		if v.Kind != yaml.MappingNode {
			warn(v, "%s: want a mapping; skipped", k.Value)
			continue
		}
		from := fmt.Sprintf("submissions.yaml:%d %s", k.Line, k.Value)
		rule := submissionRule{glob: k.Value, re: re}
		for j := 0; j+1 < len(v.Content); j += 2 {
			switch v.Content[j].Value {
			case "language":
				rule.language = v.Content[j+1].Value
			case "entrypoint":
				rule.entrypoint = v.Content[j+1].Value
			}
		}
		rootExp, ws := readExpectation(v, path, from, "")
		warns = append(warns, ws...)
		rule.expectations = append(rule.expectations, rootExp)
		for j := 0; j+1 < len(v.Content); j += 2 {
			ck, cv := v.Content[j], v.Content[j+1]
			if submissionKeys[ck.Value] || expectationKeys[ck.Value] {
				continue
			}
			if ck.Kind != yaml.ScalarNode || ck.Value == "" {
				warn(ck, "%s: want a test case glob as a key; skipped", k.Value)
				continue
			}
			if cv.Kind != yaml.MappingNode {
				warn(cv, "%s: %s: want a mapping (a test case glob's expectations); skipped", k.Value, ck.Value)
				continue
			}
			e, ws := readExpectation(cv, path, fmt.Sprintf("submissions.yaml:%d %s, %s", ck.Line, k.Value, ck.Value), ck.Value)
			warns = append(warns, ws...)
			if e.cases, err = compileGlob(ck.Value); err != nil {
				warn(ck, "%v; skipped", err)
				continue
			}
			rule.expectations = append(rule.expectations, e)
		}
		if at, ok := index[k.Value]; ok {
			rules[at] = rule
			continue
		}
		index[k.Value] = len(rules)
		rules = append(rules, rule)
	}
	return rules, warns, nil
}

// readExpectation reads permitted, required and message from an entry.
func readExpectation(v *yaml.Node, file, from, caseGlob string) (Expectation, []Warning) {
	e := Expectation{From: from, CaseGlob: caseGlob}
	var warns []Warning
	for j := 0; j+1 < len(v.Content); j += 2 {
		k, val := v.Content[j], v.Content[j+1]
		switch k.Value {
		case "permitted", "required":
			var list []problems.Verdict
			ok := val.Kind == yaml.SequenceNode
			for _, n := range val.Content {
				vd := problems.Verdict(strings.ToUpper(strings.TrimSpace(n.Value)))
				if FormatVerdict(vd) != vd || vd == "" {
					ok = false
				}
				list = append(list, vd)
			}
			if !ok {
				warns = append(warns, Warning{file, val.Line, val.Column, fmt.Sprintf("%s: %s: want a list of AC, WA, TLE, RTE; ignored", from, k.Value)})
				continue
			}
			if k.Value == "permitted" {
				e.Permitted = list
			} else {
				e.Required = list
			}
		case "message":
			e.Message = val.Value
		}
	}
	e = e.normalized()
	if !slices.ContainsFunc(e.Required, func(v problems.Verdict) bool { return hasVerdict(e.Permitted, v) }) {
		warns = append(warns, Warning{file, v.Line, v.Column, fmt.Sprintf("%s: required %s can never be met: none of them is permitted: %s",
			from, verdictList(e.Required), verdictList(e.Permitted))})
	}
	return e, warns
}

// normalized fills in the defaults: every verdict permitted, and required the
// permitted ones.
func (e Expectation) normalized() Expectation {
	if len(e.Permitted) == 0 {
		e.Permitted = expectationVerdicts
	}
	if len(e.Required) == 0 {
		e.Required = e.Permitted
	}
	return e
}

func hasVerdict(list []problems.Verdict, v problems.Verdict) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// CaseVerdict is the verdict of one test case of a submission, with the judge
// message its validator gave.
type CaseVerdict struct {
	Verdict problems.Verdict
	Message string
}

// Check holds a submission's case verdicts to its expectations: cases lists every
// test case in judging order, got the verdicts of those judged (judging may stop
// early). A case not judged may have had any verdict, so it satisfies a requirement
// (as the reference tools count it). It returns what does not hold, or nothing.
func (s Submission) Check(cases []string, got map[string]CaseVerdict) []string {
	var fails []string
	for _, e := range s.Expectations {
		var seen []string
		satisfied := false
		messageFound := e.Message == ""
		for _, name := range cases {
			if e.cases != nil && !e.cases.MatchString(name) {
				continue
			}
			cv, judged := got[name]
			if !judged {
				satisfied, messageFound = true, true
				continue
			}
			v := FormatVerdict(cv.Verdict)
			if v == "" || !hasVerdict(e.Permitted, v) {
				fails = append(fails, fmt.Sprintf("%s: %s, not permitted by %s", name, cv.Verdict, e.From))
			}
			if hasVerdict(e.Required, v) {
				satisfied = true
			}
			if !messageFound && strings.Contains(cv.Message, e.Message) {
				messageFound = true
			}
			seen = append(seen, string(cv.Verdict))
		}
		if !satisfied {
			fails = append(fails, fmt.Sprintf("%s requires one of %s, got [%s]", e.From, verdictList(e.Required), strings.Join(seen, " ")))
		}
		if !messageFound {
			fails = append(fails, fmt.Sprintf("%s: no case's judge message contains %q", e.From, e.Message))
		}
	}
	return fails
}

func verdictList(vs []problems.Verdict) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return "[" + strings.Join(s, " ") + "]"
}

// RequiresAC reports whether an expectation of the submission requires some
// case to be accepted (partially_accepted/): stopping at its first rejected
// case would leave that undecided, so every case must be judged.
func (s Submission) RequiresAC() bool {
	for _, e := range s.Expectations {
		if hasVerdict(e.Required, problems.AC) && len(e.Required) < len(expectationVerdicts) {
			return true
		}
	}
	return false
}

// Accepted reports whether the submission is one of the package's accepted ones
// (whose runs set the time limit): every case must be AC.
func (s Submission) Accepted() bool {
	if s.Expectations == nil {
		return s.Folder == "accepted"
	}
	for _, e := range s.Expectations {
		if e.CaseGlob == "" && len(e.Permitted) == 1 && e.Permitted[0] == problems.AC {
			return true
		}
	}
	return false
}

// summary is the verdicts a submission's expectations stand for, for tables:
// the required verdicts of its whole-run expectations that ask for something
// (nil when none does: any verdict will do).
func summary(exps []Expectation) []problems.Verdict {
	set := map[problems.Verdict]bool{}
	for _, e := range exps {
		if e.CaseGlob != "" || len(e.Required) == len(expectationVerdicts) {
			continue
		}
		for _, v := range e.Required {
			set[v] = true
		}
	}
	var out []problems.Verdict
	for _, v := range expectationVerdicts {
		if set[v] {
			out = append(out, v)
		}
	}
	return out
}

// currentSubmissions lists a current-format package's submissions: every file or
// folder one level below a folder of submissions/ that some glob of
// submissions.yaml or of the default folders matches, with every expectation
// that applies to it. A program no glob matches counts only with an
// @EXPECTED_RESULTS@ line.
func (p *Package) currentSubmissions(root string) ([]Submission, []Warning, error) {
	rules, warns, err := readSubmissionRules(p.root, filepath.Join(root, "submissions.yaml"))
	if err != nil {
		return nil, nil, err
	}
	dirs, err := os.ReadDir(root)
	if err != nil {
		return nil, nil, err
	}
	var out []Submission
	for _, d := range dirs {
		if !d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			continue
		}
		entries, err := os.ReadDir(filepath.Join(root, d.Name()))
		if err != nil {
			return nil, nil, err
		}
		for _, e := range entries {
			if skipSubmissionFile(e.Name()) {
				continue
			}
			name := d.Name() + "/" + e.Name()
			s := Submission{Path: filepath.Join(root, d.Name(), e.Name()), Folder: d.Name()}
			s.Refused = p.refused(s.Path)
			for _, r := range rules {
				if r.re.MatchString(name) {
					s.Expectations = append(s.Expectations, r.expectations...)
					if r.language != "" {
						s.Language = r.language
					}
					if r.entrypoint != "" {
						s.Entrypoint = r.entrypoint
					}
				}
			}
			if s.Expectations != nil {
				s.Expected = summary(s.Expectations)
			} else if s.Refused != "" {
				continue // not read: nothing says it is a submission
			} else if exp, ok := ExpectedResults(s.Path); ok {
				s.Expected = exp
			} else {
				continue
			}
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, warns, nil
}
