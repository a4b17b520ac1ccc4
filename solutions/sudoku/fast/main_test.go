package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

func TestUnsolvable(t *testing.T) {
	var out bytes.Buffer
	if err := run(strings.NewReader(strings.Repeat("1--------\n", 9)), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "\n\nThe puzzle is unsolvable.\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestTop95 solves the whole top95 list.
func TestTop95(t *testing.T) {
	for _, g := range sudokutest.Benchmark(t, "top95.txt") {
		sol, ok := Solve(g)
		if !ok {
			t.Fatalf("%s: no solution found", g)
		}
		sudokutest.Verify(t, g, sol)
	}
}

// BenchmarkTop95 solves the whole top95 list once per iteration; compare with the
// same benchmark of the tactics solution.
func BenchmarkTop95(b *testing.B) {
	puzzles := sudokutest.Benchmark(b, "top95.txt")
	cpu := sudokutest.CPUSince(0)
	for b.Loop() {
		for _, g := range puzzles {
			if _, ok := Solve(g); !ok {
				b.Fatalf("%s: no solution", g)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
	b.ReportMetric(float64(sudokutest.CPUSince(cpu).Microseconds())/float64(b.N*len(puzzles)), "cpu-µs/puzzle")
}
