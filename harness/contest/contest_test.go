package contest

import (
	"github.com/judgehq/judge/internal/testfiles"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

const good = `name: Demo contest
standings: mactech
problems:
  - sudoku
  - path: ../more/defrag
    limits: {time: 5, memory: 512, wall: 12.5}
  - ./local/trimines
entrants:
  alice:
    sudoku: entrants/alice/sudoku.c
    defrag: {command: "python3 entrants/alice/defrag.py"}
  bob-2:
    sudoku: {path: entrants/bob/sudoku, language: go}
    trimines: /abs/bin/trimines
`

func TestParseGood(t *testing.T) {
	c, err := Parse("dir/contest.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	five, wall, mem := 5*time.Second, 12500*time.Millisecond, 512*problems.MiB
	want := &Contest{
		File: "dir/contest.yaml", Name: "Demo contest", Standings: RuleMacTech,
		Problems: []Problem{
			{Slug: "sudoku", Line: 4, Column: 5},
			{Path: "../more/defrag", Limits: problems.LimitOverrides{Time: &five, Wall: &wall, Memory: &mem}, Line: 5, Column: 5},
			{Path: "./local/trimines", Line: 7, Column: 5},
		},
		Entrants: []Entrant{
			{Name: "alice", Line: 9, Submissions: []Submission{
				{Problem: "sudoku", Path: "entrants/alice/sudoku.c", Line: 10, Column: 5},
				{Problem: "defrag", Command: "python3 entrants/alice/defrag.py", Line: 11, Column: 5},
			}},
			{Name: "bob-2", Line: 12, Submissions: []Submission{
				{Problem: "sudoku", Path: "entrants/bob/sudoku", Language: "go", Line: 13, Column: 5},
				{Problem: "trimines", Path: "/abs/bin/trimines", Line: 14, Column: 5},
			}},
		},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("parsed:\n%+v\nwant:\n%+v", c, want)
	}
	if got := strings.Join(c.EntrantNames(), ","); got != "alice,bob-2" {
		t.Errorf("EntrantNames = %s", got)
	}
	if got := strings.Join(c.ProblemKeys(), ","); got != "sudoku,defrag,trimines" {
		t.Errorf("ProblemKeys = %s", got)
	}
	if k := c.Problems[1].Key(); k != "defrag" {
		t.Errorf("key = %q", k)
	}
	if got := c.Resolve("entrants/x.c"); got != filepath.Join("dir", "entrants", "x.c") {
		t.Errorf("Resolve = %q", got)
	}
	if got := c.Resolve("/abs/x"); got != "/abs/x" {
		t.Errorf("Resolve(abs) = %q", got)
	}
	if s, ok := c.Entrants[1].For("trimines"); !ok || s.Path != "/abs/bin/trimines" {
		t.Errorf("For(trimines) = %+v, %v", s, ok)
	}
	if _, ok := c.Entrants[1].For("defrag"); ok {
		t.Error("bob has no defrag submission")
	}
	l := c.Problems[1].Limits.Apply(problems.Limits{Time: time.Second, Memory: 256 * problems.MiB, Output: 16 * problems.MiB, Processes: 4})
	if l != (problems.Limits{Time: 5 * time.Second, Wall: 12500 * time.Millisecond, Memory: 512 * problems.MiB, Output: 16 * problems.MiB, Processes: 4}) {
		t.Errorf("Apply = %+v", l)
	}
}

func TestParseDefaults(t *testing.T) {
	c, err := Parse("c.yaml", []byte("name: x\nproblems: [sudoku]\nentrants:\n  a: {sudoku: a.py}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Standings != RuleICPC || c.Problems[0].Limits != (problems.LimitOverrides{}) {
		t.Errorf("defaults: %+v", c)
	}
}

// TestParseErrors checks each fault's message and its exact FILE:LINE:COL (the
// value's position, or the key's for a key's fault; a syntax error has no
// column).
func TestParseErrors(t *testing.T) {
	base := "name: x\nproblems: [sudoku]\nentrants:\n  a: {sudoku: a.py}\n"
	tests := []struct {
		name, doc, want string
	}{
		{"empty", "", "c.yaml: empty file"},
		{"syntax, unclosed [", "name: X\nstandings: icpc\nproblems: [sudoku\n", "c.yaml:3: did not find expected ',' or ']'"},
		{"syntax, unclosed [ on line 1", "name: [x\n", "c.yaml:2: did not find expected ',' or ']'"},
		{"syntax, tab", "name: x\n\tproblems: [a]\n", "c.yaml:2: found a tab character that violates indentation"},
		{"not a mapping", "- a\n", "c.yaml:1:1: contest: want a mapping"},
		{"unknown key", base + "prizes: 3\n", "c.yaml:5:1: contest: unknown key \"prizes\""},
		{"repeated key", base + "name: y\n", "c.yaml:5:1: contest: key \"name\" repeated"},
		{"missing name", "problems: [sudoku]\nentrants:\n  a: {sudoku: a.py}\n", "c.yaml:1:1: name: missing"},
		{"bad standings", base + "standings: ioi\n", "c.yaml:5:12: standings \"ioi\""},
		{"bad freeze", base + "freeze: soon\n", "c.yaml:5:9: freeze \"soon\""},
		{"no problems", "name: x\nentrants:\n  a: {sudoku: a.py}\n", "c.yaml:1:1: problems: missing"},
		{"empty problems", "name: x\nproblems: []\nentrants:\n  a: {sudoku: a.py}\n", "c.yaml:2:11: problems: want a non-empty list"},
		{"bad slug", "name: x\nproblems: [Sudoku]\nentrants:\n  a: {Sudoku: a.py}\n", "c.yaml:2:12: problem slug \"Sudoku\""},
		{"path to the current folder", "name: x\nproblems:\n  - path: .\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:5: problem path \".\": want a problem folder"},
		{"duplicate problem", "name: x\nproblems:\n  - sudoku\n  - path: p/sudoku\nentrants:\n  a: {sudoku: a.py}\n", "c.yaml:4:5: problem \"sudoku\" listed twice (first on line 3)"},
		{"slug and path", "name: x\nproblems:\n  - {slug: a, path: b/a}\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:5: problem: want exactly one of slug and path"},
		{"unknown problem key", "name: x\nproblems:\n  - {slug: a, limit: {time: 1}}\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:15: problem: unknown key \"limit\""},
		{"limit not a number", "name: x\nproblems:\n  - {slug: a, limits: {time: abc}}\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:30: limits.time: want a number, got \"abc\""},
		{"limit out of range", "name: x\nproblems:\n  - slug: a\n    limits:\n      memory: 0\nentrants:\n  a: {a: a.py}\n", "c.yaml:5:15: limits.memory 0"},
		{"fractional memory", "name: x\nproblems:\n  - {slug: a, limits: {memory: 1.5}}\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:32: limits.memory 1.5"},
		{"zero time", "name: x\nproblems:\n  - {slug: a, limits: {time: 0}}\nentrants:\n  a: {a: a.py}\n", "c.yaml:3:30: limits.time 0: want seconds"},
		{"no entrants", "name: x\nproblems: [a]\n", "c.yaml:1:1: entrants: missing"},
		{"entrant unknown problem", "name: x\nproblems: [a]\nentrants:\n  bob:\n    b: b.c\n", "c.yaml:5:5: entrant bob: unknown key \"b\""},
		{"entrant without submissions", "name: x\nproblems: [a]\nentrants:\n  bob: {}\n", "c.yaml:4:8: entrant bob: no submissions"},
		{"entrant null", "name: x\nproblems: [a]\nentrants:\n  bob:\n", "c.yaml:4:7: entrant bob: want a mapping, got nothing"},
		{"bad entrant name", "name: x\nproblems: [a]\nentrants:\n  \"bo b\": {a: a.c}\n", "c.yaml:4:3: entrant \"bo b\""},
		{"duplicate entrant", "name: x\nproblems: [a]\nentrants:\n  bob: {a: a.c}\n  bob: {a: b.c}\n", "c.yaml:5:3: entrants: key \"bob\" repeated"},
		{"path and command", "name: x\nproblems: [a]\nentrants:\n  bob: {a: {path: a.c, command: ./a}}\n", "c.yaml:4:12: entrant bob, a: want exactly one of a path and a command"},
		{"neither", "name: x\nproblems: [a]\nentrants:\n  bob: {a: {language: c}}\n", "c.yaml:4:12: entrant bob, a: want exactly one of a path and a command"},
		{"command a list", "name: x\nproblems: [a]\nentrants:\n  bob: {a: {command: [x]}}\n", "c.yaml:4:22: entrant bob, a: command: want a string, got a list"},
		{"submission list", "name: x\nproblems: [a]\nentrants:\n  bob: {a: [a.c]}\n", "c.yaml:4:12: entrant bob, a: want a mapping, got a list"},
		{"two documents", base + "---\nname: y\n", "c.yaml:5:1: a second YAML document"},
		{"a broken second document", base + "---\nname: [y\n", "c.yaml:6: did not find expected ',' or ']'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("c.yaml", []byte(tc.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to start %q", err, tc.want)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(p, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p)
	if err != nil || c.File != p || len(c.Entrants) != 2 {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	if _, err := Load(p + ".missing"); err == nil {
		t.Error("Load(missing): no error")
	}
}

// TestLoadRefuses checks that Load refuses, at once and with a message naming
// the file, what is not a contest file: a pipe (whose open would wait for a
// writer), a device (whose read never ends) and a file beyond MaxFileSize.
func TestLoadRefuses(t *testing.T) {
	testfiles.Refuses(t, func(path string) error { _, err := Load(path); return err }, good, MaxFileSize, "16 MiB")
}

// TestExampleContest parses the example contest shipped in the repository and checks
// that every path it names exists.
func TestExampleContest(t *testing.T) {
	path := filepath.Join("..", "..", "examples", "contest.yaml")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the example contest the README shows is missing: %v", err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Entrants {
		for _, s := range e.Submissions {
			if s.Path == "" {
				continue
			}
			if _, err := os.Stat(c.Resolve(s.Path)); err != nil {
				t.Errorf("%s:%d: entrant %s, %s: %v", path, s.Line, e.Name, s.Problem, err)
			}
		}
	}
	// The optional parts it shows commented out are right too.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	shown := regexp.MustCompile(`(?m)^# (freeze: .*)$`)
	if !shown.Match(data) {
		t.Fatalf("%s does not show freeze:", path)
	}
	c, err = Parse(path, shown.ReplaceAll(data, []byte("$1")))
	if err != nil {
		t.Fatalf("with its commented parts: %v", err)
	}
	if c.Freeze.IsZero() {
		t.Errorf("freeze: not read")
	}
}

// positionRE is how every error of Parse begins.
var positionRE = regexp.MustCompile(`^f\.yaml(:[1-9][0-9]*(:[1-9][0-9]*)?)?: `)

func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("name: x\nproblems: [a]\nentrants:\n  bob: {a: {path: a.c}}\n"))
	f.Add([]byte("name: &n x\nproblems: [*n]\nentrants: {a: {x: y}}\n"))
	f.Add([]byte("name: x\nproblems:\n  - {slug: a, limits: {time: 1e400}}\n"))
	f.Add([]byte("{"))
	f.Add([]byte("name: X\nstandings: icpc\nproblems: [sudoku\n"))
	f.Add([]byte("name: x\nproblems:\n  - {slug: a, limits: {time: abc}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data)
		if err != nil {
			if !positionRE.MatchString(err.Error()) {
				t.Fatalf("error does not start FILE[:LINE[:COL]]: %v", err)
			}
			return
		}
		if c.Name == "" || len(c.Problems) == 0 || len(c.Entrants) == 0 {
			t.Fatalf("accepted an incomplete contest: %+v", c)
		}
		keys := map[string]bool{}
		for _, p := range c.Problems {
			keys[p.Key()] = true
		}
		for _, e := range c.Entrants {
			for _, s := range e.Submissions {
				if !keys[s.Problem] || (s.Path == "") == (s.Command == "") {
					t.Fatalf("bad submission accepted: %+v", s)
				}
			}
		}
	})
}

// TestPackageFolderNames lists problem folders named as packages are, in
// capitals, with a dot or a space: entrants name them by their folder name,
// as run does (the problem's slug is that name lower-cased, and PlanContest
// refuses two folders with one slug).
func TestPackageFolderNames(t *testing.T) {
	doc := "name: x\nproblems:\n  - ./p/Hello_World\n  - path: \"p/two words\"\n  - ./p/v1.2\nentrants:\n" +
		"  a: {Hello_World: a.py, two words: b.py, v1.2: c.py}\n"
	c, err := Parse("c.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, p := range c.Problems {
		keys = append(keys, p.Key())
		if _, ok := c.Entrants[0].For(p.Key()); !ok {
			t.Errorf("entrant a has no submission for %q", p.Key())
		}
	}
	if strings.Join(keys, "|") != "Hello_World|two words|v1.2" {
		t.Errorf("keys %q", keys)
	}
}
