package solver

import (
	"slices"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// The gather strategy mends whole files where they stand: one run of a
// fragmented file, its anchor, stays put and the others line up around it. The
// blocks the file will take on either side of the anchor are cleared first, each
// side in one move (a stretch of whole runs, gaps included) into a hole elsewhere;
// then every other run of the file moves into place, one move each. A file of k
// runs costs k - 1 moves and one more for each side that had to be cleared: 1.5
// moves a break for a file of three runs with one side to clear, where mending
// break by break costs two and the sweep two to three on a nearly full disk.
//
// What stops it is the free space breaking up: every run it pulls leaves a hole
// of the run's size, and a stretch cleared into a larger hole leaves the rest.
// So it only clears into a hole of exactly the stretch's size or else the
// largest, and it never leaves a gap beside the gathered file (when the stretch
// would end inside a run that reaches past the file's place) unless that gap
// joins a hole. Options are carried out cheapest first, moves per break, each
// looked at again just before; after each, the holes the moves changed take the
// runs that mend a break without breaking up the free space (cheapJoins). When
// no option is left the sweep finishes. Each of its passes leaves most of the
// free space in one hole, and on the nearly full disks where the sweep is the
// main strategy the gathering goes on before the next pass while that hole
// holds an eighth of the free space (state.regather), whether or not it went
// first.

// fileOption is one way to gather a file.
type fileOption struct {
	file int32
	ts   int32    // where the file goes
	ev   [2]hole  // the stretches to clear first, empty when s == e
	to   [2]int32 // where they go
	key  int      // its bucket: moves per break, in quarters, over one
}

// gatherKeys is the number of buckets of options: two moves a break and a hole
// split is the dearest option taken.
const gatherKeys = 6

// fileRuns appends the runs of file f in logical order to buf.
func (st *state) fileRuns(f int32, buf []int32) []int32 {
	for id := st.heads[f]; id >= 0; id = st.runs[id].next {
		buf = append(buf, id)
	}
	return buf
}

// stretch returns the shortest stretch of whole runs that holds every occupied
// block of [s, e), empty when they are all free.
func (st *state) stretch(s, e int32) hole {
	x := s
	for x < e && st.own[x] < 0 {
		x++
	}
	if x >= e {
		return hole{}
	}
	out := hole{st.runs[st.own[x]].start, 0}
	y := e - 1
	for st.own[y] < 0 {
		y--
	}
	out.e = st.runs[st.own[y]].end()
	return out
}

// evalFile returns the cheapest way to gather file f, or false. buf is scratch.
func (st *state) evalFile(f int32, buf []int32) (fileOption, bool) {
	rs := st.fileRuns(f, buf[:0])
	k := len(rs)
	if k < 2 {
		return fileOption{}, false
	}
	size := st.sizes[f]
	best := fileOption{key: gatherKeys}
	off := int32(0)
	for _, a := range rs {
		ra := st.runs[a]
		ts := ra.start - off
		te := ts + size
		off += ra.len
		if ts < 0 || te > st.n {
			continue
		}
		o := fileOption{file: f, ts: ts}
		o.ev[0] = st.stretch(ts, ra.start)
		o.ev[1] = st.stretch(ra.end(), te)
		// A stretch reaching past the file's place leaves a gap there, unless
		// a hole lies right beyond it.
		if l := o.ev[0]; l.e > l.s && l.s < ts && !(l.s > 0 && st.own[l.s-1] < 0) {
			continue
		}
		if r := o.ev[1]; r.e > te && !(r.e < st.n && st.own[r.e] < 0) {
			continue
		}
		span := hole{ts, max(te, o.ev[1].e)}
		if o.ev[0].e > o.ev[0].s {
			span.s = min(ts, o.ev[0].s)
		}
		extra, split := 0, 0
		ok := true
		var used [2]int32
		nused := 0
		for i, ev := range o.ev {
			if ev.e <= ev.s {
				continue
			}
			extra++
			h, found := st.holeFor(ev.e-ev.s, span, used[:nused])
			if !found {
				ok = false
				break
			}
			if h.e-h.s != ev.e-ev.s {
				split++
			}
			o.to[i] = h.s
			used[nused] = h.s
			nused++
		}
		if !ok {
			continue
		}
		o.key = 4*(k-1+extra)/(k-1) - 4 + split
		if o.key < best.key {
			best = o
		}
	}
	return best, best.key < gatherKeys
}

// holeFor returns a hole of exactly size blocks that does not meet avoid and is not
// in used, else the largest such hole of at least size blocks.
func (st *state) holeFor(size int32, avoid hole, used []int32) (hole, bool) {
	bi := -1
	for i, h := range st.holes {
		if h.e-h.s < size || (h.s < avoid.e && avoid.s < h.e) || slices.Contains(used, h.s) {
			continue
		}
		if h.e-h.s == size {
			return h, true
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

// carryFile performs option o: the clearing moves, then every run into place.
func (st *state) carryFile(o fileOption) {
	for i, ev := range o.ev {
		if ev.e > ev.s {
			st.move(ev.s, o.to[i], ev.e-ev.s)
		}
	}
	// Runs merge as they arrive: look for the first one out of place anew each
	// time.
	for {
		at := o.ts
		id := st.heads[o.file]
		for id >= 0 && st.runs[id].start == at {
			at += st.runs[id].len
			id = st.runs[id].next
		}
		if id < 0 {
			return
		}
		st.move(st.runs[id].start, at, st.runs[id].len)
	}
}

// gather carries out file options, cheapest first, while any is left and the
// moves stay under st.compactAt; with floor above zero it also stops once the
// largest hole holds less than floor sixteenths of the free space.
func (st *state) gather(floor int32) {
	free := int32(0)
	for _, h := range st.holes {
		free += h.e - h.s
	}
	var buckets [gatherKeys][]int32
	var buf []int32
	for f := range st.heads {
		if o, ok := st.evalFile(int32(f), buf); ok {
			buckets[o.key] = append(buckets[o.key], int32(f))
		}
	}
	for st.breaks > 0 && len(st.moves) < st.compactAt {
		if floor > 0 {
			big := int32(0)
			for _, h := range st.holes {
				big = max(big, h.e-h.s)
			}
			if 16*big < floor*free {
				return
			}
		}
		k := 0
		for k < gatherKeys && len(buckets[k]) == 0 {
			k++
		}
		if k == gatherKeys {
			return
		}
		f := buckets[k][len(buckets[k])-1]
		buckets[k] = buckets[k][:len(buckets[k])-1]
		o, ok := st.evalFile(f, buf)
		if !ok {
			continue
		}
		if o.key > k {
			buckets[o.key] = append(buckets[o.key], f)
			continue
		}
		st.carryFile(o)
		// The holes the moves changed may take a run that mends a break at no
		// cost to the free space (see cheapJoin), or a span that mends two.
		st.cheapJoins(hole{})
	}
}

// gatherSuits reports whether the gather strategy should go before the sweep on
// nearly full disk d, whose holes st holds: its files are small (8 blocks or
// fewer on average), and the free space is mostly one hole that holds ten
// average files. Scattered free space breaks up before the gathering gets far,
// and the sweep after it then does worse than on its own.
func gatherSuits(d *disk.Disk, st *state) bool {
	big, free := 0, 0
	for _, h := range st.holes {
		big = max(big, int(h.e-h.s))
		free += int(h.e - h.s)
	}
	used := d.Blocks - free
	files := len(d.Files)
	return 2*big >= free && used <= 8*files && free*files >= 10*used
}
