package count

import (
	"math/bits"
	"slices"
	"sort"

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
//
// The fields are laid out so that a step only changes the low bits of a state:
// from the bottom, the fleet index, the left slot, then the column slots in the
// order j, j-1, …, 0, w-1, …, j+1 (column j, the one of the cell, lowest). After
// the cell the column slots rotate by one, column j+1 going from the top to the
// bottom. Tables are kept sorted by key, with no hash table: a step reads the
// states that agree on every column but j-1, j and j+1 (a group: one stretch in
// each run of equal top slot), looks their successors up in the cell's transition
// table (trans.go), orders them in a small bitset (keyset.go) and writes them out,
// already sorted in the next cell's layout. Memory is read and written in order.
const (
	slotFree    = 0
	slotBlocked = 1
	slotRun     = 1 // slot value of a ship with r more cells to come: slotRun + r
	slotBits    = 4
	slotMask    = 1<<slotBits - 1
	occBit      = 1 << 63 // marks a successor that puts a ship on the cell
	recOcc      = 1 << 31 // marks a recorded transition that puts a ship on the cell
)

// denseBits[L] bounds the compressed low keys (see expandSlots) for which a step
// with counts of L words that records nothing adds the counts of a group's
// successors in an array indexed by compressed low key, 8·L·2^denseBits[L]
// bytes, rather than listing the successors and ranking them among the group's
// (see step): 1 MiB for the standard fleet, 16 MiB for ten ships on a 5-wide
// strip.
var denseBits = [3]uint{0, 17, 20}

// maxWidth is the widest grid the packed state can hold.
const maxWidth = 12

// sweep runs the dynamic programme on one grid with counts of lanes 64-bit words.
type sweep struct {
	g        *grid
	f        *fleet
	rule     board.Rule
	lanes    int
	overflow bool // some count did not fit in lanes words
	succ     int  // the number of successors in the last step
	rooms    int  // the values a state's room takes (see step and transTable): 0 … longest ship
	fleetMsk uint64
	leftPos  uint     // position of the left slot
	colPos   uint     // position of the slot of the next cell's column
	prevPos  uint     // position of the slot of the column before it
	avail    []uint16 // avail[u]: bit t set when sub-multiset u holds a ship of length lens[t]
	slotW    uint     // bits of a slot in a compressed low key
	expTab   []uint64 // expandSlots of every compressed low key shifted down by fb

	// A step's buffers. order holds the successors of one group: the state each
	// comes from (high half) and its compressed low key, transOcc set when it
	// occupies the cell (low half); set holds their compressed low keys.
	order []uint64
	set   keySet
	acc   []uint64 // see denseBits
	pos   []int32  // the index in the output of each compressed low key listed
	spans []int32  // the stretches of recorded transitions of a group
	heads []int    // where each run of the input table goes on
	ends  []int    // where each run of the input table ends

	// Merging states with their mirror images before each row (canon.go).
	canon bool
	// rowPerm, when not nil, is the perm of the row being swept again (kept by
	// the forward sweep): its last step then maps the recorded transitions with it
	// and leaves its table unmerged, as the backward sweep needs only those.
	rowPerm       []int32
	keep          []int32
	moved, sorted []keyIdx
	perm          []int32
	scratch       table
}

// table is the set of states before one cell with their counts, sorted by key.
type table struct {
	keys []uint64
	vals []uint64 // lanes words per key, least significant first
}

// record holds the transitions of one step: for state a of the table before the
// cell, dst[start[a]:start[a+1]] are the indices of its successors, recOcc set
// when the cell is occupied.
type record struct {
	start []int32
	dst   []uint32
}

func newSweep(g *grid, f *fleet, rule board.Rule, lanes int) *sweep {
	fb := uint(bits.Len(uint(f.size - 1)))
	s := &sweep{
		g: g, f: f, rule: rule, lanes: lanes,
		fleetMsk: 1<<fb - 1,
		leftPos:  fb,
		colPos:   fb + slotBits,
		prevPos:  fb + 2*slotBits,
		avail:    make([]uint16, f.size),
		rooms:    slices.Max(f.lens) + 1,
	}
	// Before a row column c is at slot (w-c) mod w (see mirror).
	s.canon = g.w >= 2 && g.flipped()
	// The slots a step may change, and the left slot, are packed tighter in a
	// compressed key: as many bits as their largest value needs.
	s.slotW = uint(bits.Len(uint(max(slotBlocked, slotRun+slices.Max(f.lens)-1))))
	s.set = newKeySet(fb + 4*s.slotW)
	s.expTab = make([]uint64, 1<<(4*s.slotW))
	for x := range s.expTab {
		s.expTab[x] = s.expandSlots(uint32(x))
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

// A step lists the successors of a group by their compressed low key: the bits of
// their key in the next cell's layout that the states of a group may differ in
// (fleet, left slot, columns j+1, j and j-1), each slot cut to slotW bits, so that
// they are numbers below 2^(fb+4·slotW) in the same order as the keys.

// The low bits of the key whose compressed low key is c are
// c&fleetMsk | expTab[c>>fb].

// expandSlots returns the key bits of the four slots of a compressed low key
// shifted down by fb: expTab's entry.
func (s *sweep) expandSlots(x uint32) uint64 {
	fb, sw := s.leftPos, s.slotW
	m := uint32(1)<<sw - 1
	var k uint64
	for f := range uint(4) {
		k |= uint64(x>>(f*sw)&m) << (fb + f*slotBits)
	}
	return k
}

// initial returns the table before the first cell: nothing placed, count 1.
func (s *sweep) initial() *table {
	t := &table{keys: []uint64{uint64(s.f.full)}, vals: make([]uint64, s.lanes)}
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
	colPos, prevPos := s.colPos, s.prevPos
	up := key >> colPos & slotMask
	left := key >> s.leftPos & slotMask
	u := int(key & s.fleetMsk)
	base := key &^ (slotMask << colPos) &^ (slotMask << s.leftPos) &^ s.fleetMsk
	lastCol := j == g.w-1
	// emit appends the successor with column slot col, left slot lf and fleet u2.
	emit := func(col, lf uint64, u2 int, occ bool) {
		k := base | col<<colPos | uint64(u2)
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
			if g.down[i][j] >= l && l != g.across {
				emit(uint64(slotRun+l-1), after, rest, true)
			}
		}
	}
	return out
}

// finish returns the fleet left after a final state.
func (s *sweep) finish(key uint64) (int, bool) { return int(key & s.fleetMsk), true }

// step returns the table after cell (i, j), its column slots rotated for the next
// cell. When rec is not nil it records the transitions for a backward pass. The
// table is out, emptied first, when out is not nil (its memory is reused).
//
// cur is sorted by key, so it is made of runs, one per value of its top slot
// (column j+1), each sorted. The states that agree on every column but j-1, j and
// j+1 (a group) form one stretch in each run; the step takes the groups in order,
// drawing each from every run, and sorts the successors of a group by the bits
// that differ within it, in the next cell's layout. So the table it returns comes
// out sorted.
func (s *sweep) step(cur *table, i, j int, rec *record, out *table) *table {
	keys, vals := cur.keys, cur.vals
	n := len(keys)
	L := s.lanes
	w := uint(s.g.w)
	cp := s.colPos
	topPos := cp + slotBits*(w-1)
	// The group of a state: its columns j-2, …, j+2 (none when w < 4).
	gPos := cp + 2*slotBits
	var gMask uint64
	if w >= 4 {
		gMask = uint64(1)<<(slotBits*(w-3)) - 1
	}
	tr := s.transitions(i, j)
	off, list := tr.off, tr.list
	fb, fleetMsk := tr.fb, s.fleetMsk
	jShift := cp - fb - tr.slotW // column j's slot lands above the left slot in an index
	leftMask := uint64(slotMask) << fb
	jMask := uint64(slotMask) << (fb + tr.slotW)
	prevPos := s.prevPos
	hasTop, hasPrev := tr.hasTop, tr.hasPrev
	posTop, posPrev := tr.posTop, tr.posPrev
	diagSet := uint32(slotBlocked) << posPrev
	diagClr := ^tr.prevMask
	// index returns the entry of a state in the transition table.
	index := func(key uint64) uint64 {
		return (key>>jShift)&jMask | key&leftMask | key&fleetMsk
	}
	// room returns a state's room (see transTable): 1 + how many of the m columns
	// after the cell (at most the longest ship's length) have a free slot before
	// the first one that has not, one less when that one has a run and the rule
	// keeps ships apart. Column j+k's slot is nibble m-k of the key shifted down by
	// roomPos.
	lim, rooms := tr.lim, uint64(s.rooms)
	m := uint(min(s.rooms-1, s.g.w-1-j))
	roomPos := cp + slotBits*(w-m)
	nibbles := uint64(0x1111111111111111) & (1<<(slotBits*m) - 1)
	sep := s.rule != board.Touch
	room := func(key uint64) uint64 {
		f := key >> roomPos
		t := (f | f>>1 | f>>2 | f>>3) & nibbles
		if t == 0 {
			return min(uint64(m)+1, rooms-1)
		}
		q := uint(63-bits.LeadingZeros64(t)) &^ (slotBits - 1) // the first slot not free
		r := uint64(m) - uint64(q)/slotBits
		if sep && f>>q&slotMask > slotBlocked {
			r--
		}
		return r
	}

	// Successors in all: the room the output needs at most, and where each
	// state's recorded transitions start.
	total := 0
	var start []int32
	if rec != nil {
		start = emptied(rec.start, n+1)[:n+1]
		for a, key := range keys {
			start[a] = int32(total)
			x := index(key)
			total += int(lim[x*rooms+room(key)] - off[x])
		}
		start[n] = int32(total)
		rec.start = start
		rec.dst = emptied(rec.dst, total)[:total]
	} else {
		// Without recording, the output grows as it needs (see grow), with
		// room for as many states as the input to start with.
		total = max(n, cap(out.keys))
	}
	var dst []uint32
	if rec != nil {
		dst = rec.dst
	}
	// After the rotation a group's states differ in the bits below outLow.
	outLow := cp + 3*slotBits

	// Runs of equal top slot, found by binary search.
	heads, ends := s.heads[:0], s.ends[:0]
	for x := 0; x < n; {
		top := keys[x] >> topPos
		y := x + sort.Search(n-x, func(d int) bool { return keys[x+d]>>topPos != top })
		heads = append(heads, x)
		ends = append(ends, y)
		x = y
	}
	s.heads, s.ends = heads, ends
	if out == nil {
		out = &table{}
	}
	succ := 0 // successors made
	okeys := emptied(out.keys, total)[:total]
	ovals := emptied(out.vals, total*L)[:total*L]
	no := 0 // states written out
	order := s.order[:0]
	set := &s.set
	l0, l1, l2, before := set.l0, set.l1, set.l2, set.before
	expTab := s.expTab
	leftPos := s.leftPos
	overflow := false
	var acc []uint64
	var carry uint64
	var pos []int32
	if cb := s.leftPos + 4*s.slotW; L <= 2 && cb <= denseBits[L] {
		if s.acc == nil {
			s.acc = make([]uint64, L<<cb)
		}
		acc = s.acc
		if rec != nil {
			if s.pos == nil {
				s.pos = make([]int32, 1<<cb)
			}
			pos = s.pos
		}
	}
	for {
		// The smallest group left at the head of a run.
		var grp uint64
		found := false
		for r, h := range heads {
			if h < ends[r] {
				if g := keys[h] >> gPos & gMask; !found || g < grp {
					grp, found = g, true
				}
			}
		}
		if !found {
			break
		}
		if acc != nil {
			gs := 0 // the group's successors
			// Each successor adds its state's count straight into acc,
			// where the group's successors are then read in order (see
			// denseBits). A recorded transition holds the successor's
			// compressed low key until pos gives its index.
			spans := s.spans[:0]
			for r, h := range heads {
				a, end := h, ends[r]
				if dst != nil && a < end {
					spans = append(spans, start[a])
				}
				for ; a < end; a++ {
					key := keys[a]
					if key>>gPos&gMask != grp {
						break
					}
					x := index(key)
					var cs uint32
					if hasTop {
						cs = uint32(key>>topPos) << posTop
					}
					if hasPrev {
						cs |= uint32(key>>prevPos&slotMask) << posPrev
					}
					csDiag := cs&diagClr | diagSet
					ts := list[off[x]:lim[x*rooms+room(key)]]
					gs += len(ts)
					if L == 1 {
						v := vals[a]
						for _, e := range ts {
							c := e & transDelta
							if e&transDiag != 0 {
								c |= csDiag
							} else {
								c |= cs
							}
							sum, cy := bits.Add64(acc[c], v, 0)
							acc[c] = sum
							carry |= cy
							if dst != nil {
								dst[start[a]] = c | e&transOcc
								start[a]++
							}
							l0[c>>6] |= 1 << (c & 63)
							l1[c>>12] |= 1 << (c >> 6 & 63)
							l2[c>>18] |= 1 << (c >> 12 & 63)
						}
						continue
					}
					v0, v1 := vals[2*a], vals[2*a+1]
					for _, e := range ts {
						c := e & transDelta
						if e&transDiag != 0 {
							c |= csDiag
						} else {
							c |= cs
						}
						s0, cy := bits.Add64(acc[2*c], v0, 0)
						s1, cy := bits.Add64(acc[2*c+1], v1, cy)
						acc[2*c], acc[2*c+1] = s0, s1
						carry |= cy
						if dst != nil {
							dst[start[a]] = c | e&transOcc
							start[a]++
						}
						l0[c>>6] |= 1 << (c & 63)
						l1[c>>12] |= 1 << (c >> 6 & 63)
						l2[c>>18] |= 1 << (c >> 12 & 63)
					}
				}
				if dst != nil && a > h {
					spans = append(spans, start[a-1])
				} else if dst != nil && h < end {
					spans = spans[:len(spans)-1]
				}
				heads[r] = a
			}
			s.spans = spans
			succ += gs
			okeys, ovals = grow(okeys, ovals, no, no+gs, L)
			hi := grp << outLow
			for a2, m2 := range l2 {
				for ; m2 != 0; m2 &= m2 - 1 {
					b := a2<<6 | bits.TrailingZeros64(m2)
					m1 := l1[b]
					l1[b] = 0
					for ; m1 != 0; m1 &= m1 - 1 {
						wd := b<<6 | bits.TrailingZeros64(m1)
						m0 := l0[wd]
						l0[wd] = 0
						for ; m0 != 0; m0 &= m0 - 1 {
							c := uint64(wd<<6 | bits.TrailingZeros64(m0))
							okeys[no] = hi | c&fleetMsk | expTab[c>>leftPos]
							if pos != nil {
								pos[c] = int32(no)
							}
							if L == 1 {
								ovals[no] = acc[c]
								acc[c] = 0
							} else {
								ovals[2*no], ovals[2*no+1] = acc[2*c], acc[2*c+1]
								acc[2*c], acc[2*c+1] = 0, 0
							}
							no++
						}
					}
				}
				l2[a2] = 0
			}
			for x := 0; x < len(spans); x += 2 {
				for y := spans[x]; y < spans[x+1]; y++ {
					d := dst[y]
					dst[y] = uint32(pos[d&^recOcc]) | d&recOcc
				}
			}
			continue
		}
		order = order[:0]
		for r, h := range heads {
			a, end := h, ends[r]
			for ; a < end; a++ {
				key := keys[a]
				if key>>gPos&gMask != grp {
					break
				}
				x := index(key)
				var cs uint32
				if hasTop {
					cs = uint32(key>>topPos) << posTop
				}
				if hasPrev {
					cs |= uint32(key>>prevPos&slotMask) << posPrev
				}
				csDiag := cs&diagClr | diagSet
				for _, e := range list[off[x]:lim[x*rooms+room(key)]] {
					c := e & transDelta
					if e&transDiag != 0 {
						c |= csDiag
					} else {
						c |= cs
					}
					order = append(order, uint64(a)<<32|uint64(c|e&transOcc))
					l0[c>>6] |= 1 << (c & 63)
					l1[c>>12] |= 1 << (c >> 6 & 63)
					l2[c>>18] |= 1 << (c >> 12 & 63)
				}
			}
			heads[r] = a
		}
		// The group's successors in order, each once, with their counts at 0.
		succ += len(order)
		if rec == nil {
			okeys, ovals = grow(okeys, ovals, no, no+len(order), L)
		}
		base := no
		hi := grp << outLow
		used := set.used[:0]
		for a2, m2 := range l2 {
			for ; m2 != 0; m2 &= m2 - 1 {
				b := a2<<6 | bits.TrailingZeros64(m2)
				m1 := l1[b]
				l1[b] = 0
				for ; m1 != 0; m1 &= m1 - 1 {
					wd := b<<6 | bits.TrailingZeros64(m1)
					before[wd] = int32(no - base)
					used = append(used, int32(wd))
					for m0 := l0[wd]; m0 != 0; m0 &= m0 - 1 {
						c := uint64(wd<<6 | bits.TrailingZeros64(m0))
						okeys[no] = hi | c&fleetMsk | expTab[c>>leftPos]
						switch L {
						case 1:
							ovals[no] = 0
						case 2:
							ovals[2*no], ovals[2*no+1] = 0, 0
						}
						no++
					}
				}
			}
			l2[a2] = 0
		}
		set.used = used
		if L > 2 {
			clear(ovals[base*L : no*L])
		}
		// Each successor adds its state's count.
		for _, o := range order {
			c := uint32(o)
			a := int(o >> 32)
			wd := c & transDelta >> 6
			p := base + int(before[wd]) + bits.OnesCount64(l0[wd]&(1<<(c&63)-1))
			switch L {
			case 1:
				v, cy := bits.Add64(ovals[p], vals[a], 0)
				ovals[p] = v
				overflow = overflow || cy != 0
			case 2:
				v0, cy := bits.Add64(ovals[2*p], vals[2*a], 0)
				v1, cy := bits.Add64(ovals[2*p+1], vals[2*a+1], cy)
				ovals[2*p], ovals[2*p+1] = v0, v1
				overflow = overflow || cy != 0
			default:
				if addTo(ovals[p*L:p*L+L], vals[a*L:a*L+L]) {
					overflow = true
				}
			}
			if dst != nil {
				d := uint32(p)
				if c&transOcc != 0 {
					d |= recOcc
				}
				// Each state's successors lie together, in order: start[a]
				// is where the next one goes.
				dst[start[a]] = d
				start[a]++
			}
		}
		for _, wd := range used {
			l0[wd] = 0
		}
	}
	s.order = order
	s.succ = succ
	if overflow || carry != 0 {
		s.overflow = true
	}
	out.keys, out.vals = okeys[:no], ovals[:no*L]
	if rec != nil {
		// start[a] moved on to start[a+1] while the transitions were written:
		// move the starts back.
		copy(start[1:], start[:n])
		start[0] = 0
	}
	if s.canon && j == s.g.w-1 {
		perm := s.rowPerm
		if perm == nil {
			s.canonical(out)
			perm = s.perm
		}
		if rec != nil {
			for y, d := range dst {
				dst[y] = uint32(perm[d&^recOcc]) | d&recOcc
			}
		}
	}
	return out
}

// back returns the backward counts before a recorded step from those after it
// (bnext, aligned with the step's output table), and adds to acc the sum over the
// step's occupying transitions of forward count × backward count; fvals are the
// forward counts before the step.
func (s *sweep) back(fvals []uint64, rec *record, bnext, acc, b []uint64) []uint64 {
	L := s.lanes
	n := len(fvals) / L
	b = emptied(b, n*L)[:n*L]
	switch L {
	case 1:
		return s.back1(fvals, rec, bnext, acc, b)
	case 2:
		return s.back2(fvals, rec, bnext, acc, b)
	}
	clear(b)
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
			mulTo(prod, fvals[a*L:a*L+L], occ)
			if addTo(acc, prod) {
				s.overflow = true
			}
		}
	}
	return b
}

