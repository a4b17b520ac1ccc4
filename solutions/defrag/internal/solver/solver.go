// Package solver finds a short sequence of block moves that leaves every file of a
// disk in one piece. It is the logic of the reference solution, kept apart from the
// program's file handling so that it can be tested and timed in-process.
//
// The disk is kept as runs: maximal stretches of physically consecutive blocks that
// hold consecutive logical blocks of one file. A break is a pair of logically
// consecutive runs; a move mends at most two. The greedy phases:
//
//  1. Exact fits: a free hole whose left neighbour ends a run and whose right
//     neighbour starts one, and whose size equals the span from the first one's
//     successor to the second one's predecessor. Moving that span into the hole
//     mends two breaks at once.
//  2. Simple joins: a run moved into the free space right after its predecessor, or
//     right before its successor, mends one break.
//  3. When nothing of that kind is possible, the cheapest way to make room: move a
//     whole fragmented file into a hole that holds it, evict the runs that stand
//     where a join would go, merge two holes, or pull a run to its predecessor a
//     hole's worth at a time.
//
// On a nearly full disk a sweep (sweep.go) does most of the work instead: it walks
// the free space back and forth across the disk, gathering small fragmented files
// as it passes. A last resort that always works while one block is free compacts
// the disk from block 0; it also keeps every answer under the checker's cap of
// 100 000 moves.
package solver

