// Package exact is the reference TriMineSweeper player. It deduces with local
// rules first (a played cell whose unknown neighbours are all safe or all bombs,
// and bounds from pairs of overlapping cells), and when those are exhausted it
// counts every bomb layout of the frontier that agrees with all the numbers and
// with the number of bombs left on the board. Cells that are safe (or bombs) in
// every layout are resolved; otherwise it guesses the cell least likely to be a
// bomb under those exact probabilities, or, once at most a dozen cells are left,
// the move that an exhaustive search of the ending finds best for winning.
package exact

import (
	"fmt"
	"math"

	"github.com/judgehq/judge/solutions/trimines/internal/game"
)

// Cell states as the player knows them.
const (
	unknown = iota
	safeQ   // known safe, waiting to be played
	bombQ   // known bomb, waiting to be marked
	opened  // played
	flagged // marked
)

// Options tune the player; the zero value gives the defaults.
type Options struct {
	// Budget caps the search nodes of one frontier component; a component that
	// needs more is estimated locally instead. 0 means 200 000.
	Budget int
}

type player struct {
	g        game.Game
	n, size  int
	nb       [][]int32
	st       []uint8
	need     []int8 // opened cells: bombs still unknown among the neighbours
	unk      []int8 // opened cells: unknown neighbours
	queue    []int32
	qhead    int
	work     []int32
	inWork   []bool
	left     int // bombs not yet known
	unknown  int // cells in state unknown
	over     bool
	won      bool
	err      error
	budget   int
	stamp    []int32
	stampID  int32
	stats    Stats
	lastRisk float64
}

// Stats are figures about one game.
type Stats struct {
	Guesses     int // moves made without certainty
	Analyses    int // full frontier countings
	OverBudget  int // frontier components estimated instead of counted
	Moves       int
	WorstGuessP float64 // highest bomb probability of a guess taken
	LostAt      float64 // when lost: the bomb probability of the losing guess
	Endgames    int     // guesses chosen by the exhaustive endgame search
}

// Play plays one game to its end and reports whether it was won.
func Play(g game.Game, h game.Header, opt Options) (bool, Stats, error) {
	p := newPlayer(g, h, opt)
	p.know(h.R0*h.N+h.C0, false)
	for !p.over {
		if p.qhead < len(p.queue) {
			c := p.queue[p.qhead]
			p.qhead++
			p.move(int(c), p.st[c] == bombQ)
			continue
		}
		p.queue, p.qhead = p.queue[:0], 0
		if p.propagate() || p.global() || p.pairs() {
			continue
		}
		p.analyse()
	}
	return p.won, p.stats, p.err
}

func newPlayer(g game.Game, h game.Header, opt Options) *player {
	p := &player{
		g: g, n: h.N, size: h.N * h.N, nb: game.NeighbourTable(h.N),
		st: make([]uint8, h.N*h.N), need: make([]int8, h.N*h.N), unk: make([]int8, h.N*h.N),
		inWork: make([]bool, h.N*h.N), left: h.Bombs, unknown: h.N * h.N,
		budget: opt.Budget, stamp: make([]int32, h.N*h.N),
	}
	if p.budget <= 0 {
		p.budget = 200_000
	}
	return p
}

// know records a deduction about an unknown cell and queues its move.
func (p *player) know(cell int, bomb bool) {
	if p.st[cell] != unknown {
		return
	}
	p.unknown--
	if bomb {
		p.st[cell] = bombQ
		p.left--
	} else {
		p.st[cell] = safeQ
	}
	p.queue = append(p.queue, int32(cell))

	for _, o := range p.nb[cell] {
		if p.st[o] == opened {
			p.unk[o]--
			if bomb {
				p.need[o]--
			}
			p.touch(o)
		}
	}
}

func (p *player) touch(o int32) {
	if !p.inWork[o] {
		p.inWork[o] = true
		p.work = append(p.work, o)
	}
}

