package grade

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/judgehq/judge/problems"
)

// Deduction is points lost for one finding, with its evidence.
type Deduction struct {
	Points float64
	File   string // the source file, or "" when the evidence is a command's output
	Line   int    // 1-based; 0 when there is no line
	// Text is what was found: the line itself, the compiler's warning, the
	// verdict and message of a dataset, or the command output.
	Text string
	// Why names the fault ("line of 93 columns", "global variable steps").
	Why string
}

// checkFunc runs one automatic check on a built submission.
type checkFunc func(ctx context.Context, s *Submission) ([]Deduction, error)

// maker parses a check's params (reporting errors at their position) and returns
// the check; max is the item's maximum deduction.
type maker func(p parser, params *yaml.Node, max float64) (checkFunc, error)

// checkMakers lists the automatic checks by the name a rubric gives them.
func checkMakers() map[string]maker {
	return map[string]maker{
		"compile":      compileCheck,
		"warnings":     warningsCheck,
		"results":      resultsCheck,
		"debug_output": debugCheck,
		"efficiency":   efficiencyCheck,
		"long_lines":   longLinesCheck,
		"tabs":         tabsCheck,
		"header":       headerCheck,
		"design":       designCheck,
		"tactics":      tacticsCheck,
		"forbidden":    forbiddenCheck,
		"abstraction":  abstractionCheck,
	}
}

// compileCheck deducts everything when the program does not build.
func compileCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	if _, err := p.params(n); err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		if s.Build.OK {
			return nil, nil
		}
		return []Deduction{{Points: max, Why: "the program does not build (`" + s.Build.Command + "`)", Text: s.Build.Log}}, nil
	}, nil
}

// warningsCheck deducts per compiler warning about the student's files.
func warningsCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "per")
	if err != nil {
		return nil, err
	}
	per := 1.0
	if err := p.opt(m, "per", &per); err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var out []Deduction
		for _, w := range warnings(s.Build.CompileLog, s.own()) {
			out = append(out, Deduction{Points: per, File: w.File, Line: w.Line, Text: w.Text, Why: "compiler warning"})
		}
		return out, nil
	}, nil
}

// resultsCheck deducts in proportion to the datasets judged wrong, leaving out
// those that only extra (debug) lines made wrong: debug_output deducts for those.
func resultsCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	if _, err := p.params(n); err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		if len(s.Results) == 0 {
			return nil, fmt.Errorf("no dataset was judged")
		}
		var out []Deduction
		each := max / float64(len(s.Results))
		for _, r := range s.Results {
			if r.Outcome.Verdict == problems.AC || s.Debug[r.Dataset] != nil {
				continue
			}
			if r.Outcome.Verdict == problems.JE {
				return nil, fmt.Errorf("dataset %s: judge error: %s", r.Dataset, r.Outcome.Message)
			}
			out = append(out, Deduction{Points: each, Why: fmt.Sprintf("dataset %s: %s", r.Dataset, r.Outcome.Verdict),
				Text: r.Outcome.Message})
		}
		return out, nil
	}, nil
}

// debugCheck deducts once when the program's output held extra lines that, taken
// out, leave an accepted answer: debug prints left on.
func debugCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	if _, err := p.params(n); err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var names []string
		for name := range s.Debug {
			names = append(names, name)
		}
		if len(names) == 0 {
			return nil, nil
		}
		sort.Strings(names)
		extra := s.Debug[names[0]]
		shown := extra
		if len(shown) > 5 {
			shown = append(shown[:5:5], fmt.Sprintf("… (%d extra lines in all)", len(extra)))
		}
		return []Deduction{{Points: max,
			Why:  fmt.Sprintf("extra output on %d dataset(s), e.g. %s; without those lines the answer is accepted", len(names), names[0]),
			Text: strings.Join(shown, "\n")}}, nil
	}, nil
}

