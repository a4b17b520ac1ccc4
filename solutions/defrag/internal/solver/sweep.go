package solver

import (
	"math"
	"slices"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// maxPasses bounds the sweeps of sweepPlan.
const maxPasses = 60

// sweepPlan sweeps the disk back and forth (every other pass runs on the mirror
// image, where a file's order is reversed too) until two passes in a row cost more
// than eight moves per mended break, then finishes with the greedy phases. The
// first pass starts from the end whose half of the disk holds more free space: a
// walk that sets out with little free space makes small moves until it has
// gathered more. It hands over to compaction early enough to stay under the
// checker's cap.
func sweepPlan(d *disk.Disk) []Move {
	moves, _ := newState(d).sweepOn(0, false)
	return moves
}

// sweepOn is sweepPlan from the state as it stands: it returns every move, the
// ones made before included. With a budget above zero it gives up, and reports
// false, when breaks remain after a pass and the moves have passed the budget;
// when strict is set it also gives up instead of handing over to the greedy
// phases once the passes have stalled.
func (st *state) sweepOn(budget int, strict bool) ([]Move, bool) {
	n := int(st.n)
	mirrored := false
	if st.farFree() {
		st.mirror()
		mirrored = true
	}
	stalled := 0
	start := st.breaks
	var alt []Move // another way to finish, from endPlan
	tried := false
	lastCost, lastFixed := 0, 0 // the moves of the last pass and the breaks it mended
	for pass := 0; ; pass++ {
		first, before := len(st.moves), st.breaks
		if pass > 0 && st.regather {
			// The last pass left most of the free space in one hole: gather
			// whole files again while it lasts.
			st.gather(regatherFloor)
		}
		if pass > 0 && !tried && st.breaks > 0 && endShare*st.breaks < start && 200*st.free() >= 3*st.n {
			tried = true
			alt = st.endPlan(lastCost, lastFixed)
			if alt != nil && mirrored {
				for i, m := range alt[first:] {
					alt[first+i] = Move{n - m.From - m.Count, n - m.To - m.Count, m.Count}
				}
			}
		}
		st.sweep()
		lastCost, lastFixed = len(st.moves)-first, before-st.breaks
		// Two passes in a row that cost more than eight moves a mended break are
		// not worth repeating: the greedy phases finish the job.
		if fixed := before - st.breaks; 8*fixed < len(st.moves)-first {
			stalled++
		} else {
			stalled = 0
		}
		if st.breaks > 0 && (pass == maxPasses || stalled == 2 || len(st.moves) >= st.compactAt) {
			if strict {
				return nil, false
			}
			limit := math.MaxInt
			if budget > 0 {
				limit = budget
			}
			st.finish(limit)
		}
		if st.breaks > 0 && budget > 0 && len(st.moves) > budget {
			return nil, false
		}
		if mirrored {
			for i, m := range st.moves[first:] {
				st.moves[first+i] = Move{n - m.From - m.Count, n - m.To - m.Count, m.Count}
			}
		}
		if st.breaks == 0 {
			if alt != nil && len(alt) < len(st.moves) {
				return alt, true
			}
			return st.moves, true
		}
		st.mirror()
		mirrored = !mirrored
	}
}

// finish completes the job once the sweep's passes have stalled: with the greedy
// phases, unless laying the files out anew (layOut) takes fewer moves. That
// happens when the files are large next to the free space, where the greedy
// phases end in compaction after tens of thousands of moves; the greedy phases
// give up as soon as they pass the layout's count or limit.
func (st *state) finish(limit int) {
	lay := st.clone()
	lay.layOut(0)
	if lay.breaks > 0 {
		st.solve(math.MaxInt, math.MaxInt) // layOut stopped short: cannot happen
		return
	}
	if !st.solve(min(len(lay.moves)-1, limit), math.MaxInt) || len(st.moves) >= len(lay.moves) {
		*st = *lay
	}
}

// mirror turns the state into its image seen from the other end, in place: block b
// becomes block n-1-b and every file's runs come in reverse order. The moves made
// so far are left as they are.
func (st *state) mirror() {
	slices.Reverse(st.own)
	for id := range st.runs {
		r := &st.runs[id]
		r.start = st.n - r.end()
		r.prev, r.next = r.next, r.prev
	}
	st.heads, st.tails = st.tails, st.heads
	slices.Reverse(st.holes)
	for i, h := range st.holes {
		h = hole{st.n - h.e, st.n - h.s}
		st.holes[i] = h
		st.setEdges(h)
	}
	st.queue = st.queue[:0]
	st.dirty = st.dirty[:0]
	st.cursor = 0
}

// sweep walks the leftmost hole across the disk to its end, gathering fragmented
// files on the way. At each step the data just right of the hole is one of:
//
//   - a run of a fragmented file that fits the hole with a quarter of the free space
//     to spare: the file is gathered into the hole in logical order, one move per
//     run (when the data is the file's last run, it stays and the other runs line
//     up just before it);
//   - a whole file, while the hole has shrunk below half the free space: it is
//     evicted, with up to evictRuns whole files after it, into another hole that
//     holds them (see evictStretch), which gives their blocks back to the walking
//     hole;
//   - anything else: up to a hole's worth of data moves to the hole's left edge,
//     stopping in front of the next file to gather; when that file's first run is
//     what the move carries last, the move takes it along and the rest of the file
//     is appended right after it. When there is nothing to do for more than two
//     hole-lengths, the hole jumps there instead (see jump).
//
// With st.reach set, the walk only gathers a file whose runs all lie within that
// many hole-lengths ahead of it: the holes they leave are picked up again soon,
// so the walking hole does not run dry (see reachTry).
//
// Gathering takes runs from further on, which leaves holes there: the walk picks
// them up as it passes them, and meanwhile they take a run that mends a break when
// one fits without leaving an extra hole (cheapJoins). On a nearly full disk a walk
// costs about one move per run gathered plus one per stretch of data between holes,
// and it leaves most of the free space it collected in one hole at the end.
func (st *state) sweep() {
	if len(st.holes) == 0 {
		return
	}
	total := int32(0)
	for _, h := range st.holes {
		total += h.e - h.s
	}
	low, keep := total-total/2, total/4
	fits := func(need, g int32) bool { return need <= g-keep || need == g }
	// near reports whether the runs of the file whose first run is hd all end
	// within st.reach hole-lengths past x (always when st.reach is 0).
	near := func(hd, x, g int32) bool {
		if st.reach == 0 {
			return true
		}
		for q := hd; q >= 0; q = st.runs[q].next {
			if st.runs[q].end() > x+st.reach*g {
				return false
			}
		}
		return true
	}
	x := st.holes[0].s
	st.queue = st.queue[:0]
	st.dirty = st.dirty[:0]
	for st.breaks > 0 && len(st.moves) < st.compactAt {
		var walk hole
		if i := st.holeAt(x); i >= 0 {
			walk = st.holes[i]
		}
		st.cheapJoins(walk)
		i := st.holeAt(x)
		if i < 0 {
			// The hole was used up exactly: carry on from the next one.
			j := st.startAfter(x)
			if j == len(st.holes) {
				return
			}
			i = j
		}
		h := st.holes[i]
		if h.e >= st.n {
			return
		}
		g := h.e - h.s
		r := st.own[h.e]
		head := st.head(r)
		if st.runs[head].next >= 0 {
			size := st.fileSize(head)
			if st.runs[r].next < 0 && fits(size-st.runs[r].len, g) && near(head, h.e, g) {
				at := h.e - (size - st.runs[r].len)
				for q := head; q != r; {
					next, l := st.runs[q].next, st.runs[q].len
					st.move(st.runs[q].start, at, l)
					at += l
					q = next
				}
				continue
			}
			if fits(size, g) && near(head, h.e, g) {
				at := h.s
				for q := head; q >= 0; {
					next, l := st.runs[q].next, st.runs[q].len
					st.move(st.runs[q].start, at, l)
					at += l
					q = next
				}
				x = at
				continue
			}
		} else if g < low {
			if l, t, ok := st.evictStretch(h.e); ok {
				st.move(h.e, t.s, l)
				continue
			}
		}
		end, lead := h.e, int32(-1)
		for end < st.n && end-h.e < g && st.own[end] >= 0 {
			id := st.own[end]
			hd := st.head(id)
			if st.runs[hd].next >= 0 {
				if hd == id && st.runs[id].end()-h.e <= g && fits(st.fileSize(hd)-st.runs[hd].len, g) && near(hd, h.e, g) {
					end, lead = st.runs[id].end(), id
					break
				}
				if end > h.e && fits(st.fileSize(hd), g) && near(hd, h.e, g) {
					break // stop in front of a fragmented file to gather it next
				}
			}
			end = min(st.runs[id].end(), h.e+g)
		}
		if lead < 0 && end-h.e >= g && end < st.n && st.own[end] >= 0 {
			if q, p, ok := st.jump(h, fits); ok {
				st.move(q, h.s, p-q)
				x = q
				continue
			}
		}
		st.move(h.e, h.s, end-h.e)
		x = h.s + end - h.e
		if lead >= 0 {
			for st.runs[lead].next >= 0 {
				n := st.runs[st.runs[lead].next]
				st.move(n.start, st.runs[lead].end(), n.len)
			}
			x = st.runs[lead].end()
		}
	}
}

// jump finds, when the next place where the walk has something to do (a hole, or a
// fragmented file it would gather) lies more than two hole-lengths past hole h, a
// stretch [q, p) of whole runs that ends there, or a few runs before, and fills h
// but for at most a sixteenth of it. Moving that stretch into h carries the hole
// there in one move, where sliding the data in between would take one a
// hole-length: files may end up in any order, so the data skipped over stays where
// it is.
func (st *state) jump(h hole, fits func(need, g int32) bool) (q, p int32, ok bool) {
	g := h.e - h.s
	end := st.runs[st.own[h.e+g]].start
	for end < st.n && st.own[end] >= 0 {
		id := st.own[end]
		if hd := st.head(id); st.runs[hd].next >= 0 {
			size := st.fileSize(hd)
			if fits(size, g) || hd == id && fits(size-st.runs[hd].len, g) {
				break
			}
		}
		end = st.runs[id].end()
	}
	// Try the stretches ending there and at the run boundaries just before: the
	// one that leaves the least of h behind wins.
	best := g/16 + 1
	for try := 0; try < jumpEnds && end-h.e > 2*g; try++ {
		s := end - g
		if id := st.own[s]; st.runs[id].start != s {
			s = st.runs[id].end()
		}
		if s < end && s-(end-g) < best {
			q, p, best, ok = s, end, s-(end-g), true
		}
		end = st.runs[st.own[end-1]].start
	}
	return q, p, ok
}

// jumpEnds is how many stretch ends jump tries.
const jumpEnds = 8

// cheapJoins tries the exact fits queued by the last moves and mends the breaks next
// to the holes they changed where one move does it without leaving more holes than
// before (see cheapJoin) and without taking blocks of avoid, the walking hole of
// the sweep.
func (st *state) cheapJoins(avoid hole) {
	for len(st.dirty) > 0 || len(st.queue) > 0 {
		st.drain()
		for len(st.dirty) > 0 {
			id := st.dirty[len(st.dirty)-1]
			st.dirty = st.dirty[:len(st.dirty)-1]
			st.cheapJoin(id, avoid)
		}
	}
}

// cheapJoin mends the break after run a with one move that leaves no more holes
// than before (the move fills its hole exactly, or leaves from beside a hole) and
// does not land on avoid.
func (st *state) cheapJoin(a int32, avoid hole) bool {
	ra := st.runs[a]
	if ra.dead || ra.next < 0 {
		return false
	}
	rb := st.runs[ra.next]
	besideHole := func(r run) bool {
		return (r.start > 0 && st.own[r.start-1] < 0) || (r.end() < st.n && st.own[r.end()] < 0)
	}
	clear := func(s, e int32) bool { return e <= avoid.s || s >= avoid.e }
	if f := st.freeFrom(ra.end()); f >= rb.len && (rb.start >= ra.end()+rb.len || rb.end() <= ra.end()) && (f == rb.len || besideHole(rb)) && clear(ra.end(), ra.end()+rb.len) {
		st.move(rb.start, ra.end(), rb.len)
		return true
	}
	to := rb.start - ra.len
	if f := st.freeUpTo(rb.start); to >= 0 && f >= ra.len && (ra.end() <= to || ra.start >= rb.start) && (f == ra.len || besideHole(ra)) && clear(to, rb.start) {
		st.move(ra.start, to, ra.len)
		return true
	}
	return false
}

// head returns the first run of the file that run id belongs to.
func (st *state) head(id int32) int32 {
	return st.heads[st.runs[id].file]
}

// fileSize returns the number of blocks of the file whose first run is head.
func (st *state) fileSize(head int32) int32 {
	return st.sizes[st.runs[head].file]
}

// evictRuns is how many whole files one eviction of the sweep may carry.
const evictRuns = 8

// evictStretch picks, among the stretches of whole unfragmented files that start at
// block x, the one to move into another hole, before or after x: the longest that
// fills a hole exactly, else the longest that fits one, into a hole that it fills
// exactly, else one behind the walk, else the smallest that holds it. Filling a
// hole left behind the walk gives the walk free space it would otherwise only get
// back on the next pass. It returns the stretch's length and the hole.
func (st *state) evictStretch(x int32) (int32, hole, bool) {
	var ends [evictRuns]int32 // the stretches' lengths, shortest first
	var fit [evictRuns]int    // the smallest hole that holds each, or -1
	n := 0
	for end := x; n < evictRuns && end < st.n; n++ {
		id := st.own[end]
		if id < 0 || st.runs[id].prev >= 0 || st.runs[id].next >= 0 {
			break
		}
		end = st.runs[id].end()
		ends[n], fit[n] = end-x, -1
	}
	if n == 0 {
		return 0, hole{}, false
	}
	for i, h := range st.holes {
		l := h.e - h.s
		if h.e == x || l < ends[0] {
			continue
		}
		for k := 0; k < n && ends[k] <= l; k++ {
			if fit[k] < 0 {
				fit[k] = i
				continue
			}
			// An exact fit first, then a hole behind the walk, then the
			// smallest.
			fl := st.holes[fit[k]].e - st.holes[fit[k]].s
			behind, fbehind := h.e <= x, st.holes[fit[k]].e <= x
			exact, fexact := l == ends[k], fl == ends[k]
			switch {
			case exact != fexact:
				if exact {
					fit[k] = i
				}
			case behind != fbehind:
				if behind {
					fit[k] = i
				}
			case l < fl:
				fit[k] = i
			}
		}
	}
	best := -1
	for k := n - 1; k >= 0; k-- {
		if fit[k] < 0 {
			continue
		}
		if h := st.holes[fit[k]]; h.e-h.s == ends[k] {
			best = k
			break
		}
		if best < 0 {
			best = k
		}
	}
	if best < 0 {
		return 0, hole{}, false
	}
	return ends[best], st.holes[fit[best]], true
}

// farFree reports whether the second half of the disk holds more free blocks than
// the first.
func (st *state) farFree() bool {
	a, b := int32(0), int32(0)
	for _, h := range st.holes {
		m := min(max(st.n/2, h.s), h.e)
		a += m - h.s
		b += h.e - m
	}
	return b > a
}

// regatherFloor is when the gather phase between passes stops: once the largest
// hole holds less than this many sixteenths of the free space, the next pass
// needs the rest.
const regatherFloor = 2

// endShare is when sweepOn tries another way to finish (endPlan): once fewer than
// one break in endShare is left of those it started with, and only with 1.5 % of
// the disk free or more: with less, the greedy phases spend milliseconds making
// room and seldom finish for less.
const endShare = 10

// endRooms is how many times the greedy phases of endPlan may make room; they go
// endStep at a time and give up once they spend endSlack moves more than the
// sweep's rate would.
const (
	endRooms = 256
	endStep  = 16
	endSlack = 8
)

// free returns the number of free blocks.
func (st *state) free() int32 {
	f := int32(0)
	for _, h := range st.holes {
		f += h.e - h.s
	}
	return f
}

// endPlan returns every move so far and then those of another way to finish,
// or nil when it does not finish: the gather phase without a floor, then, when
// that leaves at most half as many breaks as the last pass of the sweep mended
// (cost moves for fixed breaks), the greedy phases while they spend fewer moves a
// break than that pass did. A pass over the whole disk for the
// last few breaks costs about as much as one that mended many; here the
// greedy phases often mend them for less (4 % fewer moves in all on nearly full
// disks of 32767 blocks and many small files with 2 and 3 % free).
func (st *state) endPlan(cost, fixed int) []Move {
	a := st.clone()
	a.gather(0)
	if 2*a.breaks > fixed {
		// More breaks left than half a pass mends: the greedy phases do not
		// finish within the sweep's rate, and trying costs milliseconds.
		return nil
	}
	if a.breaks > 0 {
		rate := 8
		if fixed > 0 {
			rate = cost/fixed + 1
		}
		// The greedy phases endStep rooms at a time, while they keep up with
		// the sweep's rate: making room is what takes their time.
		m0, b0 := len(a.moves), a.breaks
		for rooms := 0; a.breaks > 0 && rooms < endRooms; rooms += endStep {
			if a.solve(m0+rate*b0, endStep) {
				break
			}
			if len(a.moves)-m0 > rate*(b0-a.breaks)+endSlack {
				break
			}
		}
	}
	if a.breaks > 0 {
		return nil
	}
	return a.moves
}
