package fleetcount

import (
	"fmt"
	"math/rand/v2"
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
//	miss     percentage of misses in random mode (default 20)
//	hit      percentage of hits in random mode (default 10)
//	shots    number of cells shot in game mode (default a third of the board)
//	split    when positive, every row number split+1, 2·(split+1), … is all misses,
//	         cutting a big board into strips of split rows that fit the region
//	         limits of the statement (default 0)
//
// The same seed and parameters give the same file. The result always validates.
func (*Problem) Generate(seed int64, p problems.Params) ([]byte, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x666c656574))
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
	for name := range p {
		switch name {
		case "r", "c", "rule", "fleet", "mode", "miss", "hit", "shots", "split":
		default:
			return nil, fmt.Errorf("unknown parameter %q (known: r c rule fleet mode miss hit shots split)", name)
		}
	}
	b := &board.Board{}
	var err error
	if b.R, err = num("r", 5, 1, board.MaxSide); err != nil {
		return nil, err
	}
	if b.C, err = num("c", 5, 1, board.MaxSide); err != nil {
		return nil, err
	}
	switch rule := p["rule"]; rule {
	case "", "any":
		b.Rule = board.Rule(rng.IntN(3))
	default:
		r, ok := board.ParseRule(rule)
		if !ok {
			return nil, fmt.Errorf("rule=%q: want touch, noside, nocontact or any", rule)
		}
		b.Rule = r
	}
	if b.Ships, err = fleetParam(p["fleet"], b, rng); err != nil {
		return nil, err
	}
	split, err := num("split", 0, 0, board.MaxSide)
	if err != nil {
		return nil, err
	}
	wall := func(r int) bool { return split > 0 && (r+1)%(split+1) == 0 }
	b.Grid = make([][]int8, b.R)
	for r := range b.Grid {
		b.Grid[r] = make([]int8, b.C)
		if wall(r) {
			for c := range b.Grid[r] {
				b.Grid[r][c] = board.Miss
			}
		}
	}
	switch mode := p["mode"]; mode {
	case "empty":
	case "random":
		missP, err := num("miss", 20, 0, 100)
		if err != nil {
			return nil, err
		}
		hitP, err := num("hit", 10, 0, 100-missP)
		if err != nil {
			return nil, err
		}
		for r := range b.R {
			for c := range b.C {
				if wall(r) {
					continue
				}
				switch x := rng.IntN(100); {
				case x < missP:
					b.Grid[r][c] = board.Miss
				case x < missP+hitP:
					b.Grid[r][c] = board.Hit
				}
			}
		}
	case "", "game":
		shots, err := num("shots", b.R*b.C/3, 0, b.R*b.C)
		if err != nil {
			return nil, err
		}
		occ, ok := placeFleet(b, rng)
		if !ok {
			return nil, fmt.Errorf("could not place fleet %v on a %d × %d board under %s", b.Ships, b.R, b.C, b.Rule)
		}
		var open [][2]int
		for r := range b.R {
			for c := range b.C {
				if !wall(r) {
					open = append(open, [2]int{r, c})
				}
			}
		}
		rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
		for _, q := range open[:min(shots, len(open))] {
			if occ[q[0]][q[1]] {
				b.Grid[q[0]][q[1]] = board.Hit
			} else {
				b.Grid[q[0]][q[1]] = board.Miss
			}
		}
	default:
		return nil, fmt.Errorf("mode=%q: want empty, random or game", mode)
	}
	out := b.Format()
	if _, err := board.Parse(out); err != nil {
		return nil, fmt.Errorf("generated board does not validate (try split=): %w", err)
	}
	return out, nil
}

// fleetParam reads the fleet parameter, or draws a small fleet that fits the board.
func fleetParam(s string, b *board.Board, rng *rand.Rand) ([]int, error) {
	if s == "" {
		var ships []int
		for range 1 + rng.IntN(4) {
			ships = append(ships, 1+rng.IntN(min(4, max(b.R, b.C))))
		}
		return ships, nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '-' })
	if len(parts) > board.MaxShips {
		return nil, fmt.Errorf("fleet=%q: at most %d ships", s, board.MaxShips)
	}
	var ships []int
	for _, f := range parts {
		l, err := strconv.Atoi(f)
		if err != nil || l < 1 || l > board.MaxLength {
			return nil, fmt.Errorf("fleet=%q: lengths are integers in [1, %d]", s, board.MaxLength)
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
