package icpc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name, yaml  string
		current     bool
		types       string
		tl          float64
		warnings    []string
		errContains string
	}{
		{"empty legacy", "", false, "pass-fail", 0, nil, ""},
		{"legacy interactive", "name: G\nvalidation: custom interactive\nlicense: cc by\n", false, "pass-fail interactive", 0, nil, ""},
		{"legacy score", "validation: custom score\ntype: scoring\n", false, "scoring", 0, nil, ""},
		{"current", "problem_format_version: 2025-09\nname: {en: Hi, sv: Hej}\nuuid: x\ntype: [scoring, interactive]\nlimits:\n  time_limit: 2.5\n", true, "scoring interactive", 2.5, nil, ""},
		{"unknown version warns", "problem_format_version: 2023-07\nname: A\n", true, "pass-fail", 0, []string{"p.yaml:1:25: problem_format_version \"2023-07\" is not one judge knows"}, ""},
		{"unknown keys warn", "name: A\ncolour: red\nlimits:\n  time_limit: 1\n  speed: 3\n", false, "pass-fail", 1, []string{"p.yaml:2:1: unknown key \"colour\"", "p.yaml:5:3: unknown key limits.speed"}, ""},
		{"bad limit", "limits:\n  memory: lots\n", false, "", 0, nil, "p.yaml:2:11: limits.memory"},
		{"fractional memory", "limits:\n  memory: 1.5\n", false, "", 0, nil, "p.yaml:2:11: limits.memory 1.5: want a whole number"},
		{"not a mapping", "- a\n", false, "", 0, nil, "p.yaml:1:1: want a mapping"},
		{"bad yaml", "name: A\nlimits: {time_limit: 1\n", false, "", 0, nil, "p.yaml:2: did not find expected ',' or '}'"},
		{"bad yaml, tab", "name: A\n\tlimits: {}\n", false, "", 0, nil, "p.yaml:2: found a tab character that violates indentation"},
		{"one-string type", "problem_format_version: 2023-07-draft\ntype: pass-fail interactive\n", true, "pass-fail interactive", 0, nil, ""},
		{"unknown type in a list", "problem_format_version: 2023-07\ntype: [pass-fail, nonsense]\n", false, "", 0, nil, `p.yaml:2:19: type "nonsense": want pass-fail, scoring, interactive, multi-pass or submit-answer`},
		{"unknown type in a string", "problem_format_version: 2023-07\ntype: pass-fail multipass\n", false, "", 0, nil, `p.yaml:2:7: type "multipass"`},
		{"type not a list of strings", "type: [pass-fail, [scoring]]\n", false, "", 0, nil, "p.yaml:1:19: type: want a list of types"},
		{"pass-fail and scoring", "type: [pass-fail, scoring]\n", false, "", 0, nil, "p.yaml:1:7: type: a problem is pass-fail or scoring, not both"},
		{"NaN limit", "limits:\n  time_limit: NaN\n", false, "", 0, nil, "p.yaml:2:15: limits.time_limit: want a number from 0 to 1e9"},
		{"limit too short to enforce", "limits:\n  time_limit: 1e-12\n", false, "", 0, nil, "p.yaml:2:15: limits.time_limit 1e-12: want at least 0.001 seconds"},
		{"shortest limit", "limits:\n  time_limit: 0.001\n", false, "pass-fail", 0.001, nil, ""},
		{"validation_time 0", "limits:\n  validation_time: 0\n", false, "", 0, nil, "p.yaml:2:20: limits.validation_time 0: want more than 0 and at most 3600"},
		{"validation_memory too large", "limits:\n  validation_memory: 1000000\n", false, "", 0, nil, "p.yaml:2:22: limits.validation_memory 1000000: want more than 0 and at most 65536"},
		{"fractional validation_output", "limits:\n  validation_output: 1.5\n", false, "", 0, nil, "p.yaml:2:22: limits.validation_output 1.5: want a whole number"},
		{"one validation pass", "type: multi-pass\nlimits:\n  validation_passes: 1\n", false, "", 0, nil, "p.yaml:3:22: limits.validation_passes 1: want 2 to 1000"},
		{"a million validation passes", "type: multi-pass\nlimits:\n  validation_passes: 1000000\n", false, "", 0, nil, "p.yaml:3:22: limits.validation_passes 1000000: want 2 to 1000"},
		{"three validation passes", "type: multi-pass\nlimits:\n  validation_passes: 3\n", false, "pass-fail multi-pass", 0, nil, ""},
		{"limits judge does not apply", "limits:\n  time_limit: 2\n  code: 64\n  compilation_time: 10\n  compilation_memory: 512\n", false, "pass-fail", 2,
			[]string{"p.yaml:3:3: limits.code not applied", "p.yaml:4:3: limits.compilation_time not applied", "p.yaml:5:3: limits.compilation_memory not applied"}, ""},
		{"a time limit of 0", "limits:\n  time_limit: 0\n", false, "", 0, nil, "p.yaml:2:15: limits.time_limit 0: want at least 0.001 seconds"},
		{"a time resolution of a nanosecond", "limits:\n  time_resolution: 1e-9\n", false, "", 0, nil, "p.yaml:2:20: limits.time_resolution 1e-9: want at least 0.001 seconds"},
		{"a time limit over an hour", "limits:\n  time_limit: 7200\n", false, "", 0, nil, "p.yaml:2:15: limits.time_limit 7200: want at most 3600"},
		{"a terabyte and more of memory", "limits:\n  memory: 2000000\n", false, "", 0, nil, "p.yaml:2:11: limits.memory 2000000: want at most 1048576"},
		{"16 GiB and more of output", "limits:\n  output: 20000\n", false, "", 0, nil, "p.yaml:2:11: limits.output 20000: want at most 16384"},
		{"a limit not applied is still checked", "limits:\n  code: lots\n", false, "", 0, nil, "p.yaml:2:9: limits.code: want a number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, warns, err := ParseConfig([]byte(tc.yaml), "p.yaml")
			if tc.errContains != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.errContains) {
					t.Fatalf("err %v, want one starting %q", err, tc.errContains)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Current != tc.current || strings.Join(c.Types, " ") != tc.types || c.Limits.TimeLimit != tc.tl {
				t.Errorf("got %+v", c)
			}
			if len(warns) != len(tc.warnings) {
				t.Fatalf("warnings %v, want %v", warns, tc.warnings)
			}
			for i, w := range warns {
				if !strings.HasPrefix(w.String(), tc.warnings[i]) {
					t.Errorf("warning %q, want prefix %q", w, tc.warnings[i])
				}
			}
		})
	}
}

