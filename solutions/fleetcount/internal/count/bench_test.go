package count

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/enum"
)

// emptyBoard returns an r × c board without shots.
func emptyBoard(r, c int, rule board.Rule, ships ...int) *board.Board {
	b := &board.Board{R: r, C: c, Rule: rule, Ships: ships, Grid: make([][]int8, r)}
	for i := range b.Grid {
		b.Grid[i] = make([]int8, c)
	}
	return b
}

var rules = []board.Rule{board.Touch, board.NoSide, board.NoContact}

// TestStandardFleet pins the total of the standard fleet on the empty 10 × 10 board
// under nocontact, the fastest rule (the data holds all three). It takes a few
// seconds, so -short skips it.
func TestStandardFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	want := map[board.Rule]string{
		board.Touch:     "30093975536",
		board.NoSide:    "5797542752",
		board.NoContact: "3851502784",
	}
	for _, rule := range []board.Rule{board.NoContact} {
		res, err := Count(emptyBoard(10, 10, rule, 5, 4, 3, 3, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Total.String() != want[rule] {
			t.Errorf("%s: total %v, want %s", rule, res.Total, want[rule])
		}
		// The board's symmetries must show in the per-cell counts.
		for r := range 10 {
			for c := range 10 {
				if res.Cells[r][c].Cmp(res.Cells[c][r]) != 0 || res.Cells[r][c].Cmp(res.Cells[9-r][c]) != 0 {
					t.Fatalf("%s: per-cell counts not symmetric at (%d,%d)", rule, r+1, c+1)
				}
			}
		}
	}
}

// TestWideCounts forces counts of two and three words and compares them with one
// word, and checks a board whose counts exceed 64 bits against a product formula.
func TestWideCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		b := randomBoard(rng)
		f := newFleet(b.Ships)
		for _, reg := range b.Regions() {
			g := newGrid(b, &reg)
			one := forward(g, &f, b.Rule, 1)
			others := make([]*big.Int, f.size)
			for i := range others {
				others[i] = big.NewInt(int64(i + 1))
			}
			o1, ok1 := one.backward(others)
			if !ok1 {
				t.Fatal("overflow on a small board")
			}
			for _, lanes := range []int{2, 3} {
				wide := forward(g, &f, b.Rule, lanes)
				u1, uw := one.byUse(), wide.byUse()
				for i := range u1 {
					if u1[i].Cmp(uw[i]) != 0 {
						t.Fatalf("lanes 1 and %d disagree: %v vs %v", lanes, u1[i], uw[i])
					}
				}
				ow, ok := wide.backward(others)
				if !ok {
					t.Fatal("overflow on a small board")
				}
				for i := range o1 {
					for j := range o1[i] {
						if o1[i][j].Cmp(ow[i][j]) != 0 {
							t.Fatalf("per-cell counts differ with 1 and %d words", lanes)
						}
					}
				}
			}
		}
	}
	// Ten single-cell ships under touch on a 12 × 12 board: 144 · 143 · … · 135
	// placements, each cell covered in 10 · 143 · 142 · … · 135 of them.
	res, err := Count(emptyBoard(12, 12, board.Touch, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	total, cell := big.NewInt(1), big.NewInt(10)
	for i := int64(135); i <= 144; i++ {
		total.Mul(total, big.NewInt(i))
		if i < 144 {
			cell.Mul(cell, big.NewInt(i))
		}
	}
	if res.Total.Cmp(total) != 0 || res.Cells[5][7].Cmp(cell) != 0 {
		t.Fatalf("got total %v cell %v, want %v and %v", res.Total, res.Cells[5][7], total, cell)
	}
	if total.BitLen() <= 64 {
		t.Fatalf("the case should overflow 64 bits: %v", total)
	}
}

func TestArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		a := []uint64{rng.Uint64(), rng.Uint64() >> uint(rng.IntN(64))}
		b := []uint64{rng.Uint64(), rng.Uint64() >> uint(rng.IntN(64))}
		prod := make([]uint64, 4)
		mulTo(prod, a, b)
		want := new(big.Int).Mul(toBig(a), toBig(b))
		if toBig(prod).Cmp(want) != 0 {
			t.Fatalf("mul %v × %v", toBig(a), toBig(b))
		}
		sum := append([]uint64{}, a...)
		carry := addTo(sum, b)
		want = new(big.Int).Add(toBig(a), toBig(b))
		if carry != (want.BitLen() > 128) || (!carry && toBig(sum).Cmp(want) != 0) {
			t.Fatalf("add %v + %v", toBig(a), toBig(b))
		}
		w := make([]uint64, 2)
		putBig(w, toBig(a))
		if toBig(w).Cmp(toBig(a)) != 0 {
			t.Fatal("putBig and toBig do not round trip")
		}
	}
}

// BenchmarkStandard times the exact count (total and every cell) of the standard
// fleet 5 4 3 3 2 on the empty 10 × 10 board under each rule.
func BenchmarkStandard(b *testing.B) {
	for _, rule := range rules {
		b.Run(rule.String(), func(b *testing.B) { benchCount(b, emptyBoard(10, 10, rule, 5, 4, 3, 3, 2)) })
	}
}

// benchCount times Count on bd and reports the largest table it held.
func benchCount(b *testing.B, bd *board.Board) {
	var states int
	for b.Loop() {
		res, err := Count(bd)
		if err != nil {
			b.Fatal(err)
		}
		states = res.MaxStates
	}
	b.ReportMetric(float64(states), "states")
}

// BenchmarkHeaviest times the heaviest inputs found within the statement's bounds
// (at most 100 cells that are not misses; the README says how they were looked
// for), both under touch, where one miss leaves the sweep no symmetry to use: ten
// ships 5 5 5 4 4 3 3 2 2 1 on a 5 × 20 strip with a miss at row 1, column 3
// (secret/42; the counts take two words), and five ships 5 5 4 4 3 on a 10 × 10
// board with a miss at row 1, column 5 (secret/43).
func BenchmarkHeaviest(b *testing.B) {
	strip := emptyBoard(5, 20, board.Touch, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1)
	strip.Grid[0][2] = board.Miss
	square := emptyBoard(10, 10, board.Touch, 5, 5, 4, 4, 3)
	square.Grid[0][4] = board.Miss
	b.Run("strip", func(b *testing.B) { benchCount(b, strip) })
	b.Run("first-shot", func(b *testing.B) { benchCount(b, square) })
}

// BenchmarkEnumerateStandard would time the listing on the same boards; it lists
// one placement at a time, billions of them, and would take hours, so it is skipped.
func BenchmarkEnumerateStandard(b *testing.B) {
	b.Skip("listing 3.9 to 30 billion placements of the standard fleet takes hours")
}

// BenchmarkSideBySide times both methods on boards the listing finishes on: a 7 × 7
// board with ships 4 3 2 2 under each rule.
func BenchmarkSideBySide(b *testing.B) {
	for _, rule := range rules {
		bd := emptyBoard(7, 7, rule, 4, 3, 2, 2)
		b.Run(fmt.Sprintf("sweep/%s", rule), func(b *testing.B) {
			for b.Loop() {
				if _, err := Count(bd); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("enumerate/%s", rule), func(b *testing.B) {
			for b.Loop() {
				enum.Count(bd)
			}
		})
	}
}
