package grade

import (
	"github.com/judgehq/judge/internal/testfiles"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestParseRubricErrors checks each fault's message and its exact
// FILE:LINE:COL (a syntax error has no column).
func TestParseRubricErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"empty", "", "r.yaml: empty rubric"},
		{"not a mapping", "- a\n", "r.yaml:1:1: a rubric is a mapping"},
		{"unknown field", "totl: 100\n", "r.yaml:1:1: unknown field \"totl\""},
		{"no items", "total: 100\n", "r.yaml:1:1: the rubric has no items"},
		{"bad total", "total: -3\nitems: []\n", "r.yaml:1:8: total must be positive"},
		{"unknown check", "items:\n  - id: a\n    max: 2\n    check: spelling\n", "r.yaml:4:12: unknown check \"spelling\""},
		{"no max", "items:\n  - id: a\n    check: manual\n", "r.yaml:2:5: item a has no max"},
		{"no check", "items:\n  - id: a\n    max: 1\n", "r.yaml:2:5: item a has no check"},
		{"duplicate id", "items:\n  - {id: a, max: 1, check: manual}\n  - {id: a, max: 1, check: manual}\n", "r.yaml:3:5: item id \"a\" already used on line 2"},
		{"bad id", "items:\n  - {id: 'A B', max: 1, check: manual}\n", "r.yaml:2:10: id \"A B\""},
		{"manual params", "items:\n  - {id: a, max: 1, check: manual, params: {x: 1}}\n", "r.yaml:2:44: item a is manual and takes no params"},
		{"unknown param", "items:\n  - id: a\n    max: 5\n    check: long_lines\n    params: {widht: 80}\n", "r.yaml:5:14: unknown param \"widht\""},
		{"bad param type", "items:\n  - id: a\n    max: 5\n    check: long_lines\n    params: {width: wide}\n", "r.yaml:5:21: cannot unmarshal !!str `wide` into int"},
		{"bad total type", "total: abc\nitems: []\n", "r.yaml:1:8: cannot unmarshal !!str `abc` into float64"},
		{"bad list item", "compiler:\n  - g++\n  - [x]\nitems: []\n", "r.yaml:3:5: cannot unmarshal !!seq into string"},
		{"bad nested param", "items:\n  - id: a\n    max: 5\n    check: tactics\n    params:\n      tactics:\n        - name: x\n          functions: 5\n", "r.yaml:8:22: cannot unmarshal !!int `5` into []string"},
		{"bad regex", "items:\n  - id: a\n    max: 5\n    check: forbidden\n    params: {pattern: '('}\n", "r.yaml:5:13: params: pattern: error parsing regexp"},
		{"no tactics", "items:\n  - {id: a, max: 5, check: tactics}\n", "r.yaml:2:5: params: tactics: name at least one tactic"},
		{"provided path", "provided: [sudoku.h, ../../etc/cron.d/x]\nitems: []\n", "r.yaml:1:22: provided lists file names"},
		{"provided dot-dot", "provided:\n  - ..\nitems: []\n", "r.yaml:2:5: provided lists file names"},
		{"program dot-dot", "program: ..\nitems: []\n", "r.yaml:1:10: program must be a file name"},
		{"syntax, unclosed {", "items:\n  - {id: a, max: 1, check: manual}\n  - {id: b max: 1\n", "r.yaml:3: did not find expected ',' or '}'"},
		{"syntax, tab", "total: 100\nitems:\n\t- x\n", "r.yaml:3: found character that cannot start any token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRubric("r.yaml", []byte(tt.yaml))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}

// TestLoadRubricRefuses checks that LoadRubric refuses, at once and naming the
// file, a pipe (whose open would wait for a writer), a device (whose read
// never ends) and a file beyond MaxRubricSize.
func TestLoadRubricRefuses(t *testing.T) {
	testfiles.Refuses(t, func(path string) error { _, err := LoadRubric(path); return err }, "", MaxRubricSize, "16 MiB")
}

func TestSudokuRubric(t *testing.T) {
	path := filepath.Join("..", "..", "problems", "sudoku", "rubric.yaml")
	r, err := LoadRubric(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) != 21 {
		t.Errorf("%d items, want the seed's 21", len(r.Items))
	}
	if r.Program != "sudoku" || r.Total != 100 {
		t.Errorf("program %q total %g", r.Program, r.Total)
	}
}

func TestLexSource(t *testing.T) {
	tests := []struct {
		name, line string
		margin     bool
		comment    string
	}{
		{"code only", "  int x = 1;", false, ""},
		{"comment only", "  // a paragraph comment", false, " a paragraph comment"},
		{"margin", "  x++;  // count it", true, " count it"},
		{"margin block", "  x++; /* count */", true, " count "},
		{"slashes in a string", `  cout << "http://x";`, false, ""},
		{"quote char", `  char c = '"'; // quote`, true, " quote"},
		{"preprocessor", "#endif // DEBUG", false, " DEBUG"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lexSource("a.cpp", tt.line+"\n")
			if s.Margin[0] != tt.margin || s.Comment[0] != tt.comment {
				t.Errorf("margin %v comment %q, want %v %q", s.Margin[0], s.Comment[0], tt.margin, tt.comment)
			}
		})
	}
	s := lexSource("a.cpp", "/* one\n   two */ int x;\nsystem(\"pause\"); // system(\"pause\")\n")
	if s.Margin[1] || strings.TrimSpace(s.Code[1]) != "int x;" || s.Comment[1] != "   two " {
		t.Errorf("block comment: code %q comment %q margin %v", s.Code[1], s.Comment[1], s.Margin[1])
	}
	if strings.Count(s.Code[2], "pause") != 1 {
		t.Errorf("comment kept in code: %q", s.Code[2])
	}
}