func TestParseGroupSettings(t *testing.T) {
	base := defaultSettings()
	s, warns, err := ParseGroupSettings([]byte("output_validator_flags: float_tolerance 1e-6\ngrader_flags: min first_error\naccept_score: 25\ninput_validator_flags:\n  v: --n 3\nnonsense: 1\n"), "t.yaml", base)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.OutputValidatorArgs, " ") != "float_tolerance 1e-6" || s.Aggregation != "min" || !s.FirstError || s.AcceptScore != 25 ||
		strings.Join(s.InputValidatorArgs["v"], " ") != "--n 3" {
		t.Errorf("got %+v", s)
	}
	if len(warns) != 1 || warns[0].Line != 6 {
		t.Errorf("warnings %v", warns)
	}
	for _, tc := range []struct{ yaml, want string }{
		{"score_aggregation: median\n", `t.yaml:1:20: score aggregation "median": want sum, min, max, avg or pass-fail`},
		{"on_reject: break\nscoring:\n  aggregation: summ\n", `t.yaml:3:16: score aggregation "summ"`},
		{"accept_score: 1\nreject_score: [0\n", "t.yaml:2: did not find expected ',' or ']'"},
		{"accept_score: NaN\n", `t.yaml:1:15: accept_score: want a finite number, not "NaN"`},
		{"reject_score: -inf\n", `t.yaml:1:15: reject_score: want a finite number, not "-inf"`},
		{"max_score: +Infinity\n", `t.yaml:1:12: max_score: want a finite number, not "+Infinity"`},
		{"accept_score: [1]\n", `t.yaml:1:15: accept_score: want a finite number`},
		{"on_reject: maybe\n", `t.yaml:1:12: on_reject "maybe": want break or continue`},
		{"on_reject: [break]\n", `t.yaml:1:12: on_reject "": want break or continue`},
		{"accept_score: 1\n? on_reject", `t.yaml:2:3: on_reject "": want break or continue`},
	} {
		if _, _, err := ParseGroupSettings([]byte(tc.yaml), "t.yaml", base); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.yaml, err, tc.want)
		}
	}
	// Inheritance: a child without keys keeps the parent's settings.
	child, _, err := ParseGroupSettings(nil, "c.yaml", s)
	if err != nil || child.Aggregation != "min" || child.AcceptScore != 25 {
		t.Errorf("inherited %+v, %v", child, err)
	}
}

