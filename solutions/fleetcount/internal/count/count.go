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
	"bufio"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"slices"

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
	fw    *forwardRun
	// like, when not -1, is an earlier region of regs whose grid is the same
	// as this one's: its counts are this one's, and so are its per-cell counts,
	// since the other regions of each are the same too.
	like int
}

// keepWords bounds the memory spent on keeping forward tables between the two
// passes (in 64-bit words, over all regions); beyond it tables are swept again.
const keepWords = 16 << 20

// Count returns the exact counts for b.
func Count(b *board.Board) (*Result, error) { return count(b, keepWords) }

// count is Count keeping at most budget words of forward tables.
func count(b *board.Board, budget int) (*Result, error) {
	f := newFleet(b.Ships)
	cv := newConvolver(&f)
	res := &Result{Labels: f.labels(), Cells: make([][]*big.Int, b.R)}
	for r := range res.Cells {
		res.Cells[r] = zeros(b.C)
	}
	var regs []regionCount
	kept := 0
	lanes := startLanes(b, &f)
	var grids []*grid
	for _, reg := range b.Regions() {
		g := newGrid(b, &reg)
		if g.w > maxWidth {
			return nil, fmt.Errorf("region at row %d, column %d is %d × %d: wider than %d both ways",
				reg.Top+1, reg.Left+1, reg.Rows(), reg.Cols(), maxWidth)
		}
		grids = append(grids, g)
	}
	acrossOnly(grids, &f)
	for k, g := range grids {
		if like := slices.IndexFunc(regs, func(rc regionCount) bool { return rc.g.same(g) }); like >= 0 {
			regs = append(regs, regionCount{g: g, byUse: regs[like].byUse, like: like})
			continue
		}
		fw := forward(g, &f, b.Rule, lanes)
		res.MaxStates = max(res.MaxStates, fw.most)
		byUse := fw.byUse()
		if g.across != 0 {
			// The placements with the ship down are the mirror images of
			// those counted, with it across.
			t := slices.Index(f.lens, g.across)
			for u, v := range byUse {
				if f.digit(u, t) > 0 {
					v.Lsh(v, 1)
				}
			}
		}
		if isIdentity(byUse) && !hasHit(g) {
			continue // no ship fits here: the region changes nothing and stays at 0
		}
		// The last region keeps its tables even beyond the budget when no
		// other does: no sweep follows that would need the memory, and
		// sweeping it again would take as long as the first time.
		if w := fw.words(); kept+w <= budget || (k == len(grids)-1 && kept == 0) {
			kept += w
		} else {
			fw.rows, fw.perm = nil, nil
		}
		regs = append(regs, regionCount{g: g, byUse: byUse, fw: fw, like: -1})
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
	// The regions that kept their tables go first, each letting them go when
	// done, so that the regions swept again do not add theirs to those kept.
	occs := make([][][]*big.Int, len(regs))
	for _, keptFirst := range []bool{true, false} {
		for i, rc := range regs {
			if rc.like >= 0 || rc.fw == nil || (rc.fw.rows != nil) != keptFirst {
				continue // a copy, done already, or not yet
			}
			occs[i] = perCell(rc.fw, cv.conv(prefix[i], suffix[i+1]))
			if rc.g.across != 0 {
				occs[i] = plusMirror(occs[i])
			}
			regs[i].fw = nil
		}
	}
	for i, rc := range regs {
		occ := occs[i]
		if rc.like >= 0 {
			occ = occs[rc.like]
		}
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

// plusMirror returns c(i, j) + c(j, i) for the per-cell counts c of a square
// grid swept with a ship across only (see acrossOnly).
func plusMirror(c [][]*big.Int) [][]*big.Int {
	out := make([][]*big.Int, len(c))
	for i, row := range c {
		out[i] = make([]*big.Int, len(row))
		for j := range row {
			out[i][j] = new(big.Int).Add(c[i][j], c[j][i])
		}
	}
	return out
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

// startLanes returns the words of counts a sweep of b starts with: enough for
// every ship on any of its at most 2·cells positions or on none, a bound on every
// count the sweeps hold (forward counts, and backward counts with the other
// regions' placements). Starting there spares the sweep done in vain when counts
// overflow; an overflow is still detected, and the sweep done again wider.
func startLanes(b *board.Board, f *fleet) int {
	cells := 0
	for _, row := range b.Grid {
		for _, v := range row {
			if v != board.Miss {
				cells++
			}
		}
	}
	need := 0
	for _, m := range f.mult {
		need += m * bits.Len(uint(2*cells+1))
	}
	lanes := 1
	for 64*lanes < need {
		lanes *= 2
	}
	return lanes
}

// forwardRun is a finished forward sweep of one grid.
type forwardRun struct {
	s *sweep
	// rows[i] is the table before row i for the rows the backward sweep starts
	// from (backStop and below; nil above), and rows[h] the table after the last.
	rows []*table
	// perm[i], for the rows of rows when the grid is the same from right to
	// left, is where the states after row i went when merged with their mirror
	// images (see sweep.canonical), for sweeping the row again without merging.
	perm [][]int32
	most int // the largest table seen
	// succ is the most successors a step had, the room a table after a step may
	// need; spare is the memory of the sweep's two tables, for the backward sweep.
	succ  int
	spare [2]*table
}

// forward sweeps g with counts of at least lanes words, widening them until
// nothing overflows, and keeps the table before each row the backward sweep will
// sweep again (see backward). The tables inside a row are not kept: two buffers
// take turns, and a table before a kept row is copied at just its size.
func forward(g *grid, f *fleet, rule board.Rule, lanes int) *forwardRun {
	for ; ; lanes *= 2 {
		s := newSweep(g, f, rule, lanes)
		fw := &forwardRun{s: s, rows: make([]*table, g.h+1), perm: make([][]int32, g.h), most: 1}
		t := s.initial()
		bufs := [2]*table{{}, {}}
		turn := 0
		stop := g.backStop()
		for i := range g.h {
			if i >= stop {
				t = t.clone()
				fw.rows[i] = t
			}
			for j := range g.w {
				t = s.step(t, i, j, nil, bufs[turn])
				turn ^= 1
				fw.most = max(fw.most, len(t.keys))
				fw.succ = max(fw.succ, s.succ)
			}
			if s.overflow {
				break // counted again with wider counts
			}
			if s.canon && i >= stop {
				fw.perm[i] = fresh[int32](len(s.perm), len(s.perm))
				copy(fw.perm[i], s.perm)
			}
		}
		if !s.overflow {
			fw.rows[g.h] = t.clone()
			fw.spare = bufs
			return fw
		}
	}
}

// clone returns a copy of t at just its size.
func (t *table) clone() *table {
	c := &table{keys: fresh[uint64](len(t.keys), len(t.keys)), vals: fresh[uint64](len(t.vals), len(t.vals))}
	copy(c.keys, t.keys)
	copy(c.vals, t.vals)
	return c
}

// words returns the memory the kept tables take, in 64-bit words.
func (fw *forwardRun) words() int {
	n := 0
	for _, t := range fw.rows {
		if t != nil {
			n += len(t.keys) + len(t.vals)
		}
	}
	return n
}

// byUse returns the unlabeled placements per sub-fleet used.
func (fw *forwardRun) byUse() []*big.Int {
	s := fw.s
	out := zeros(s.f.size)
	t := fw.rows[len(fw.rows)-1]
	L := s.lanes
	for a, k := range t.keys {
		if u, ok := s.finish(k); ok {
			out[s.f.full-u].Add(out[s.f.full-u], toBig(t.vals[a*L:a*L+L]))
		}
	}
	return out
}

// perCell returns, for every cell of the grid, the unlabeled placements of the
// whole fleet that put a ship there, given others[u]: the placements of sub-fleet u
// in the rest of the board.
func perCell(fw *forwardRun, others []*big.Int) [][]*big.Int {
	need := 1
	for _, w := range others {
		need = max(need, (w.BitLen()+63)/64)
	}
	for {
		if fw.rows == nil || fw.s.lanes < need {
			fw = forward(fw.s.g, fw.s.f, fw.s.rule, max(need, fw.s.lanes))
		}
		if occ, ok := fw.backward(others); ok {
			return occ
		}
		need = 2 * fw.s.lanes
		fw.rows, fw.perm = nil, nil
	}
}

// backward runs the backward sweep row by row from the bottom, sweeping each row
// forward again from its kept table to record its transitions, in memory reused
// from row to row. ok is false when some count overflowed.
func (fw *forwardRun) backward(others []*big.Int) ([][]*big.Int, bool) {
	s, g := fw.s, fw.s.g
	L := s.lanes
	t := fw.rows[g.h]
	// Backward counts after the last cell: the other regions' placements of what is left.
	bnext := fresh[uint64](len(t.keys)*L, fw.most*L)
	for a, k := range t.keys {
		if u, ok := s.finish(k); ok {
			putBig(bnext[a*L:a*L+L], others[u])
		}
	}
	spare := fresh[uint64](0, fw.most*L)
	occ := make([][]*big.Int, g.h)
	// Memory for one row, taken once at the size of the largest table: the counts
	// before each cell (vals[j]; those before the row are the kept table's), the
	// keys, two buffers taking turns, and the transitions of each step.
	var keys [2][]uint64
	vals := make([][]uint64, g.w+1)
	if fw.spare[0] != nil {
		keys = [2][]uint64{fw.spare[0].keys, fw.spare[1].keys}
		vals[1] = fw.spare[0].vals
		if g.w > 1 {
			vals[2] = fw.spare[1].vals
		}
	}
	for j := range vals {
		if j > 0 && cap(vals[j]) < fw.succ*L {
			// Room for a step's successors, populated as far as the largest table.
			vals[j] = make([]uint64, 0, fw.succ*L)
			populate(vals[j], fw.most*L)
		}
	}
	fw.spare = [2]*table{}
	recs := make([]record, g.w)
	for j := range recs {
		recs[j] = record{start: fresh[int32](0, fw.most+1), dst: fresh[uint32](0, fw.succ)}
	}
	var tabs [2]table // the tables of a row's steps, taking turns
	stop := g.backStop()
	for i := g.h - 1; i >= stop; i-- {
		occ[i] = make([]*big.Int, g.w)
		vals[0] = fw.rows[i].vals
		t := fw.rows[i]
		for j := range g.w {
			out := &tabs[j%2]
			*out = table{keys: keys[j%2], vals: vals[j+1]}
			s.rowPerm = fw.perm[i]
			t = s.step(t, i, j, &recs[j], out)
			s.rowPerm = nil
			keys[j%2], vals[j+1] = out.keys, out.vals
		}
		for j := g.w - 1; j >= 0; j-- {
			acc := make([]uint64, 2*L+1)
			b := s.back(vals[j], &recs[j], bnext, acc, spare)
			bnext, spare = b, bnext
			occ[i][j] = toBig(acc)
		}
	}
	if s.canon {
		symmetrize(occ, stop)
	}
	// Above stop the grid is a mirror of the rows below (see backStop).
	for i := range stop {
		occ[i] = occ[g.h-1-i]
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

// WriteTo writes the result in the output format: the total, then one line of
// per-cell counts per row.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	put := func(s string) {
		k, _ := bw.WriteString(s)
		n += int64(k)
	}
	put(r.Total.String())
	put("\n")
	for _, row := range r.Cells {
		for c, v := range row {
			if c > 0 {
				put(" ")
			}
			put(v.String())
		}
		put("\n")
	}
	return n, bw.Flush()
}
