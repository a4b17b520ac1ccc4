package fleetcount

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/fleetcount/board"
)

// Generate makes an input file. Parameters (all optional):
//
//	r, c     board size (default 5 × 5)
//	rule     touch, noside, nocontact or any (default any: drawn at random)
//	fleet    ship lengths separated by dashes or commas, e.g. 5-4-3-3-2 (default: 1–4
//	         random ships; dashes survive command lines that split values at commas)
//	mode     empty (no shots), random (independent misses and hits) or game (default):
//	         a fleet is placed at random and some cells are shot, hits where it lies
//	miss     percentage of misses in random mode (default 20); more cells, drawn at
//	         random, become misses while over MaxOpen are not
//	hit      percentage of hits in random mode (default 10)
//	shots    number of cells shot in game mode (default a third of the board); more
//	         are shot while over MaxOpen cells are not misses
//	split    when positive, every row number split+1, 2·(split+1), … is all misses,
//	         cutting a big board into strips of split rows that fit the region
//	         limits of the statement (default 0)
//	width    when positive, the columns after the first width are all misses, as on
//	         a board whose right side has been cleared (default 0: none)
//
// The statement allows at most board.MaxOpen cells that are not misses; mode=empty
// refuses a board with more. The same seed and parameters give the same file. The
// result always validates.
func (*Problem) Generate(seed int64, p problems.Params) ([]byte, error) {
	cfg, err := parseGenParams(p)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x666c656574))
	b := &board.Board{R: cfg.r, C: cfg.c, Rule: cfg.rule, Ships: cfg.fleet}
	if cfg.anyRule {
		b.Rule = board.Rule(rng.IntN(3))
	}
	if b.Ships == nil {
		b.Ships = randomFleet(b, rng)
	}
	split, width := cfg.split, cfg.width
	wall := func(r, c int) bool { return split > 0 && (r+1)%(split+1) == 0 || width > 0 && c >= width }
	b.Grid = make([][]int8, b.R)
	for r := range b.Grid {
		b.Grid[r] = make([]int8, b.C)
		for c := range b.Grid[r] {
			if wall(r, c) {
				b.Grid[r][c] = board.Miss
			}
		}
	}
	open := b.OpenCells()
	switch cfg.mode {
	case "random":
		for r := range b.R {
			for c := range b.C {
				if wall(r, c) {
					continue
				}
				switch x := rng.IntN(100); {
				case x < cfg.miss:
					b.Grid[r][c] = board.Miss
					open--
				case x < cfg.miss+cfg.hit:
					b.Grid[r][c] = board.Hit
				}
			}
		}
		if open > board.MaxOpen {
			cells := shuffledCells(b, rng, func(r, c int) bool { return b.Grid[r][c] != board.Miss })
			for _, q := range cells[:open-board.MaxOpen] {
				b.Grid[q[0]][q[1]] = board.Miss
			}
		}
	case "game":
		occ, ok := placeFleet(b, rng)
		if !ok {
			return nil, fmt.Errorf("could not place fleet %v on a %d × %d board under %s", b.Ships, b.R, b.C, b.Rule)
		}
		cells := shuffledCells(b, rng, func(r, c int) bool { return !wall(r, c) })
		for i, q := range cells {
			if i >= cfg.shots && open <= board.MaxOpen {
				break
			}
			if occ[q[0]][q[1]] {
				b.Grid[q[0]][q[1]] = board.Hit
			} else {
				b.Grid[q[0]][q[1]] = board.Miss
				open--
			}
		}
	}
	out := b.Format()
	if _, err := board.Parse(out); err != nil {
		return nil, fmt.Errorf("generated board does not validate (try split=): %w", err)
	}
	return out, nil
}

