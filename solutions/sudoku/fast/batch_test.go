package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/sudoku/grid"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

// valid fails the test unless line is the solution of puzzle in the batch form.
func valid(t *testing.T, puzzle grid.Grid, line string) {
	t.Helper()
	sol, err := grid.ParseLine(line)
	if err != nil {
		t.Fatalf("solution line %q: %v", line, err)
	}
	sudokutest.Verify(t, puzzle, sol)
}

func TestRunBatch(t *testing.T) {
	shippedList := shipped(t)
	first := shippedList[0].String()
	clash := "11" + strings.Repeat(".", 79)
	tests := []struct {
		name, in string
		want     []string // "" for a line that must be a solution of the puzzle at that place
		puzzles  []string
	}{
		{"one", first + "\n", []string{""}, []string{first}},
		{"comments and blanks", "# header\n\n" + first + "   // a comment\n  \n", []string{""}, []string{first}},
		{"zeros", strings.ReplaceAll(first, ".", "0") + "\n", []string{""}, []string{first}},
		{"no final newline", first, []string{""}, []string{first}},
		{"carriage return", first + "\r\n", []string{""}, []string{first}},
		{"clash", clash + "\n" + first + "\n", []string{"unsolvable", ""}, []string{clash, first}},
		{"empty grid", strings.Repeat(".", 81) + "\n", []string{""}, []string{strings.Repeat(".", 81)}},
		{"nothing", "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := runBatch("in", strings.NewReader(tt.in), &out); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d lines, want %d:\n%s", len(got), len(tt.want), out.String())
			}
			for i, w := range tt.want {
				if w != "" {
					if got[i] != w {
						t.Errorf("line %d: got %q, want %q", i+1, got[i], w)
					}
					continue
				}
				p, err := grid.ParseLine(tt.puzzles[i])
				if err != nil {
					t.Fatal(err)
				}
				valid(t, p, got[i])
			}
		})
	}
}

// TestRunBatchLongComment checks that a comment after a puzzle may be longer
// than any buffer: its puzzle and the next are solved.
func TestRunBatchLongComment(t *testing.T) {
	puzzle := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	in := puzzle + "\t" + strings.Repeat("#", 5<<20) + "\n" + puzzle + "\n"
	var out bytes.Buffer
	if err := runBatch("in.txt", strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"); len(lines) != 2 || len(lines[0]) != 81 || lines[0] != lines[1] {
		t.Errorf("solutions %q, want the same one twice", lines)
	}
}

func TestRunBatchErrors(t *testing.T) {
	good := strings.Repeat(".", 81)
	tests := []struct {
		name, in  string
		line, col int
		msg       string // part of the message, if any
	}{
		{"accented letter", good[:79] + "é" + good[80:] + "\n", 1, 80, "'é' is not a cell"},
		{"stray byte", good[:3] + "\xff" + good[4:] + "\n", 1, 4, "byte 0xff is not a cell"},
		{"after a long comment", good + " " + strings.Repeat("c", 3<<20) + "\n" + good[:2] + "x\n", 2, 3, "'x' is not a cell"},
		{"short", "# c\n" + good[:80] + "\n", 2, 81, ""},
		{"letter", good[:10] + "x" + good[11:] + "\n", 1, 11, ""},
		{"dash", "-" + good[1:] + "\n", 1, 1, ""},
		{"long", good + "1\n", 1, 82, ""},
		{"space inside", good[:40] + " " + good[41:] + "\n", 1, 41, ""},
		{"second line", good + "\n" + good[:5] + "\n", 2, 6, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := runBatch("in.txt", strings.NewReader(tt.in), &bytes.Buffer{})
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a LineError", err)
			}
			if le.File != "in.txt" || le.Line != tt.line || le.Col != tt.col || !strings.Contains(le.Msg, tt.msg) {
				t.Errorf("got %v, want in.txt:%d:%d: …%s…", err, tt.line, tt.col, tt.msg)
			}
		})
	}
}

// FuzzParseLine feeds arbitrary lines to the batch parser: it never panics, a
// puzzle it accepts prints back to the cells it read, and a fault's column lies
// within the line (or just after it).
func FuzzParseLine(f *testing.F) {
	good := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, s := range []string{good, good + " // comment", "#", "", "  ", good[:80], good + "x", "\r", strings.ReplaceAll(good, ".", "0")} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		g, skip, err := parseLine(line)
		if err != nil {
			if err.Col < 1 || err.Col > len(line)+1 {
				t.Fatalf("column %d outside a line of %d bytes", err.Col, len(line))
			}
			return
		}
		if skip {
			return
		}
		for i, v := range g {
			c := line[i]
			if c == '0' {
				c = '.'
			}
			if grid.Char(v) != c && !(v == 0 && c == '.') {
				t.Fatalf("cell %d: read %d from %q", i+1, v, c)
			}
		}
	})
}

// TestSolveSets solves the shipped puzzles and, when present, samples of the public
// lists, and checks every solution.
func TestSolveSets(t *testing.T) {
	for _, set := range benchSets {
		t.Run(set.name, func(t *testing.T) {
			puzzles := set.load(t)
			if testing.Short() && len(puzzles) > 300 {
				puzzles = puzzles[:300]
			}
			for _, g := range puzzles {
				sol, ok := Solve(g)
				if !ok {
					t.Fatalf("%s: no solution found", g)
				}
				sudokutest.Verify(t, g, sol)
			}
		})
	}
}

// TestNoSolution covers puzzles without a solution: givens that clash, and givens
// that do not clash but leave a cell with no digit.
func TestNoSolution(t *testing.T) {
	tests := []struct{ name, puzzle string }{
		{"clash in a row", "11" + strings.Repeat(".", 79)},
		{"clash in a column", "1" + strings.Repeat(".", 8) + "1" + strings.Repeat(".", 71)},
		{"clash in a square", "1" + strings.Repeat(".", 9) + "1" + strings.Repeat(".", 70)},
		// Row 1 holds 1–8 and column 9 holds a 9 below: cell 9 has no digit.
		{"empty cell", "12345678." + strings.Repeat(".", 8) + "9" + strings.Repeat(".", 63)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := grid.ParseLine(tt.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if sol, ok := Solve(g); ok {
				t.Errorf("found %s", sol)
			}
		})
	}
}
