package count

import (
	"math/bits"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// The sweep visits the cells of a grid row by row. Before cell (i, j) its state
// holds, packed in a uint64:
//
//   - one 4-bit slot per column c about the last visited cell of column c, as seen
//     from the cell below it: slotFree (no constraint), slotBlocked (the cell below
//     must stay empty: a ship is next to it) or slotRun+r (the next r cells down
//     carry on a vertical ship);
//   - a 4-bit left slot about cell (i, j-1) as seen from cell (i, j), with the same
//     values for a horizontal ship going right;
//   - the sub-multiset of ships not yet started (a fleet index). A ship's length is
//     chosen when it starts, where it must fit between misses and the edge.
//
// Ships whose lengths are equal are not told apart: each placement of unlabeled
// ships is counted once, and the caller multiplies by the labelings.
const (
	slotFree    = 0
	slotBlocked = 1
	slotRun     = 1 // slot value of a ship with r more cells to come: slotRun + r
	slotBits    = 4
	slotMask    = 1<<slotBits - 1
	occBit      = 1 << 63 // marks a successor that puts a ship on the cell
	recOcc      = 1 << 31 // marks a recorded transition that puts a ship on the cell
	emptyKey    = ^uint64(0)
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
	avail    []uint16 // avail[u]: bit t set when sub-multiset u holds a ship of length lens[t]
	ht       hashTable
	buf      []uint64 // successors of a block of states
	from     []int32  // the state each successor in buf comes from
	sink     uint64   // keeps the warming loads of step from being optimised away
}

// table is the set of states before one cell with their counts.
type table struct {
	keys []uint64
	vals []uint64 // lanes words per key, least significant first
}

// record holds the transitions of one step: for state a of the table before the
// cell, dst[start[a]:start[a+1]] are the indices of its successors, recOcc set when
// the cell is occupied. While the step runs they are slot numbers.
type record struct {
	start []int32
	dst   []uint32
}

func newSweep(g *grid, f *fleet, rule board.Rule, lanes int) *sweep {
	s := &sweep{
		g: g, f: f, rule: rule, lanes: lanes,
		leftPos:  uint(slotBits * g.w),
		fleetPos: uint(slotBits*g.w + slotBits),
		avail:    make([]uint16, f.size),
	}
	for u := range f.size {
		for t := range f.lens {
			if f.digit(u, t) > 0 {
				s.avail[u] |= 1 << t
			}
		}
	}
	return s
}

// initial returns the table before the first cell: nothing placed, count 1.
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
	base := key &^ (slotMask << colPos) &^ (slotMask << s.leftPos) &^ (^uint64(0) << s.fleetPos)
	lastCol := j == g.w-1
	var prevPos uint
	if j > 0 {
		prevPos = colPos - slotBits
	}
	// emit appends the successor with column slot col, left slot lf and fleet u2.
	emit := func(col, lf uint64, u2 int, occ bool) {
		k := base | col<<colPos | uint64(u2)<<s.fleetPos
		if !lastCol {
			k |= lf << s.leftPos
		}
		if occ {
			if diag && j > 0 {
				k = k&^(slotMask<<prevPos) | slotBlocked<<prevPos
			}
			k |= occBit
		}
		out = append(out, k)
	}
	after := uint64(slotFree) // what an occupied cell leaves for its neighbours
	if sep {
		after = slotBlocked
	}
	switch {
	case up > slotBlocked: // a vertical ship comes down into this cell
		if shot == board.Miss || left != slotFree {
			return out
		}
		col := after
		if up-slotRun > 1 {
			col = up - 1
		}
		emit(col, after, u, true)
	case left > slotBlocked: // a horizontal ship goes on into this cell
		if shot == board.Miss || up == slotBlocked {
			return out
		}
		lf := after
		if left-slotRun > 1 {
			lf = left - 1
		}
		emit(after, lf, u, true)
	default:
		if shot != board.Hit {
			col := uint64(slotFree)
			if diag && left == slotBlocked {
				col = slotBlocked
			}
			emit(col, slotFree, u, false)
		}
		if shot == board.Miss || up == slotBlocked || left == slotBlocked {
			return out
		}
		f := s.f
		for m := s.avail[u]; m != 0; m &= m - 1 {
			t := bits.TrailingZeros16(m)
			l := f.lens[t]
			rest := u - f.stride[t]
			if l == 1 {
				emit(after, after, rest, true)
				continue
			}
			if g.right[i][j] >= l {
				emit(after, uint64(slotRun+l-1), rest, true)
			}
			if g.down[i][j] >= l {
				emit(uint64(slotRun+l-1), after, rest, true)
			}
		}
	}
	return out
}

// finish returns the fleet left after a final state.
func (s *sweep) finish(key uint64) (int, bool) { return int(key >> s.fleetPos), true }