// move sends a queued move and takes in the reply.
func (p *player) move(cell int, mark bool) {
	r, err := p.g.Move(mark, cell)
	p.stats.Moves++
	if err != nil {
		p.over, p.err = true, fmt.Errorf("move on cell %d: %w", cell, err)
		return
	}
	if r.Over() {
		p.over, p.won = true, r.Win
		if r.Lose {
			p.stats.LostAt = p.lastRisk
		}
		return
	}
	if mark {
		p.st[cell] = flagged
		return
	}
	p.st[cell] = opened
	need, unk := r.Count, 0
	for _, o := range p.nb[cell] {
		switch p.st[o] {
		case unknown:
			unk++
		case bombQ, flagged:
			need--
		}
	}
	if need < 0 || need > unk {
		p.over, p.err = true, fmt.Errorf("cell %d: count %d contradicts what is known", cell, r.Count)
		return
	}
	p.need[cell], p.unk[cell] = int8(need), int8(unk)
	p.touch(int32(cell))
}

// propagate applies the single-cell rule to every changed played cell.
func (p *player) propagate() bool {
	found := false
	for len(p.work) > 0 {
		o := p.work[len(p.work)-1]
		p.work = p.work[:len(p.work)-1]
		p.inWork[o] = false
		if p.unk[o] == 0 || (p.need[o] != 0 && p.need[o] != p.unk[o]) {
			continue
		}
		bomb := p.need[o] != 0
		for _, c := range p.nb[o] {
			if p.st[c] == unknown {
				p.know(int(c), bomb)
				found = true
			}
		}
	}
	return found
}

// global resolves the whole board when the bombs left are none or all unknowns.
func (p *player) global() bool {
	if p.unknown == 0 || (p.left != 0 && p.left != p.unknown) {
		return false
	}
	bomb := p.left != 0
	for c := range p.st {
		if p.st[c] == unknown {
			p.know(c, bomb)
		}
	}
	return true
}

// unknownsOf appends the unknown neighbours of cell.
func (p *player) unknownsOf(cell int32, buf []int32) []int32 {
	for _, c := range p.nb[cell] {
		if p.st[c] == unknown {
			buf = append(buf, c)
		}
	}
	return buf
}

// pairs applies bounds from every two played cells sharing unknown neighbours:
// the shared part holds between max(0, a−|A∖B|, b−|B∖A|) and min(|A∩B|, a, b)
// bombs, which can settle either private part.
func (p *player) pairs() bool {
	found := false
	var bufA, bufB, bufI, onlyA, onlyB [12]int32
	seen := map[int32]bool{}
	for a := range p.st {
		if p.st[a] != opened || p.unk[a] == 0 {
			continue
		}
		A := p.unknownsOf(int32(a), bufA[:0])
		p.stampID++
		mine := p.stampID
		for _, c := range A {
			p.stamp[c] = mine
		}
		clear(seen)
		for _, c := range A {
			for _, b := range p.nb[c] {
				if int(b) <= a || p.st[b] != opened || p.unk[b] == 0 || seen[b] {
					continue
				}
				seen[b] = true
				B := p.unknownsOf(b, bufB[:0])
				oa, ob, both := onlyB[:0], onlyA[:0], bufI[:0]
				for _, x := range B {
					if p.stamp[x] == mine {
						both = append(both, x)
					} else {
						oa = append(oa, x) // in B only
					}
				}
				inter := len(both)
				if inter == 0 {
					continue
				}
				p.stampID++
				for _, x := range B {
					p.stamp[x] = p.stampID
				}
				for _, x := range A {
					if p.stamp[x] != p.stampID {
						ob = append(ob, x) // in A only
					}
				}
				for _, x := range A {
					p.stamp[x] = mine
				}
				na, nb := int(p.need[a]), int(p.need[b])
				lo := max(0, na-len(ob), nb-len(oa))
				hi := min(inter, na, nb)
				found = p.settle(ob, na-hi, na-lo) || found
				found = p.settle(oa, nb-hi, nb-lo) || found
				found = p.settle(both, lo, hi) || found
				if found {
					return true
				}
			}
		}
	}
	return found
}

// settle resolves cells known to hold between lo and hi bombs when that forces them.
func (p *player) settle(cells []int32, lo, hi int) bool {
	if len(cells) == 0 {
		return false
	}
	switch {
	case hi <= 0:
		for _, c := range cells {
			p.know(int(c), false)
		}
		return true
	case lo >= len(cells):
		for _, c := range cells {
			p.know(int(c), true)
		}
		return true
	}
	return false
}

// lnC returns ln(n choose k), or -Inf when k is out of [0, n].
func lnC(n, k int) float64 {
	if k < 0 || k > n {
		return math.Inf(-1)
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

var errNoCell = fmt.Errorf("no unknown cell left to guess")
