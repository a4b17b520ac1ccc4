package count

import (
	"slices"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// grid is one region cut out of a board, turned so that its rows are no wider than
// its columns are tall: the dynamic programme sweeps it row by row, cell by cell,
// and its state grows with the width.
type grid struct {
	h, w      int
	cell      [][]int8 // board.Unknown, Miss or Hit; cells outside the region are Miss
	down      [][]int  // free run: non-miss cells from here downwards, this one included
	right     [][]int  // free run: non-miss cells from here rightwards, this one included
	r0, c0    int      // board position of the grid's top-left cell
	transpose bool     // grid row i, column j is board row r0+j, column c0+i
	// across, when not 0, is the length of a ship that the sweeps of this grid
	// lay across only, never down (see acrossOnly).
	across int
}

// newGrid cuts region reg out of b.
func newGrid(b *board.Board, reg *board.Region) *grid {
	g := &grid{r0: reg.Top, c0: reg.Left, h: reg.Rows(), w: reg.Cols()}
	if g.w > g.h {
		g.transpose = true
		g.h, g.w = g.w, g.h
	}
	g.cell = make([][]int8, g.h)
	for i := range g.cell {
		g.cell[i] = make([]int8, g.w)
		for j := range g.cell[i] {
			g.cell[i][j] = board.Miss
		}
	}
	for _, rc := range reg.Cells {
		i, j := g.local(rc[0], rc[1])
		g.cell[i][j] = b.Grid[rc[0]][rc[1]]
	}
	g.down = make([][]int, g.h+1)
	g.down[g.h] = make([]int, g.w)
	g.right = make([][]int, g.h)
	for i := g.h - 1; i >= 0; i-- {
		g.down[i] = make([]int, g.w)
		g.right[i] = make([]int, g.w+1)
		for j := g.w - 1; j >= 0; j-- {
			if g.cell[i][j] != board.Miss {
				g.down[i][j] = g.down[i+1][j] + 1
				g.right[i][j] = g.right[i][j+1] + 1
			}
		}
	}
	return g
}

// local maps a board position to grid coordinates.
func (g *grid) local(r, c int) (int, int) {
	if g.transpose {
		return c - g.c0, r - g.r0
	}
	return r - g.r0, c - g.c0
}

// boardPos maps grid coordinates to a board position.
func (g *grid) boardPos(i, j int) (int, int) {
	if g.transpose {
		return g.r0 + j, g.c0 + i
	}
	return g.r0 + i, g.c0 + j
}

// mirrored reports whether the grid is the same upside down.
func (g *grid) mirrored() bool {
	for i := range g.h / 2 {
		if !slices.Equal(g.cell[i], g.cell[g.h-1-i]) {
			return false
		}
	}
	return true
}

// backStop returns the highest row the backward sweep must reach: the middle
// when the grid is the same upside down, as then the per-cell counts are too and
// the rows above it are copies of those below, and otherwise the top.
func (g *grid) backStop() int {
	if g.mirrored() {
		return g.h / 2
	}
	return 0
}

// flipped reports whether the grid is the same from right to left.
func (g *grid) flipped() bool {
	for _, row := range g.cell {
		for j := range g.w / 2 {
			if row[j] != row[g.w-1-j] {
				return false
			}
		}
	}
	return true
}

// same reports whether grids g and o hold the same cells, wherever they lie on
// the board (the region's shape, misses and hits).
func (g *grid) same(o *grid) bool {
	if g.h != o.h || g.w != o.w || g.across != o.across {
		return false
	}
	for i := range g.cell {
		if !slices.Equal(g.cell[i], o.cell[i]) {
			return false
		}
	}
	return true
}

// diagonal reports whether the grid is square and the same mirrored in its
// main diagonal (cell (i, j) is cell (j, i)).
func (g *grid) diagonal() bool {
	if g.h != g.w {
		return false
	}
	for i := range g.h {
		for j := range i {
			if g.cell[i][j] != g.cell[j][i] {
				return false
			}
		}
	}
	return true
}

// fits reports whether a ship of length l fits somewhere in the grid, across or
// down, between misses and the edges.
func (g *grid) fits(l int) bool {
	for i := range g.h {
		for j := range g.w {
			if g.right[i][j] >= l || g.down[i][j] >= l {
				return true
			}
		}
	}
	return false
}

// acrossOnly picks, for each grid, the length of a ship its sweeps lay across
// only (0 for none), using the symmetry of a grid that is the same mirrored in
// its diagonal: mirroring a placement there turns each ship from across to down
// and back, so the placements with a given ship down are the mirror images of
// those with it across. When the fleet has exactly one ship of a length l ≥ 2
// and that ship fits in no other grid, every placement puts it in this grid;
// sweeping with it across only then counts half of every total that holds it
// (the sweep's byUse), and per-cell counts c give the true ones as
// c(i, j) + c(j, i). Without that ship the grid would sweep states with a long
// run coming down in every column: the standard fleet on the empty 10 × 10 board
// keeps about a fifth as many states this way under touch.
func acrossOnly(grids []*grid, f *fleet) {
	l := 0
	for t, m := range f.mult {
		if m == 1 && f.lens[t] >= 2 {
			l = f.lens[t] // the longest: lens is ascending
		}
	}
	if l == 0 {
		return
	}
	home := -1
	for k, g := range grids {
		if g.fits(l) {
			if home >= 0 {
				return // it fits in two grids
			}
			home = k
		}
	}
	if home >= 0 && grids[home].diagonal() {
		grids[home].across = l
	}
}