// step returns the table after cell (i, j). When rec is not nil it records the
// transitions for a backward pass.
func (s *sweep) step(cur *table, i, j int, rec *record) *table {
	n := len(cur.keys)
	L := s.lanes
	ht := &s.ht
	// The table's size depends on n alone, so sweeping the same table again gives
	// the same states in the same order: backward passes rely on it.
	ht.reset(n, L)
	if rec != nil {
		rec.start = make([]int32, 0, n+1)
		rec.dst = make([]uint32, 0, 2*n)
	}
	grows := 0
	// States go in blocks: first all successors of the block are listed and their
	// home slots read, so that the memory loads overlap; then they are added.
	const block = 64
	for a0 := 0; a0 < n; a0 += block {
		a1 := min(a0+block, n)
		s.buf = s.buf[:0]
		s.from = s.from[:0]
		for a := a0; a < a1; a++ {
			before := len(s.buf)
			s.buf = s.successors(cur.keys[a], i, j, s.buf)
			for range len(s.buf) - before {
				s.from = append(s.from, int32(a))
			}
		}
		var sink uint64
		for _, sk := range s.buf {
			sink += ht.data[ht.home(sk&^occBit)*ht.stride]
		}
		s.sink += sink
		x := 0
		for a := a0; a < a1; a++ {
			if rec != nil {
				rec.start = append(rec.start, int32(len(rec.dst)))
			}
			src := cur.vals[a*L : a*L+L]
			for ; x < len(s.buf) && int(s.from[x]) == a; x++ {
				sk := s.buf[x]
				p := ht.slot(sk &^ occBit)
				if rec != nil && ht.grows != grows {
					// Slots moved: bring the positions recorded so far up to date.
					grows = ht.grows
					for y, d := range rec.dst {
						rec.dst[y] = uint32(ht.moved[d&^recOcc]) | d&recOcc
					}
				}
				if L == 1 {
					v, c := bits.Add64(ht.data[p+1], src[0], 0)
					ht.data[p+1] = v
					if c != 0 {
						s.overflow = true
					}
				} else if addTo(ht.data[p+1:p+1+L], src) {
					s.overflow = true
				}
				if rec != nil {
					d := uint32(p / ht.stride)
					if sk&occBit != 0 {
						d |= recOcc
					}
					rec.dst = append(rec.dst, d)
				}
			}
		}
	}
	next, where := ht.compact(rec != nil)
	if rec != nil {
		rec.start = append(rec.start, int32(len(rec.dst)))
		for x, d := range rec.dst {
			rec.dst[x] = uint32(where[d&^recOcc]) | d&recOcc
		}
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
			idx := int(d &^ recOcc)
			src := bnext[idx*L : idx*L+L]
			if addTo(ba, src) {
				s.overflow = true
			}
			if d&recOcc != 0 {
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

// hashTable is an open-addressing table of states, each slot holding its key and
// then its lanes count words, so that one probe touches one place in memory.
type hashTable struct {
	data   []uint64
	stride int
	mask   int
	shift  uint
	used   int
	grows  int   // times the table grew since the last reset
	moved  []int // after a grow: the new slot of each old slot's state
}

func (h *hashTable) reset(n, lanes int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	h.stride = 1 + lanes
	h.alloc(size)
	h.grows = 0
}

func (h *hashTable) alloc(size int) {
	if cap(h.data) >= size*h.stride && cap(h.data) <= 4*size*h.stride {
		h.data = h.data[:size*h.stride]
	} else {
		h.data = make([]uint64, size*h.stride)
	}
	for p := 0; p < len(h.data); p += h.stride {
		h.data[p] = emptyKey
		clear(h.data[p+1 : p+h.stride])
	}
	h.mask = size - 1
	h.shift = uint(64 - bits.TrailingZeros(uint(size)))
	h.used = 0
}

// slot returns the position in data of key's slot, adding the key with zero
// counts when it is new.
func (h *hashTable) slot(key uint64) int {
	if 2*(h.used+1) > h.mask+1 {
		h.grow()
	}
	i := h.home(key)
	for {
		p := i * h.stride
		switch h.data[p] {
		case key:
			return p
		case emptyKey:
			h.data[p] = key
			h.used++
			return p
		}
		i = (i + 1) & h.mask
	}
}

// home returns the slot number where key's probe starts.
func (h *hashTable) home(key uint64) int { return int((key * 0x9e3779b97f4a7c15) >> h.shift) }

func (h *hashTable) grow() {
	old := h.data
	stride := h.stride
	h.data = nil
	h.alloc(2 * (h.mask + 1))
	h.grows++
	h.moved = make([]int, len(old)/stride)
	for p := 0; p < len(old); p += stride {
		if old[p] != emptyKey {
			q := h.slot(old[p])
			copy(h.data[q+1:q+stride], old[p+1:p+stride])
			h.moved[p/stride] = q / stride
		}
	}
}

// compact returns the table's states in slot order and, when asked, the index in
// it of each slot's state (by slot number).
func (h *hashTable) compact(withIndex bool) (*table, []int32) {
	L := h.stride - 1
	t := &table{keys: make([]uint64, 0, h.used), vals: make([]uint64, 0, h.used*L)}
	var where []int32
	if withIndex {
		where = make([]int32, h.mask+1)
	}
	for p, i := 0, 0; p < len(h.data); p, i = p+h.stride, i+1 {
		if h.data[p] == emptyKey {
			continue
		}
		if withIndex {
			where[i] = int32(len(t.keys))
		}
		t.keys = append(t.keys, h.data[p])
		t.vals = append(t.vals, h.data[p+1:p+h.stride]...)
	}
	return t, where
}
