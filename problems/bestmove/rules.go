package bestmove

import (
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems/bestmove/board"
)

// Square is a cell of the grid, 0-based.
type Square struct{ Row, Col int }

// String names the square as the output does: column letter, then row number.
func (s Square) String() string { return board.SquareName(s.Row, s.Col) }

// Best is the answer for one position: the best value and every square that has it,
// in row-major order.
type Best struct {
	Value   int
	Squares []Square
}

// Line renders the answer line of the output format.
func (b Best) Line() string {
	names := make([]string, len(b.Squares))
	for i, s := range b.Squares {
		names[i] = s.String()
	}
	return "Best Move Value: " + strconv.Itoa(b.Value) + " at " + strings.Join(names, ", ")
}

// direction bits of a string of hits.
const (
	horizontal = 1 << iota
	vertical
)

// step returns the row and column increments of one direction bit.
func step(dir int) (dr, dc int) {
	if dir == horizontal {
		return 0, 1
	}
	return 1, 0
}

// hitString is a run of hits believed to be one ship, with the directions along
// which that ship may lie (both for a lone hit).
type hitString struct {
	first, last Square // in increasing order along the direction
	dirs        int
	n           int
	cands       []Square // empty squares just beyond the ends, set by pursued
}

// placement is a ship laid on the grid over cells that are empty or hit.
type placement struct {
	ship   int // index into the position's ship list
	r, c   int // first cell
	dir    int
	length int
}

func (pl placement) covers(s Square) bool {
	dr, dc := step(pl.dir)
	for k := 0; k < pl.length; k++ {
		if pl.r+k*dr == s.Row && pl.c+k*dc == s.Col {
			return true
		}
	}
	return false
}

// openPlacements lists every placement of every ship in play that lies on empty or
// hit cells only.
func openPlacements(p *board.Position) []placement {
	var out []placement
	for i, letter := range p.Ships {
		n := board.ShipLength(letter)
		for _, dir := range []int{horizontal, vertical} {
			dr, dc := step(dir)
			for r := 0; r+dr*(n-1) < board.Size; r++ {
				for c := 0; c+dc*(n-1) < board.Size; c++ {
					ok := true
					for k := 0; k < n && ok; k++ {
						v := p.Grid[r+k*dr][c+k*dc]
						ok = v == board.Empty || v == board.Hit
					}
					if ok {
						out = append(out, placement{ship: i, r: r, c: c, dir: dir, length: n})
					}
				}
			}
		}
	}
	return out
}

// Solve computes the best move of a position by the rules of the statement. A zero
// Value (with or without squares) means no square is worth anything; valid inputs
// never lead there.
func Solve(p *board.Position) Best {
	value, candidate := values(p)
	var b Best
	for r := range board.Size {
		for c := range board.Size {
			if !candidate[r][c] {
				continue
			}
			switch v := value[r][c]; {
			case v > b.Value:
				b = Best{Value: v, Squares: []Square{{r, c}}}
			case v == b.Value:
				b.Squares = append(b.Squares, Square{r, c})
			}
		}
	}
	return b
}

// values returns the value of every square by the rules of the statement and which
// squares are candidates for the best move (the others' values do not count).
func values(p *board.Position) (value [board.Size][board.Size]int, candidate [board.Size][board.Size]bool) {
	places := openPlacements(p)
	strs := pursued(p)
	if len(strs) == 0 && !anyHit(p) {
		for r := range board.Size {
			for c := range board.Size {
				candidate[r][c] = p.Grid[r][c] == board.Empty
			}
		}
		for _, pl := range places {
			dr, dc := step(pl.dir)
			for k := 0; k < pl.length; k++ {
				value[pl.r+k*dr][pl.c+k*dc]++
			}
		}
	} else {
		for _, s := range strs {
			for _, q := range s.cands {
				candidate[q.Row][q.Col] = true
			}
		}
		for r := range board.Size {
			for c := range board.Size {
				if !candidate[r][c] {
					continue
				}
				q := Square{r, c}
				for _, pl := range places {
					if pl.covers(q) && countsFor(pl, q, strs) {
						value[r][c]++
					}
				}
			}
		}
	}
	return value, candidate
}

