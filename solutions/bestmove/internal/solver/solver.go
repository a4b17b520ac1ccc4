// Package solver holds the bestmove solver that the programs under
// solutions/bestmove share. With the zero Options it follows the rules of the
// statement and is the reference; each other option gets one counting rule wrong,
// on purpose, for a deliberately wrong program.
package solver

import (
	"fmt"

	"github.com/judgehq/judge/problems/bestmove/board"
)

// Options name the rule variations. The zero value is the reference solver; every
// field set to true breaks one rule of the statement.
type Options struct {
	// AllStrings pursues every string of hits, not only the longest ones.
	AllStrings bool
	// KeepClosed takes a run of two or more hits shut at both ends for one ship,
	// where the rules consider each of its hits on its own across the run.
	KeepClosed bool
	// CountOverHits values a candidate next to hits by every placement through it,
	// not only by those that also cover the hits of a pursued string.
	CountOverHits bool
}

// cell is a grid square; dirs are bit sets of across (1) and down (2).
type cell struct{ r, c int }

const (
	across = 1
	down   = 2
)

func delta(dir int) cell {
	if dir == across {
		return cell{0, 1}
	}
	return cell{1, 0}
}

func (a cell) plus(d cell, k int) cell { return cell{a.r + k*d.r, a.c + k*d.c} }

func onBoard(a cell) bool { return a.r >= 0 && a.r < board.Size && a.c >= 0 && a.c < board.Size }

// target is a string of hits taken for one ship: its cells, the directions its ship
// may lie in, and the empty squares just beyond its ends.
type target struct {
	cells []cell
	dirs  int
	ends  []cell
}

// game is one position being solved under a set of options.
type game struct {
	p   *board.Position
	opt Options
}

func (g game) at(a cell) byte {
	if !onBoard(a) {
		return board.Sunk // off the board blocks like a sunk ship
	}
	return g.p.Grid[a.r][a.c]
}

// stretch returns the hits in a row or column through a hit, in order, and whether
// both ends are blocked (no empty square next to either end).
func (g game) stretch(h cell, dir int) ([]cell, bool) {
	d := delta(dir)
	lo := h
	for g.at(lo.plus(d, -1)) == board.Hit {
		lo = lo.plus(d, -1)
	}
	var cells []cell
	x := lo
	for ; g.at(x) == board.Hit; x = x.plus(d, 1) {
		cells = append(cells, x)
	}
	return cells, g.at(lo.plus(d, -1)) != board.Empty && g.at(x) != board.Empty
}

// targets lists the strings of hits, keeping only the longest ones unless the
// AllStrings option is set.
func (g game) targets() []target {
	var all []target
	seen := map[string]bool{}
	keep := func(cells []cell, dirs int) {
		key := fmt.Sprint(cells, dirs)
		if seen[key] {
			return
		}
		seen[key] = true
		t := target{cells: cells, dirs: dirs}
		for _, dir := range []int{across, down} {
			if dirs&dir == 0 {
				continue
			}
			d := delta(dir)
			for _, e := range []cell{cells[0].plus(d, -1), cells[len(cells)-1].plus(d, 1)} {
				if g.at(e) == board.Empty {
					t.ends = append(t.ends, e)
				}
			}
		}
		all = append(all, t)
	}
	for r := 0; r < board.Size; r++ {
		for c := 0; c < board.Size; c++ {
			h := cell{r, c}
			if g.at(h) != board.Hit {
				continue
			}
			row, rowShut := g.stretch(h, across)
			col, colShut := g.stretch(h, down)
			if g.opt.KeepClosed {
				// Wrong on purpose: a shut run is still taken for one ship.
				rowShut, colShut = false, false
			}
			if len(row) > 1 && !rowShut {
				keep(row, across)
			}
			if len(col) > 1 && !colShut {
				keep(col, down)
			}
			if len(row) == 1 && len(col) == 1 {
				keep(row, across|down)
			}
			if len(row) == 1 && len(col) > 1 && colShut {
				keep(row, across)
			}
			if len(col) == 1 && len(row) > 1 && rowShut {
				keep(col, down)
			}
		}
	}
	if g.opt.AllStrings {
		// Wrong on purpose: every string is pursued, not only the longest.
		return all
	}
	longest := 0
	for _, t := range all {
		longest = max(longest, len(t.cells))
	}
	var out []target
	for _, t := range all {
		if len(t.cells) == longest {
			out = append(out, t)
		}
	}
	return out
}

