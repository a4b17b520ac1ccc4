package battleships

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
)

// A 6×6 answer used throughout: a cruiser, three destroyers and two submarines.
var answerRows = []string{
	"< + > . . O",
	". . . . . .",
	"^ . O . < >",
	"v . . . . .",
	". . . . . .",
	". < > . . .",
}

// frame builds a file from a fleet, six grid rows and the counts of the answer above.
func frame(fleet string, rows []string) string {
	counts := []string{"4", "0", "4", "1", "0", "2"}
	var b strings.Builder
	b.WriteString("fleet: " + fleet + "\n - - - - - -\n")
	for i, r := range rows {
		b.WriteString("|" + r + "| " + counts[i] + "\n")
	}
	b.WriteString(" - - - - - -\n 3 2 3 0 1 2\n")
	return b.String()
}

// withCell returns rows with the cell at (r, c) (0-based) replaced.
func withCell(rows []string, r, c int, b byte) []string {
	out := append([]string(nil), rows...)
	line := []byte(out[r])
	line[2*c] = b
	out[r] = string(line)
	return out
}

func blankRows() []string {
	rows := make([]string, 6)
	for i := range rows {
		rows[i] = strings.Repeat(" ", 11)
	}
	return rows
}

func newProblem(t *testing.T) *Problem {
	t.Helper()
	return &Problem{}
}

func TestCheck(t *testing.T) {
	p := newProblem(t)
	puzzleRows := withCell(withCell(blankRows(), 0, 1, '+'), 2, 2, 'X')
	puzzleRows = withCell(puzzleRows, 4, 4, '.')
	puzzle := frame("3x1 2x3 1x2", puzzleRows)
	good := frame("3x1 2x3 1x2", answerRows)
	moved := withCell(withCell(answerRows, 0, 5, '.'), 4, 5, 'O')
	tests := []struct {
		name    string
		input   string
		out     string
		verdict problems.Verdict
		msg     string // a part of the message
	}{
		{"right", puzzle, good, problems.AC, "valid"},
		{"crlf", puzzle, strings.ReplaceAll(good, "\n", "\r\n"), problems.PE, "carriage return"},
		{"trailing spaces", puzzle, strings.ReplaceAll(good, "\n", "  \n"), problems.PE, "layout"},
		{"no final newline", puzzle, strings.TrimSuffix(good, "\n"), problems.PE, "newline"},
		{"empty", puzzle, "", problems.WA, "empty"},
		{"garbage", puzzle, "hello\n", problems.WA, "line 1"},
		{"other fleet", puzzle, frame("3x1 2x2 1x4", answerRows), problems.WA, "fleet line"},
		{"blank left", puzzle, frame("3x1 2x3 1x2", withCell(answerRows, 1, 3, ' ')), problems.WA, "undecided cell at row 2, column 4"},
		{"X left", puzzle, frame("3x1 2x3 1x2", withCell(answerRows, 2, 2, 'X')), problems.WA, "undecided cell at row 3, column 3"},
		{"given water", frame("3x1 2x3 1x2", withCell(blankRows(), 1, 0, '.')),
			frame("3x1 2x3 1x2", withCell(withCell(answerRows, 1, 0, '+'), 2, 0, '^')), problems.WA, "given cell changed at row 2, column 1"},
		{"given part", puzzle, frame("3x1 2x3 1x2", withCell(answerRows, 0, 1, '.')), problems.WA, "given cell changed at row 1, column 2"},
		{"bent", puzzle, frame("3x1 2x3 1x2", withCell(answerRows, 1, 1, '+')), problems.WA, "bent ship"},
		{"wrong symbol", puzzle, frame("3x1 2x3 1x2", withCell(answerRows, 0, 0, '^')), problems.WA, "wrong symbol at row 1, column 1"},
		{"diagonal", frame("3x1 2x3 1x2", blankRows()), frame("3x1 2x3 1x2", withCell(withCell(answerRows, 2, 2, '.'), 1, 3, 'O')), problems.WA, "touch diagonally at row 1, column 3"},
		{"row count", puzzle, frame("3x1 2x3 1x2", moved), problems.WA, "row 1 has 3 ship parts"},
		{"fleet", frame("3x1 2x2 1x4", blankRows()), frame("3x1 2x2 1x4", answerRows), problems.WA, "3 ships of length 2"},
		{"bad puzzle", "nonsense", good, problems.JE, "puzzle"},
		{"huge", puzzle, strings.Repeat("x", maxOutput+1), problems.WA, "bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := p.Check(problems.Dataset{Input: []byte(tc.input)}, problems.Output{Stdout: []byte(tc.out)})
			if o.Verdict != tc.verdict || !strings.Contains(o.Message, tc.msg) {
				t.Errorf("got %s %q, want %s containing %q", o.Verdict, o.Message, tc.verdict, tc.msg)
			}
		})
	}
}

