package sudoku

import (
	"math/bits"
	"math/rand/v2"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

// The judge's own solving: counting solutions (the checker asks whether a puzzle has
// one, the generator whether it has exactly one) and grading a puzzle by the tactics
// of the assignment it needs. None of it is shared with the solutions.

const allDigits = 0x3fe // bits 1–9

// peers[i] lists the 20 cells that share a row, column or square with cell i.
var peers = func() (p [grid.Size][]int) {
	for i := range p {
		for j := 0; j < grid.Size; j++ {
			if j != i && (i/9 == j/9 || i%9 == j%9 || grid.Box(i) == grid.Box(j)) {
				p[i] = append(p[i], j)
			}
		}
	}
	return p
}()

// units lists the 27 sections: rows, columns, squares.
var units = func() (u [27][9]int) {
	for k := 0; k < 9; k++ {
		for i := 0; i < 9; i++ {
			u[k][i] = grid.Index(k, i)
			u[9+k][i] = grid.Index(i, k)
			u[18+k][i] = grid.Index(k/3*3+i/3, k%3*3+i%3)
		}
	}
	return u
}()

// search is a backtracking solver over row, column and square masks that fills the
// most constrained cell first.
type search struct {
	g                 grid.Grid
	rows, cols, boxes [9]uint16
	found             int
	limit             int
	first             grid.Grid
	rng               *rand.Rand // when set, digits are tried in random order
}

// place puts the givens of g on the masks; false when two of them clash.
func (s *search) place(g grid.Grid) bool {
	s.g = g
	for i, v := range g {
		if v == 0 {
			continue
		}
		bit := uint16(1) << v
		r, c, b := i/9, i%9, grid.Box(i)
		if (s.rows[r]|s.cols[c]|s.boxes[b])&bit != 0 {
			return false
		}
		s.rows[r] |= bit
		s.cols[c] |= bit
		s.boxes[b] |= bit
	}
	return true
}

func (s *search) run() {
	best, bestMask, bestN := -1, uint16(0), 10
	for i, v := range s.g {
		if v != 0 {
			continue
		}
		m := allDigits &^ (s.rows[i/9] | s.cols[i%9] | s.boxes[grid.Box(i)])
		n := bits.OnesCount16(m)
		if n == 0 {
			return
		}
		if n < bestN {
			best, bestMask, bestN = i, m, n
			if n == 1 {
				break
			}
		}
	}
	if best < 0 {
		if s.found == 0 {
			s.first = s.g
		}
		s.found++
		return
	}
	digits := make([]uint8, 0, 9)
	for m := bestMask; m != 0; m &= m - 1 {
		digits = append(digits, uint8(bits.TrailingZeros16(m)))
	}
	if s.rng != nil {
		s.rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	r, c, b := best/9, best%9, grid.Box(best)
	for _, v := range digits {
		bit := uint16(1) << v
		s.g[best] = v
		s.rows[r] |= bit
		s.cols[c] |= bit
		s.boxes[b] |= bit
		s.run()
		s.rows[r] &^= bit
		s.cols[c] &^= bit
		s.boxes[b] &^= bit
		if s.found >= s.limit {
			break
		}
	}
	s.g[best] = 0
}

// Solutions counts the solutions of puzzle, stopping at limit, and returns the first
// one found.
func Solutions(puzzle grid.Grid, limit int) (n int, first grid.Grid) {
	s := &search{limit: limit}
	if !s.place(puzzle) {
		return 0, first
	}
	s.run()
	return s.found, s.first
}

// randomFull returns a random complete grid.
func randomFull(rng *rand.Rand) grid.Grid {
	s := &search{limit: 1, rng: rng}
	s.run()
	return s.first
}

// Levels of difficulty: the tactics of the assignment a puzzle needs.
const (
	LevelSingles = 1 // tactic 1 alone solves it
	LevelHidden  = 2 // tactics 1 and 2 solve it
	LevelGuess   = 3 // tactic 3 (trying values) is needed
)

// propagate runs tactic 1 (a settled cell's digit leaves its peers) and, when hidden is
// set, tactic 2 (a digit with one place left in a section settles there) until neither
// changes anything. It returns false when a cell or a digit of a section has no place.
func propagate(p *[grid.Size]uint16, hidden bool) bool {
	for changed := true; changed; {
		changed = false
		for i, m := range p {
			if bits.OnesCount16(m) != 1 {
				continue
			}
			for _, j := range peers[i] {
				if p[j]&m != 0 {
					p[j] &^= m
					if p[j] == 0 {
						return false
					}
					changed = true
				}
			}
		}
		if !hidden {
			continue
		}
		for _, u := range units {
			for v := 1; v <= 9; v++ {
				bit, n, at := uint16(1)<<v, 0, 0
				for _, i := range u {
					if p[i]&bit != 0 {
						n, at = n+1, i
					}
				}
				if n == 0 {
					return false
				}
				if n == 1 && p[at] != bit {
					p[at] = bit
					changed = true
				}
			}
		}
	}
	return true
}

func candidates(puzzle grid.Grid) *[grid.Size]uint16 {
	var p [grid.Size]uint16
	for i, v := range puzzle {
		p[i] = allDigits
		if v != 0 {
			p[i] = 1 << v
		}
	}
	return &p
}

func settled(p *[grid.Size]uint16) bool {
	for _, m := range p {
		if bits.OnesCount16(m) != 1 {
			return false
		}
	}
	return true
}

// Grade says which tactics a puzzle with a unique solution needs, and how many values
// tactic 3 tries on the way to the solution when cells are tried in reading order,
// as the reference does (0 below LevelGuess).
func Grade(puzzle grid.Grid) (level, guesses int) {
	p := candidates(puzzle)
	if propagate(p, false) && settled(p) {
		return LevelSingles, 0
	}
	p = candidates(puzzle)
	if propagate(p, true) && settled(p) {
		return LevelHidden, 0
	}
	guessSearch(p, &guesses)
	return LevelGuess, guesses
}

// guessSearch is tactic 3 over propagate: try each candidate of the first unsettled
// cell on a copy. It reports whether a solution was reached and counts the tries.
func guessSearch(p *[grid.Size]uint16, guesses *int) bool {
	if !propagate(p, true) {
		return false
	}
	for i, m := range p {
		if bits.OnesCount16(m) == 1 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			q := *p
			q[i] = m & -m
			*guesses++
			if guessSearch(&q, guesses) {
				return true
			}
		}
		return false
	}
	return true
}