func FuzzParseConfig(f *testing.F) {
	f.Add("problem_format_version: 2025-09\nname: x\nlimits: {time_limit: 1}\n")
	f.Add("validation: custom interactive\nvalidator_flags: float_tolerance 1e-6\n")
	f.Add("limits:\n  time_multipliers: {ac_to_time_limit: 3}\n")
	f.Add("type: [pass-fail, nonsense, [x]]\n")
	f.Add("? limits\n")
	f.Add("limits:\n  validation_passes: 1\n  code: 3\n")
	f.Add("[")
	f.Fuzz(func(t *testing.T, s string) {
		var (
			c     Config
			warns []Warning
			err   error
		)
		finishes(t, func() { c, warns, err = ParseConfig([]byte(s), "problem.yaml") })
		checkWarnings(t, warns, "problem.yaml", s)
		if err != nil {
			checkYAMLError(t, err, "problem.yaml", s)
			return
		}
		// What is taken is what the judge can run under.
		l := c.Limits
		if l.TimeLimit != 0 && (l.TimeLimit < minTimeLimit || l.TimeLimit > maxTimeLimit) || l.Passes != 0 && (l.Passes < 2 || l.Passes > maxPasses) ||
			l.Memory < 0 || l.Memory > 1<<20 || l.Output < 0 || l.Output > 1<<14 {
			t.Fatalf("limits %+v taken from %q", l, s)
		}
	})
}

func FuzzParseGroupSettings(f *testing.F) {
	f.Add("on_reject: continue\ngrader_flags: min\n")
	f.Add("max_score: unbounded\nscore_aggregation: sum\n")
	f.Add("input_validator_args: {a: [x, y]}\n")
	f.Add("scoring: {aggregation: summ}\n")
	f.Add("output_validator_args: [float_tolerence, \"1e-6\"]\n")
	f.Add("accept_score: NaN\non_reject: maybe\n")
	f.Add("? on_reject\n")
	f.Fuzz(func(t *testing.T, s string) {
		var (
			warns []Warning
			err   error
		)
		finishes(t, func() { _, warns, err = ParseGroupSettings([]byte(s), "testdata.yaml", defaultSettings()) })
		checkWarnings(t, warns, "testdata.yaml", s)
		if err != nil {
			checkYAMLError(t, err, "testdata.yaml", s)
		}
	})
}

func TestLoadFixtures(t *testing.T) {
	tests := []struct {
		dir         string
		current     bool
		interactive bool
		cases       int
		custom      bool
		source      string
	}{
		{"testdata/tolerance", true, false, 9, false, "problem.yaml limits.time_limit"},
		{"testdata/words", false, false, 7, false, ".timelimit"},
		{"testdata/pairsum", false, false, 5, true, ""},
		{"testdata/guess", true, true, 5, true, "problem.yaml limits.time_limit"},
		{"testdata/subtasks", false, false, 6, false, ".timelimit"},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			if !IsPackage(tc.dir) {
				t.Fatal("not recognised as a package")
			}
			p, err := Load(tc.dir)
			if err != nil {
				t.Fatal(err)
			}
			ds, err := p.Datasets()
			if err != nil {
				t.Fatal(err)
			}
			if p.Config.Current != tc.current || p.Config.Interactive() != tc.interactive || len(ds) != tc.cases ||
				(p.OutputValidator != "") != tc.custom || p.TimeLimitSource() != tc.source {
				t.Errorf("current %v interactive %v cases %d validator %q time from %q", p.Config.Current, p.Config.Interactive(), len(ds), p.OutputValidator, p.TimeLimitSource())
			}
			for i := 1; i < len(ds); i++ {
				if ds[i-1].Group == "secret" && ds[i].Group == "sample" {
					t.Errorf("sample after secret: %s, %s", ds[i-1].Name, ds[i].Name)
				}
			}
		})
	}
	p, err := Load("testdata/words")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.OutputValidatorArgs("secret/2-exact/01"), " "); got != "case_sensitive space_change_sensitive" {
		t.Errorf("exact group args %q", got)
	}
	if got := p.OutputValidatorArgs("secret/1-loose/01"); len(got) != 0 {
		t.Errorf("loose group args %q", got)
	}
	if got := InferredLimit(1300*time.Millisecond, 5, 0); got != 7 {
		t.Errorf("inferred limit %g, want ceil(1.3 × 5) = 7", got)
	}
	if got := InferredLimit(10*time.Millisecond, 2, 0); got != 1 {
		t.Errorf("inferred limit %g, want at least 1", got)
	}
	// Held to an hour: a slow accepted run times a large multiplier.
	if got := p.InferTimeLimit(2000 * time.Second); got != maxTimeLimit || p.Meta().Limits.Time != time.Hour {
		t.Errorf("inferred limit %g (%v), want %d s", got, p.Meta().Limits.Time, maxTimeLimit)
	}
}

