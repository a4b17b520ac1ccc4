// Package solver solves and counts Battleships puzzles. It holds the three solvers
// the programs under solutions/battleships share:
//
//   - Bap applies every rule until none changes the grid, then guesses a ship
//     placement on a copy of the grid and starts over;
//   - Search1 keeps only the rules that mark water, and guesses everything else;
//   - Search2 marks nothing at all: it places ships until the fleet is out and then
//     checks the result.
//
// All three guess the same way: the longest ship still missing goes, in turn, to
// each place it fits, and every place already tried is forbidden to that length in
// the later branches, so no configuration is reached twice and counts are exact.
package solver

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// Variant selects how much reasoning happens before guessing.
type Variant int

// The variants.
const (
	Bap     Variant = iota // every rule, then ship-placement search
	Search1                // only the rules that mark water, then search
	Search2                // pure search: no rules at all
)

// String names the variant as its program is named.
func (v Variant) String() string {
	switch v {
	case Bap:
		return "bap"
	case Search1:
		return "search1"
	case Search2:
		return "search2"
	}
	return fmt.Sprintf("variant(%d)", int(v))
}

// Options configure a run.
type Options struct {
	Variant Variant
	// AllowDiagonal lets ships touch at the corners. That breaks the puzzle's rules;
	// it exists only for a deliberately wrong program.
	AllowDiagonal bool
	// Explain, when set, receives every step with the grid after it, and once the
	// puzzle is solved the chain of steps that led to the answer.
	Explain io.Writer
}

// Stats are figures about one run.
type Stats struct {
	Guesses int // ship placements guessed
	Nodes   int // grids on which the rules ran to a fixpoint
	Steps   int // rule applications that changed something
}

// ErrNoSolution is returned by Solve when the puzzle has no solution.
var ErrNoSolution = errors.New("the puzzle has no solution")

// Solve returns the first solution found.
func Solve(p *grid.Puzzle, opt Options) (*grid.Puzzle, Stats, error) {
	w, s, err := newWorld(p, opt, 1)
	if err != nil {
		return nil, Stats{}, err
	}
	s.search()
	if w.count == 0 {
		return nil, w.stats, ErrNoSolution
	}
	out := p.Clone()
	copy(out.Cells, w.first)
	if w.explain != nil {
		fmt.Fprintf(w.explain, "\nThe chain of steps that led to the answer (%d):\n", len(w.firstSteps))
		for i, st := range w.firstSteps {
			fmt.Fprintf(w.explain, "%4d. %s\n", i+1, st)
		}
		w.explain.Write(grid.Format(out))
	}
	return out, w.stats, nil
}

// Count counts the solutions, stopping once limit are found (limit <= 0: no limit).
func Count(p *grid.Puzzle, opt Options, limit int) (int, Stats, error) {
	opt.Explain = nil
	w, s, err := newWorld(p, opt, limit)
	if err != nil {
		return 0, Stats{}, err
	}
	s.search()
	return w.count, w.stats, nil
}

// world is what every state of one run shares.
type world struct {
	R, C       int
	rowN, colN []int
	fleet      []int // fleet[l]: ships of length l
	maxL       int
	lens       []int // the fleet's lengths, longest first
	opt        Options
	explain    io.Writer
	rules      []rule
	stats      Stats
	limit      int
	count      int
	first      []byte
	firstSteps []string
	puzzle     *grid.Puzzle
}

func newWorld(p *grid.Puzzle, opt Options, limit int) (*world, *state, error) {
	if err := grid.Consistent(p); err != nil {
		return nil, nil, fmt.Errorf("inconsistent puzzle: %w", err)
	}
	w := &world{
		R: p.Rows, C: p.Cols, rowN: p.RowCounts, colN: p.ColCounts,
		maxL: p.MaxLen(), opt: opt, explain: opt.Explain, limit: limit, puzzle: p,
	}
	w.fleet = make([]int, w.maxL+1)
	for _, sh := range p.Fleet {
		w.fleet[sh.Len] += sh.Count
		w.lens = append(w.lens, sh.Len)
	}
	w.rules = rulesFor(opt.Variant)
	s := &state{w: w, g: slices.Clone(p.Cells)}
	s.alloc()
	return w, s, nil
}

func (w *world) done() bool { return w.limit > 0 && w.count >= w.limit }