func TestWarnings(t *testing.T) {
	log := "sudoku.cpp: In function 'void f()':\nsudoku.cpp:12:7: warning: unused variable 'x' [-Wunused-variable]\n" +
		"intset.cpp:3:1: warning: something [-Wextra]\n/usr/include/x.h:1:1: warning: not ours\n"
	got := warnings(log, map[string]bool{"sudoku.cpp": true})
	if len(got) != 1 || got[0].Line != 12 || got[0].File != "sudoku.cpp" || !strings.Contains(got[0].Text, "unused variable") {
		t.Fatalf("got %+v", got)
	}
}

func TestPrepareOut(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new")
	if err := PrepareOut(fresh); err != nil {
		t.Fatal(err)
	}
	if err := PrepareOut(fresh); err != nil {
		t.Fatalf("a grade report folder is refused: %v", err)
	}
	other := filepath.Join(dir, "other")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := PrepareOut(other); err == nil {
		t.Fatal("a folder of the user's was accepted")
	}
}

func TestScoresRoundTrip(t *testing.T) {
	r, err := ParseRubric("r.yaml", []byte("items:\n  - {id: auto, max: 5, check: tabs}\n  - {id: hand, max: 4, check: manual}\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := &Class{Rubric: r, Problem: "p", Students: []*Student{
		{Name: "ann", Items: []ItemResult{{ID: "auto", Points: 2}, {ID: "hand", Blank: true}}, Total: 98},
	}}
	sc, ignored, err := c.ReadScores("s.csv", strings.NewReader("student,hand,auto,comment,hnad\nann,3,5,,\nbob,1,,,2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ignored, ",") != "comment,hnad" {
		t.Errorf("ignored columns %q, want the two that name no item", ignored)
	}
	unknown, err := c.Merge(sc)
	if err != nil || len(unknown) != 1 || unknown[0] != "bob" {
		t.Fatalf("merge: %v %v", unknown, err)
	}
	st := c.Students[0]
	if st.Items[1].Blank || st.Items[1].Points != 3 || st.Items[0].Points != 2 || st.Total != 95 {
		t.Fatalf("after merge: %+v total %g", st.Items, st.Total)
	}
	var buf strings.Builder
	if err := c.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	again, ignoredAgain, err := c.ReadScores("grades.csv", strings.NewReader(buf.String()))
	if err != nil || again["ann"]["hand"] != 3 || len(ignoredAgain) > 0 {
		t.Fatalf("re-reading grades.csv: %v %v, ignoring %q", again, err, ignoredAgain)
	}
	// A student whose folder name a spreadsheet would take for a formula is
	// written as text, and read back under their own name.
	c.Students[0].Name = "=cmd|' /C calc'!A0"
	buf.Reset()
	if err := c.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n'=cmd|") {
		t.Errorf("grades.csv starts a row with a formula:\n%s", buf.String())
	}
	if again, _, err := c.ReadScores("grades.csv", strings.NewReader(buf.String())); err != nil || again[c.Students[0].Name]["hand"] != 3 {
		t.Errorf("re-reading the formula-named student: %v %v", again, err)
	}
	for _, bad := range []struct{ csv, want string }{
		{"student,hand\nann,x\n", "s.csv:2:5: hand: \"x\" is not a number"},
		{"student,hand\nJosé,x\n", "s.csv:2:6: hand: \"x\" is not a number"}, // characters, not bytes
		{"\ufeffstudent,hand\nann,x\n", "s.csv:2:5: hand:"},                  // a spreadsheet's byte order mark
		{"student,hand\nann,9\n", "s.csv:2:5: hand: 9 is outside 0…4"},
		{"student,hand\nann,\"3\n", "s.csv:2:7: extraneous or missing \" in quoted-field"},
		{"student,hand\nann,3 \"x\n", "s.csv:2:7: bare \" in non-quoted-field"},
		{"student,hand\nJosé,3 \"x\n", "s.csv:2:8: bare \" in non-quoted-field"},
		{"name,hand\n", "s.csv:1: no student column"},
		{"", "s.csv:1: empty"},
	} {
		if _, _, err := c.ReadScores("s.csv", strings.NewReader(bad.csv)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.csv, err, bad.want)
		}
	}
}

