package count

import (
	"slices"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// Bits of a transition in a transTable list.
const (
	transOcc   = 1 << 31       // the step puts a ship on the cell
	transDiag  = 1 << 30       // the slot of column j-1 becomes slotBlocked
	transDelta = transDiag - 1 // the successor's fleet, left slot and column j slot, compressed
)

// transTable lists the successors of every state across one cell, by the fields
// the step reads (column j slot, left slot, fleet), as the compressed low bits of
// the successor in the next cell's layout (see expandSlots). The step adds the
// slots it copies: column j+1 at posTop and column j-1 at posPrev.
//
// A successor's left slot may say that the cells after the cell cannot be just
// anything: a horizontal ship covers the next r of them (slotRun+r), or, under
// noside and nocontact, the next one stays empty (slotBlocked). The slots of the
// columns after the cell already tell whether that can be: a cell under a run or
// a blocked slot stays empty, and, apart from touch, a ship's cell cannot be next
// to a run coming down. A state's room (see sweep.step) is 1 + the free columns
// after the cell, one less when under noside or nocontact the column after them
// has a run; a successor needs a room of at least its left slot's value (0 for a
// free slot). The successors that need more are not made: no placement follows
// them, and the tables stay smaller. A state's successors are listed by the room
// they need, so that those it can have are list[off[idx]:lim[idx·rooms+room]].
type transTable struct {
	fb, slotW       uint
	posTop, posPrev uint
	hasTop, hasPrev bool   // w ≥ 3 has both; w = 2 only the other column, at posPrev
	prevMask        uint32 // the slot at posPrev
	off             []uint32
	lim             []uint32
	list            []uint32
}

// cellKind is what the successors of a state across a cell depend on, besides
// the state and the fleet: cells of the same kind share a transTable, in every
// sweep of the fleet (the regions of a board, and their sweeps again).
type cellKind struct {
	rule        board.Rule
	w           int // the grid's width, which places the slots
	shot        int8
	right, down int
	first, last bool
	across      int // the grid's across (see acrossOnly)
}

// transitions returns the transTable of cell (i, j).
func (s *sweep) transitions(i, j int) *transTable {
	g := s.g
	maxLen := slices.Max(s.f.lens)
	kind := cellKind{
		rule: s.rule, w: g.w, shot: g.cell[i][j], right: min(g.right[i][j], maxLen), down: min(g.down[i][j], maxLen),
		first: j == 0, last: j == g.w-1, across: g.across,
	}
	if tr, ok := s.f.trans[kind]; ok {
		return tr
	}
	fb, sw := s.leftPos, s.slotW
	tr := &transTable{fb: fb, slotW: sw, posTop: fb + sw, posPrev: fb + 3*sw}
	posJ := fb + 2*sw
	switch w := g.w; {
	case w >= 3:
		tr.hasTop, tr.hasPrev = true, true
	case w == 2:
		tr.hasPrev, tr.posPrev = true, fb+sw
	default:
		posJ = fb + sw
	}
	tr.prevMask = (1<<sw - 1) << tr.posPrev
	size := 1 << (2*sw + fb)
	tr.off = make([]uint32, size+1)
	rooms := s.rooms
	tr.lim = make([]uint32, size*rooms)
	var buf []uint64
	for idx := range size {
		tr.off[idx] = uint32(len(tr.list))
		u := idx & (1<<fb - 1)
		lim := tr.lim[idx*rooms : (idx+1)*rooms]
		if u < s.f.size {
			up, left := uint64(idx>>(fb+sw)), uint64(idx>>fb&(1<<sw-1))
			buf = s.successors(up<<s.colPos|left<<s.leftPos|uint64(u), i, j, buf[:0])
		} else {
			buf = buf[:0]
		}
		// The successors by the room they need: their left slot's value.
		for r := range rooms {
			for _, k := range buf {
				if int(k>>s.leftPos&slotMask) != r {
					continue
				}
				e := uint32(k&s.fleetMsk) | uint32(k>>s.leftPos&slotMask)<<fb | uint32(k>>s.colPos&slotMask)<<posJ
				if k&occBit != 0 {
					e |= transOcc
				}
				if g.w >= 2 && k>>s.prevPos&slotMask == slotBlocked {
					e |= transDiag
				}
				tr.list = append(tr.list, e)
			}
			lim[r] = uint32(len(tr.list))
		}
	}
	tr.off[size] = uint32(len(tr.list))
	s.f.trans[kind] = tr
	return tr
}
