package winrate

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// data is the problem's data folder, seen from this package.
var data = filepath.Join("..", "..", "..", "..", "problems", "trimines", "data")

func TestWilson(t *testing.T) {
	tests := []struct {
		won, n int
		lo, hi float64
	}{
		{0, 0, 0, 1},
		{10, 10, 0.7225, 1},
		{942, 1000, 0.9258, 0.9549},
		{5, 10, 0.2366, 0.7634},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.won, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.won, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestDiscordant(t *testing.T) {
	a := Summary{Outcomes: []bool{true, true, false, false, true}}
	b := Summary{Outcomes: []bool{true, false, true, true, true}}
	if x, y := Discordant(a, b); x != 1 || y != 2 {
		t.Errorf("Discordant = %d, %d; want 1, 2", x, y)
	}
}

// TestDefaultBoards plays every player on the sample and secret boards: each
// must win all of them, as the judge expects of every solution folder.
func TestDefaultBoards(t *testing.T) {
	for _, g := range []string{"sample", "secret"} {
		boards, paths, err := Load(filepath.Join(data, g))
		if err != nil || len(boards) == 0 {
			t.Fatalf("loading %s: %d boards, %v", g, len(boards), err)
		}
		for name, p := range Players() {
			s, err := Run(name, p, boards)
			if err != nil {
				t.Fatal(err)
			}
			for i, won := range s.Outcomes {
				if !won {
					t.Errorf("%s loses %s", name, paths[i])
				}
			}
		}
	}
}

// BenchmarkWinrate plays both players over the winrate group and logs their
// figures: go test -run '^$' -bench Winrate ./solutions/trimines/internal/winrate
func BenchmarkWinrate(b *testing.B) {
	boards, _, err := Load(filepath.Join(data, "winrate"))
	if err != nil || len(boards) == 0 {
		b.Fatalf("loading winrate: %d boards, %v", len(boards), err)
	}
	for range b.N {
		var sums []Summary
		for _, name := range []string{"sets", "reference"} {
			s, err := Run(name, Players()[name], boards)
			if err != nil {
				b.Fatal(err)
			}
			sums = append(sums, s)
		}
		Print(os.Stdout, sums)
		onlySets, onlyRef := Discordant(sums[0], sums[1])
		fmt.Printf("paired: %d boards won only by sets, %d only by reference\n", onlySets, onlyRef)
	}
}