// FuzzCheck feeds arbitrary output to the checker: it must never panic and must
// answer AC, WA or PE.
func FuzzCheck(f *testing.F) {
	puzzle := []byte(frame("3x1 2x3 1x2", withCell(blankRows(), 0, 1, '+')))
	good := frame("3x1 2x3 1x2", answerRows)
	f.Add([]byte(good))
	f.Add([]byte(strings.ReplaceAll(good, "\n", "\r\n")))
	f.Add([]byte(frame("3x1 2x3 1x2", withCell(answerRows, 1, 1, '+'))))
	f.Add([]byte(""))
	f.Add([]byte{0, 0xff, '\n'})
	p := &Problem{}
	f.Fuzz(func(t *testing.T, out []byte) {
		o := p.Check(problems.Dataset{Input: puzzle}, problems.Output{Stdout: out})
		switch o.Verdict {
		case problems.AC, problems.WA, problems.PE:
		default:
			t.Fatalf("verdict %s (%s)", o.Verdict, o.Message)
		}
		if o.Verdict == problems.AC && o.Score != 1 {
			t.Fatalf("AC with score %v", o.Score)
		}
	})
}

func TestValidate(t *testing.T) {
	p := newProblem(t)
	good := frame("3x1 2x3 1x2", withCell(blankRows(), 0, 1, '+'))
	if err := p.Validate([]byte(good)); err != nil {
		t.Fatalf("good puzzle: %v", err)
	}
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"layout", strings.Replace(good, "| 4", "|  4", 1), 3, 15},
		{"row sums", frame("3x1 2x3 1x1", blankRows()), 3, 15},
		{"column sums", strings.Replace(frame("3x1 2x3 1x2", blankRows()), " 3 2 3 0 1 2\n", " 3 2 3 0 1 3\n", 1), 10, 2},
		{"ship too long", frame("7x1 2x2", blankRows()), 1, 8},
		{"corner touch", frame("3x1 2x3 1x2", withCell(withCell(blankRows(), 0, 0, 'X'), 1, 1, 'X')), 3, 2},
		{"end into water", frame("3x1 2x3 1x2", withCell(withCell(blankRows(), 0, 0, '<'), 0, 1, '.')), 3, 2},
		{"end off the grid", frame("3x1 2x3 1x2", withCell(blankRows(), 0, 5, '<')), 3, 12},
		{"middle hemmed", frame("3x1 2x3 1x2", withCell(withCell(blankRows(), 1, 0, '+'), 0, 0, '.')), 4, 2},
		{"no solution", frame("3x1 2x3 1x2", withCell(blankRows(), 0, 0, '.')), 0, 0},
		// Two faults: the first in the file is reported.
		{"clash before a wrong column sum", strings.Replace(frame("3x1 2x3 1x2", withCell(blankRows(), 0, 5, '<')), " 3 2 3 0 1 2\n", " 3 2 3 0 1 3\n", 1), 3, 12},
		{"clash after the first row's wrong sum", frame("3x1 2x3 1x1", withCell(blankRows(), 1, 0, '>')), 3, 15},
		{"clash on the first row before its wrong sum", frame("3x1 2x3 1x1", withCell(blankRows(), 0, 5, '<')), 3, 12},
		{"ship too long before a clash", frame("7x1 2x2", withCell(blankRows(), 0, 5, '<')), 1, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Validate([]byte(tc.in))
			var e *problems.InputError
			if !errors.As(err, &e) {
				t.Fatalf("want an InputError, got %v", err)
			}
			if e.Line != tc.line || e.Col != tc.col {
				t.Errorf("got line %d col %d (%s), want line %d col %d", e.Line, e.Col, e.Msg, tc.line, tc.col)
			}
		})
	}
}

