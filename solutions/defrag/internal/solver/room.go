package solver

import "slices"

// maxScan is the most breaks one search for a plan looks at.
const maxScan = 32

// maxBlockers is the most runs an eviction plan moves out of the way for one join.
const maxBlockers = 4

// plan is one way to make progress when no move mends a break by itself.
type plan struct {
	moves, fixes int
	head         int32 // relocate this file's chain into hole, when >= 0
	hole         hole
	a            int32 // else: evict blockers, then join a with its successor
	before       bool  // join by moving a before its successor (else successor after a)
	target       hole  // the blocks to clear
}

// better reports whether p mends more breaks per move than q.
func (p plan) better(q plan) bool {
	return q.fixes == 0 || p.moves*q.fixes < q.moves*p.fixes
}

// makeRoom makes progress on a disk where no single move mends a break: it carries
// out a cheap plan when there is one, else merges holes, else the best plan left. It
// reports false when nothing is possible.
func (st *state) makeRoom() bool {
	best := st.bestPlan()
	if best.fixes > 0 && best.moves <= 3*best.fixes {
		return st.execute(best)
	}
	if st.consolidateCost() <= 4 && st.consolidate() {
		return true
	}
	if st.pullSmallest() {
		return true
	}
	if int(st.consolidateCost()) <= st.compactAt-len(st.moves) && st.consolidate() {
		return true
	}
	if best.fixes > 0 {
		return st.execute(best)
	}
	return false
}

// pullSmallest joins the break whose second run is smallest by pulling that run
// to its predecessor a hole's size at a time, evicting what stands in the way in
// pieces. It reports whether the break was mended.
func (st *state) pullSmallest() bool {
	a := int32(-1)
	for id := range st.runs {
		r := &st.runs[id]
		if !r.dead && r.next >= 0 && (a < 0 || st.runs[r.next].len < st.runs[st.runs[a].next].len) {
			a = int32(id)
		}
	}
	if a < 0 {
		return false
	}
	b := st.runs[a].next
	budget := min(2*st.runs[b].len+64, int32(max(0, st.compactAt-len(st.moves))))
	for st.runs[a].next == b && !st.runs[b].dead && budget > 0 {
		budget--
		rb := st.runs[b]
		x := st.runs[a].end()
		if f := st.freeFrom(x); f > 0 {
			st.move(rb.start, x, min(f, rb.len))
			continue
		}
		if x >= st.n {
			return false
		}
		z := st.own[x]
		path := hole{x, x + rb.len}
		h, ok := st.largest(path)
		if !ok {
			return false
		}
		st.move(x, h.s, min(st.runs[z].len, h.e-h.s))
	}
	return st.runs[a].next != b || st.runs[b].dead
}

// largest returns the largest hole that does not meet avoid.
func (st *state) largest(avoid hole) (hole, bool) {
	bi := -1
	for i, h := range st.holes {
		if h.s < avoid.e && avoid.s < h.e {
			continue
		}
		if bi < 0 || h.e-h.s > st.holes[bi].e-st.holes[bi].s {
			bi = i
		}
	}
	if bi < 0 {
		return hole{}, false
	}
	return st.holes[bi], true
}

func (st *state) execute(p plan) bool {
	if p.head >= 0 {
		st.relocate(p.head, p.hole)
		return true
	}
	return st.evictAndJoin(p)
}

// bestPlan looks for the plan that mends the most breaks per move, starting where the
// last search left off and stopping at the first that needs at most two moves a fix.
func (st *state) bestPlan() plan {
	best := plan{head: -1}
	var buf [2 * maxBlockers]hole
	big := st.largestHoles(buf[:])
	n := len(st.runs)
	seen := 0
	for k := 0; k < n && seen < maxScan; k++ {
		id := (st.cursor + k) % n
		r := &st.runs[id]
		if r.dead || r.next < 0 {
			continue
		}
		seen++
		if r.prev < 0 {
			size, k := int32(0), 0
			for x := int32(id); x >= 0; x = st.runs[x].next {
				size += st.runs[x].len
				k++
			}
			if h, ok := st.bestFit(size, hole{}, nil); ok {
				if p := (plan{moves: k, fixes: k - 1, head: int32(id), hole: h}); p.better(best) {
					best = p
				}
			}
		}
		b := &st.runs[r.next]
		if t := (hole{r.end(), r.end() + b.len}); t.e <= st.n {
			if n, ok := st.evictable(big, t, int32(id), r.next); ok {
				if p := (plan{moves: n + 1, fixes: 1, head: -1, a: int32(id), target: t}); p.better(best) {
					best = p
				}
			}
		}
		if t := (hole{b.start - r.len, b.start}); t.s >= 0 {
			if n, ok := st.evictable(big, t, int32(id), r.next); ok {
				if p := (plan{moves: n + 1, fixes: 1, head: -1, a: int32(id), before: true, target: t}); p.better(best) {
					best = p
				}
			}
		}
		if best.fixes > 0 && best.moves <= 2*best.fixes {
			st.cursor = id
			break
		}
	}
	return best
}