// efficiencyCheck deducts when the program's CPU time over all datasets exceeds
// the reference's by at least min_seconds and by more than factor times, in
// the whole or in the work beyond starting a program. Every run's CPU time
// includes the start (tens of milliseconds, more on a busy machine), which
// says nothing of the algorithm and, over many small datasets, brings the
// ratio of the wholes towards 1: a program 20 times slower at its work
// measured 3.5 times the reference's total, and less than 3 under load. So
// each program's least CPU time on a dataset, about its start, is also taken
// off each of its runs and the remainders compared.
func efficiencyCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "factor", "min_seconds")
	if err != nil {
		return nil, err
	}
	factor, minSec := 10.0, 0.5
	if err := p.opt(m, "factor", &factor); err != nil {
		return nil, err
	}
	if err := p.opt(m, "min_seconds", &minSec); err != nil {
		return nil, err
	}
	if factor < 1 || minSec < 0 {
		return nil, p.errf(n, "params: factor must be at least 1 and min_seconds not negative")
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		if len(s.Reference) != len(s.Results) || len(s.Results) == 0 {
			return nil, fmt.Errorf("no reference times to compare with")
		}
		type pair struct {
			name     string
			own, ref time.Duration
		}
		var pairs []pair
		var own, ref time.Duration
		ownStart, refStart := time.Duration(-1), time.Duration(-1) // least CPU time on a dataset
		for i, r := range s.Results {
			rr := s.Reference[i]
			if r.Outcome.Verdict == problems.JE || rr.Outcome.Verdict != problems.AC {
				continue
			}
			pairs = append(pairs, pair{r.Dataset, r.Usage.CPU, rr.Usage.CPU})
			own += r.Usage.CPU
			ref += rr.Usage.CPU
			if ownStart < 0 || r.Usage.CPU < ownStart {
				ownStart = r.Usage.CPU
			}
			if refStart < 0 || rr.Usage.CPU < refStart {
				refStart = rr.Usage.CPU
			}
		}
		if ref <= 0 {
			return nil, fmt.Errorf("the reference used no measurable CPU time")
		}
		if (own - ref).Seconds() < minSec {
			return nil, nil
		}
		ratio := own.Seconds() / ref.Seconds()
		ownWork := own - time.Duration(len(pairs))*ownStart
		refWork := ref - time.Duration(len(pairs))*refStart
		// A reference whose every run took its start alone did no measurable
		// work: any work of the program's is then beyond every factor.
		work := 0.0
		switch {
		case refWork > 0:
			work = ownWork.Seconds() / refWork.Seconds()
		case ownWork > 0:
			work = math.Inf(1)
		}
		if ratio <= factor && work <= factor {
			return nil, nil
		}
		sort.Slice(pairs, func(i, j int) bool { return pairs[i].own > pairs[j].own })
		var lines []string
		for i := 0; i < len(pairs) && i < 3; i++ {
			lines = append(lines, fmt.Sprintf("%s: %.3f s (reference %.3f s)", pairs[i].name, pairs[i].own.Seconds(), pairs[i].ref.Seconds()))
		}
		workText := fmt.Sprintf("%.1f ×", work)
		if math.IsInf(work, 1) {
			workText = "beyond any multiple of"
		}
		return []Deduction{{Points: max,
			Why: fmt.Sprintf("CPU time %.2f s on %d datasets, %.1f × the reference's %.2f s; beyond starting each program (%.0f and %.0f ms a run), %s the reference's work (allowed: %g ×)",
				own.Seconds(), len(pairs), ratio, ref.Seconds(), ms(ownStart), ms(refStart), workText, factor),
			Text: strings.Join(lines, "\n")}}, nil
	}, nil
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// longLinesCheck deducts per line longer than width columns or holding a margin
// comment (a comment after code on the same line).
func longLinesCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "width", "per", "tab")
	if err != nil {
		return nil, err
	}
	width, tab, per := 80, 8, 1.0
	for _, kv := range []struct {
		k string
		v any
	}{{"width", &width}, {"tab", &tab}, {"per", &per}} {
		if err := p.opt(m, kv.k, kv.v); err != nil {
			return nil, err
		}
	}
	if width < 1 || tab < 1 {
		return nil, p.errf(n, "params: width and tab must be positive")
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var out []Deduction
		for _, src := range s.Sources {
			stop := tabStop(s.Sources, tab)
			for i, line := range src.Lines {
				var why []string
				if w := columns(line, stop); w > width {
					why = append(why, fmt.Sprintf("line of %d columns (more than %d)", w, width))
				}
				if src.Margin[i] {
					why = append(why, "margin comment")
				}
				if len(why) > 0 {
					out = append(out, Deduction{Points: per, File: src.Name, Line: i + 1, Text: line, Why: strings.Join(why, "; ")})
				}
			}
		}
		return out, nil
	}, nil
}