func TestCounter(t *testing.T) {
	// With no hints the 6×6 counts allow several grids; with the right hints one.
	pz, err := grid.Parse([]byte(frame("3x1 2x3 1x2", blankRows())))
	if err != nil {
		t.Fatal(err)
	}
	n, done := countSolutions(pz, 0, 1<<30)
	if !done || n < 2 {
		t.Fatalf("blank puzzle: %d solutions (finished %v), want several", n, done)
	}
	full, _ := grid.Parse([]byte(frame("3x1 2x3 1x2", answerRows)))
	if n, _ := countSolutions(full, 0, 1<<30); n != 1 {
		t.Errorf("fully given puzzle: %d solutions, want 1", n)
	}
	sol := firstSolution(pz, 1<<30)
	ans := pz.Clone()
	copy(ans.Cells, sol)
	if msg := judge(pz, ans); msg != "" {
		t.Errorf("the counter's first solution is wrong: %s", msg)
	}
}

func TestGenerate(t *testing.T) {
	p := newProblem(t)
	cases := []problems.Params{
		{"rows": "6", "cols": "6"},
		{"rows": "7", "cols": "9", "fleet": "4x1 2x3 1x2", "xparts": "50"},
		{"rows": "8", "cols": "8", "extra": "5"},
	}
	for i, params := range cases {
		a, err := p.Generate(int64(i), params)
		if err != nil {
			t.Fatalf("%v: %v", params, err)
		}
		b, _ := p.Generate(int64(i), params)
		if string(a) != string(b) {
			t.Errorf("%v: the same seed gave different puzzles", params)
		}
		if err := p.Validate(a); err != nil {
			t.Errorf("%v: generated puzzle invalid: %v\n%s", params, err, a)
		}
		pz, _ := grid.Parse(a)
		if n, done := countSolutions(pz, 2, genBudget); !done || n != 1 {
			t.Errorf("%v: %d solutions (finished %v), want exactly 1", params, n, done)
		}
	}
	multi, err := p.Generate(7, problems.Params{"rows": "8", "cols": "8", "multi": "1"})
	if err != nil {
		t.Fatal(err)
	}
	pz, _ := grid.Parse(multi)
	if n, _ := countSolutions(pz, 2, genBudget); n != 2 {
		t.Errorf("multi=1: %d solutions found with limit 2, want 2", n)
	}
	for _, bad := range []problems.Params{{"rows": "0"}, {"cols": "31"}, {"fleet": "2x1 3x1"}, {"colour": "red"}, {"rows": "3", "cols": "3", "fleet": "3x9"}} {
		if _, err := p.Generate(1, bad); err == nil {
			t.Errorf("%v: want an error", bad)
		}
	}
}

// TestData checks every dataset in the folder: the input validates and its answer file
// is accepted by the checker.
func TestData(t *testing.T) {
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	p := New(f)
	groups := []string{"sample", "secret"}
	if _, err := os.Stat(filepath.Join("data", "large")); err == nil {
		groups = append(groups, "large")
	}
	ds, err := p.Datasets(groups...)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) == 0 {
		t.Fatal("no datasets found under data/sample and data/secret")
	}
	settled := 0
	for _, d := range ds {
		if err := p.Validate(d.Input); err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		if o := p.Check(d, problems.Output{Stdout: d.Answer}); o.Verdict != problems.AC {
			t.Errorf("%s: the answer file gets %s: %s", d.Name, o.Verdict, o.Message)
		}
		// The generator's counter, independent of the solutions, on the number of
		// solutions: one, except for the datasets named for having several.
		pz, _ := grid.Parse(d.Input)
		n, done := countSolutions(pz, 2, genBudget)
		several := strings.Contains(d.Name, "several")
		if done && (n == 1) == several {
			t.Errorf("%s: the counter finds %d solutions (limit 2)", d.Name, n)
		}
		if done {
			settled++
		}
	}
	t.Logf("the counter settled the number of solutions of %d of %d datasets", settled, len(ds))
}
