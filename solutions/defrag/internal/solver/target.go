package solver

import (
	"slices"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// The target strategy decides first where every file ends up: packed from block
// 0 in a chosen order, the free space at the end. Then it fills the largest free
// stretch of that packed part with the data that belongs there, again and again:
// every move puts its blocks where they stay, so each block moves once, bar the
// few that start a new chain. A move carries as much as the free stretch takes
// and as the data that belongs there lies in one piece, whole runs of several
// files at once when they already stand in the target's order. When no free block
// is left in the packed part, the data standing at its first misplaced block is
// parked in the free space at the end, which starts the next chain.
//
// The free stretches it fills break up as the chains go on, so its moves get
// short; that costs nothing on a small disk with a handful of free blocks, where
// every move is short anyway, and there it beats the other strategies by a third
// (200 blocks with 2 free: 125 moves instead of 210). Elsewhere it does not come
// close, and Solve only tries it on small nearly full disks (targetBlocks).

// targetOrder returns the files in the order of the position of their largest
// run (the first of equals), or of their first run with byFirst set.
func (st *state) targetOrder(byFirst bool) []int32 {
	key := make([]int32, len(st.heads))
	for f := range st.heads {
		best := int32(-1)
		for id := st.heads[f]; id >= 0; id = st.runs[id].next {
			r := st.runs[id]
			if byFirst {
				best = r.start
				break
			}
			if best < 0 || r.len > st.runs[st.own[best]].len {
				best = r.start
			}
		}
		key[f] = best
	}
	order := make([]int32, len(st.heads))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return int(key[a] - key[b]) })
	return order
}

// locate returns the block that holds block o of file f and the run holding it.
func (st *state) locate(f, o int32) (id, at int32) {
	off := int32(0)
	for id = st.heads[f]; id >= 0; id = st.runs[id].next {
		r := st.runs[id]
		if o < off+r.len {
			return id, r.start + o - off
		}
		off += r.len
	}
	return -1, -1
}

// toTarget moves every file to its place in the packed layout of order, stopping
// early once every file is whole or the moves pass limit. It reports whether every
// file is whole. It needs a free block.
func (st *state) toTarget(order []int32, limit int) bool {
	used := int32(0)
	base := make([]int32, len(st.heads))
	for _, f := range order {
		base[f] = used
		used += st.sizes[f]
	}
	if used >= st.n {
		return false
	}
	fileAt := make([]int32, used) // the file whose data goes to each block
	for _, f := range order {
		for q := base[f]; q < base[f]+st.sizes[f]; q++ {
			fileAt[q] = f
		}
	}
	cursor := int32(0) // every block before it holds its final data
	for st.breaks > 0 && len(st.moves) <= limit {
		if !st.freeBelow(used) {
			// Park the data at the first misplaced block in the free space at
			// the end, which starts a new chain.
			for cursor < used {
				id := st.own[cursor]
				if id < 0 {
					break
				}
				f := fileAt[cursor]
				if _, at := st.locate(f, cursor-base[f]); at == cursor {
					// In place: skip the rest of the run that is.
					cursor = min(st.runs[id].end(), base[f]+st.sizes[f])
					continue
				}
				break
			}
			if cursor >= used {
				return st.breaks == 0
			}
			id := st.own[cursor]
			h, ok := st.largest(hole{0, used})
			if !ok {
				return false
			}
			l := min(st.runs[id].end()-cursor, h.e-h.s)
			st.move(cursor, h.s, l)
			continue
		}
		// Fill the largest free stretch of the packed part.
		var fr hole
		for _, h := range st.holes {
			if h.s < used && min(h.e, used)-h.s > fr.e-fr.s {
				fr = hole{h.s, min(h.e, used)}
			}
		}
		for x := fr.s; x < fr.e && st.breaks > 0; {
			f := fileAt[x]
			id, ps := st.locate(f, x-base[f])
			l := min(st.runs[id].end()-ps, fr.e-x)
			// Carry on while the data that goes next lies right after.
			for x+l < fr.e {
				f2 := fileAt[x+l]
				id2, ps2 := st.locate(f2, x+l-base[f2])
				if ps2 != ps+l {
					break
				}
				l = min(st.runs[id2].end()-ps, fr.e-x)
			}
			st.move(ps, x, l)
			x += l
		}
	}
	return st.breaks == 0
}

// freeBelow reports whether a free block lies before block used.
func (st *state) freeBelow(used int32) bool {
	return len(st.holes) > 0 && st.holes[0].s < used
}

// targetBlocks is the largest disk on which Solve tries the target strategy.
const targetBlocks = 500

// targetPlan returns the shortest answer of the target strategy for disk d, in
// either order and from either end, if one has fewer than limit moves.
func targetPlan(d *disk.Disk, limit int) ([]Move, bool) {
	var best []Move
	for _, mirrored := range [2]bool{false, true} {
		for _, byFirst := range [2]bool{false, true} {
			st := newState(d)
			if mirrored {
				st.mirror()
			}
			if !st.toTarget(st.targetOrder(byFirst), limit-1) || len(st.moves) >= limit {
				continue
			}
			if mirrored {
				for i, m := range st.moves {
					st.moves[i] = Move{d.Blocks - m.From - m.Count, d.Blocks - m.To - m.Count, m.Count}
				}
			}
			best, limit = st.moves, len(st.moves)
		}
	}
	return best, best != nil
}