// bestFit returns the smallest hole of at least size blocks that does not meet the
// blocks of avoid and is not in used.
func (st *state) bestFit(size int32, avoid hole, used []int32) (hole, bool) {
	bi := -1
	for i, h := range st.holes {
		if h.e-h.s < size || (h.s < avoid.e && avoid.s < h.e) || slices.Contains(used, h.s) {
			continue
		}
		if bi < 0 || h.e-h.s < st.holes[bi].e-st.holes[bi].s {
			bi = i
			if h.e-h.s == size {
				break // nothing later can be smaller
			}
		}
	}
	if bi < 0 {
		return hole{}, false
	}
	return st.holes[bi], true
}

// blockers lists the runs that hold blocks of t, in order, stopping after
// maxBlockers + 1. It appends them to out, which callers pass empty with room for
// maxBlockers + 1 so that nothing is allocated.
func (st *state) blockers(t hole, out []int32) []int32 {
	for x := t.s; x < t.e; {
		id := st.own[x]
		if id < 0 {
			x = st.holes[st.holeAt(x)].e
			continue
		}
		out = append(out, id)
		if len(out) > maxBlockers {
			return out
		}
		x = st.runs[id].end()
	}
	return out
}

// evictable returns how many runs must leave t, when they all fit in holes elsewhere
// (one run a hole) and none of them is a or b. big holes the largest holes, largest
// first (see largestHoles): matching the largest runs with the largest holes that do
// not meet t decides it, as best fit run by run would.
func (st *state) evictable(big []hole, t hole, a, b int32) (int, bool) {
	var buf [maxBlockers + 1]int32
	bl := st.blockers(t, buf[:0])
	if len(bl) > maxBlockers {
		return 0, false
	}
	need := make([]int32, 0, maxBlockers+1)
	for _, id := range bl {
		if id == a || id == b {
			return 0, false
		}
		need = append(need, st.runs[id].len)
	}
	slices.SortFunc(need, func(p, q int32) int { return int(q - p) })
	k := 0
	for _, h := range big {
		if k == len(need) {
			break
		}
		if h.s < t.e && t.s < h.e {
			continue
		}
		if h.e-h.s < need[k] {
			return 0, false
		}
		k++
	}
	if k < len(need) && len(big) < len(st.holes) {
		// Too many of the largest holes meet t: look at them all.
		var used []int32
		for _, l := range need {
			h, ok := st.bestFit(l, t, used)
			if !ok {
				return 0, false
			}
			used = append(used, h.s)
		}
		return len(need), true
	}
	return len(need), k == len(need)
}

// largestHoles returns up to 2 × maxBlockers of the largest holes, largest first,
// in buf's storage.
func (st *state) largestHoles(buf []hole) []hole {
	big := buf[:0]
	for _, h := range st.holes {
		l := h.e - h.s
		if len(big) == 2*maxBlockers && l <= big[len(big)-1].e-big[len(big)-1].s {
			continue
		}
		i := len(big)
		for i > 0 && big[i-1].e-big[i-1].s < l {
			i--
		}
		if len(big) < 2*maxBlockers {
			big = append(big, hole{})
		}
		copy(big[i+1:], big[i:len(big)-1])
		big[i] = h
	}
	return big
}

// relocate moves the file whose first run is head into hole h, run by run.
func (st *state) relocate(head int32, h hole) {
	st.move(st.runs[head].start, h.s, st.runs[head].len)
	for st.runs[head].next >= 0 {
		n := st.runs[st.runs[head].next]
		st.move(n.start, st.runs[head].end(), n.len)
	}
}

// evictAndJoin moves the runs standing in p.target into holes elsewhere, then joins
// p.a with its successor. It reports whether it moved anything.
func (st *state) evictAndJoin(p plan) bool {
	moved := false
	var buf [maxBlockers + 1]int32
	for _, id := range st.blockers(p.target, buf[:0]) {
		h, ok := st.bestFit(st.runs[id].len, p.target, nil)
		if !ok {
			return moved
		}
		st.move(st.runs[id].start, h.s, st.runs[id].len)
		moved = true
	}
	if st.runs[p.a].dead || st.runs[p.a].next < 0 {
		return true
	}
	a, b := st.runs[p.a], st.runs[st.runs[p.a].next]
	if p.before {
		if st.freeUpTo(b.start) >= a.len {
			st.move(a.start, b.start-a.len, a.len)
			return true
		}
	} else if st.freeFrom(a.end()) >= b.len {
		st.move(b.start, a.end(), b.len)
		return true
	}
	return moved
}

