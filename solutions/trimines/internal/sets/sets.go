// Package sets is a TriMineSweeper player after the strategy that won the 2002
// contest: every played cell yields a set (its unknown neighbours and how many
// bombs they hold). Sets with no bombs or only bombs give safe moves; between
// moves, resolved cells are cleaned out of the sets, a set holding another is
// reduced to the difference, and a dense set crossing a sparse one with a single
// bomb is split at their common part. When nothing is certain the player guesses
// in the set with the best odds, or anywhere on the board when the global odds
// are better.
package sets

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/judgehq/judge/solutions/trimines/internal/game"
)

// Cell states as the player knows them.
const (
	unknown = iota
	opened
	flagged
)

// set is a group of unknown cells (sorted) holding a known number of bombs.
type set struct {
	cells []int32
	bombs int
	dirty bool // changed since it was last compared with the others
}

type player struct {
	g        game.Game
	n, cells int
	nb       [][]int32
	st       []uint8
	unknown  int // cells not yet resolved
	left     int // bombs not yet marked
	sets     []set
	rng      *rand.Rand
	over     bool
	won      bool
	err      error
}

// Play plays one game to its end and reports whether it was won.
func Play(g game.Game, h game.Header) (bool, error) {
	p := &player{
		g: g, n: h.N, cells: h.N * h.N, nb: game.NeighbourTable(h.N),
		st: make([]uint8, h.N*h.N), unknown: h.N * h.N, left: h.Bombs,
		rng: rand.New(rand.NewPCG(uint64(h.N)<<32|uint64(h.Bombs), 2002)),
	}
	p.move(h.R0*h.N+h.C0, false)
	for !p.over {
		if !p.explore() && !p.clean() && !p.simplify() && !p.intersect() {
			p.pray()
		}
	}
	return p.won, p.err
}

// move makes one move unless the cell is already resolved, and adds the set a
// played cell reveals.
func (p *player) move(cell int, mark bool) {
	if p.over || p.st[cell] != unknown {
		return
	}
	r, err := p.g.Move(mark, cell)
	if err != nil {
		p.over, p.err = true, fmt.Errorf("move on cell %d: %w", cell, err)
		return
	}
	p.unknown--
	if r.Over() {
		p.over, p.won = true, r.Win
		return
	}
	if mark {
		p.st[cell] = flagged
		p.left--
		return
	}
	p.st[cell] = opened
	s := set{bombs: r.Count, dirty: true}
	for _, j := range p.nb[cell] {
		switch p.st[j] {
		case unknown:
			s.cells = append(s.cells, j)
		case flagged:
			s.bombs--
		}
	}
	if len(s.cells) > 0 {
		p.sets = append(p.sets, s)
	}
}

// remove drops set i by moving the last set into its place.
func (p *player) remove(i int) {
	last := len(p.sets) - 1
	p.sets[i] = p.sets[last]
	p.sets = p.sets[:last]
}

// explore resolves every set whose cells are all safe or all bombs.
func (p *player) explore() bool {
	did := false
	for i := 0; i < len(p.sets) && !p.over; {
		s := p.sets[i]
		if s.bombs != 0 && s.bombs != len(s.cells) {
			i++
			continue
		}
		did = true
		p.remove(i)
		for _, c := range s.cells {
			p.move(int(c), s.bombs != 0)
		}
	}
	return did
}

// clean removes resolved cells from every set.
func (p *player) clean() bool {
	did := false
	for i := range p.sets {
		s := &p.sets[i]
		kept := s.cells[:0]
		for _, c := range s.cells {
			switch p.st[c] {
			case unknown:
				kept = append(kept, c)
			case flagged:
				s.bombs--
			}
		}
		if len(kept) != len(s.cells) {
			did = true
		}
		s.cells = kept
	}
	return did
}

// contains reports whether sorted a holds every cell of sorted b.
func contains(a, b []int32) bool {
	i := 0
	for _, x := range b {
		for i < len(a) && a[i] < x {
			i++
		}
		if i == len(a) || a[i] != x {
			return false
		}
		i++
	}
	return true
}