// anyHit reports whether some square holds a hit.
func (g game) anyHit() bool {
	for r := 0; r < board.Size; r++ {
		for c := 0; c < board.Size; c++ {
			if g.at(cell{r, c}) == board.Hit {
				return true
			}
		}
	}
	return false
}

// fits reports whether a ship of length n starting at s in direction dir lies on
// empty or hit squares only.
func (g game) fits(s cell, dir, n int) bool {
	d := delta(dir)
	for k := 0; k < n; k++ {
		if v := g.at(s.plus(d, k)); v != board.Empty && v != board.Hit {
			return false
		}
	}
	return true
}

// placementsThrough counts the placements of the ships in play that cover q and, when
// accept is not nil, that accept approves.
func (g game) placementsThrough(q cell, accept func(start cell, dir, n int) bool) int {
	count := 0
	for _, ship := range g.p.Ships {
		n := board.ShipLength(ship)
		for _, dir := range []int{across, down} {
			for k := 0; k < n; k++ {
				start := q.plus(delta(dir), -k)
				if !onBoard(start) || !onBoard(start.plus(delta(dir), n-1)) || !g.fits(start, dir, n) {
					continue
				}
				if accept == nil || accept(start, dir, n) {
					count++
				}
			}
		}
	}
	return count
}

// Best returns the best value of a position under opt and its squares, named as
// in the output (A1, B1, …), in row-major order.
func Best(p *board.Position, opt Options) (int, []string) {
	g := game{p, opt}
	values := map[cell]int{}
	ts := g.targets()
	if !g.anyHit() {
		for r := 0; r < board.Size; r++ {
			for c := 0; c < board.Size; c++ {
				if q := (cell{r, c}); g.at(q) == board.Empty {
					values[q] = g.placementsThrough(q, nil)
				}
			}
		}
	} else {
		for _, t := range ts {
			for _, e := range t.ends {
				if _, done := values[e]; done {
					continue
				}
				if g.opt.CountOverHits {
					// Wrong on purpose: every placement through the square
					// counts, also those that leave the hits aside.
					values[e] = g.placementsThrough(e, nil)
					continue
				}
				values[e] = g.placementsThrough(e, func(start cell, dir, n int) bool {
					return supports(ts, e, start, dir, n)
				})
			}
		}
	}
	top := 0
	var squares []string
	for r := 0; r < board.Size; r++ {
		for c := 0; c < board.Size; c++ {
			v, ok := values[cell{r, c}]
			if !ok {
				continue
			}
			if v > top {
				top, squares = v, nil
			}
			if v == top {
				squares = append(squares, board.SquareName(r, c))
			}
		}
	}
	return top, squares
}

// supports reports whether a placement covers every hit of some target that has e
// among its end squares, lying in a direction that target allows.
func supports(ts []target, e, start cell, dir, n int) bool {
	d := delta(dir)
	covered := func(x cell) bool {
		for k := 0; k < n; k++ {
			if start.plus(d, k) == x {
				return true
			}
		}
		return false
	}
	for _, t := range ts {
		if t.dirs&dir == 0 {
			continue
		}
		hasEnd := false
		for _, x := range t.ends {
			hasEnd = hasEnd || x == e
		}
		all := hasEnd
		for _, x := range t.cells {
			all = all && covered(x)
		}
		if all {
			return true
		}
	}
	return false
}