// TestConstants reads problem.yaml's constants and puts them into a source the
// way the format says: NAME and NAME.value are the value as written, NAME.REPR a
// representation; malformed entries are skipped with a warning naming their line.
func TestConstants(t *testing.T) {
	yaml := `problem_format_version: 2025-09
constants:
  FIVE:
    value: 5
    WORD: "five"
    BAD: 5
  SIX: 6
  FLOAT: 10.0
  NOVALUE: {WORD: "x"}
  9bad: 1
`
	c, warns, err := ParseConfig([]byte(yaml), "problem.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"FIVE": "5", "FIVE.value": "5", "FIVE.WORD": "five", "SIX": "6", "SIX.value": "6", "FLOAT": "10.0", "FLOAT.value": "10.0"}
	if len(c.Constants) != len(want) {
		t.Errorf("constants %v, want %v", c.Constants, want)
	}
	for k, v := range want {
		if c.Constants[k] != v {
			t.Errorf("%s = %q, want %q", k, c.Constants[k], v)
		}
	}
	var lines []int
	for _, w := range warns {
		lines = append(lines, w.Line)
	}
	if fmt.Sprint(lines) != "[6 9 10]" {
		t.Errorf("warnings on lines %v, want [6 9 10]: %v", lines, warns)
	}
	tests := []struct{ src, want, unknown string }{
		{"n <= {{FIVE}}", "n <= 5", ""},
		{"{{FIVE.value}}{{FIVE.WORD}}", "5five", ""},
		{"{{ FIVE }} {FIVE} {{FIVE.WORD.x}}", "{{ FIVE }} {FIVE} {{FIVE.WORD.x}}", ""},
		{"{{SEVEN}} {{FIVE.ROMAN}} {{SEVEN}}", "{{SEVEN}} {{FIVE.ROMAN}} {{SEVEN}}", "[FIVE.ROMAN SEVEN]"},
	}
	for _, tc := range tests {
		out, unknown := SubstituteConstants([]byte(tc.src), c.Constants)
		if string(out) != tc.want {
			t.Errorf("%q → %q, want %q", tc.src, out, tc.want)
		}
		if u := fmt.Sprint(unknown); tc.unknown != "" && u != tc.unknown {
			t.Errorf("%q: unknown %s, want %s", tc.src, u, tc.unknown)
		}
	}
}

// TestIsPackageTellsJudgeProblems checks folders with a data/ folder and a
// problem.yaml: judge's own format in any YAML style is not a package, the
// package format (even an empty problem.yaml, all defaults) is.
func TestIsPackageTellsJudgeProblems(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		pkg  bool
	}{
		{"slug: sudoku\ntitle: S\nkind: pass-fail\nreference: tactics\n", false},
		{"{slug: sudoku, title: S, kind: pass-fail, reference: tactics}\n", false},
		{"title: S\nkind: pass-fail\nreference: tactics\n", false},
		{"\"slug\": sudoku\n", false},
		{"name: Hello\nlimits:\n  time_multiplier: 2\n", true},
		{"problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\n", true},
		{"", true},
		{"slug: [unclosed\n", false},
	} {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "data"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := IsPackage(dir); got != tc.pkg {
			t.Errorf("%q: IsPackage %v, want %v", tc.yaml, got, tc.pkg)
		}
	}
}

