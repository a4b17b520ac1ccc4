// Command mkdata writes the trimines datasets (sample, secret and winrate) from
// fixed seeds, so the files can be made again byte for byte:
//
//	go run ./problems/trimines/internal/mkdata [-dir problems/trimines/data]
//
// Every board gets an empty .ans: an interactive board has no answer file. Each
// board is also what the problem's generator makes for its seed and size, e.g.
// secret/09 is `judge gen trimines --seed 9 -p n=100 -p density=10`.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/judgehq/judge/problems/trimines"
)

// spec is one board to write: its name, seed, side and bomb count.
type spec struct {
	name  string
	seed  int64
	n     int
	bombs int
}

func bombs(n int, percent float64) int { return int(math.Round(float64(n*n) * percent / 100)) }

// secret mirrors the 2002 evaluation: sides 20 to 100, 2.5 % to 10 % bombs, half of
// the boards at 10 %. The seeds are the board numbers, kept as drawn.
var secret = []spec{
	{"01-n20-d10", 1, 20, bombs(20, 10)},
	{"02-n30-d2.5", 2, 30, bombs(30, 2.5)},
	{"03-n40-d10", 3, 40, bombs(40, 10)},
	{"04-n50-d5", 4, 50, bombs(50, 5)},
	{"05-n60-d10", 5, 60, bombs(60, 10)},
	{"06-n70-d7.5", 6, 70, bombs(70, 7.5)},
	{"07-n80-d10", 7, 80, bombs(80, 10)},
	{"08-n90-d4", 8, 90, bombs(90, 4)},
	{"09-n100-d10", 9, 100, bombs(100, 10)},
	{"10-n100-d6", 10, 100, bombs(100, 6)},
}

var sample = []spec{
	{"1", 101, 6, 3},
	{"2", 102, 12, 12},
}

// winrate draws 1000 boards: sides uniform in 20…60, densities uniform in 5 %…15 %.
func winrate() []spec {
	rng := rand.New(rand.NewPCG(2002, 1))
	out := make([]spec, 1000)
	for i := range out {
		n := 20 + rng.IntN(41)
		d := 5 + 10*rng.Float64()
		out[i] = spec{fmt.Sprintf("%04d", i+1), int64(10_000 + i), n, bombs(n, d)}
	}
	return out
}

func main() {
	dir := flag.String("dir", "problems/trimines/data", "the problem's data folder")
	flag.Parse()
	groups := map[string][]spec{"sample": sample, "secret": secret, "winrate": winrate()}
	for g, specs := range groups {
		if err := write(filepath.Join(*dir, g), specs); err != nil {
			fmt.Fprintln(os.Stderr, "mkdata:", err)
			os.Exit(1)
		}
	}
}

func write(dir string, specs []spec) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making %s: %w", dir, err)
	}
	for _, s := range specs {
		data := trimines.RandomBoard(s.seed, s.n, s.bombs).Format()
		in := filepath.Join(dir, s.name+".in")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			return fmt.Errorf("writing board: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.name+".ans"), nil, 0o644); err != nil {
			return fmt.Errorf("writing answer: %w", err)
		}
	}
	return nil
}
