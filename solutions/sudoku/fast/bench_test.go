package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/problems/sudoku/grid"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

// shipped reads testdata/minimal-hard.txt, the puzzles that travel with the code, so
// that the tests and one benchmark run without the public lists.
func shipped(tb testing.TB) []grid.Grid {
	tb.Helper()
	return readList(tb, "testdata/minimal-hard.txt")
}

// readList reads a file of one-line puzzles with the batch mode's parser.
func readList(tb testing.TB, path string) []grid.Grid {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var out []grid.Grid
	for n, line := range splitLines(data) {
		g, skip, lerr := parseLine(line)
		if lerr != nil {
			lerr.File, lerr.Line = path, n+1
			tb.Fatal(lerr)
		}
		if !skip {
			out = append(out, g)
		}
	}
	return out
}

// publicList reads the public benchmark list name from the folder named by
// $SUDOKU_LISTS, or else from ../shared/data/sudoku beside the repository; it skips
// the test when the list is absent.
func publicList(tb testing.TB, name string) []grid.Grid {
	tb.Helper()
	dir := os.Getenv("SUDOKU_LISTS")
	if dir == "" {
		dir = filepath.Join(sudokutest.RepoRoot(tb), "..", "shared", "data", "sudoku")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("%s: not present (set $SUDOKU_LISTS to the folder of the public lists)", path)
	}
	return readList(tb, path)
}

// splitLines cuts data at each '\n'.
func splitLines(data []byte) [][]byte {
	var lines [][]byte
	for len(data) > 0 {
		i := 0
		for i < len(data) && data[i] != '\n' {
			i++
		}
		lines = append(lines, data[:i])
		if i < len(data) {
			i++
		}
		data = data[i:]
	}
	return lines
}

// sample17 is a fixed random sample of n puzzles of the public list of 17-clue
// puzzles (skipped when the list is absent).
func sample17(tb testing.TB, n int) []grid.Grid {
	all := publicList(tb, "17_clue.txt")
	rng := rand.New(rand.NewPCG(17, 17))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))]
}

// solver is the shape of Solve, so that other solvers can be measured the same way.
type solver func(grid.Grid) (grid.Grid, bool)

// benchSolve solves every puzzle once per iteration and reports puzzles per second,
// by wall time and by CPU time (which a loaded machine inflates less).
func benchSolve(b *testing.B, puzzles []grid.Grid, solve solver) {
	b.Helper()
	cpu := sudokutest.CPUSince(0)
	for b.Loop() {
		for _, g := range puzzles {
			if _, ok := solve(g); !ok {
				b.Fatalf("%s: no solution", g)
			}
		}
	}
	n := float64(b.N * len(puzzles))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(n/sudokutest.CPUSince(cpu).Seconds(), "puzzles/cpu-s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkSolve measures Solve on each set: 2,000 random 17-clue puzzles, the
// forum's hardest 1,106, top1465 (the last three from the public lists, skipped when
// absent) and the shipped minimal puzzles.
func BenchmarkSolve(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) { benchSolve(b, set.load(b), Solve) })
	}
}

// benchSets names the puzzle sets of the benchmarks.
var benchSets = []struct {
	name string
	load func(testing.TB) []grid.Grid
}{
	{"random17", func(tb testing.TB) []grid.Grid { return sample17(tb, 2000) }},
	{"forum_hardest_1106", func(tb testing.TB) []grid.Grid { return publicList(tb, "forum_hardest_1106.txt") }},
	{"top1465", func(tb testing.TB) []grid.Grid { return publicList(tb, "top1465.txt") }},
	{"shipped", shipped},
}