// tabStopComment finds a comment that says where the tab stops are.
var tabStopComment = lazyRegexp(`(?i)tab[ -]?stops?\b|\btabs?\s*(size|width|length|spacing)?\s*[:=]?\s*(every\s*)?\d+|\b(ts|tabstop)=\d`)
var tabStopWidth = lazyRegexp(`(?i)(?:tab[ -]?stops?\b|\btabs?\b|\bts=|\btabstop=)\D{0,30}?(\d+)`)

// tabStop returns the tab width the sources declare, or def.
func tabStop(srcs []*Source, def int) int {
	for _, src := range srcs {
		for _, c := range src.Comment {
			if m := tabStopWidth().FindStringSubmatch(c); m != nil {
				var n int
				if _, err := fmt.Sscan(m[1], &n); err == nil && n > 0 && n <= 16 {
					return n
				}
			}
		}
	}
	return def
}

// tabsCheck deducts once when a source holds tabs and no comment of that file says
// where the tab stops are.
func tabsCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	if _, err := p.params(n); err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var out []Deduction
		for _, src := range s.Sources {
			declared := false
			first := -1
			for i, line := range src.Lines {
				if tabStopComment().MatchString(src.Comment[i]) {
					declared = true
				}
				if first < 0 && strings.ContainsRune(line, '\t') {
					first = i
				}
			}
			if first >= 0 && !declared {
				out = append(out, Deduction{Points: max, File: src.Name, Line: first + 1,
					Text: strings.ReplaceAll(src.Lines[first], "\t", "→"), Why: "tab used (shown as →) but no comment says where the tab stops are"})
			}
		}
		return out, nil
	}, nil
}

// headerCheck deducts per part (name, course, assignment) missing from the comment
// at the top of the file that holds main.
func headerCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "name", "course", "assignment", "per")
	if err != nil {
		return nil, err
	}
	pats := map[string]string{
		"name":       `(?i)\b(name|author|by|student|programmer)\b\s*:?\s*\w+`,
		"course":     `(?i)\bcourse\b|\bcs(ci|c)?\s*-?\s*\d{3,4}|computer\s+science\s*\d{3,4}`,
		"assignment": `(?i)\b(assignment|program|project|pa|prog|lab|homework|hw|asg|asgn)\s*(number|no\.?|#)?\s*:?\s*\d+`,
	}
	per := 1.0
	if err := p.opt(m, "per", &per); err != nil {
		return nil, err
	}
	parts := []string{"name", "course", "assignment"}
	res := map[string]*regexp.Regexp{}
	for _, part := range parts {
		pat := pats[part]
		if err := p.opt(m, part, &pat); err != nil {
			return nil, err
		}
		if res[part], err = p.regex(n, part, pat); err != nil {
			return nil, err
		}
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		src := s.mainSource()
		if src == nil {
			return nil, fmt.Errorf("no source file")
		}
		var top []string
		for i := range src.Lines {
			if strings.TrimSpace(src.Code[i]) != "" {
				break
			}
			top = append(top, src.Comment[i])
		}
		block := strings.Join(top, "\n")
		var out []Deduction
		for _, part := range parts {
			if res[part].MatchString(block) {
				continue
			}
			text := src.Lines[0]
			if len(top) == 0 {
				text = src.Lines[0] + "   (no comment before the first line of code)"
			}
			out = append(out, Deduction{Points: per, File: src.Name, Line: 1, Text: text,
				Why: fmt.Sprintf("the comment at the top does not give the %s", part)})
		}
		return out, nil
	}, nil
}

