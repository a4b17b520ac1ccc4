package battleships

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
)

// genBudget bounds each uniqueness check of the generator. A check that runs out is
// treated as "not unique", so the hint it was about stays: the generator never
// claims more than it has shown.
const genBudget = 3_000_000

// Generate makes a puzzle: a random fleet placement, its counts, and hints removed one
// at a time in random order while the puzzle keeps exactly one solution. Params:
//
//	rows, cols  the size (default 10×10; 1 to 30 each)
//	fleet       e.g. "4x1 3x2 2x3 1x4" (default: scaled to the size, about a fifth
//	            of the cells)
//	extra       hints put back after the removal, to make the puzzle easier (default 0)
//	xparts      percent of the ship hints shown as X instead of their symbol (default 0)
//	multi       1: remove one hint more, so the puzzle has several solutions
func (p *Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	rows, err := intParam(params, "rows", 10, 1, grid.MaxSize)
	if err != nil {
		return nil, err
	}
	cols, err := intParam(params, "cols", 10, 1, grid.MaxSize)
	if err != nil {
		return nil, err
	}
	extra, err := intParam(params, "extra", 0, 0, grid.MaxSize*grid.MaxSize)
	if err != nil {
		return nil, err
	}
	xparts, err := intParam(params, "xparts", 0, 0, 100)
	if err != nil {
		return nil, err
	}
	multi, err := intParam(params, "multi", 0, 0, 1)
	if err != nil {
		return nil, err
	}
	fleet := defaultFleet(rows, cols)
	if s, ok := params["fleet"]; ok {
		f, err := grid.ParseFleet(s)
		if err != nil {
			return nil, fmt.Errorf("fleet=%q: %w", s, err)
		}
		fleet = f
	}
	for k := range params {
		switch k {
		case "rows", "cols", "fleet", "extra", "xparts", "multi":
		default:
			return nil, fmt.Errorf("unknown parameter %q (known: rows, cols, fleet, extra, xparts, multi)", k)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6261747473686970))
	sol, err := placeFleet(rng, rows, cols, fleet)
	if err != nil {
		return nil, err
	}
	pz := &grid.Puzzle{Rows: rows, Cols: cols, Fleet: fleet, Cells: sol,
		RowCounts: make([]int, rows), ColCounts: make([]int, cols)}
	for i, b := range sol {
		if grid.IsShip(b) {
			pz.RowCounts[i/cols]++
			pz.ColCounts[i%cols]++
		}
	}
	hints := append([]byte(nil), sol...)
	for i, b := range hints {
		if grid.IsShip(b) && rng.IntN(100) < xparts {
			hints[i] = grid.Part
		}
	}
	pz.Cells = append([]byte(nil), hints...)
	order := rng.Perm(len(hints))
	var removed []int
	for _, i := range order {
		keep := pz.Cells[i]
		pz.Cells[i] = grid.Blank
		if n, done := countSolutions(pz, 2, genBudget); done && n == 1 {
			removed = append(removed, i)
			continue
		}
		pz.Cells[i] = keep
	}
	for k := 0; k < extra && k < len(removed); k++ {
		i := removed[len(removed)-1-k]
		pz.Cells[i] = hints[i]
	}
	if multi == 1 {
		var given []int
		for i, b := range pz.Cells {
			if b != grid.Blank {
				given = append(given, i)
			}
		}
		if len(given) == 0 {
			return nil, fmt.Errorf("multi=1: the counts alone already fix the answer; no hint left to remove")
		}
		pz.Cells[given[rng.IntN(len(given))]] = grid.Blank
	}
	return grid.Format(pz), nil
}

func intParam(params problems.Params, name string, def, lo, hi int) (int, error) {
	s, ok := params[name]
	if !ok {
		return def, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("%s=%q: want a whole number from %d to %d", name, s, lo, hi)
	}
	return v, nil
}

// defaultFleet scales the classic fleet (one ship of the longest length, two of the
// next, …) so that it covers about a fifth of the grid.
func defaultFleet(rows, cols int) []grid.Ship {
	side := min(rows, cols)
	longest := 5
	switch {
	case side <= 3:
		longest = max(1, side-1)
	case side <= 7:
		longest = 3
	case side <= 12:
		longest = 4
	}
	base := 0
	for l := 1; l <= longest; l++ {
		base += l * (longest - l + 1)
	}
	scale := 0.2 * float64(rows*cols) / float64(base)
	var fleet []grid.Ship
	for l := longest; l >= 1; l-- {
		n := max(1, int(math.Round(float64(longest-l+1)*scale)))
		fleet = append(fleet, grid.Ship{Len: l, Count: n})
	}
	return fleet
}

// placeFleet puts the fleet at random, longest ships first, retrying from scratch
// when a ship finds no room.
func placeFleet(rng *rand.Rand, rows, cols int, fleet []grid.Ship) ([]byte, error) {
	for attempt := 0; attempt < 200; attempt++ {
		cells := make([]byte, rows*cols)
		for i := range cells {
			cells[i] = grid.Water
		}
		ok := true
		for _, s := range fleet {
			for n := 0; n < s.Count && ok; n++ {
				ok = placeOne(rng, cells, rows, cols, s.Len)
			}
		}
		if ok {
			return cells, nil
		}
	}
	return nil, fmt.Errorf("could not place the fleet %s on a %dx%d grid", grid.FleetString(fleet), rows, cols)
}

func placeOne(rng *rand.Rand, cells []byte, rows, cols, l int) bool {
	type spot struct {
		r, c int
		down bool
	}
	var spots []spot
	free := func(r, c int) bool {
		for y := r - 1; y <= r+1; y++ {
			for x := c - 1; x <= c+1; x++ {
				if y >= 0 && x >= 0 && y < rows && x < cols && cells[y*cols+x] != grid.Water {
					return false
				}
			}
		}
		return true
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			for _, down := range []bool{false, true} {
				if down && l == 1 {
					continue
				}
				dr, dc := 0, 1
				if down {
					dr, dc = 1, 0
				}
				if r+dr*(l-1) >= rows || c+dc*(l-1) >= cols {
					continue
				}
				fits := true
				for i := 0; i < l && fits; i++ {
					fits = free(r+dr*i, c+dc*i)
				}
				if fits {
					spots = append(spots, spot{r, c, down})
				}
			}
		}
	}
	if len(spots) == 0 {
		return false
	}
	s := spots[rng.IntN(len(spots))]
	dr, dc := 0, 1
	if s.down {
		dr, dc = 1, 0
	}
	for i := 0; i < l; i++ {
		cells[(s.r+dr*i)*cols+s.c+dc*i] = symbol(l, i, s.down)
	}
	return true
}