// state is one grid in the search with what has been forbidden on its branch.
type state struct {
	w     *world
	g     []byte
	forb  []uint64 // bitset over placement ids
	steps []string // the chain of steps on this branch (explain mode only)
	why   string   // why the last check failed (explain mode only)
	// located holds the ids of the whole ships already reported (explain mode only).
	located map[int]bool
	fresh   []placement // whole ships found by the last legal, not yet reported

	// filled by tally
	rowShip, rowBlank, colShip, colBlank []int
	// filled by legal
	complete []int  // complete[l]: ships of length l already whole
	inShip   []bool // cells of whole ships
}

func (s *state) alloc() {
	w := s.w
	s.rowShip, s.rowBlank = make([]int, w.R), make([]int, w.R)
	s.colShip, s.colBlank = make([]int, w.C), make([]int, w.C)
	s.complete = make([]int, w.maxL+1)
	s.inShip = make([]bool, w.R*w.C)
}

func (s *state) clone() *state {
	c := &state{w: s.w, g: slices.Clone(s.g), forb: slices.Clone(s.forb), steps: slices.Clip(s.steps)}
	if s.located != nil {
		c.located = maps.Clone(s.located)
	}
	c.alloc()
	return c
}

// at returns the cell at (r, c); outside the grid is water.
func (s *state) at(r, c int) byte {
	if r < 0 || c < 0 || r >= s.w.R || c >= s.w.C {
		return grid.Water
	}
	return s.g[r*s.w.C+c]
}

func isShip(b byte) bool { return grid.IsShip(b) }

func (s *state) ship(r, c int) bool  { return isShip(s.at(r, c)) }
func (s *state) water(r, c int) bool { return s.at(r, c) == grid.Water }

// setWater marks a blank as water; false when the cell holds a ship part.
func (s *state) setWater(r, c int) (changed, ok bool) {
	if r < 0 || c < 0 || r >= s.w.R || c >= s.w.C {
		return false, true
	}
	i := r*s.w.C + c
	switch b := s.g[i]; {
	case b == grid.Blank:
		s.g[i] = grid.Water
		return true, true
	case b == grid.Water:
		return false, true
	}
	s.fail("(%d,%d) must be water but holds a ship part", r+1, c+1)
	return false, false
}

// setShip marks a blank as an unknown ship part; false when the cell is water.
func (s *state) setShip(r, c int) (changed, ok bool) {
	if r < 0 || c < 0 || r >= s.w.R || c >= s.w.C {
		s.fail("a ship would leave the grid next to (%d,%d)", r+1, c+1)
		return false, false
	}
	i := r*s.w.C + c
	switch b := s.g[i]; {
	case b == grid.Blank:
		s.g[i] = grid.Part
		return true, true
	case b == grid.Water:
		s.fail("(%d,%d) must be a ship part but is water", r+1, c+1)
		return false, false
	}
	return false, true
}

// setSym puts a known ship part in a blank or X cell.
func (s *state) setSym(r, c int, sym byte) (changed, ok bool) {
	i := r*s.w.C + c
	switch b := s.g[i]; b {
	case sym:
		return false, true
	case grid.Blank, grid.Part:
		s.g[i] = sym
		return true, true
	}
	s.fail("(%d,%d) would be %q but is %q", r+1, c+1, sym, s.g[i])
	return false, false
}

func (s *state) fail(format string, args ...any) {
	if s.w.explain != nil {
		s.why = fmt.Sprintf(format, args...)
	}
}

// tally counts ship parts and blanks per row and column.
func (s *state) tally() {
	w := s.w
	clear(s.rowShip)
	clear(s.rowBlank)
	clear(s.colShip)
	clear(s.colBlank)
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			switch b := s.g[r*w.C+c]; {
			case b == grid.Blank:
				s.rowBlank[r]++
				s.colBlank[c]++
			case isShip(b):
				s.rowShip[r]++
				s.colShip[c]++
			}
		}
	}
}

// rem returns how many ships of length l are not yet whole.
func (s *state) rem(l int) int { return s.w.fleet[l] - s.complete[l] }

func (s *state) remTotal() int {
	n := 0
	for _, l := range s.w.lens {
		n += s.rem(l)
	}
	return n
}

// gridText renders the state as a puzzle file (for explanations).
func (s *state) gridText() []byte {
	p := s.w.puzzle.Clone()
	copy(p.Cells, s.g)
	return grid.Format(p)
}