// countsFor reports whether a placement through q supports some pursued string that
// has q as a candidate: it lies along one of the string's directions and covers all
// of its hits.
func countsFor(pl placement, q Square, strs []hitString) bool {
	for _, s := range strs {
		if pl.dir&s.dirs == 0 || !s.hasCandidate(q) {
			continue
		}
		if !pl.covers(s.first) || !pl.covers(s.last) {
			continue
		}
		return true
	}
	return false
}

func (s hitString) candidates(p *board.Position) []Square {
	var out []Square
	for _, dir := range []int{horizontal, vertical} {
		if s.dirs&dir == 0 {
			continue
		}
		dr, dc := step(dir)
		for _, q := range []Square{{s.first.Row - dr, s.first.Col - dc}, {s.last.Row + dr, s.last.Col + dc}} {
			if inside(q) && p.Grid[q.Row][q.Col] == board.Empty {
				out = append(out, q)
			}
		}
	}
	return out
}

func (s hitString) hasCandidate(q Square) bool {
	for _, c := range s.cands {
		if c == q {
			return true
		}
	}
	return false
}

func inside(q Square) bool {
	return q.Row >= 0 && q.Row < board.Size && q.Col >= 0 && q.Col < board.Size
}

func anyHit(p *board.Position) bool {
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] == board.Hit {
				return true
			}
		}
	}
	return false
}

// run returns the maximal run of hits through h in direction dir, and whether it is
// closed: no empty cell just beyond either end (a miss, a sunk ship or the edge).
func run(p *board.Position, h Square, dir int) (first, last Square, n int, closed bool) {
	dr, dc := step(dir)
	hit := func(q Square) bool { return inside(q) && p.Grid[q.Row][q.Col] == board.Hit }
	first, last = h, h
	for hit(Square{first.Row - dr, first.Col - dc}) {
		first = Square{first.Row - dr, first.Col - dc}
	}
	for hit(Square{last.Row + dr, last.Col + dc}) {
		last = Square{last.Row + dr, last.Col + dc}
	}
	n = (last.Row - first.Row) + (last.Col - first.Col) + 1
	before := Square{first.Row - dr, first.Col - dc}
	after := Square{last.Row + dr, last.Col + dc}
	open := func(q Square) bool { return inside(q) && p.Grid[q.Row][q.Col] == board.Empty }
	return first, last, n, !open(before) && !open(after)
}

// hitStrings splits the hits of a position into strings believed to be single ships:
//   - a run of two or more hits with an empty cell beyond at least one end is one
//     ship lying along the run;
//   - a run of two or more hits closed at both ends cannot be one ship, so each of
//     its hits is taken on its own across the run (joining the crossing run when that
//     one is open);
//   - a hit in no run of two is a lone hit that may belong to a ship either way.
func hitStrings(p *board.Position) []hitString {
	var out []hitString
	add := func(s hitString) {
		for _, t := range out {
			if t.first == s.first && t.last == s.last && t.dirs == s.dirs {
				return
			}
		}
		out = append(out, s)
	}
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] != board.Hit {
				continue
			}
			h := Square{r, c}
			hf, hl, hn, hClosed := run(p, h, horizontal)
			vf, vl, vn, vClosed := run(p, h, vertical)
			if hn >= 2 && !hClosed {
				add(hitString{first: hf, last: hl, dirs: horizontal, n: hn})
			}
			if vn >= 2 && !vClosed {
				add(hitString{first: vf, last: vl, dirs: vertical, n: vn})
			}
			switch {
			case hn == 1 && vn == 1:
				add(hitString{first: h, last: h, dirs: horizontal | vertical, n: 1})
			case vn >= 2 && vClosed && hn == 1:
				add(hitString{first: h, last: h, dirs: horizontal, n: 1})
			case hn >= 2 && hClosed && vn == 1:
				add(hitString{first: h, last: h, dirs: vertical, n: 1})
			}
		}
	}
	return out
}

// pursued returns the longest strings of hits: the ones the next shot goes after.
func pursued(p *board.Position) []hitString {
	all := hitStrings(p)
	longest := 0
	for _, s := range all {
		longest = max(longest, s.n)
	}
	var out []hitString
	for _, s := range all {
		if s.n == longest {
			s.cands = s.candidates(p)
			out = append(out, s)
		}
	}
	return out
}