// back1 is back for counts of one word.
func (s *sweep) back1(fvals []uint64, rec *record, bnext, acc, b []uint64) []uint64 {
	var lo, hi, top, carries uint64 // the sum of products, and whether an addition carried
	for a := range b {
		var sum, occ uint64
		for _, d := range rec.dst[rec.start[a]:rec.start[a+1]] {
			v := bnext[d&^recOcc]
			var c uint64
			sum, c = bits.Add64(sum, v, 0)
			carries |= c
			if d&recOcc != 0 {
				occ, c = bits.Add64(occ, v, 0)
				carries |= c
			}
		}
		b[a] = sum
		if occ != 0 {
			h, l := bits.Mul64(fvals[a], occ)
			var c uint64
			lo, c = bits.Add64(lo, l, 0)
			hi, c = bits.Add64(hi, h, c)
			top += c
		}
	}
	if carries != 0 || addTo(acc, []uint64{lo, hi, top}) {
		s.overflow = true
	}
	return b
}

// back2 is back for counts of two words.
func (s *sweep) back2(fvals []uint64, rec *record, bnext, acc, b []uint64) []uint64 {
	// The sum of products, five words (acc's size), and whether a sum carried.
	var a0, a1, a2, a3, a4, carries uint64
	start, dst := rec.start, rec.dst
	for a := range len(b) / 2 {
		var s0, s1, o0, o1, c uint64
		for _, d := range dst[start[a]:start[a+1]] {
			i := 2 * int(d&^recOcc)
			v0, v1 := bnext[i], bnext[i+1]
			s0, c = bits.Add64(s0, v0, 0)
			s1, c = bits.Add64(s1, v1, c)
			carries |= c
			if d&recOcc != 0 {
				o0, c = bits.Add64(o0, v0, 0)
				o1, c = bits.Add64(o1, v1, c)
				carries |= c
			}
		}
		b[2*a], b[2*a+1] = s0, s1
		if o0|o1 == 0 {
			continue
		}
		f0, f1 := fvals[2*a], fvals[2*a+1]
		// (f1·2^64 + f0) × (o1·2^64 + o0), one partial product at a time.
		h, l := bits.Mul64(f0, o0)
		a0, c = bits.Add64(a0, l, 0)
		a1, c = bits.Add64(a1, h, c)
		a2, c = bits.Add64(a2, 0, c)
		a3, c = bits.Add64(a3, 0, c)
		a4 += c
		if f1|o1 == 0 {
			continue
		}
		for _, p := range [2][2]uint64{{f0, o1}, {f1, o0}} {
			h, l = bits.Mul64(p[0], p[1])
			a1, c = bits.Add64(a1, l, 0)
			a2, c = bits.Add64(a2, h, c)
			a3, c = bits.Add64(a3, 0, c)
			a4 += c
		}
		h, l = bits.Mul64(f1, o1)
		a2, c = bits.Add64(a2, l, 0)
		a3, c = bits.Add64(a3, h, c)
		a4 += c
	}
	if carries != 0 || addTo(acc, []uint64{a0, a1, a2, a3, a4}) {
		s.overflow = true
	}
	return b
}

// emptied returns s with no elements and room for n, in the same memory when it
// is large enough (slices.Grow would copy the old elements over). New memory has a
// quarter more room, so that a table growing from cell to cell takes new memory
// only now and then, and its first n elements are populated (see populate).
func emptied[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:0]
	}
	s = make([]E, 0, n+n/4)
	populate(s, n)
	return s
}

// grow returns keys and vals (L words per key) with room for n keys: themselves,
// or new memory with the first no keys and their values copied over.
func grow(keys, vals []uint64, no, n, L int) ([]uint64, []uint64) {
	if n <= len(keys) {
		return keys, vals
	}
	m := max(n, 2*len(keys))
	k, v := fresh[uint64](m, m), fresh[uint64](m*L, m*L)
	copy(k, keys[:no])
	copy(v, vals[:no*L])
	return k, v
}

// fresh returns a new slice of length n and capacity room, its memory populated
// (see populate).
func fresh[E any](n, room int) []E {
	s := make([]E, n, room)
	populate(s, room)
	return s
}

// populateMin is the least memory, in bytes, worth populating in one call.
const populateMin = 64 << 10

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