// TestLoadFaultyGroupFiles loads packages whose group settings files are
// faulty: the error starts with the file, its line and (but for a syntax
// error) its column.
func TestLoadFaultyGroupFiles(t *testing.T) {
	for _, tc := range []struct{ file, yaml, want string }{
		{"data/testdata.yaml", "on_reject: continue\noutput_validator_args: [a\n", "data/testdata.yaml:2: did not find expected ',' or ']'"},
		{"data/secret/testdata.yaml", "score_aggregation: summ\n", `data/secret/testdata.yaml:1:20: score aggregation "summ"`},
		{"data/secret/g1/test_group.yaml", "scoring:\n  aggregation: median\n", `data/secret/g1/test_group.yaml:2:16: score aggregation "median"`},
	} {
		dir := t.TempDir()
		testfiles.Write(t, dir, map[string]string{"problem.yaml": "name: X\n", "data/secret/g1/1.in": "1\n", "data/secret/g1/1.ans": "1\n", tc.file: tc.yaml})
		_, err := Load(dir)
		if want := filepath.Join(dir, tc.want); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", tc.file, err, want)
		}
	}
}

// TestLoadChecksDefaultValidatorArgs loads packages whose default output
// validator would refuse its arguments: the package is refused, at the file,
// line and column that give them, rather than judged JE case after case. With
// a custom output validator the arguments are that program's business.
func TestLoadChecksDefaultValidatorArgs(t *testing.T) {
	cases := map[string]string{"data/sample/1.in": "1\n", "data/sample/1.ans": "1\n", "data/secret/g1/1.in": "1\n", "data/secret/g1/1.ans": "1\n"}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // "" when the package loads
	}{
		{"typo in a group", map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\n",
			"data/sample/test_group.yaml": "output_validator_args: [float_tolerence, \"1e-6\"]\n"},
			`data/sample/test_group.yaml:1:24: unknown default validator argument "float_tolerence"`},
		{"typo in problem.yaml", map[string]string{"problem.yaml": "name: X\nvalidator_flags: float_tolerence 1e-6\n"},
			`problem.yaml:2:18: unknown default validator argument "float_tolerence"`},
		{"inherited from data/", map[string]string{"problem.yaml": "name: X\n", "data/testdata.yaml": "\noutput_validator_flags: case_sensitiv\n"},
			`data/testdata.yaml:2:25: unknown default validator argument "case_sensitiv"`},
		{"in a nested group", map[string]string{"problem.yaml": "name: X\n", "data/secret/g1/testdata.yaml": "output_validator_flags: float_tolerance\n"},
			"data/secret/g1/testdata.yaml:1:25: float_tolerance: missing value"},
		{"twice across files", map[string]string{"problem.yaml": "name: X\nvalidator_flags: float_tolerance 1e-6\n", "data/secret/testdata.yaml": "output_validator_flags: float_absolute_tolerance 1e-3\n"},
			"data/secret/testdata.yaml:1:25: float_absolute_tolerance: a float tolerance is given twice"},
		{"good", map[string]string{"problem.yaml": "name: X\nvalidator_flags: case_sensitive\n", "data/secret/testdata.yaml": "output_validator_flags: float_tolerance 1e-6\n"}, ""},
		{"custom validator", map[string]string{"problem.yaml": "name: X\nvalidator_flags: --tolerence 3\n", "output_validators/check.py": "print()\n"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testfiles.Write(t, dir, cases)
			testfiles.Write(t, dir, tc.files)
			_, err := Load(dir)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := filepath.Join(dir, tc.want); err == nil || err.Error() != want {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	}
}

// TestStatedTimeLimit reads the time limit a legacy package states in
// .timelimit or domjudge-problem.ini; one that is not a number of seconds is
// an error at its file, line and column, not a limit inferred in its place.
func TestStatedTimeLimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		limit float64
		from  string
		err   string
	}{
		{"timelimit", map[string]string{".timelimit": "2.5\n"}, 2.5, ".timelimit", ""},
		{"ini", map[string]string{"domjudge-problem.ini": "name='X'\ntimelimit='3'\n"}, 3, "domjudge-problem.ini timelimit", ""},
		{"neither", nil, provisionalTime, "", ""},
		{"problem.yaml first", map[string]string{"problem.yaml": "name: X\nlimits: {time_limit: 4}\n", ".timelimit": "1,5"}, 4, "problem.yaml limits.time_limit", ""},
		{"timelimit with a comma", map[string]string{".timelimit": "1,5\n"}, 0, "", `.timelimit:1:1: "1,5": want the time limit in seconds`},
		{"timelimit zero", map[string]string{".timelimit": "\n  0\n"}, 0, "", `.timelimit:2:3: "0": want the time limit in seconds`},
		{"timelimit empty", map[string]string{".timelimit": ""}, 0, "", `.timelimit:1:1: "": want the time limit in seconds`},
		{"ini with a comma", map[string]string{"domjudge-problem.ini": "name='X'\ntimelimit = '1,5'\n"}, 0, "", `domjudge-problem.ini:2:13: timelimit "1,5": want seconds`},
		{"ini infinite", map[string]string{"domjudge-problem.ini": "timelimit=inf\n"}, 0, "", `domjudge-problem.ini:1:11: timelimit "inf": want seconds`},
		{"timelimit too short to enforce", map[string]string{".timelimit": "1e-10\n"}, 0, "", `.timelimit:1:1: "1e-10": want the time limit in seconds, a number from 0.001`},
		{"ini too short to enforce", map[string]string{"domjudge-problem.ini": "timelimit=1e-12\n"}, 0, "", `domjudge-problem.ini:1:11: timelimit "1e-12": want seconds, a number from 0.001`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testfiles.Write(t, dir, map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"})
			testfiles.Write(t, dir, tc.files)
			p, err := Load(dir)
			if tc.err != "" {
				if want := filepath.Join(dir, tc.err); err == nil || !strings.HasPrefix(err.Error(), want) {
					t.Fatalf("error %v, want %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Meta().Limits.Time.Seconds(); got != tc.limit || p.TimeLimitSource() != tc.from {
				t.Errorf("limit %gs from %q, want %gs from %q", got, p.TimeLimitSource(), tc.limit, tc.from)
			}
		})
	}
	// A pipe in place of .timelimit is refused, not waited on.
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"})
	if err := syscall.Mkfifo(filepath.Join(dir, ".timelimit"), 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), ".timelimit: not a regular file but a named pipe") {
		t.Errorf("a pipe as .timelimit: %v", err)
	}
}