// dataSymbol reports whether an object-file symbol is a variable defined at file
// or namespace scope by the student: data, bss or small-data symbols, not the
// compiler's own (guards, type info, the iostream initialiser) nor function-local
// statics (named f()::x).
func dataSymbol(sym Symbol) bool {
	switch sym.Type {
	case 'B', 'b', 'D', 'd', 'G', 'g', 'S', 's', 'C':
	default:
		return false
	}
	n := sym.Name
	return !strings.HasPrefix(n, "__") && !strings.HasPrefix(n, "_GLOBAL") && !strings.Contains(n, "::") &&
		!strings.ContainsAny(n, "( ") && !strings.HasPrefix(n, ".")
}

// functionName returns the name of a defined function symbol ("" for others).
func functionName(sym Symbol) string {
	if sym.Type != 'T' && sym.Type != 't' && sym.Type != 'W' {
		return ""
	}
	n := sym.Name
	if i := strings.IndexByte(n, '('); i >= 0 {
		n = n[:i]
	}
	if strings.Contains(n, "::") || strings.HasPrefix(n, "_") {
		return ""
	}
	return n
}

// designCheck deducts per global variable (read from the object files) and per
// function of the design that no object file defines; functions are patterns
// matched against the names of the defined functions.
func designCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "per_global", "per_function", "functions")
	if err != nil {
		return nil, err
	}
	perGlobal, perFunc := 10.0, 5.0
	var funcs []string
	for _, kv := range []struct {
		k string
		v any
	}{{"per_global", &perGlobal}, {"per_function", &perFunc}, {"functions", &funcs}} {
		if err := p.opt(m, kv.k, kv.v); err != nil {
			return nil, err
		}
	}
	res := make([]*regexp.Regexp, len(funcs))
	for i, f := range funcs {
		if res[i], err = p.regex(m["functions"], "functions", f); err != nil {
			return nil, err
		}
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var out []Deduction
		var defined []string
		for _, sym := range s.Symbols {
			if name := functionName(sym); name != "" {
				defined = append(defined, name)
			}
			if dataSymbol(sym) {
				file, line, text := s.declaration(sym.File, sym.Name)
				out = append(out, Deduction{Points: perGlobal, File: file, Line: line, Text: text,
					Why: fmt.Sprintf("global variable %s (nm: %c %s)", sym.Name, sym.Type, sym.Name)})
			}
		}
		for i, re := range res {
			found := false
			for _, name := range defined {
				found = found || re.MatchString(name)
			}
			if !found {
				out = append(out, Deduction{Points: perFunc, Why: "no function of the design matching " + funcs[i],
					Text: fmt.Sprintf("no object file defines a function matching %s (functions defined: %s)", funcs[i], strings.Join(uniqueSorted(defined), ", "))})
			}
		}
		return out, nil
	}, nil
}

// tacticSpec is one tactic of the tactics check: a name and the patterns its
// functions' names match.
type tacticSpec struct {
	Name      string   `yaml:"name"`
	Functions []string `yaml:"functions"`
}