import (
	"math"
	"slices"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// Move copies Count blocks starting at From to the blocks starting at To.
type Move struct {
	From, To, Count int
}

// run is a maximal stretch of one file's consecutive logical blocks.
type run struct {
	start, len int32
	prev, next int32 // logically adjacent runs of the same file, -1 at the ends
	file       int32 // index of the file in heads and sizes
	dead       bool  // merged into its predecessor
}

func (r *run) end() int32 { return r.start + r.len }

// hole is a maximal stretch [s, e) of free blocks.
type hole struct{ s, e int32 }

type state struct {
	n      int32
	own    []int32 // run holding each block, negative when free (see setEdges)
	runs   []run
	heads  []int32 // first run of each file; splits and merges keep it
	tails  []int32 // last run of each file; mirror swaps heads and tails
	sizes  []int32 // blocks of each file
	holes  []hole  // sorted by position
	near   int     // where the last search of the holes ended: most land close by
	queue  []int32
	moves  []Move
	breaks int
	cursor int // where the search for a plan resumes
	// compactAt is the move count past which the greedy phases give way to
	// compaction, so that the answer stays within the checker's cap.
	compactAt int
	dirty     []int32 // runs next to holes that changed: their breaks may now join
	scratch   []hole  // reused by refresh
	movedBuf  []int32 // reused by move
	// reach, when above zero, is how many hole-lengths ahead of the sweep's
	// walk the runs of a file it gathers may lie (see sweep).
	reach int32
	// regather is set when the gather phase goes before every pass of the
	// sweep but the first (see sweepOn).
	regather bool
	// layWide is set when layOut clears into a hole of exactly the size
	// needed, else the largest, instead of the smallest that holds it.
	layWide bool
}

// Solve returns moves that defragment d. d must be a valid disk.
//
// Two strategies are available: the greedy phases alone, and a sweep that walks the
// free space across the disk gathering small fragmented files (see sweepPlan) before
// the greedy phases finish the rest. On a disk with room (6 % free or more) the
// greedy phases are both shorter and faster, and the sweep only runs when they give
// up. With less room the sweep goes first and the greedy phases only go on while
// they can still beat it; on a nearly full disk (under 4.5 % free) they only get a
// short try, since there they are slower and usually longer. On a nearly full disk
// of small files whose breaks do not mostly point forward and whose free space is
// scattered, the anchor strategy (anchor.go) mends what it can where it stands
// before the sweep finishes; when instead its free space is mostly one hole, the
// gather strategy (gather.go) first mends whole files around a run that stays
// put. On a nearly full disk whose free space holds fewer than twelve
// average-sized files, the sweep must beat laying the files out anew (the
// shortest of layOut from either end in either order, see bestLayout), which it
// often does not. On a tiny disk (exactBlocks or fewer) an exact search
// (exact.go) then looks for a shorter answer. Time counts too: every millisecond costs 1 % of the moves.
func Solve(d *disk.Disk) []Move {
	moves := solve(d)
	if d.Blocks <= exactBlocks && len(moves) > 1 {
		if ex, ok := exactPlan(d, len(moves)); ok {
			return ex
		}
	}
	if len(moves) > maxAnswer {
		// Compaction from scratch needs at most two moves a used block.
		st := newState(d)
		st.compact()
		return st.moves
	}
	return moves
}

// The answer's size limits: the checker accepts at most 100 000 moves; compaction
// of a full-size disk takes at most 65 534.
const (
	compactAfter = 30000
	maxAnswer    = 95000
)

// layoutRatio is the number of average-sized files the free space of a nearly full
// disk holds below which the sweep must beat laying the files out anew (layOut).
const layoutRatio = 12

// reachTry is the reach (see state.reach) of the second sweep that the layout
// branch of solve tries: on files large next to the free space, spread over
// the disk (interleaved), a walk that gathers every file it meets lends its hole
// to holes far ahead and stalls; 2058 moves instead of 1301 on 546 files of
// about 60 blocks with 2 % free.
const reachTry = 4

// quickRooms is how many times the short greedy try on a nearly full disk may make
// room: enough when the fragments fit the holes as they are, and cheap otherwise.
const quickRooms = 16

func solve(d *disk.Disk) []Move {
	free := d.Blocks - d.Used()
	if 200*free < 9*d.Blocks {
		// Nearly full: a short greedy try, which wins when the fragments fit the
		// holes as they are, then the sweep.
		sst := newState(d)
		gr := sst.clone()
		quick := gr.solve(math.MaxInt, quickRooms)
		if quick && len(gr.moves) <= d.Breaks() {
			return gr.moves // a move a break: the sweep does not come close
		}
		var sw []Move
		switch {
		case anchorSuits(d, sst):
			sw = anchorPlan(d, sst)
		case free < layoutRatio*d.Used()/max(len(d.Files), 1):
			// Files large next to the free space: the sweep often stalls, and
			// laying the files out anew is the yardstick it must beat.
			// One layout first, as the sweeps' budget; on a large disk the other
			// ways to lay the files out only when no sweep beats it (there they
			// take most of the time: 11 of 13 ms on 546 files of 60 blocks).
			lay := sst.clone()
			lay.layOut(0)
			budget := 0 // no yardstick should layOut stop short, which cannot happen
			if lay.breaks == 0 {
				budget = len(lay.moves)
			}
			sw = lay.moves
			swept := false
			for _, reach := range [...]int32{0, reachTry} {
				sst := sst.clone()
				sst.reach = reach
				if m, ok := sst.sweepOn(budget, false); ok && (budget == 0 || len(m) < budget) {
					sw, budget, swept = m, len(m), true
				}
			}
			if !swept || d.Blocks <= wideBlocks {
				if lay := bestLayout(d, sst); lay.breaks == 0 && len(lay.moves) < len(sw) {
					sw = lay.moves
				}
			}
		default:
			if gatherSuits(d, sst) {
				sst.gather(0)
			}
			sst.regather = true
			sw, _ = sst.sweepOn(0, false)
		}
		if quick && len(gr.moves) < len(sw) {
			sw = gr.moves
		}
		if d.Blocks <= targetBlocks && d.Used() < d.Blocks {
			if t, ok := targetPlan(d, len(sw)); ok {
				return t
			}
		}
		return sw
	}
	gr := newState(d)
	if 100*free < 6*d.Blocks {
		// Little room: the sweep is often the shorter and, being quick here, goes
		// first; the greedy phases only go on while they can still beat it.
		sw := sweepPlan(d)
		if gr.solve(len(sw)-1, 64+4*gr.breaks) && len(gr.moves) < len(sw) {
			return gr.moves
		}
		return sw
	}
	if gr.solve(math.MaxInt, 64+2*gr.breaks) {
		return gr.moves
	}
	// The greedy phases ran out of patience: let them go on, but only while they
	// stay shorter than the sweep.
	sw := sweepPlan(d)
	if gr.solve(len(sw), 64+4*gr.breaks) && len(gr.moves) < len(sw) {
		return gr.moves
	}
	return sw
}

// Naive is the baseline: it moves each fragmented file, fragment by fragment, into
// the first hole that holds it whole, and compacts the disk when none does.
func Naive(d *disk.Disk) []Move {
	st := newState(d)
	nruns := len(st.runs)
	for id := 0; id < nruns; id++ {
		r := st.runs[id]
		if r.dead || r.prev >= 0 || r.next < 0 {
			continue
		}
		size := int32(0)
		for x := int32(id); x >= 0; x = st.runs[x].next {
			size += st.runs[x].len
		}
		i := slices.IndexFunc(st.holes, func(h hole) bool { return h.e-h.s >= size })
		if i < 0 {
			st.compact()
			return st.moves
		}
		st.relocate(int32(id), st.holes[i])
	}
	return st.moves
}

func newState(d *disk.Disk) *state {
	nfrags := 0
	for _, f := range d.Files {
		nfrags += len(f)
	}
	st := &state{n: int32(d.Blocks), own: make([]int32, d.Blocks), compactAt: compactAfter,
		runs:  make([]run, 0, nfrags+nfrags/4+16),
		heads: make([]int32, len(d.Files)), tails: make([]int32, len(d.Files)),
		sizes: make([]int32, len(d.Files))}
	for i := range st.own {
		st.own[i] = -1
	}
	for fi, f := range d.Files {
		prev := int32(-1)
		st.heads[fi] = -1
		for _, fr := range f {
			id := int32(len(st.runs))
			st.runs = append(st.runs, run{start: int32(fr.Start), len: int32(fr.Length), prev: prev, next: -1, file: int32(fi)})
			st.sizes[fi] += int32(fr.Length)
			if prev >= 0 {
				st.runs[prev].next = id
				st.breaks++
			} else {
				st.heads[fi] = id
			}
			st.tails[fi] = id
			for b := fr.Start; b < fr.End(); b++ {
				st.own[b] = id
			}
			prev = id
		}
	}
	// Most answers take one to three moves a break: reserving that much spares the
	// many small steps by which a long slice of moves would grow.
	st.moves = make([]Move, 0, 3*st.breaks+16)
	st.refresh(0, st.n, 0, 0, false)
	return st
}

// clone returns a copy of the state that shares nothing with it.
func (st *state) clone() *state {
	return &state{n: st.n, breaks: st.breaks, reach: st.reach, regather: st.regather, compactAt: st.compactAt, cursor: st.cursor,
		own: slices.Clone(st.own), runs: slices.Clone(st.runs), holes: slices.Clone(st.holes),
		heads: slices.Clone(st.heads), tails: slices.Clone(st.tails), sizes: slices.Clone(st.sizes),
		queue: slices.Clone(st.queue), dirty: slices.Clone(st.dirty), moves: slices.Clone(st.moves)}
}

// solve runs the greedy phases until every file is whole. It gives up and reports
// false once it has made more than limit moves or needed more than rooms calls of
// makeRoom; past 4 × blocks moves it falls back on compaction.
func (st *state) solve(limit, rooms int) bool {
	st.drain()
	st.dirty = st.dirty[:0]
	var queue []int32 // runs whose break may have become joinable
	for id := len(st.runs) - 1; id >= 0; id-- {
		if st.runs[id].next >= 0 && !st.runs[id].dead {
			queue = append(queue, int32(id))
		}
	}
	for st.breaks > 0 {
		if len(st.moves) > limit {
			return false
		}
		queue = st.joinQueued(queue, st.compactAt)
		if st.breaks == 0 {
			break
		}
		if rooms--; rooms < 0 {
			return false
		}
		if len(st.moves) > st.compactAt || !st.makeRoom() {
			st.compact()
			return len(st.moves) <= limit
		}
		st.drain()
		queue = append(queue, st.dirty...)
		st.dirty = st.dirty[:0]
	}
	return true
}

// joinQueued makes every join that the queued runs allow, most recently queued
// first. Each join's moves queue the runs beside the holes they changed. It stops
// when the queue is empty, every file is whole or the moves pass limit, and
// returns what is left of the queue.
func (st *state) joinQueued(queue []int32, limit int) []int32 {
	for len(queue) > 0 && st.breaks > 0 && len(st.moves) <= limit {
		id := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if st.join(id) {
			st.drain()
		}
		queue = append(queue, st.dirty...)
		st.dirty = st.dirty[:0]
	}
	return queue
}

// holeAt returns the index of the hole holding block x, or -1.
func (st *state) holeAt(x int32) int {
	// The block map answers most calls: the holes are exactly its free blocks.
	if x < 0 || x >= st.n || st.own[x] >= 0 {
		return -1
	}
	if i := st.endAfter(x); i < len(st.holes) && st.holes[i].s <= x {
		return i
	}
	return -1
}

// endAfter returns the index of the first hole that ends after block x, or the
// number of holes when there is none.
func (st *state) endAfter(x int32) int {
	// Gallop from where the last search ended to bracket the answer in [lo, hi],
	// then search the bracket.
	h := st.holes
	lo, hi := 0, len(h)
	if i := st.near; i < len(h) {
		if h[i].e > x {
			hi = i
			for step := 1; hi > 0; step *= 2 {
				j := max(hi-step, 0)
				if h[j].e <= x {
					lo = j + 1
					break
				}
				hi = j
			}
		} else {
			lo = i + 1
			for step := 1; lo < len(h); step *= 2 {
				j := min(lo+step, len(h)) - 1
				if h[j].e > x {
					hi = j
					break
				}
				lo = j + 1
			}
		}
	}
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if st.holes[m].e > x {
			hi = m
		} else {
			lo = m + 1
		}
	}
	st.near = lo
	return lo
}