// step records a step: it goes to the explanation at once and into the chain.
func (s *state) step(text string, withGrid bool) {
	w := s.w
	w.stats.Steps++
	if w.explain == nil {
		return
	}
	s.steps = append(s.steps, text)
	fmt.Fprintf(w.explain, "step %d: %s\n", w.stats.Steps, text)
	if withGrid {
		w.explain.Write(s.gridText())
	}
}

// search runs the rules to a fixpoint and then guesses.
func (s *state) search() {
	w := s.w
	if w.done() {
		return
	}
	w.stats.Nodes++
	if !s.propagate() {
		if w.explain != nil {
			fmt.Fprintf(w.explain, "contradiction: %s; back to the last guess\n", s.why)
		}
		return
	}
	if s.remTotal() == 0 {
		s.finish()
		return
	}
	l := 0
	for _, x := range w.lens {
		if s.rem(x) > 0 {
			l = x
			break
		}
	}
	ps := s.placements(l)
	for i, p := range ps {
		if w.done() {
			return
		}
		c := s.clone()
		for _, q := range ps[:i] {
			c.forbid(q)
		}
		w.stats.Guesses++
		if w.explain != nil {
			c.step(fmt.Sprintf("guess %d of %d: a ship of length %d %s; the %d places tried before are ruled out for it",
				i+1, len(ps), l, p, i), false)
		}
		if !c.place(p) {
			continue
		}
		c.search()
	}
}

// finish handles a state whose fleet is all whole: the rest is water.
func (s *state) finish() {
	w := s.w
	for i, b := range s.g {
		if b == grid.Blank {
			s.g[i] = grid.Water
		}
	}
	if !s.legal() {
		if w.explain != nil {
			fmt.Fprintf(w.explain, "the fleet is placed but the grid is wrong: %s\n", s.why)
		}
		return
	}
	s.nameParts()
	if !s.legal() {
		return
	}
	for r := 0; r < w.R; r++ {
		if s.rowShip[r] != w.rowN[r] {
			return
		}
	}
	for c := 0; c < w.C; c++ {
		if s.colShip[c] != w.colN[c] {
			return
		}
	}
	for i, b := range s.g {
		if b == grid.Part || (isShip(b) && !s.inShip[i]) {
			return
		}
	}
	for _, l := range w.lens {
		if s.complete[l] != w.fleet[l] {
			return
		}
	}
	w.count++
	if w.count == 1 {
		w.first = slices.Clone(s.g)
		w.firstSteps = s.steps
	}
	if w.explain != nil {
		fmt.Fprintf(w.explain, "solution %d found\n", w.count)
	}
}

// nameParts gives every X of a whole ship its proper symbol.
func (s *state) nameParts() {
	w := s.w
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			if s.g[r*w.C+c] != grid.Part || !s.inShip[r*w.C+c] {
				continue
			}
			s.g[r*w.C+c] = s.shapeOf(r, c)
		}
	}
}

// shapeOf names a part of a whole ship from its neighbours.
func (s *state) shapeOf(r, c int) byte {
	l, rt, u, d := s.ship(r, c-1), s.ship(r, c+1), s.ship(r-1, c), s.ship(r+1, c)
	switch {
	case l && rt:
		return grid.Middle
	case rt:
		return grid.Left
	case l:
		return grid.Right
	case u && d:
		return grid.Middle
	case d:
		return grid.Top
	case u:
		return grid.Bottom
	}
	return grid.Sub
}

// reportLocated writes a locate_ships step for whole ships found since the last one
// (explain mode only).
func (s *state) reportLocated() {
	w := s.w
	if w.explain == nil || len(s.fresh) == 0 {
		return
	}
	if s.located == nil {
		s.located = map[int]bool{}
	}
	var parts []string
	var done []string
	for _, p := range s.fresh {
		id := s.pid(p)
		if s.located[id] {
			continue
		}
		s.located[id] = true
		parts = append(parts, fmt.Sprintf("length %d %s", p.l, p))
		if s.rem(p.l) == 0 {
			done = append(done, fmt.Sprint(p.l))
		}
	}
	if len(parts) == 0 {
		return
	}
	text := "locate_ships: whole ships found: " + strings.Join(parts, "; ")
	if len(done) > 0 {
		slices.Sort(done)
		text += "; every ship of length " + strings.Join(slices.Compact(done), ", ") + " is now placed"
	}
	s.steps = append(s.steps, text)
	fmt.Fprintf(w.explain, "%s\n", text)
}