// tacticsCheck deducts per tactic of which no function is defined, or whose
// functions no other function calls.
func tacticsCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "per", "tactics")
	if err != nil {
		return nil, err
	}
	per := max
	var specs []tacticSpec
	if err := p.opt(m, "per", &per); err != nil {
		return nil, err
	}
	if err := p.opt(m, "tactics", &specs); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, p.errf(n, "params: tactics: name at least one tactic with the patterns of its functions")
	}
	res := make([][]*regexp.Regexp, len(specs))
	for i, sp := range specs {
		if sp.Name == "" || len(sp.Functions) == 0 {
			return nil, p.errf(m["tactics"], "params: tactics: each tactic needs a name and functions")
		}
		for _, f := range sp.Functions {
			re, err := p.regex(m["tactics"], "tactics", f)
			if err != nil {
				return nil, err
			}
			res[i] = append(res[i], re)
		}
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var names []string
		for _, sym := range s.Symbols {
			if name := functionName(sym); name != "" {
				names = append(names, name)
			}
		}
		var out []Deduction
		for i, sp := range specs {
			matches := func(name string) bool {
				for _, re := range res[i] {
					if re.MatchString(name) {
						return true
					}
				}
				return false
			}
			var mine []string
			static := false
			for _, sym := range s.Symbols {
				if name := functionName(sym); name != "" && matches(name) {
					mine = append(mine, name)
					static = static || sym.Type == 't'
				}
			}
			if len(mine) == 0 {
				out = append(out, Deduction{Points: per, Why: sp.Name + " is missing",
					Text: fmt.Sprintf("no defined function matches %s (functions defined: %s)", strings.Join(sp.Functions, " or "), strings.Join(uniqueSorted(names), ", "))})
				continue
			}
			// Used: some function outside the tactic refers to one of its functions.
			// Calls to static functions are not visible, so those are given the
			// benefit of the doubt.
			used := static || s.Calls == nil
			for _, name := range mine {
				for caller := range s.Calls[name] {
					used = used || !matches(caller)
				}
			}
			if !used {
				out = append(out, Deduction{Points: per, Why: sp.Name + " is written but never used",
					Text: fmt.Sprintf("no function other than %s calls it (objdump -dr)", strings.Join(uniqueSorted(mine), ", "))})
			}
		}
		return out, nil
	}, nil
}

// forbiddenCheck deducts once per line whose code (comments left out) matches the
// pattern, by default system("pause").
func forbiddenCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "pattern", "per")
	if err != nil {
		return nil, err
	}
	pat, per := `\bsystem\s*\(\s*"pause"\s*\)`, max
	if err := p.opt(m, "pattern", &pat); err != nil {
		return nil, err
	}
	if err := p.opt(m, "per", &per); err != nil {
		return nil, err
	}
	re, err := p.regex(n, "pattern", pat)
	if err != nil {
		return nil, err
	}
	return func(_ context.Context, s *Submission) ([]Deduction, error) {
		var out []Deduction
		for _, src := range s.Sources {
			for i, code := range src.Code {
				if re.MatchString(code) {
					out = append(out, Deduction{Points: per, File: src.Name, Line: i + 1, Text: src.Lines[i], Why: "forbidden: " + re.FindString(code)})
				}
			}
		}
		return out, nil
	}, nil
}

func uniqueSorted(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// round1 rounds to one decimal.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// abstractionCheck compiles the student's files against a second version of the
// provided files (another representation behind the same operations): a program
// that builds with the first version but not with the second reaches into the
// representation. The compiler's errors are the evidence.
func abstractionCheck(p parser, n *yaml.Node, max float64) (checkFunc, error) {
	m, err := p.params(n, "files")
	if err != nil {
		return nil, err
	}
	var files string
	if err := p.opt(m, "files", &files); err != nil {
		return nil, err
	}
	if files == "" {
		return nil, p.errf(n, "params: files: name the folder of the second version of the provided files")
	}
	files = p.path(files)
	return func(ctx context.Context, s *Submission) ([]Deduction, error) {
		log, ok, err := compileAgainst(ctx, s, files)
		if err != nil || ok {
			return nil, err
		}
		var out []Deduction
		for _, e := range diagnostics(log, s.own(), "error") {
			out = append(out, Deduction{Points: max, File: e.File, Line: e.Line, Text: e.Text,
				Why: "does not compile with another implementation of the provided files"})
		}
		if len(out) == 0 {
			out = append(out, Deduction{Points: max, Text: log, Why: "does not compile with another implementation of the provided files"})
		}
		return out, nil
	}, nil
}