func FuzzParseRubric(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("..", "..", "problems", "sudoku", "rubric.yaml")); err == nil {
		f.Add(data)
	}
	f.Add([]byte("items:\n  - {id: a, max: 1, check: manual}\n"))
	f.Add([]byte("items:\n  - id: a\n    max: 5\n    check: tactics\n    params: {tactics: [{name: t, functions: ['(']}]}\n"))
	f.Add([]byte("total: [1\n"))
	f.Add([]byte("compiler:\n  - g++\n  - [x]\nitems:\n  - {id: a, max: x, check: manual}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRubric("f.yaml", data)
		if err == nil && len(r.Items) == 0 {
			t.Fatal("a rubric without items was accepted")
		}
	})
}

func FuzzLexSource(f *testing.F) {
	f.Add("int main() { // hi\n  /* a\n b */ return 0; }\n")
	f.Add("char c = '\\''; const char *s = \"/* not */\";\n\t\tx++;")
	f.Add("\"unterminated\n'")
	f.Fuzz(func(t *testing.T, text string) {
		s := lexSource("f.cpp", text)
		if len(s.Code) != len(s.Lines) || len(s.Margin) != len(s.Lines) || len(s.Comment) != len(s.Lines) {
			t.Fatal("per-line slices differ in length")
		}
		for i := range s.Lines {
			if len(s.Code[i]) != len(s.Lines[i]) {
				t.Fatalf("line %d: code %q has another length than %q", i+1, s.Code[i], s.Lines[i])
			}
		}
	})
}

func FuzzReadScores(f *testing.F) {
	f.Add("student,hand\nann,3\n")
	f.Add("student,hand,total\nann,,1\n\"b\nc\",2\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseRubric("r.yaml", []byte("items:\n  - {id: hand, max: 4, check: manual}\n"))
		if err != nil {
			t.Fatal(err)
		}
		c := &Class{Rubric: r}
		sc, _, err := c.ReadScores("f.csv", strings.NewReader(text))
		if err != nil {
			return
		}
		for _, items := range sc {
			if v := items["hand"]; v < 0 || v > 4 {
				t.Fatalf("score %g outside the item's range", v)
			}
		}
	})
}

// TestLoadScoresRefusesAPipe checks that a named pipe given as the scores file
// is refused at once instead of blocking the grading until someone writes to it.
func TestLoadScoresRefusesAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "scores.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Class{Rubric: &Rubric{}}
	if _, _, err := c.LoadScores(fifo, true); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("LoadScores on a named pipe: %v, want a refusal", err)
	}
}

// TestStudentsRefusesReportNames: a student folder named like a file of the
// report (grades.csv, class.txt, in any case) would take that file's place in
// the report folder; the class is refused, naming it.
func TestStudentsRefusesReportNames(t *testing.T) {
	tests := []struct {
		folders []string
		bad     string
	}{
		{[]string{"ann", "bob"}, ""},
		{[]string{"ann", GradesFile}, GradesFile},
		{[]string{"Class.TXT", "bob"}, "Class.TXT"},
		{[]string{"ann", "_" + ClassFile}, ""}, // left out
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.folders, ","), func(t *testing.T) {
			class := t.TempDir()
			for _, f := range tt.folders {
				if err := os.Mkdir(filepath.Join(class, f), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			names, err := Students(class)
			switch {
			case tt.bad == "" && err != nil:
				t.Fatalf("Students: %v", err)
			case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
				t.Fatalf("Students = %v, %v; want an error naming %s", names, err, tt.bad)
			}
		})
	}
}
