package count

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/enum"
)

// randomBoard returns a small board (at most 5 × 5) with a small fleet and random
// shots, for comparing the sweep with the listing.
func randomBoard(rng *rand.Rand) *board.Board {
	b := &board.Board{R: 1 + rng.IntN(5), C: 1 + rng.IntN(5), Rule: board.Rule(rng.IntN(3))}
	k := 1 + rng.IntN(4)
	for range k {
		b.Ships = append(b.Ships, 1+rng.IntN(min(4, max(b.R, b.C))))
	}
	missP, hitP := rng.Float64()*0.3, rng.Float64()*0.15
	b.Grid = make([][]int8, b.R)
	for r := range b.Grid {
		b.Grid[r] = make([]int8, b.C)
		for c := range b.Grid[r] {
			switch x := rng.Float64(); {
			case x < missP:
				b.Grid[r][c] = board.Miss
			case x < missP+hitP:
				b.Grid[r][c] = board.Hit
			}
		}
	}
	return b
}

// TestAgainstEnumeration is the acceptance test: the sweep and the listing agree on
// the total and every cell for random small boards under every rule.
func TestAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	nonzero := [3]int{}
	for n := range 300 {
		b := randomBoard(rng)
		want := againstListing(t, n, b)
		if want.Total > 0 {
			nonzero[b.Rule]++
		}
	}
	for r, n := range nonzero {
		if n < 20 {
			t.Errorf("only %d random boards under %s had placements", n, board.Rule(r))
		}
	}
}

// againstListing counts b by the sweep and by the listing, fails the test unless
// they agree on the total and every cell, and returns the listing's result.
func againstListing(t *testing.T, n int, b *board.Board) *enum.Result {
	t.Helper()
	return againstListingKeeping(t, n, b, keepWords)
}

// againstListingKeeping is againstListing with at most budget words of forward
// tables kept (see count).
func againstListingKeeping(t *testing.T, n int, b *board.Board, budget int) *enum.Result {
	t.Helper()
	want := enum.Count(b)
	got, err := count(b, budget)
	if err != nil {
		t.Fatalf("case %d: %v", n, err)
	}
	if err := same(got, want); err != nil {
		t.Fatalf("case %d (%s, fleet %v):\n%s\n%v", n, b.Rule, b.Ships, b.Format(), err)
	}
	return want
}

func same(got *Result, want *enum.Result) error {
	if got.Total.Cmp(new(big.Int).SetUint64(want.Total)) != 0 {
		return fmt.Errorf("total %v, listing says %d", got.Total, want.Total)
	}
	for r, row := range want.Cells {
		for c, v := range row {
			if got.Cells[r][c].Cmp(new(big.Int).SetUint64(v)) != 0 {
				return fmt.Errorf("cell (%d,%d): %v, listing says %d", r+1, c+1, got.Cells[r][c], v)
			}
		}
	}
	return nil
}

// TestSymmetric compares the sweep with the listing on boards that are the same
// upside down, or from right to left, or both, where the sweep uses the symmetry:
// it copies the per-cell counts of the lower rows to the upper ones instead of
// sweeping them backward, and merges states with their mirror images.
func TestSymmetric(t *testing.T) {
	tests := []struct {
		name                  string
		upsideDown, leftRight bool
	}{
		{"upside down", true, false},
		{"left to right", false, true},
		{"both", true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 2026))
			for n := range 100 {
				b := randomBoard(rng)
				if tc.upsideDown {
					for r := range b.R / 2 {
						copy(b.Grid[b.R-1-r], b.Grid[r])
					}
				}
				if tc.leftRight {
					for _, row := range b.Grid {
						for c := range b.C / 2 {
							row[b.C-1-c] = row[c]
						}
					}
				}
				againstListing(t, n, b)
			}
		})
	}
}

// TestDiagonal compares the sweep with the listing on square boards that are the
// same mirrored in their main diagonal, where the sweep lays a ship of a length
// the fleet has once across only and adds the mirror images (see acrossOnly);
// some boards have a row of misses, so that the ship may fit in one region or two.
func TestDiagonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2026))
	used := 0
	for n := range 300 {
		b := randomBoard(rng)
		b.C = b.R
		for r := range b.Grid {
			b.Grid[r] = append(b.Grid[r][:0:0], make([]int8, b.C)...)
			for c := range r {
				b.Grid[r][c] = randomShot(rng)
				b.Grid[c][r] = b.Grid[r][c]
			}
			b.Grid[r][r] = randomShot(rng)
		}
		if b.R >= 3 && n%3 == 0 {
			// Misses along a row and the column it mirrors leave four
			// regions, two of them square about the diagonal.
			k := 1 + rng.IntN(b.R-2)
			for c := range b.C {
				b.Grid[k][c], b.Grid[c][k] = board.Miss, board.Miss
			}
		}
		againstListing(t, n, b)
		if acrossUsed(b) {
			used++
		}
	}
	if used < 60 {
		t.Errorf("only %d of 300 boards were swept with a ship across only", used)
	}
}

// randomShot returns a cell: mostly unknown, sometimes a miss or a hit.
func randomShot(rng *rand.Rand) int8 {
	switch x := rng.Float64(); {
	case x < 0.15:
		return board.Miss
	case x < 0.22:
		return board.Hit
	}
	return board.Unknown
}

// acrossUsed reports whether Count sweeps some region of b with a ship across only.
func acrossUsed(b *board.Board) bool {
	f := newFleet(b.Ships)
	var grids []*grid
	for _, reg := range b.Regions() {
		grids = append(grids, newGrid(b, &reg))
	}
	acrossOnly(grids, &f)
	for _, g := range grids {
		if g.across != 0 {
			return true
		}
	}
	return false
}

// TestSameRegions compares the sweep with the listing on boards made of two or
// three copies of one strip between rows of misses, whose regions the sweep
// counts once (see regionCount.like).
func TestSameRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2026))
	for n := range 150 {
		h, copies := 1+rng.IntN(2), 2+rng.IntN(2)
		strip := randomBoard(rng)
		b := &board.Board{R: copies*(h+1) - 1, C: strip.C, Rule: strip.Rule, Ships: strip.Ships}
		for r := range b.R {
			row := make([]int8, b.C)
			if r%(h+1) == h {
				for c := range row {
					row[c] = board.Miss
				}
			} else {
				copy(row, strip.Grid[r%(h+1)%strip.R])
			}
			b.Grid = append(b.Grid, row)
		}
		againstListing(t, n, b)
	}
}

// TestTablesSweptAgain compares the sweep with the listing when no region but
// the last may keep its forward tables, so that the others are swept again for
// their per-cell counts, after the last has let its tables go.
func TestTablesSweptAgain(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2026))
	regions := 0
	for n := range 200 {
		// Two or three random strips between rows of misses.
		b := randomBoard(rng)
		b.R = min(b.R, 2)
		b.Grid = b.Grid[:b.R]
		for range 1 + rng.IntN(2) {
			b.Grid = append(b.Grid, make([]int8, b.C))
			for c := range b.C {
				b.Grid[len(b.Grid)-1][c] = board.Miss
			}
			for range 1 + rng.IntN(2) {
				row := make([]int8, b.C)
				for c := range row {
					row[c] = randomShot(rng)
				}
				b.Grid = append(b.Grid, row)
			}
		}
		b.R = len(b.Grid)
		againstListingKeeping(t, n, b, 0)
		regions += len(b.Regions())
	}
	if regions < 400 {
		t.Errorf("only %d regions on 200 boards", regions)
	}
}
