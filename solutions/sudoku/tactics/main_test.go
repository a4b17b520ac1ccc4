package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems/sudoku/grid"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

const sample = `1-- 489 --6
73- --- -4-
--- --1 295

--7 12- 6--
5-- 7-3 --8
--6 -95 7--

914 6-- ---
-2- --- -37
8-- 512 --4
`

func TestSets(t *testing.T) {
	s := rangeSet(3, 6)
	if size(s) != 4 || smallest(s) != 3 || !member(6, s) || member(7, s) {
		t.Errorf("rangeSet(3,6) = %b", s.bits)
	}
	if !isEmpty(rangeSet(3, 2)) || !isEmpty(emptySet) {
		t.Error("empty ranges")
	}
	if u := insert(5, singletonSet(3)); size(u) != 2 || onlyMember(u) != 0 {
		t.Errorf("insert: %b", u.bits)
	}
	if r := remove(3, singletonSet(3)); !isEmpty(r) || smallest(r) != 0 {
		t.Errorf("remove: %b", r.bits)
	}
	if onlyMember(singletonSet(9)) != 9 {
		t.Error("onlyMember")
	}
}

func TestSections(t *testing.T) {
	var p Puzzle
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			p[i][j] = singletonSet(1 + (i*3+i/3+j)%9)
		}
	}
	var sec PuzzleSection
	getSquare(&sec, &p, 4)
	if sec[0] != &p[3][3] || sec[8] != &p[5][5] || sec[3] != &p[4][3] {
		t.Error("square 4 does not point at rows 3-5, columns 3-5")
	}
	getColumn(&sec, &p, 2)
	*sec[7] = emptySet
	if !isEmpty(p[7][2]) {
		t.Error("a change through a column section does not reach the puzzle")
	}
}

func TestTactics(t *testing.T) {
	var row Puzzle
	var sec PuzzleSection
	getRow(&sec, &row, 0)
	for k := 0; k < 9; k++ {
		row[0][k] = rangeSet(1, 9)
	}
	row[0][0] = singletonSet(4)
	if !tacticOneOnSection(&sec) || member(4, row[0][5]) || !member(4, row[0][0]) {
		t.Error("tactic 1 did not remove 4 from the row")
	}
	if tacticOneOnSection(&sec) {
		t.Error("tactic 1 reports progress on a second run")
	}
	for k := 1; k < 9; k++ {
		row[0][k] = remove(7, row[0][k])
	}
	row[0][3] = insert(7, row[0][3])
	if !tacticTwoOnSection(&sec) || onlyMember(row[0][3]) != 7 {
		t.Errorf("tactic 2 did not settle 7: %b", row[0][3].bits)
	}
}

func TestSample(t *testing.T) {
	var out, trace bytes.Buffer
	if err := run(strings.NewReader(sample), &out, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\nSolution:\n\n152 489 376\n") || !strings.HasSuffix(out.String(), "\nThe puzzle was solved.\n") {
		t.Errorf("output:\n%s", out.String())
	}
	var again bytes.Buffer
	if err := run(strings.NewReader(sample), &again, &trace); err != nil {
		t.Fatal(err)
	}
	if again.String() != out.String() {
		t.Error("tracing changes standard output")
	}
	for _, want := range []string{"tactic 1: the puzzle before", "tactic 2: made progress", "solver: the status is solved"} {
		if !strings.Contains(trace.String(), want) {
			t.Errorf("trace lacks %q", want)
		}
	}
}

func TestUnsolvable(t *testing.T) {
	for name, in := range map[string]string{
		"clash":       strings.Replace(sample, "1-- 489 --6", "1-1 489 --6", 1),
		"full clash":  strings.Repeat("123456789\n", 9),
		"no solution": strings.Replace(sample, "73- --- -4-", "73- --- 14-", 1),
	} {
		var out bytes.Buffer
		if err := run(strings.NewReader(in), &out, nil); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(out.String(), "\n\nThe puzzle is unsolvable.\n") || strings.Contains(out.String(), "Solution") {
			t.Errorf("%s: output:\n%s", name, out.String())
		}
	}
}

func solveGrid(g grid.Grid) (grid.Grid, SolutionStatus) {
	var p Puzzle
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			p[i][j] = rangeSet(1, 9)
			if v := g[grid.Index(i, j)]; v != 0 {
				p[i][j] = singletonSet(int(v))
			}
		}
	}
	st := (&Solver{}).solve(&p)
	var sol grid.Grid
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			sol[grid.Index(i, j)] = uint8(onlyMember(p[i][j]))
		}
	}
	return sol, st
}

// TestTop95 solves the first puzzles of Norvig's top95 list within a time budget.
func TestTop95(t *testing.T) {
	puzzles := sudokutest.Benchmark(t, "top95.txt")
	if len(puzzles) > 20 {
		puzzles = puzzles[:20]
	}
	start := time.Now()
	for _, g := range puzzles {
		sol, st := solveGrid(g)
		if st != solved {
			t.Fatalf("%s: status %v", g, st)
		}
		sudokutest.Verify(t, g, sol)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("%d puzzles took %v", len(puzzles), d)
	}
}

// BenchmarkTop95 solves the whole top95 list once per iteration; compare with the
// same benchmark of the fast solution.
func BenchmarkTop95(b *testing.B) {
	puzzles := sudokutest.Benchmark(b, "top95.txt")
	cpu := sudokutest.CPUSince(0)
	for b.Loop() {
		for _, g := range puzzles {
			if _, st := solveGrid(g); st != solved {
				b.Fatalf("%s: %v", g, st)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
	b.ReportMetric(float64(sudokutest.CPUSince(cpu).Microseconds())/float64(b.N*len(puzzles)), "cpu-µs/puzzle")
}