// TestLegacyObjectiveMin reads a legacy scoring package whose grading
// objective is min: lower scores win, as problemtools ranks them.
func TestLegacyObjectiveMin(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		want problems.Direction
		err  string
	}{
		{"type: scoring\ngrading:\n  objective: min\n", problems.Minimize, ""},
		{"type: scoring\ngrading:\n  objective: max\n", problems.Maximize, ""},
		{"type: scoring\n", problems.Maximize, ""},
		{"type: scoring\ngrading:\n  objective: least\n", "", `problem.yaml:3:14: grading.objective "least"`},
	} {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "data", "secret"), 0o755)
		os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte(tc.yaml), 0o644)
		p, err := Load(dir)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.yaml, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.yaml, err)
		}
		if got := p.Meta().Score.Direction; got != tc.want {
			t.Errorf("%q: direction %q, want %q", tc.yaml, got, tc.want)
		}
	}
}

// TestInteractiveWithoutValidator: an interactive package, or one whose legacy
// validation: asks for a custom validator, with no output validator is refused
// at the key of problem.yaml that says so.
func TestInteractiveWithoutValidator(t *testing.T) {
	for _, tc := range []struct{ name, yaml, at, msg string }{
		{"type", "problem_format_version: 2023-07-draft\nname: I\ntype: interactive\n", "problem.yaml:3:7: ", "interactive"},
		{"legacy validation", "name: I\nvalidation: custom interactive\n", "problem.yaml:2:13: ", "interactive"},
		{"legacy custom", "name: I\nvalidation: custom\n", "problem.yaml:2:13: ", "validation: custom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testfiles.Write(t, dir, map[string]string{"problem.yaml": tc.yaml, "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"})
			_, err := Load(dir)
			want := filepath.Join(dir, tc.at) + tc.msg + ", but the package has no output validator"
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %v, want one starting %q", err, want)
			}
		})
	}
}