// subtract returns a without the cells of b (both sorted).
func subtract(a, b []int32) []int32 {
	out := a[:0]
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// simplify compares every changed set with all others: an equal set is dropped,
// and a set holding another is reduced to the difference.
func (p *player) simplify() bool {
	did := false
	for {
		i := slices.IndexFunc(p.sets, func(s set) bool { return s.dirty })
		if i < 0 {
			return did
		}
		did = true
		p.sets[i].dirty = false
		for t := 0; t < len(p.sets); t++ {
			if t == i {
				continue
			}
			a, b := &p.sets[t], &p.sets[i]
			switch {
			case len(a.cells) == len(b.cells) && a.bombs == b.bombs && slices.Equal(a.cells, b.cells):
				p.remove(t)
				t = len(p.sets) // stop: one duplicate at most
			case len(a.cells) < len(b.cells) && a.bombs <= b.bombs && contains(b.cells, a.cells):
				b.cells = subtract(b.cells, a.cells)
				b.bombs -= a.bombs
				b.dirty = true
			case len(a.cells) > len(b.cells) && a.bombs >= b.bombs && contains(a.cells, b.cells):
				a.cells = subtract(a.cells, b.cells)
				a.bombs -= b.bombs
				a.dirty = true
			}
		}
	}
}

// common returns the cells both sorted sets hold.
func common(a, b []int32) []int32 {
	var out []int32
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// intersect looks for a dense set (at least 3 bombs, at most 2 safe cells) crossing
// a sparse set with one bomb in more cells than the dense one has safe cells: the
// common part then holds exactly that one bomb, and becomes a set of its own.
func (p *player) intersect() bool {
	if p.unknown > p.cells-10 {
		return false
	}
	for i := range p.sets {
		d := p.sets[i]
		safe := len(d.cells) - d.bombs
		if d.bombs < 3 || safe > 2 {
			continue
		}
		for j := range p.sets {
			s := p.sets[j]
			if j == i || s.bombs != 1 || len(s.cells) <= safe+1 {
				continue
			}
			com := common(d.cells, s.cells)
			if len(com) < safe+1 {
				continue
			}
			p.sets[i].cells = subtract(d.cells, com)
			p.sets[i].bombs--
			p.sets[i].dirty = true
			p.sets[j].cells = subtract(s.cells, com)
			p.sets[j].bombs--
			p.sets[j].dirty = true
			p.sets = append(p.sets, set{cells: com, bombs: 1, dirty: true})
			return true
		}
	}
	return false
}

// inOther reports whether cell belongs to a set other than set i.
func (p *player) inOther(cell int32, i int) bool {
	for j := range p.sets {
		if j != i {
			if _, ok := slices.BinarySearch(p.sets[j].cells, cell); ok {
				return true
			}
		}
	}
	return false
}

// pray guesses: in the set with the best odds (playing when safe cells are the
// majority, marking otherwise), preferring a cell no other set holds; or anywhere
// when the board's own odds are better, which is trusted only while at least half
// the board is unknown.
func (p *player) pray() {
	odds := func(cells, bombs int) (float64, bool) {
		safe := float64(cells-bombs) / float64(cells)
		if safe < 0.5 {
			return 1 - safe, true
		}
		return safe, false
	}
	best, mark := odds(p.unknown, p.left)
	if p.unknown*2 < p.cells {
		best = 0
	}
	pick := -1
	for i, s := range p.sets {
		if len(s.cells) == 0 {
			continue
		}
		if o, m := odds(len(s.cells), s.bombs); o >= best {
			best, mark, pick = o, m, i
		}
	}
	if pick >= 0 {
		s := p.sets[pick]
		k := len(s.cells) - 1
		for k > 0 && p.inOther(s.cells[k], pick) {
			k--
		}
		p.move(int(s.cells[k]), mark)
		return
	}
	cell := -1
	if p.unknown < p.cells/8 {
		cell = slices.Index(p.st, unknown)
	} else {
		for cell < 0 || p.st[cell] != unknown {
			cell = p.rng.IntN(p.cells)
		}
	}
	if cell < 0 {
		p.over, p.err = true, fmt.Errorf("no unknown cell left to guess")
		return
	}
	p.move(cell, mark)
}