// shuffledCells lists the cells of b for which keep holds, in a random order.
func shuffledCells(b *board.Board, rng *rand.Rand, keep func(r, c int) bool) [][2]int {
	var cells [][2]int
	for r := range b.R {
		for c := range b.C {
			if keep(r, c) {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	return cells
}

// genConfig is the parsed generator parameters.
type genConfig struct {
	r, c    int
	rule    board.Rule
	anyRule bool  // rule drawn at random
	fleet   []int // nil: drawn at random
	mode    string
	miss    int // mode=random
	hit     int // mode=random
	shots   int // mode=game
	split   int
	width   int // 0: every column is in play
}

// parseGenParams reads the generator parameters (see Generate), applying the
// defaults; what is drawn at random is left to Generate.
func parseGenParams(p problems.Params) (genConfig, error) {
	num := func(name string, def, lo, hi int) (int, error) {
		s, ok := p[name]
		if !ok {
			return def, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return 0, fmt.Errorf("%s=%q: want an integer in [%d, %d]", name, s, lo, hi)
		}
		return v, nil
	}
	for _, name := range slices.Sorted(maps.Keys(p)) { // in name order: the refusal is always the same
		switch name {
		case "r", "c", "rule", "fleet", "mode", "miss", "hit", "shots", "split", "width":
		default:
			return genConfig{}, fmt.Errorf("unknown parameter %q (known: r c rule fleet mode miss hit shots split width)", name)
		}
	}
	var cfg genConfig
	var err error
	if cfg.r, err = num("r", 5, 1, board.MaxSide); err != nil {
		return cfg, err
	}
	if cfg.c, err = num("c", 5, 1, board.MaxSide); err != nil {
		return cfg, err
	}
	switch rule := p["rule"]; rule {
	case "", "any":
		cfg.anyRule = true
	default:
		r, ok := board.ParseRule(rule)
		if !ok {
			return cfg, fmt.Errorf("rule=%q: want touch, noside, nocontact or any", rule)
		}
		cfg.rule = r
	}
	if cfg.fleet, err = fleetParam(p); err != nil {
		return cfg, err
	}
	if cfg.split, err = num("split", 0, 0, board.MaxSide); err != nil {
		return cfg, err
	}
	if cfg.width, err = num("width", 0, 0, board.MaxSide); err != nil {
		return cfg, err
	}
	cols := cfg.c
	if cfg.width > 0 {
		cols = min(cols, cfg.width)
	}
	switch cfg.mode = p["mode"]; cfg.mode {
	case "empty":
		rows := cfg.r
		if cfg.split > 0 {
			rows -= cfg.r / (cfg.split + 1)
		}
		if open := rows * cols; open > board.MaxOpen {
			return cfg, fmt.Errorf("mode=empty: an empty %d × %d board (split=%d, width=%d) has %d cells that are not misses, and the statement allows at most %d; want a smaller r or c, a smaller split or width (more misses), or mode=game or mode=random, which shoot more",
				cfg.r, cfg.c, cfg.split, cfg.width, open, board.MaxOpen)
		}
	case "random":
		if cfg.miss, err = num("miss", 20, 0, 100); err != nil {
			return cfg, err
		}
		if cfg.hit, err = num("hit", 10, 0, 100-cfg.miss); err != nil {
			return cfg, err
		}
	case "", "game":
		cfg.mode = "game"
		if cfg.shots, err = num("shots", cfg.r*cfg.c/3, 0, cfg.r*cfg.c); err != nil {
			return cfg, err
		}
	default:
		return cfg, fmt.Errorf("mode=%q: want empty, random or game", cfg.mode)
	}
	for _, own := range [][2]string{{"hit", "random"}, {"miss", "random"}, {"shots", "game"}} {
		if v, ok := p[own[0]]; ok && cfg.mode != own[1] {
			return cfg, fmt.Errorf("%s=%q is for mode=%s; want mode=%s with it (mode is %s)", own[0], v, own[1], own[1], cfg.mode)
		}
	}
	if cfg.mode == "game" {
		// The fleet is placed: every ship must fit across within the columns in
		// play, or down between two rows of misses.
		down := cfg.r
		if cfg.split > 0 {
			down = min(down, cfg.split)
		}
		rows := fmt.Sprintf("r=%d", cfg.r)
		if down < cfg.r {
			rows = fmt.Sprintf("%d rows between the misses of split=%d", down, cfg.split)
		}
		across := fmt.Sprintf("c=%d", cfg.c)
		if cols < cfg.c {
			across = fmt.Sprintf("width=%d", cols)
		}
		for _, l := range cfg.fleet {
			if l > cols && l > down {
				return cfg, fmt.Errorf("fleet=%q: a ship of %d fits neither across (%s) nor down (%s) for mode=game to place it; want ships of at most %d",
					p["fleet"], l, across, rows, max(cols, down))
			}
		}
	}
	return cfg, nil
}

// randomFleet draws a small fleet that fits the board.
func randomFleet(b *board.Board, rng *rand.Rand) []int {
	var ships []int
	for range 1 + rng.IntN(4) {
		ships = append(ships, 1+rng.IntN(min(4, max(b.R, b.C))))
	}
	return ships
}

// fleetParam reads the fleet parameter: nil when it is not given (Generate then
// draws a fleet), else one to MaxShips lengths of one to MaxLength.
func fleetParam(p problems.Params) ([]int, error) {
	s, ok := p["fleet"]
	if !ok {
		return nil, nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '-' })
	if len(parts) < 1 || len(parts) > board.MaxShips {
		return nil, fmt.Errorf("fleet=%q: want 1 to %d ship lengths, joined by - or ,", s, board.MaxShips)
	}
	ships := make([]int, 0, len(parts))
	for _, f := range parts {
		l, err := strconv.Atoi(f)
		if err != nil || l < 1 || l > board.MaxLength {
			return nil, fmt.Errorf("fleet=%q: want ship lengths that are integers in [1, %d], joined by - or ,", s, board.MaxLength)
		}
		ships = append(ships, l)
	}
	return ships, nil
}

// placeFleet puts the fleet at random on the board's non-miss cells following its
// rule, trying a number of times; it returns which cells hold a ship.
func placeFleet(b *board.Board, rng *rand.Rand) ([][]bool, bool) {
	for range 200 {
		occ := make([][]bool, b.R)
		for r := range occ {
			occ[r] = make([]bool, b.C)
		}
		ok := true
		for _, l := range b.Ships {
			if !placeShip(b, occ, l, rng) {
				ok = false
				break
			}
		}
		if ok {
			return occ, true
		}
	}
	return nil, false
}

// placeShip puts one ship of length l at a random spot where it fits.
func placeShip(b *board.Board, occ [][]bool, l int, rng *rand.Rand) bool {
	for range 500 {
		r, c := rng.IntN(b.R), rng.IntN(b.C)
		dr, dc := 0, 1
		if rng.IntN(2) == 0 {
			dr, dc = 1, 0
		}
		if fits(b, occ, r, c, dr, dc, l) {
			for i := range l {
				occ[r+dr*i][c+dc*i] = true
			}
			return true
		}
	}
	return false
}

// fits reports whether a ship of length l can start at (r, c) going (dr, dc) next to
// the ships already in occ.
func fits(b *board.Board, occ [][]bool, r, c, dr, dc, l int) bool {
	if r+dr*(l-1) >= b.R || c+dc*(l-1) >= b.C {
		return false
	}
	for i := range l {
		rr, cc := r+dr*i, c+dc*i
		if b.Grid[rr][cc] == board.Miss {
			return false
		}
		for nr := rr - 1; nr <= rr+1; nr++ {
			for nc := cc - 1; nc <= cc+1; nc++ {
				if nr < 0 || nc < 0 || nr >= b.R || nc >= b.C || !occ[nr][nc] {
					continue
				}
				same := nr == rr && nc == cc
				side := nr == rr || nc == cc
				if same || (b.Rule == board.NoSide && side) || b.Rule == board.NoContact {
					return false
				}
			}
		}
	}
	return true
}

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, err := parseGenParams(params)
	return err
}
