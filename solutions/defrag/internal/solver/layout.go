package solver

import "slices"

// layOut is a last resort that, unlike compact, moves whole runs: it lays the
// files out from block 0 in the order of their first blocks, except that a file
// whose first run already stands where the next file goes comes next. Each piece of a file
// moves into place in one move when the blocks there are free; when they are not,
// the data standing there first leaves, as one stretch, for the hole that best
// holds it. On a disk whose files are large next to its free space, where the
// greedy phases and the sweep run into compaction, it needs about two moves a run.
// It needs one free block.
//
// With look above zero, the file to lay out next is instead chosen among those
// whose first runs come next after the blocks in place (look of them): the one
// that asks the least to move, the data in front of its first run and its other
// runs.
// On files that are large next to the free space this often saves the evictions
// that the order of the first blocks, fixed at the start, causes once the data has
// moved about.
func (st *state) layOut(look int) {
	var heads []int32
	for id := range st.runs {
		if r := st.runs[id]; !r.dead && r.prev < 0 {
			heads = append(heads, int32(id))
		}
	}
	slices.SortFunc(heads, func(a, b int32) int { return int(st.runs[a].start - st.runs[b].start) })
	t := int32(0) // every block before t holds its final data
	placed := make([]bool, len(st.heads))
	for k := 0; k < len(heads); {
		f := st.runs[heads[k]].file
		// A file whose first run stands at t goes next: it is in place already.
		if t < st.n && st.own[t] >= 0 {
			if r := st.runs[st.own[t]]; r.prev < 0 && r.start == t && !placed[r.file] {
				f = r.file
			}
		}
		if look > 0 {
			seen, bestC := 0, int32(0)
			for x := t; x < st.n; {
				id := st.own[x]
				if id < 0 {
					x += st.freeFrom(x)
					continue
				}
				if r := st.runs[id]; r.prev < 0 && !placed[r.file] {
					// Of the next few first runs, the one whose file asks the
					// least to move: the blocks in front of it and its other runs.
					c := r.start - t + st.sizes[r.file] - r.len
					if seen == 0 || c < bestC {
						f, bestC = r.file, c
					}
					if seen++; seen == look {
						break
					}
				}
				x = st.runs[id].end()
			}
		}
		if placed[f] {
			k++
			continue
		}
		placed[f] = true
		base := t // where the file goes
		for {
			h := st.heads[f]
			q := h // the first piece not in place
			if st.runs[h].start == base {
				// The file's first blocks are in place: carry on with the rest.
				t = base + st.runs[h].len
				q = st.runs[h].next
			} else {
				t = base
			}
			if q < 0 {
				break
			}
			rq := st.runs[q]
			if c := st.freeFrom(t); c > 0 {
				if c < rq.len && st.widen(t, t+c, t+rq.len, rq.start) {
					continue // the whole piece fits now
				}
				st.move(rq.start, t, min(c, rq.len))
				continue
			}
			// Clear the blocks from t up to the piece, as many as a hole takes.
			want := min(rq.len, rq.start-t)
			if want <= 0 {
				return // cannot happen: the piece lies beyond the blocks in place
			}
			var dst hole
			ok := false
			// Rather take the rest of a run the stretch would cut, when it ends
			// before the piece and a hole holds it: cutting it adds a break.
			if id := st.own[t+want-1]; id >= 0 {
				if e := st.runs[id].end(); e > t+want && e <= rq.start {
					if dst, ok = st.layFit(e-t, hole{t, e}); ok {
						want = e - t
					}
				}
			}
			if !ok {
				dst, ok = st.layFit(want, hole{t, t + want})
			}
			if !ok {
				dst, ok = st.largest(hole{t, t + want})
			}
			if !ok {
				// All the free space lies in the way: fill the first hole with
				// what stands before it.
				i := st.endAfter(t)
				if i == len(st.holes) {
					return // cannot happen with a free block on the disk
				}
				dst = st.holes[i]
			}
			want = min(want, dst.e-dst.s)
			if dst.s > t {
				want = min(want, dst.s-t)
			}
			st.move(t, dst.s, want)
		}
		t = base + st.sizes[f]
	}
}

// widen clears the blocks [s, e), and the rest of a run it would cut when that
// run ends by limit, into the hole that best holds them and does not meet
// [from, e), so that a piece needing the blocks from from does not have to move
// in parts. It reports false, moving nothing, when [s, e) is not all data of
// runs ending by limit or no hole holds it.
func (st *state) widen(from, s, e, limit int32) bool {
	if e > limit {
		return false
	}
	for x := s; x < e; {
		id := st.own[x]
		if id < 0 {
			return false
		}
		x = st.runs[id].end()
		if x > e {
			if x > limit {
				return false
			}
			e = x
		}
	}
	dst, ok := st.layFit(e-s, hole{from, e})
	if !ok {
		return false
	}
	st.move(s, dst.s, e-s)
	return true
}

// layFit returns the hole that layOut clears size blocks into, one that does not
// meet avoid: the smallest that holds them, or with st.layWide set one of exactly
// their size, else the largest. Neither wins everywhere.
func (st *state) layFit(size int32, avoid hole) (hole, bool) {
	if st.layWide {
		return st.holeFor(size, avoid, nil)
	}
	return st.bestFit(size, avoid, nil)
}

// layLook is how many first runs after the blocks in place bestLayout has layOut
// weigh.
const layLook = 8