// startAfter returns the index of the first hole that starts after block x, or the
// number of holes when there is none.
func (st *state) startAfter(x int32) int {
	lo, hi := 0, len(st.holes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if st.holes[m].s > x {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// setEdges marks the ends of hole h in the block map: its first block holds
// -2 minus its last block, and its last block -2 minus its first (for a hole of
// one block the two agree). Either end then gives the hole without a search. The
// other free blocks hold some negative number.
func (st *state) setEdges(h hole) {
	st.own[h.s], st.own[h.e-1] = -2-(h.e-1), -2-h.s
}

// lastFree returns the last block of the hole that starts at block s.
func (st *state) lastFree(s int32) int32 { return -2 - st.own[s] }

// firstFree returns the first block of the hole whose last block is l.
func (st *state) firstFree(l int32) int32 { return -2 - st.own[l] }

// freeFrom returns how many free blocks start at x.
func (st *state) freeFrom(x int32) int32 {
	if x >= st.n || st.own[x] >= 0 {
		return 0
	}
	if x == 0 || st.own[x-1] >= 0 {
		return st.lastFree(x) + 1 - x // a hole starts at x
	}
	if i := st.holeAt(x); i >= 0 {
		return st.holes[i].e - x
	}
	return 0
}

// freeUpTo returns how many free blocks end just before x.
func (st *state) freeUpTo(x int32) int32 {
	if x == 0 || st.own[x-1] >= 0 {
		return 0
	}
	if x == st.n || st.own[x] >= 0 {
		return x - st.firstFree(x-1) // a hole ends at x
	}
	if i := st.holeAt(x - 1); i >= 0 {
		return x - st.holes[i].s
	}
	return 0
}

// refresh rebuilds the holes touching [lo, hi) from the block map and queues the new
// ones for the exact-fit search. The last move changed [lo, hi) and [os, oe): one
// of them it left all free, [lo, hi) when cleared is set and [os, oe) otherwise.
// The parts of the old holes outside both ranges are still free and need no scan.
func (st *state) refresh(lo, hi, os, oe int32, cleared bool) {
	i := st.endAfter(lo - 1)
	j := i // the holes from i on that start at or before hi: few
	for j < len(st.holes) && st.holes[j].s <= hi {
		j++
	}
	a, b := lo, hi
	if i < j {
		a = min(a, st.holes[i].s)
		b = max(b, st.holes[j-1].e)
	}
	fresh := st.scratch[:0]
	for x := a; x < b; {
		if id := st.own[x]; id >= 0 {
			x = st.runs[id].end()
			continue
		}
		e := x
		for e < b && st.own[e] < 0 {
			// [a, lo) and [hi, b) were free before the move.
			switch {
			case cleared && e >= lo && e < hi:
				e = hi
			case !cleared && e >= os && e < oe:
				e = min(oe, b)
			case e < lo && (oe <= e || os >= lo):
				e = lo
			case e >= hi && (oe <= e || os >= b):
				e = b
			case (e < lo || e >= hi) && e < os:
				e = os
			default:
				e++
			}
		}
		fresh = append(fresh, hole{x, e})
		st.setEdges(hole{x, e})
		st.queue = append(st.queue, x)
		if x > 0 {
			st.dirty = append(st.dirty, st.own[x-1])
		}
		if e < st.n && st.runs[st.own[e]].prev >= 0 {
			st.dirty = append(st.dirty, st.runs[st.own[e]].prev)
		}
		x = e
	}
	st.replaceHoles(i, j, fresh)
	st.scratch = fresh
}

// replaceHoles replaces holes[i:j] with fresh, which does not share their storage.
// It only shifts the holes after j when the count changes.
func (st *state) replaceHoles(i, j int, fresh []hole) {
	switch d := len(fresh) - (j - i); {
	case d < 0:
		st.holes = append(st.holes[:i+len(fresh)], st.holes[j:]...)
	case d > 0:
		old := len(st.holes)
		st.holes = slices.Grow(st.holes, d)[:old+d]
		copy(st.holes[j+d:], st.holes[j:old])
	}
	copy(st.holes[i:], fresh)
}

// split cuts the run holding block at (not its first block) in two.
func (st *state) split(at int32) {
	id := st.own[at]
	if id < 0 || st.runs[id].start == at {
		return
	}
	r := &st.runs[id]
	nid := int32(len(st.runs))
	st.runs = append(st.runs, run{start: at, len: r.end() - at, prev: id, next: r.next, file: r.file})
	r = &st.runs[id]
	if r.next >= 0 {
		st.runs[r.next].prev = nid
	} else {
		st.tails[r.file] = nid
	}
	r.next = nid
	r.len = at - r.start
	for x := at; x < st.runs[nid].end(); x++ {
		st.own[x] = nid
	}
	st.breaks++
}

// move records and performs a move of the span [from, from+count) to the free blocks
// at to. Runs that the span cuts are split first; runs that end up next to their
// logical neighbours are merged.
func (st *state) move(from, to, count int32) {
	st.split(from)
	if from+count < st.n {
		st.split(from + count)
	}
	st.moves = append(st.moves, Move{int(from), int(to), int(count)})
	shift := to - from
	moved := st.movedBuf[:0]
	for b := from; b < from+count; {
		if id := st.own[b]; id >= 0 {
			moved = append(moved, id)
			b = st.runs[id].end()
		} else {
			b++
		}
	}
	// The ranges do not overlap: copy, then clear the source.
	src := st.own[from : from+count]
	copy(st.own[to:to+count], src)
	for i := range src {
		src[i] = -1
	}
	for _, id := range moved {
		st.runs[id].start += shift
	}
	st.refresh(from, from+count, to, to+count, true)
	st.refresh(to, to+count, from, from+count, false)
	for _, id := range moved {
		if st.runs[id].dead {
			continue
		}
		if p := st.runs[id].prev; p >= 0 && st.runs[p].end() == st.runs[id].start {
			st.merge(p, id)
			id = p
		}
		if n := st.runs[id].next; n >= 0 && st.runs[id].end() == st.runs[n].start {
			st.merge(id, n)
		}
	}
	st.movedBuf = moved
}

// merge joins run b onto its physically and logically preceding run a.
func (st *state) merge(a, b int32) {
	rb := &st.runs[b]
	for x := rb.start; x < rb.end(); x++ {
		st.own[x] = a
	}
	ra := &st.runs[a]
	ra.len += rb.len
	ra.next = rb.next
	if rb.next >= 0 {
		st.runs[rb.next].prev = a
	} else {
		st.tails[rb.file] = a
	}
	rb.dead = true
	st.breaks--
}

// drain tries the queued holes for exact fits until none is left.
func (st *state) drain() {
	for len(st.queue) > 0 {
		x := st.queue[len(st.queue)-1]
		st.queue = st.queue[:len(st.queue)-1]
		if x > 0 && x < st.n && st.own[x-1] < 0 {
			continue // free on its left: not where a hole starts
		}
		// A hole starts at x when x is free and the block before it is not.
		if x < st.n && st.own[x] < 0 && (x == 0 || st.own[x-1] >= 0) {
			st.exactFit(hole{x, st.lastFree(x) + 1})
		}
	}
}

// exactFit fills hole h with the span between its neighbours' logical neighbours
// when that span has exactly its size, mending two breaks with one move.
func (st *state) exactFit(h hole) bool {
	if h.s == 0 || h.e == st.n {
		return false
	}
	l, r := st.own[h.s-1], st.own[h.e]
	x, y := st.runs[l].next, st.runs[r].prev
	if x < 0 || y < 0 {
		return false
	}
	ss, se := st.runs[x].start, st.runs[y].end()
	if se-ss != h.e-h.s || !(se < h.s || ss > h.e) {
		return false
	}
	st.move(ss, h.s, se-ss)
	return true
}

// join mends the break after run a with one move when free space allows it.
func (st *state) join(a int32) bool {
	ra := st.runs[a]
	if ra.dead || ra.next < 0 {
		return false
	}
	rb := st.runs[ra.next]
	// Option 1: bring b to just after a. Option 2: bring a to just before b.
	fits1 := st.freeFrom(ra.end()) >= rb.len && (rb.start >= ra.end()+rb.len || rb.end() <= ra.end())
	to2 := rb.start - ra.len
	fits2 := to2 >= 0 && st.freeUpTo(rb.start) >= ra.len && (ra.end() <= to2 || ra.start >= rb.start)
	switch {
	case fits1 && fits2:
		// Prefer the one that fills its hole exactly, else the smaller run.
		if st.freeFrom(ra.end()) == rb.len || (st.freeUpTo(rb.start) != ra.len && rb.len <= ra.len) {
			st.move(rb.start, ra.end(), rb.len)
		} else {
			st.move(ra.start, to2, ra.len)
		}
	case fits1:
		st.move(rb.start, ra.end(), rb.len)
	case fits2:
		st.move(ra.start, to2, ra.len)
	default:
		return false
	}
	return true
}

// bestLayout lays the files of disk d, whose state st is, out anew (layOut) from
// either end, in the order of their first blocks or weighing the next layLook
// ones, and on a disk of up to wideBlocks blocks also taking the nearest and
// with either way of choosing the holes for evictions; it returns the shortest
// complete layout, or one that stopped short when none is complete (which
// cannot happen).
func bestLayout(d *disk.Disk, st *state) *state {
	var best *state
	looks, wides := []int{0, layLook}, []bool{false}
	if d.Blocks <= wideBlocks {
		looks, wides = []int{0, 1, layLook}, []bool{false, true}
	}
	for _, wide := range wides {
		for _, look := range looks {
			for _, mirrored := range [2]bool{false, true} {
				lay := st.clone()
				lay.layWide = wide
				if mirrored {
					lay.mirror()
				}
				lay.layOut(look)
				if mirrored {
					for i, m := range lay.moves {
						lay.moves[i] = Move{d.Blocks - m.From - m.Count, d.Blocks - m.To - m.Count, m.Count}
					}
				}
				if best == nil || lay.breaks == 0 && (best.breaks > 0 || len(lay.moves) < len(best.moves)) {
					best = lay
				}
			}
		}
	}
	return best
}

// wideBlocks is the largest disk on which bestLayout also tries layOut taking the
// nearest file next and with evictions into exact-or-largest holes
// (state.layWide): twelve layouts instead of four, cheap on a small disk.
const wideBlocks = 8192
