package solver

import (
	"math"
	"sort"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// maxPasses bounds the sweeps of sweepPlan.
const maxPasses = 60

// sweepPlan sweeps the disk back and forth (every other pass runs on the mirror
// image, where a file's order is reversed too) until two passes in a row cost more
// than eight moves per mended break, then finishes with the greedy phases. It
// hands over to compaction early enough to stay under the checker's cap.
func sweepPlan(d *disk.Disk) []Move {
	var all []Move
	n := d.Blocks
	mirrored := false
	cur := d
	stalled := 0
	for pass := 0; ; pass++ {
		st := newState(cur)
		st.compactAt = compactAfter - len(all)
		before := st.breaks
		st.sweep()
		// Two passes in a row that cost more than eight moves a mended break are
		// not worth repeating: the greedy phases finish the job.
		if fixed := before - st.breaks; 8*fixed < len(st.moves) {
			stalled++
		} else {
			stalled = 0
		}
		if st.breaks > 0 && (pass == maxPasses || stalled == 2 || len(st.moves) >= st.compactAt) {
			st.solve(math.MaxInt, math.MaxInt)
		}
		for _, m := range st.moves {
			if mirrored {
				m = Move{n - m.From - m.Count, n - m.To - m.Count, m.Count}
			}
			all = append(all, m)
		}
		if st.breaks == 0 {
			return all
		}
		cur = mirror(st.toDisk())
		mirrored = !mirrored
	}
}

// toDisk returns the disk as it now stands. All files share one backing array.
func (st *state) toDisk() *disk.Disk {
	live, heads := 0, 0
	for id := range st.runs {
		if r := &st.runs[id]; !r.dead {
			live++
			if r.prev < 0 {
				heads++
			}
		}
	}
	frags := make([]disk.Fragment, 0, live)
	d := &disk.Disk{Blocks: int(st.n), Files: make([]disk.File, 0, heads)}
	for id := range st.runs {
		if r := st.runs[id]; r.dead || r.prev >= 0 {
			continue
		}
		first := len(frags)
		for q := int32(id); q >= 0; q = st.runs[q].next {
			frags = append(frags, disk.Fragment{Start: int(st.runs[q].start), Length: int(st.runs[q].len)})
		}
		d.Files = append(d.Files, disk.File(frags[first:len(frags):len(frags)]))
	}
	return d
}

// mirror turns d into its image seen from the other end, in place: block b becomes
// block n-1-b and every file's fragments come in reverse order.
func mirror(d *disk.Disk) *disk.Disk {
	for _, f := range d.Files {
		for i, j := 0, len(f)-1; i <= j; i, j = i+1, j-1 {
			a, b := f[i], f[j]
			f[i] = disk.Fragment{Start: d.Blocks - b.Start - b.Length, Length: b.Length}
			f[j] = disk.Fragment{Start: d.Blocks - a.Start - a.Length, Length: a.Length}
		}
	}
	return d
}

// sweep walks the leftmost hole across the disk to its end. At each step the hole
// either swallows the data to its right (moving up to a hole's worth of blocks to its
// left edge, which merges it with any hole it reaches) or, when that data belongs to
// a fragmented file that fits the hole with half the free space to spare, gathers
// the file into the hole in logical order, one move per run (or, when the data is
// the file's last run, lines the other runs up just before it). Runs the file leaves
// behind become holes that the walk picks up later. On a nearly full disk this costs
// about one move per run of a fragmented file plus one per hole's worth of blocks
// walked, and it leaves the free space it collected in one hole at the end.
func (st *state) sweep() {
	if len(st.holes) == 0 {
		return
	}
	total := int32(0)
	for _, h := range st.holes {
		total += h.e - h.s
	}
	reserve := total / 2
	x := st.holes[0].s
	for st.breaks > 0 && len(st.moves) < st.compactAt {
		i := st.holeAt(x)
		if i < 0 {
			// The hole was used up exactly: carry on from the next one.
			j := sort.Search(len(st.holes), func(j int) bool { return st.holes[j].s > x })
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
			if st.runs[r].next < 0 && st.gatherable(head, g+st.runs[r].len, reserve) {
				// The hole's neighbour is the file's last run: it stays, and the
				// other runs line up in the hole just before it.
				at := h.e - (st.fileSize(head) - st.runs[r].len)
				for q := head; q != r; {
					next, l := st.runs[q].next, st.runs[q].len
					st.move(st.runs[q].start, at, l)
					at += l
					q = next
				}
				continue
			}
			if st.gatherable(head, g, reserve) {
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
		}
		end := h.e
		for end < st.n && end-h.e < g && st.own[end] >= 0 {
			id := st.own[end]
			if hd := st.head(id); end > h.e && st.runs[hd].next >= 0 && st.gatherable(hd, g, reserve) {
				break // stop in front of a fragmented file to gather it next
			}
			end = min(st.runs[id].end(), h.e+g)
		}
		st.move(h.e, h.s, end-h.e)
		x = h.s + end - h.e
	}
}

// gatherable reports whether the file starting with run head fits a hole of g
// blocks with reserve blocks to spare (or fills it exactly).
func (st *state) gatherable(head, g, reserve int32) bool {
	size := st.fileSize(head)
	return size <= g-reserve || size == g
}

// head returns the first run of the file that run id belongs to.
func (st *state) head(id int32) int32 {
	for st.runs[id].prev >= 0 {
		id = st.runs[id].prev
	}
	return id
}

// fileSize returns the number of blocks of the file whose first run is head.
func (st *state) fileSize(head int32) int32 {
	n := int32(0)
	for q := head; q >= 0; q = st.runs[q].next {
		n += st.runs[q].len
	}
	return n
}
