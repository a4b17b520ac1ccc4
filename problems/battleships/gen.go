package battleships

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
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
	cfg, err := parseGenParams(params)
	if err != nil {
		return nil, err
	}
	rows, cols, fleet, extra, xparts, multi := cfg.rows, cfg.cols, cfg.fleet, cfg.extra, cfg.xparts, cfg.multi
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

// genConfig is the parsed generator parameters.
type genConfig struct {
	rows, cols int
	fleet      []grid.Ship
	extra      int
	xparts     int
	multi      int
}

// parseGenParams reads the generator parameters (see Generate), applying the
// defaults. Unknown names are looked for first, in name order, so that a refusal
// does not depend on the map's order. A fleet must fit the grid: no ship longer
// than the grid, and no more room needed than it has (see fleetRoom), which also
// bounds the work of placing it.
func parseGenParams(params problems.Params) (genConfig, error) {
	var cfg genConfig
	for _, k := range slices.Sorted(maps.Keys(params)) {
		switch k {
		case "rows", "cols", "fleet", "extra", "xparts", "multi":
		default:
			return cfg, fmt.Errorf("unknown parameter %q (known: rows, cols, fleet, extra, xparts, multi)", k)
		}
	}
	var err error
	if cfg.rows, err = intParam(params, "rows", 10, 1, grid.MaxSize); err != nil {
		return cfg, err
	}
	if cfg.cols, err = intParam(params, "cols", 10, 1, grid.MaxSize); err != nil {
		return cfg, err
	}
	if cfg.extra, err = intParam(params, "extra", 0, 0, grid.MaxSize*grid.MaxSize); err != nil {
		return cfg, err
	}
	if cfg.xparts, err = intParam(params, "xparts", 0, 0, 100); err != nil {
		return cfg, err
	}
	if cfg.multi, err = intParam(params, "multi", 0, 0, 1); err != nil {
		return cfg, err
	}
	cfg.fleet = defaultFleet(cfg.rows, cfg.cols)
	s, ok := params["fleet"]
	if !ok {
		return cfg, nil
	}
	if cfg.fleet, err = parseFleet(s); err != nil {
		return cfg, err
	}
	size := fmt.Sprintf("a %d×%d grid (rows=%d, cols=%d)", cfg.rows, cfg.cols, cfg.rows, cfg.cols)
	if l := cfg.fleet[0].Len; l > max(cfg.rows, cfg.cols) {
		return cfg, fmt.Errorf("fleet=%q: a ship of %d does not fit %s; want ships of at most %d",
			s, l, size, max(cfg.rows, cfg.cols))
	}
	if need, room := fleetRoom(cfg.fleet, cfg.rows, cfg.cols); need > room {
		return cfg, fmt.Errorf("fleet=%q cannot fit %s: ships may not touch, not even at a corner, so each ship "+
			"of length l takes 2(l+1) cells of the grid widened by a row and a column; the fleet needs %d, the grid has %d; "+
			"want a smaller fleet or a larger grid", s, size, need, room)
	}
	return cfg, nil
}

// parseFleet reads the fleet parameter as the fleet line of a puzzle file reads it,
// placing a fault by its character in the parameter rather than its column in a file.
func parseFleet(s string) ([]grid.Ship, error) {
	fleet, err := grid.ParseFleet(s)
	if err == nil {
		return fleet, nil
	}
	var ie *problems.InputError
	if errors.As(err, &ie) {
		const prefix = len("fleet: ") // the line grid.ParseFleet reads
		err = fmt.Errorf("at character %d: %s", max(1, ie.Col-prefix), ie.Msg)
	}
	return nil, fmt.Errorf("fleet=%q: %w; want ships written LENGTHxCOUNT, longest first, one space apart, e.g. \"4x1 3x2 2x3 1x4\"", s, err)
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

// fleetRoom returns the room the fleet needs and the room a rows × cols grid has,
// both counted in cells of the grid widened by one row and one column: a ship of
// length l, with the cells just right of and below it, covers a block of 2(l+1)
// of them, and ships that do not touch, not even at a corner, cover no cell in
// common. A fleet that needs more room than the grid has cannot be placed.
func fleetRoom(fleet []grid.Ship, rows, cols int) (need, room int) {
	for _, s := range fleet {
		need += s.Count * 2 * (s.Len + 1)
	}
	return need, (rows + 1) * (cols + 1)
}

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, err := parseGenParams(params)
	return err
}
