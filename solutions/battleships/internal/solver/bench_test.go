package solver

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// tenByTen loads the 10×10 puzzles of the problem's data folder.
func tenByTen(b *testing.B) []*grid.Puzzle {
	b.Helper()
	dir := filepath.Join("..", "..", "..", "..", "problems", "battleships", "data")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.in"))
	var out []*grid.Puzzle
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		p, err := grid.Parse(data)
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		if p.Rows == 10 && p.Cols == 10 {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		b.Skip("no 10x10 puzzles in the data folder")
	}
	return out
}

// BenchmarkVariants solves every 10×10 puzzle of the data with each variant. Each
// puzzle's time is its fastest of the b.N runs (the machine is shared, so the fastest
// run is the fairest); the benchmark reports the median of those times, their sum
// over all puzzles, and the guesses per puzzle (median and mean).
// Run: go test -run '^$' -bench Variants -benchtime 20x ./solutions/battleships/internal/solver/
func BenchmarkVariants(b *testing.B) {
	puzzles := tenByTen(b)
	for _, v := range []Variant{Bap, Search1, Search2} {
		b.Run(v.String(), func(b *testing.B) {
			best := make([]time.Duration, len(puzzles))
			guesses := make([]int, len(puzzles))
			for i := 0; i < b.N; i++ {
				for k, p := range puzzles {
					start := time.Now()
					_, st, err := Solve(p, Options{Variant: v})
					d := time.Since(start)
					if err != nil {
						b.Fatal(err)
					}
					if i == 0 || d < best[k] {
						best[k] = d
					}
					guesses[k] = st.Guesses
				}
			}
			var total time.Duration
			sum := 0
			for k := range puzzles {
				total += best[k]
				sum += guesses[k]
			}
			slices.Sort(best)
			slices.Sort(guesses)
			b.ReportMetric(float64(best[len(best)/2].Nanoseconds())/1e3, "median-µs/puzzle")
			b.ReportMetric(float64(total.Nanoseconds())/1e3, "total-µs")
			b.ReportMetric(float64(guesses[len(guesses)/2]), "median-guesses")
			b.ReportMetric(float64(sum)/float64(len(guesses)), "mean-guesses")
			b.ReportMetric(float64(len(puzzles)), "puzzles")
		})
	}
}
