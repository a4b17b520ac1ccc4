package exact

import "math/bits"

// Endgame limits: the exhaustive search runs only on small endings.
const (
	endgameCells   = 12      // at most this many unknown cells
	endgameLayouts = 64      // at most this many bomb layouts agreeing with the numbers
	endgameNodes   = 200_000 // search nodes before giving up
)

// ending is the end of a game small enough to play out exhaustively: every bomb
// layout of the unknown cells that agrees with what is known, and the moves that
// can still be made. Layouts are bitmasks over the unknown cells.
type ending struct {
	cells   []int32  // the unknown cells
	layouts []uint16 // the layouts that agree with every number and the bomb count
	nbMask  []uint16 // per cell: its unknown neighbours, as a mask
	memo    map[[2]uint64]float64
	nodes   int
}

// newEnding lists the layouts of the unknown cells, or returns nil when the
// ending is too large.
func (p *player) newEnding() *ending {
	if p.unknown == 0 || p.unknown > endgameCells {
		return nil
	}
	e := &ending{memo: map[[2]uint64]float64{}}
	index := map[int32]int{}
	for c := range p.st {
		if p.st[c] == unknown {
			index[int32(c)] = len(e.cells)
			e.cells = append(e.cells, int32(c))
		}
	}
	e.nbMask = make([]uint16, len(e.cells))
	for i, c := range e.cells {
		for _, o := range p.nb[c] {
			if j, ok := index[o]; ok {
				e.nbMask[i] |= 1 << j
			}
		}
	}
	// Each played cell with unknown neighbours constrains the layouts.
	type rule struct {
		mask uint16
		need int
	}
	var rules []rule
	for c := range p.st {
		if p.st[c] != opened || p.unk[c] == 0 {
			continue
		}
		var m uint16
		for _, o := range p.nb[c] {
			if j, ok := index[o]; ok {
				m |= 1 << j
			}
		}
		rules = append(rules, rule{m, int(p.need[c])})
	}
	for l := 0; l < 1<<len(e.cells); l++ {
		layout := uint16(l)
		if bits.OnesCount16(layout) != p.left {
			continue
		}
		ok := true
		for _, r := range rules {
			if bits.OnesCount16(layout&r.mask) != r.need {
				ok = false
				break
			}
		}
		if ok {
			if len(e.layouts) == endgameLayouts {
				return nil
			}
			e.layouts = append(e.layouts, layout)
		}
	}
	if len(e.layouts) == 0 {
		return nil
	}
	return e
}

// best returns the move with the highest chance of winning the game from here:
// the cell index in cells, whether to mark it, and that chance. ok is false when
// the search ran out of budget.
func (e *ending) best() (cell int, mark bool, win float64, ok bool) {
	all := uint64(1)<<len(e.layouts) - 1
	if len(e.layouts) == 64 {
		all = ^uint64(0)
	}
	cell, mark, win = e.search(all, 0)
	return cell, mark, win, e.nodes <= endgameNodes
}

// value is the chance of winning with perfect play when the layouts in set remain
// possible and the cells in done are resolved.
func (e *ending) value(set uint64, done uint16) float64 {
	if bits.OnesCount64(set) == 1 {
		return 1
	}
	key := [2]uint64{set, uint64(done)}
	if v, ok := e.memo[key]; ok {
		return v
	}
	_, _, v := e.search(set, done)
	e.memo[key] = v
	return v
}

// search tries every move on an unresolved cell: a play wins through each number
// it may show, a mark through the layouts with a bomb there.
func (e *ending) search(set uint64, done uint16) (cell int, mark bool, win float64) {
	e.nodes++
	cell, win = -1, -1
	if e.nodes > endgameNodes {
		return cell, false, 0
	}
	total := float64(bits.OnesCount64(set))
	for i := range e.cells {
		if done>>i&1 == 1 {
			continue
		}
		// Split the layouts by what the cell holds and, when safe, shows.
		var bombs uint64
		var byCount [13]uint64
		for s := set; s != 0; s &= s - 1 {
			k := bits.TrailingZeros64(s)
			l := e.layouts[k]
			if l>>i&1 == 1 {
				bombs |= 1 << k
			} else {
				byCount[bits.OnesCount16(l&e.nbMask[i])] |= 1 << k
			}
		}
		next := done | 1<<i
		play := 0.0
		for _, g := range byCount {
			if g != 0 {
				play += float64(bits.OnesCount64(g)) / total * e.value(g, next)
			}
		}
		markWin := 0.0
		if bombs != 0 {
			markWin = float64(bits.OnesCount64(bombs)) / total * e.value(bombs, next)
		}
		if play > win {
			cell, mark, win = i, false, play
		}
		if markWin > win {
			cell, mark, win = i, true, markWin
		}
		if win == 1 {
			break
		}
	}
	return cell, mark, win
}
