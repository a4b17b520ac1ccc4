// Package count counts fleet placements exactly without listing them: a sweep over
// the cells of each region of the board (a transfer-matrix, or broken-profile,
// dynamic programme) gives the number of placements per sub-fleet; regions are
// combined by convolution over sub-fleets; a backward sweep gives, for every cell,
// how many placements put a ship on it.
//
// Counts are kept in 64-bit words while they fit. When a sum or product carries out
// of its words the region is counted again with twice as many words, so the results
// are exact whatever their size; regions are combined with math/big.
package count

import (
	"fmt"
	"math/big"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// Result is the answer for one board.
type Result struct {
	// Total is the number of placements of the fleet's distinct ships.
	Total *big.Int
	// Cells[r][c] is the number of those placements with a ship on row r, column c.
	Cells [][]*big.Int
	// Labels is the number of ways to tell equal-length ships apart: the product of
	// the factorials of the length multiplicities. Total / Labels is the number of
	// placements when ships of equal length are interchangeable.
	Labels *big.Int
	// MaxStates is the largest number of states the sweep held before any one cell.
	MaxStates int
}

// regionCount is what the forward sweep gives for one region.
type regionCount struct {
	g     *grid
	byUse []*big.Int // unlabeled placements inside the region, per sub-fleet used
}

// Count returns the exact counts for b.
func Count(b *board.Board) (*Result, error) {
	f := newFleet(b.Ships)
	cv := newConvolver(&f)
	res := &Result{Labels: f.labels(), Cells: make([][]*big.Int, b.R)}
	for r := range res.Cells {
		res.Cells[r] = zeros(b.C)
	}
	var regs []regionCount
	for _, reg := range b.Regions() {
		g := newGrid(b, &reg)
		if g.w > maxWidth {
			return nil, fmt.Errorf("region at row %d, column %d is %d × %d: wider than %d both ways",
				reg.Top+1, reg.Left+1, reg.Rows(), reg.Cols(), maxWidth)
		}
		byUse, states := forward(g, &f, b.Rule)
		res.MaxStates = max(res.MaxStates, states)
		if isIdentity(byUse) && !hasHit(g) {
			continue // no ship fits here: the region changes nothing and stays at 0
		}
		regs = append(regs, regionCount{g: g, byUse: byUse})
	}
	// prefix[i] combines regions before i, suffix[i] regions from i on.
	prefix := make([][]*big.Int, len(regs)+1)
	suffix := make([][]*big.Int, len(regs)+1)
	prefix[0], suffix[len(regs)] = cv.identity(), cv.identity()
	for i, rc := range regs {
		prefix[i+1] = cv.conv(prefix[i], rc.byUse)
	}
	for i := len(regs) - 1; i >= 0; i-- {
		suffix[i] = cv.conv(regs[i].byUse, suffix[i+1])
	}
	res.Total = new(big.Int).Mul(prefix[len(regs)][f.full], res.Labels)
	if res.Total.Sign() == 0 {
		return res, nil
	}
	for i, rc := range regs {
		others := cv.conv(prefix[i], suffix[i+1])
		occ := perCell(rc.g, &f, b.Rule, others)
		for gi, row := range occ {
			for gj, v := range row {
				if rc.g.cell[gi][gj] == board.Miss {
					continue // outside the region, or a miss: another region's or zero
				}
				r, c := rc.g.boardPos(gi, gj)
				res.Cells[r][c].Mul(v, res.Labels)
			}
		}
	}
	return res, nil
}

func isIdentity(v []*big.Int) bool {
	for i, x := range v {
		if (i == 0 && x.Cmp(big.NewInt(1)) != 0) || (i > 0 && x.Sign() != 0) {
			return false
		}
	}
	return true
}

func hasHit(g *grid) bool {
	for _, row := range g.cell {
		for _, v := range row {
			if v == board.Hit {
				return true
			}
		}
	}
	return false
}

// forward sweeps g and returns the unlabeled placements per sub-fleet used, and the
// largest table size seen. It widens its counts until nothing overflows.
func forward(g *grid, f *fleet, rule board.Rule) ([]*big.Int, int) {
	for lanes := 1; ; lanes *= 2 {
		s := newSweep(g, f, rule, lanes)
		t := s.initial()
		most := 1
		for i := range g.h {
			for j := range g.w {
				t = s.step(t, i, j, nil)
				most = max(most, len(t.keys))
			}
		}
		if s.overflow {
			continue
		}
		out := zeros(f.size)
		for a, k := range t.keys {
			u := int(k >> s.fleetPos)
			out[f.full-u].Add(out[f.full-u], toBig(t.vals[a*lanes:a*lanes+lanes]))
		}
		return out, most
	}
}

// perCell returns, for every cell of g, the unlabeled placements of the whole fleet
// that put a ship there, given others[u]: the placements of sub-fleet u in the rest
// of the board.
func perCell(g *grid, f *fleet, rule board.Rule, others []*big.Int) [][]*big.Int {
	need := 1
	for _, w := range others {
		need = max(need, (w.BitLen()+63)/64)
	}
	for lanes := need; ; lanes *= 2 {
		if occ, ok := perCellLanes(g, f, rule, others, lanes); ok {
			return occ
		}
	}
}

func perCellLanes(g *grid, f *fleet, rule board.Rule, others []*big.Int, lanes int) ([][]*big.Int, bool) {
	s := newSweep(g, f, rule, lanes)
	// Forward, keeping the table before each row.
	rows := make([]*table, g.h+1)
	t := s.initial()
	for i := range g.h {
		rows[i] = t
		for j := range g.w {
			t = s.step(t, i, j, nil)
		}
	}
	rows[g.h] = t
	if s.overflow {
		return nil, false
	}
	// Backward counts after the last cell: the other regions' placements of what is left.
	bnext := make([]uint64, len(t.keys)*lanes)
	for a, k := range t.keys {
		u := int(k >> s.fleetPos)
		putBig(bnext[a*lanes:a*lanes+lanes], others[u])
	}
	occ := make([][]*big.Int, g.h)
	tabs := make([]*table, g.w)
	recs := make([]record, g.w)
	for i := g.h - 1; i >= 0; i-- {
		occ[i] = make([]*big.Int, g.w)
		t := rows[i]
		for j := range g.w {
			tabs[j] = t
			t = s.step(t, i, j, &recs[j])
		}
		for j := g.w - 1; j >= 0; j-- {
			acc := make([]uint64, 2*lanes+1)
			bnext = s.back(tabs[j], &recs[j], bnext, acc)
			occ[i][j] = toBig(acc)
		}
		rows[i+1] = nil
	}
	return occ, !s.overflow
}

// toBig converts little-endian 64-bit words to a big integer.
func toBig(words []uint64) *big.Int {
	x := new(big.Int)
	for i := len(words) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(words[i]))
	}
	return x
}

// putBig writes x (which must fit) into little-endian 64-bit words.
func putBig(words []uint64, x *big.Int) {
	mask := new(big.Int).SetUint64(^uint64(0))
	y := new(big.Int).Set(x)
	for i := range words {
		words[i] = new(big.Int).And(y, mask).Uint64()
		y.Rsh(y, 64)
	}
}
