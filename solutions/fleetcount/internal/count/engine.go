package count

import (
	"math/bits"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// The sweep visits the cells of a grid row by row. Before cell (i, j) its state
// holds, packed in a uint64:
//
//   - one 4-bit slot per column c, saying what the cell below the last visited cell
//     of column c must be: slotFree (anything), slotBlocked (empty: a ship is next to
//     it) or slotFree+1+r (the next r cells down continue a vertical ship);
//   - a 4-bit left slot about cell (i, j) seen from its left neighbour: slotFree,
//     slotBlocked, or slotFree+1+h (the next h cells right continue a horizontal ship);
//   - the sub-multiset of ships not yet started (a fleet index).
//
// Ships whose lengths are equal are not told apart by the sweep: each placement of
// unlabeled ships is counted once, and the caller multiplies by the labelings.
const (
	slotFree    = 0
	slotBlocked = 1
	slotBits    = 4
	slotMask    = 1<<slotBits - 1
	occBit      = 1 << 63 // marks a recorded transition that puts a ship on the cell
)

// maxWidth is the widest grid the packed state can hold.
const maxWidth = 12

// sweep runs the dynamic programme on one grid with counts of lanes 64-bit words.
type sweep struct {
	g        *grid
	f        *fleet
	rule     board.Rule
	lanes    int
	overflow bool // some count did not fit in lanes words
	leftPos  uint
	fleetPos uint
	ht       hashIndex
	buf      []uint64
}

// table is the set of states before one cell, in discovery order, with their counts.
type table struct {
	keys []uint64
	vals []uint64 // lanes words per key, least significant first
}

// record holds the transitions of one step: for state s of the table before the
// cell, dst[start[s]:start[s+1]] are the indices of its successors, occBit set when
// the cell is occupied.
type record struct {
	start []int32
	dst   []uint64
}

func newSweep(g *grid, f *fleet, rule board.Rule, lanes int) *sweep {
	return &sweep{
		g: g, f: f, rule: rule, lanes: lanes,
		leftPos:  uint(slotBits * g.w),
		fleetPos: uint(slotBits*g.w + slotBits),
	}
}

// initial returns the table before the first cell: nothing started, count 1.
func (s *sweep) initial() *table {
	t := &table{keys: []uint64{uint64(s.f.full) << s.fleetPos}, vals: make([]uint64, s.lanes)}
	t.vals[0] = 1
	return t
}

// successors appends to out every state that can follow key across cell (i, j),
// with occBit set when the step puts a ship on the cell.
func (s *sweep) successors(key uint64, i, j int, out []uint64) []uint64 {
	g := s.g
	sep := s.rule != board.Touch
	diag := s.rule == board.NoContact
	shot := g.cell[i][j]
	colPos := uint(slotBits * j)
	up := key >> colPos & slotMask
	left := key >> s.leftPos & slotMask
	u := int(key >> s.fleetPos)
	base := key &^ (slotMask << colPos) &^ (slotMask << s.leftPos)
	lastCol := j == g.w-1
	// emit builds the successor from the new slot of column j and the new left slot.
	emit := func(col, lf uint64, occ bool, u int) {
		k := base | col<<colPos
		if !lastCol {
			k |= lf << s.leftPos
		}
		k = k&(1<<s.fleetPos-1) | uint64(u)<<s.fleetPos
		if occ {
			if diag && j > 0 {
				k = k&^(slotMask<<(colPos-slotBits)) | slotBlocked<<(colPos-slotBits)
			}
			k |= occBit
		}
		out = append(out, k)
	}
	after := uint64(slotFree) // what an occupied cell leaves for its neighbour
	if sep {
		after = slotBlocked
	}
	switch {
	case up > slotBlocked: // a vertical ship comes down into this cell
		if shot == board.Miss || left != slotFree {
			return out
		}
		col := after
		if r := up - slotFree - 1; r > 1 {
			col = up - 1
		}
		emit(col, after, true, u)
	case left > slotBlocked: // a horizontal ship goes on into this cell
		if shot == board.Miss || up == slotBlocked {
			return out
		}
		lf := after
		if h := left - slotFree - 1; h > 1 {
			lf = left - 1
		}
		emit(after, lf, true, u)
	default:
		if shot != board.Hit {
			col := uint64(slotFree)
			if diag && left == slotBlocked {
				col = slotBlocked
			}
			emit(col, slotFree, false, u)
		}
		if shot == board.Miss || up == slotBlocked || left == slotBlocked {
			return out
		}
		f := s.f
		for t, l := range f.lens {
			if f.digit(u, t) == 0 {
				continue
			}
			rest := u - f.stride[t]
			if l == 1 {
				emit(after, after, true, rest)
				continue
			}
			if g.right[i][j] >= l {
				emit(after, uint64(slotFree+l), true, rest)
			}
			if g.down[i][j] >= l {
				emit(uint64(slotFree+l), after, true, rest)
			}
		}
	}
	return out
}

// step returns the table after cell (i, j). When rec is not nil it records the
// transitions for a backward pass.
func (s *sweep) step(cur *table, i, j int, rec *record) *table {
	n := len(cur.keys)
	next := &table{keys: make([]uint64, 0, n+n/2), vals: make([]uint64, 0, (n+n/2)*s.lanes)}
	s.ht.reset(n + n/2)
	if rec != nil {
		rec.start = make([]int32, 0, n+1)
		rec.dst = make([]uint64, 0, 2*n)
	}
	L := s.lanes
	for a, key := range cur.keys {
		if rec != nil {
			rec.start = append(rec.start, int32(len(rec.dst)))
		}
		s.buf = s.successors(key, i, j, s.buf[:0])
		src := cur.vals[a*L : a*L+L]
		for _, sk := range s.buf {
			k := sk &^ occBit
			d, fresh := s.ht.find(k, next.keys)
			if fresh {
				next.keys = append(next.keys, k)
				next.vals = append(next.vals, src...)
			} else if L == 1 {
				v, c := bits.Add64(next.vals[d], src[0], 0)
				next.vals[d] = v
				if c != 0 {
					s.overflow = true
				}
			} else if addTo(next.vals[d*L:d*L+L], src) {
				s.overflow = true
			}
			if rec != nil {
				rec.dst = append(rec.dst, uint64(d)|sk&occBit)
			}
		}
	}
	if rec != nil {
		rec.start = append(rec.start, int32(len(rec.dst)))
	}
	return next
}

// back returns the backward counts before a recorded step from those after it
// (bnext, aligned with the step's output table), and adds to acc the sum over the
// step's occupying transitions of forward count × backward count.
func (s *sweep) back(cur *table, rec *record, bnext []uint64, acc []uint64) []uint64 {
	L := s.lanes
	n := len(cur.keys)
	b := make([]uint64, n*L)
	occ := make([]uint64, L)
	prod := make([]uint64, 2*L)
	for a := range n {
		ba := b[a*L : a*L+L]
		clear(occ)
		anyOcc := false
		for _, d := range rec.dst[rec.start[a]:rec.start[a+1]] {
			idx := int(d &^ occBit)
			src := bnext[idx*L : idx*L+L]
			if addTo(ba, src) {
				s.overflow = true
			}
			if d&occBit != 0 {
				anyOcc = true
				if addTo(occ, src) {
					s.overflow = true
				}
			}
		}
		if anyOcc {
			mulTo(prod, cur.vals[a*L:a*L+L], occ)
			if addTo(acc, prod) {
				s.overflow = true
			}
		}
	}
	return b
}

// addTo adds src to the low words of dst and reports a carry out of dst.
func addTo(dst, src []uint64) bool {
	var c uint64
	for i, v := range src {
		dst[i], c = bits.Add64(dst[i], v, c)
	}
	for i := len(src); c != 0 && i < len(dst); i++ {
		dst[i], c = bits.Add64(dst[i], 0, c)
	}
	return c != 0
}

// mulTo sets dst (len(a)+len(b) words) to a × b.
func mulTo(dst, a, b []uint64) {
	clear(dst)
	for i, x := range a {
		if x == 0 {
			continue
		}
		var carry uint64
		for j, y := range b {
			hi, lo := bits.Mul64(x, y)
			var c uint64
			lo, c = bits.Add64(lo, dst[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			dst[i+j] = lo
			carry = hi
		}
		dst[i+len(b)] = carry
	}
}

// hashIndex maps state keys to their index in a table's key slice.
type hashIndex struct {
	slots []int32 // index+1, 0 when empty
	mask  uint64
	shift uint
	used  int
}

func (h *hashIndex) reset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if len(h.slots) >= size && len(h.slots) <= 4*size {
		clear(h.slots)
	} else {
		h.slots = make([]int32, size)
	}
	h.mask = uint64(len(h.slots) - 1)
	h.shift = uint(64 - bits.TrailingZeros(uint(len(h.slots))))
	h.used = 0
}

// find returns the index of key in keys, or len(keys) and true when it is new (the
// caller then appends it).
func (h *hashIndex) find(key uint64, keys []uint64) (int, bool) {
	if 2*(h.used+1) > len(h.slots) {
		h.grow(keys)
	}
	p := (key * 0x9e3779b97f4a7c15) >> h.shift
	for {
		v := h.slots[p]
		if v == 0 {
			h.slots[p] = int32(len(keys) + 1)
			h.used++
			return len(keys), true
		}
		if keys[v-1] == key {
			return int(v - 1), false
		}
		p = (p + 1) & h.mask
	}
}

func (h *hashIndex) grow(keys []uint64) {
	h.slots = make([]int32, 2*len(h.slots))
	h.mask = uint64(len(h.slots) - 1)
	h.shift = uint(64 - bits.TrailingZeros(uint(len(h.slots))))
	for i, k := range keys {
		p := (k * 0x9e3779b97f4a7c15) >> h.shift
		for h.slots[p] != 0 {
			p = (p + 1) & h.mask
		}
		h.slots[p] = int32(i + 1)
	}
}
