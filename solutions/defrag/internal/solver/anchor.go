package solver

import (
	"math"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// The anchor strategy mends breaks where they are: for a break from run a to its
// successor b, either b comes right after a or a comes right before b. When the
// blocks that run would land on are taken, the runs standing there leave first,
// all in one move, into a hole elsewhere: beside one of their own logical
// neighbours when there is room (the eviction then mends a break too), else into a
// hole of exactly their size, else into the smallest hole that holds them.
// Options are carried out cheapest first; when none is left the sweep finishes.
//
// An option's bucket (its key) counts 3 for each move it makes besides the one
// that mends its break, less 3 when the eviction mends a break of its own, plus
// 1 + the holes it adds to the free space, roughly (clamped to 0..2). Evictions
// that mend nothing and add a hole are not taken: they break up the free space
// that later evictions and the sweep need.

// option is one way to mend the break after run a.
type option struct {
	a      int32
	before bool  // move a before its successor (else its successor after a)
	key    int   // its bucket, cheapest first
	s, e   int32 // the blocks to evict, empty when none
	to     int32 // where they go
}

// rescanGap is how many options must have been carried out since the last look
// at every break for another look to be worth its time.
const rescanGap = 32

// anchorKeys is the number of buckets of options taken: an eviction that mends
// nothing and adds a hole would have key anchorKeys.
const anchorKeys = 8

// evaluate returns the cheapest way to mend the break after run a, or false.
func (st *state) evaluate(a int32, hs *holeSizes) (option, bool) {
	best, ok := option{key: anchorKeys}, false
	for _, before := range [2]bool{false, true} {
		if o, found := st.evalSide(a, before, hs); found && o.key < best.key {
			best, ok = o, true
		}
	}
	return best, ok
}

// evalSide returns the way to mend the break after run a by moving one of its
// runs: a before its successor when before is set, else the successor after a.
func (st *state) evalSide(a int32, before bool, hs *holeSizes) (option, bool) {
	ra := st.runs[a]
	if ra.dead || ra.next < 0 {
		return option{}, false
	}
	rb := st.runs[ra.next]
	mv := rb
	rs := ra.end()
	if before {
		mv, rs = ra, rb.start-ra.len
	}
	re := rs + mv.len
	if rs < 0 || re > st.n || (mv.start < re && rs < mv.end()) {
		return option{}, false
	}
	o := option{a: a, before: before}
	// The blockers: every run that holds a block of [rs, re).
	o.s, o.e = -1, -1
	delta := 0 // how many holes the option adds, roughly
	for x := rs; x < re; {
		id := st.own[x]
		if id < 0 {
			i := st.holeAt(x)
			h := st.holes[i]
			if h.s >= rs && h.e <= re {
				delta-- // filled up
			}
			x = h.e
			continue
		}
		r := st.runs[id]
		if o.s < 0 {
			o.s = r.start
		}
		o.e = r.end()
		x = r.end()
	}
	fs, fe := rs, re // no destination may meet these blocks
	free := func(x int32) bool {
		return x >= 0 && x < st.n && (st.own[x] < 0 || x >= fs && x < fe && (x < rs || x >= re))
	}
	cost := 0
	if o.s < 0 {
		o.s, o.e = 0, 0
	} else {
		fs, fe = min(rs, o.s), max(re, o.e)
		if o.s < rs && !free(o.s-1) {
			delta++ // the blocker left a piece of itself before the target
		}
		if o.e > re && !free(o.e) {
			delta++
		}
		to, c, d, ok := st.evictTo(o.s, o.e, fs, fe, mv.start, hs)
		if !ok {
			return option{}, false
		}
		o.to, cost, delta = to, c, delta+d
	}
	// The moving run's place becomes free.
	switch l, r := free(mv.start-1), free(mv.end()); {
	case l && r:
		delta--
	case !l && !r:
		delta++
	}
	o.key = 3*cost + min(max(delta+1, 0), 2)
	return o, o.key < anchorKeys
}

// evictTo returns where the blocks [s, e) should go, given that they must not meet
// [fs, fe) nor the run starting at block mv: beside a logical neighbour of their
// first or last run (cost 1), else into the smallest hole that holds them (cost
// 2). d is -1 when they fill a hole exactly. With hs.rough it may answer from
// the hole sizes alone, with to -1.
func (st *state) evictTo(s, e, fs, fe, mv int32, hs *holeSizes) (to int32, cost, d int, ok bool) {
	l := e - s
	clear := func(t int32) bool { return t >= 0 && t+l <= st.n && (t+l <= fs || t >= fe) }
	// A neighbour to settle beside must stay where it is: not the run that
	// mends the break, nor one of the runs evicted.
	away := func(id int32) bool {
		r := st.runs[id]
		return r.start != mv && (r.start < s || r.start >= e)
	}
	if p := st.runs[st.own[s]].prev; p >= 0 && away(p) {
		if t := st.runs[p].end(); clear(t) {
			if f := st.freeFrom(t); f >= l {
				return t, 1, -b2i(f == l), true
			}
		}
	}
	if q := st.runs[st.own[e-1]].next; q >= 0 && away(q) {
		if t := st.runs[q].start - l; clear(t) {
			if f := st.freeUpTo(st.runs[q].start); f >= l {
				return t, 1, -b2i(f == l), true
			}
		}
	}
	if l > hs.big {
		return 0, 0, 0, false
	}
	if hs.rough && int(l) < len(hs.fit) {
		// Only the sizes: the option is looked at again before it is carried out.
		if f := hs.fit[l]; f >= 0 {
			return -1, 2, -b2i(f == l), true
		}
		return 0, 0, 0, false
	}
	bestLen := int32(-1)
	for _, h := range st.holes {
		if h.e-h.s < l {
			continue
		}
		for _, p := range [2]hole{{h.s, min(h.e, fs)}, {max(h.s, fe), h.e}} {
			pl := p.e - p.s
			if pl < l || (bestLen >= 0 && pl >= bestLen) {
				continue
			}
			bestLen, to = pl, p.s
		}
		if bestLen == l || int(l) < len(hs.fit) && bestLen == hs.fit[l] {
			break // nothing smaller holds them
		}
	}
	if bestLen < 0 {
		return 0, 0, 0, false
	}
	return to, 2, -b2i(bestLen == l), true
}

// holeSizes sums up the sizes of the holes for a quick first look at the options.
type holeSizes struct {
	big   int32   // the largest hole
	fit   []int32 // fit[l]: the smallest hole size of at least l, -1 when none
	rough bool    // evictTo may answer from the sizes alone, without a place
}

// maxFit is the largest hole size that holeSizes sums up; evictTo searches the
// holes for anything larger.
const maxFit = 1024

// update sums up holes.
func (hs *holeSizes) update(holes []hole) {
	hs.big = 0
	for _, h := range holes {
		hs.big = max(hs.big, h.e-h.s)
	}
	n := min(hs.big, maxFit) + 1
	hs.fit = hs.fit[:0]
	for range n {
		hs.fit = append(hs.fit, -1)
	}
	for _, h := range holes {
		if l := h.e - h.s; l < n {
			hs.fit[l] = l
		}
	}
	next := int32(-1)
	if n > maxFit {
		next = hs.big // anything up to the largest fits it
	}
	for l := n - 1; l >= 0; l-- {
		if hs.fit[l] >= 0 {
			next = hs.fit[l]
		}
		hs.fit[l] = next
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// carry performs option o: the eviction, if any, then the move that mends the break.
func (st *state) carry(o option) {
	ra := st.runs[o.a]
	as, bs := ra.start, st.runs[ra.next].start
	if o.e > o.s {
		st.move(o.s, o.to, o.e-o.s)
	}
	// The eviction may have merged a run onto either side of the break: find the
	// break again by its blocks, which did not move.
	a, b := st.own[as], st.own[bs]
	ra, rb := st.runs[a], st.runs[b]
	if ra.next != b {
		return
	}
	if o.before {
		if t := rb.start - ra.len; t >= 0 && st.freeUpTo(rb.start) >= ra.len && (ra.end() <= t || ra.start >= rb.start) {
			st.move(ra.start, t, ra.len)
		}
	} else if st.freeFrom(ra.end()) >= rb.len && (rb.start >= ra.end()+rb.len || rb.end() <= ra.end()) {
		st.move(rb.start, ra.end(), rb.len)
	}
}

// anchor carries out options, cheapest first, while there are any and the moves
// stay under st.compactAt. Each option popped is evaluated again, since the moves
// since it was queued may have changed it; one that got dearer goes back in its
// new bucket. When the buckets run dry, every break is evaluated again, provided
// enough was done since the last time. It stops early when the largest hole has
// shrunk below half its size: the free space is then too scattered for more.
func (st *state) anchor() {
	st.drain()
	var buckets [anchorKeys][]int32
	var joins []int32
	for id := len(st.runs) - 1; id >= 0; id-- {
		if r := st.runs[id]; !r.dead && r.next >= 0 {
			joins = append(joins, int32(id))
		}
	}
	st.dirty = st.dirty[:0]
	joins = st.joinQueued(joins, math.MaxInt)
	var hs holeSizes
	hsAt := -1           // the move count hs was made at
	carried := rescanGap // options carried out since the last rescan
	// The sweep that follows needs room to walk: stop once the largest hole has
	// shrunk below half its size.
	hs.update(st.holes)
	floor := (hs.big + 1) / 2
	for st.breaks > 0 && len(st.moves) < st.compactAt {
		if hsAt != len(st.moves) {
			hs.update(st.holes)
			hsAt = len(st.moves)
			if hs.big < floor {
				break
			}
		}
		k := 0
		for k < anchorKeys && len(buckets[k]) == 0 {
			k++
		}
		if k == anchorKeys {
			if carried < rescanGap {
				break
			}
			carried = 0
			hs.rough = true
			for id := len(st.runs) - 1; id >= 0; id-- {
				if o, ok := st.evaluate(int32(id), &hs); ok {
					buckets[o.key] = append(buckets[o.key], int32(id))
				}
			}
			hs.rough = false
			continue
		}
		id := buckets[k][len(buckets[k])-1]
		buckets[k] = buckets[k][:len(buckets[k])-1]
		o, ok := st.evaluate(id, &hs)
		if !ok {
			continue // dropped until the next rescan
		}
		if o.key > k {
			buckets[o.key] = append(buckets[o.key], id)
			continue
		}
		st.carry(o)
		carried++
		st.drain()
		joins = append(joins, st.dirty...)
		st.dirty = st.dirty[:0]
		joins = st.joinQueued(joins, math.MaxInt)
	}
}

// anchorSuits reports whether the anchor strategy is likely to beat the sweep on
// nearly full disk d, whose holes st holds: its breaks do not mostly point forward
// (the sweep gathers a file in one go when it meets the file's first run first);
// no hole holds half the free space (the sweep walks with it from the start); and
// either its files are small (at most 6.5 blocks on average), so the runs in the
// way fit the small holes, or its fragmented files have few pieces (at most 2.75
// on average) and there are enough holes (anchorHoles) to take the runs evicted.
// Larger files in many pieces fare worse: there the anchor phase often scatters
// the free space and the sweep after it is longer than the sweep alone.
func anchorSuits(d *disk.Disk, st *state) bool {
	used, breaks, forward, split := 0, 0, 0, 0
	for _, f := range d.Files {
		if len(f) > 1 {
			split++
		}
		for i, fr := range f {
			used += fr.Length
			if i > 0 {
				breaks++
				if fr.Start > f[i-1].Start {
					forward++
				}
			}
		}
	}
	big := int32(0)
	for _, h := range st.holes {
		big = max(big, h.e-h.s)
	}
	small := 2*used <= 13*len(d.Files)
	few := 4*breaks <= 7*split && len(st.holes) >= anchorHoles
	return (small || few) && 4*forward <= 3*breaks && 2*int(big) < d.Blocks-used
}

// anchorHoles is the fewest holes with which anchorSuits lets the anchor strategy
// take on larger files: with fewer, the runs evicted seldom find a place and the
// sweep ends up doing the work on its own.
const anchorHoles = 24

// anchorPlan runs the anchor phase, then the sweep, and returns every move. When
// the sweep goes badly after it (two passes in a row at more than eight moves a
// mended break, or more than three moves a break in all), the anchor phase has
// left the free space too scattered: it starts over with the sweep alone. st is
// disk d as given.
func anchorPlan(d *disk.Disk, st *state) []Move {
	budget := 3*st.breaks + 16
	st.anchor()
	moves, ok := st.sweepOn(budget, true)
	if !ok {
		return sweepPlan(d)
	}
	if len(moves) > budget {
		if sw := sweepPlan(d); len(sw) < len(moves) {
			return sw
		}
	}
	return moves
}