// compact is the last resort: it lays the files out from block 0 in the order of
// their first blocks, moving stretches of blocks into place and evicting single
// blocks to free space beyond when needed. It needs one free block.
func (st *state) compact() {
	n := st.n
	cur := make([]int32, n) // logical number held by each block, -1 free
	for i := range cur {
		cur[i] = -1
	}
	var heads []int32
	for id := range st.runs {
		if r := st.runs[id]; !r.dead && r.prev < 0 {
			heads = append(heads, int32(id))
		}
	}
	slices.SortFunc(heads, func(a, b int32) int { return int(st.runs[a].start - st.runs[b].start) })
	var used int32
	for _, h := range heads {
		for x := h; x >= 0; x = st.runs[x].next {
			for b := st.runs[x].start; b < st.runs[x].end(); b++ {
				cur[b] = used
				used++
			}
		}
	}
	pos := make([]int32, used)
	var frees []int32
	for b, id := range cur {
		if id >= 0 {
			pos[id] = int32(b)
		} else {
			frees = append(frees, int32(b))
		}
	}
	emit := func(from, to, count int32) {
		st.moves = append(st.moves, Move{int(from), int(to), int(count)})
		for i := int32(0); i < count; i++ {
			id := cur[from+i]
			cur[to+i] = id
			pos[id] = to + i
			cur[from+i] = -1
		}
		for i := count - 1; i >= 0; i-- {
			frees = append(frees, from+i)
		}
	}
	st.breaks = 0 // the state's runs are stale from here on; only moves matter
	for t := int32(0); t < used; t++ {
		p := pos[t]
		if p == t {
			continue
		}
		if cur[t] >= 0 {
			f := int32(-1)
			for len(frees) > 0 && f < 0 {
				c := frees[len(frees)-1]
				frees = frees[:len(frees)-1]
				if c > t && cur[c] < 0 {
					f = c
				}
			}
			if f < 0 {
				return // cannot happen with a free block on the disk
			}
			emit(t, f, 1)
			p = pos[t]
		}
		c := int32(1)
		for t+c < used && pos[t+c] == p+c && cur[t+c] < 0 && p > t+c {
			c++
		}
		emit(p, t, c)
	}
}

// consolidate merges two neighbouring holes into one: it moves the data between them
// into a third hole when one holds it, else shifts that data towards the larger of
// the two, a hole's size at a time. Every call lowers the number of holes, so calls
// are finite. It picks the pair that costs the fewest moves and reports whether
// there was one.
func (st *state) consolidate() bool {
	bi, _, third, bdst := st.pickPair()
	if bi < 0 {
		return false
	}
	return st.mergePair(bi, third, bdst)
}

// consolidateCost returns the moves the next consolidate would make (a large number
// when there is nothing to merge).
func (st *state) consolidateCost() int32 {
	bi, cost, _, _ := st.pickPair()
	if bi < 0 {
		return 1 << 30
	}
	return cost
}

// pickPair chooses the neighbouring holes that are cheapest to merge.
func (st *state) pickPair() (int, int32, bool, hole) {
	// The three largest holes tell in O(1) whether some hole other than the pair
	// holds the data between them.
	var top [3]int // indexes of the largest holes, -1 when fewer
	top = [3]int{-1, -1, -1}
	size := func(i int) int32 {
		if i < 0 {
			return 0
		}
		return st.holes[i].e - st.holes[i].s
	}
	for i := range st.holes {
		switch {
		case size(i) > size(top[0]):
			top = [3]int{i, top[0], top[1]}
		case size(i) > size(top[1]):
			top = [3]int{top[0], i, top[1]}
		case size(i) > size(top[2]):
			top[2] = i
		}
	}
	bi, bcost, third := -1, int32(0), false
	for i := 0; i+1 < len(st.holes); i++ {
		h1, h2 := st.holes[i], st.holes[i+1]
		span := h2.s - h1.e
		step := max(h1.e-h1.s, h2.e-h2.s)
		cost, ok := (span+step-1)/step, false
		if cost > 1 {
			for _, t := range top {
				if t >= 0 && t != i && t != i+1 && size(t) >= span {
					cost, ok = 1, true
					break
				}
			}
		}
		if bi < 0 || cost < bcost {
			bi, bcost, third = i, cost, ok
		}
	}
	var dst hole
	if third {
		h1, h2 := st.holes[bi], st.holes[bi+1]
		dst, third = st.bestFit(h2.s-h1.e, hole{h1.s, h2.e}, nil)
	}
	return bi, bcost, third, dst
}

// mergePair merges holes bi and bi+1 as pickPair planned.
func (st *state) mergePair(bi int, third bool, bdst hole) bool {
	h1, h2 := st.holes[bi], st.holes[bi+1]
	span := h2.s - h1.e
	switch {
	case third:
		st.move(h1.e, bdst.s, span)
	case h1.e-h1.s >= h2.e-h2.s:
		// Shift left: each chunk lands in the hole the previous one left.
		step := h1.e - h1.s
		for at, to := h1.e, h1.s; at < h2.s; at, to = at+step, at {
			st.move(at, to, min(step, h2.s-at))
		}
	default:
		step := h2.e - h2.s
		for end, to := h2.s, h2.e; end > h1.e; end, to = end-step, end {
			c := min(step, end-h1.e)
			st.move(end-c, to-c, c)
		}
	}
	return true
}
