package bestmove

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// genConfig is the parsed generator parameters.
type genConfig struct {
	sets     int
	kind     string
	shots    int // -1: random per data set
	left     int // 0: any
	ships    string
	packed   bool
	ties     int
	smallMax int
}

// maxGames bounds the games played to find one data set.
const maxGames = 4000

// genCases lists the values of the case parameter.
func genCases() []string {
	return []string{"any", "nohit", "corner", "edge", "middle", "horizontal", "vertical",
		"closed", "blocked", "cross", "tie", "small"}
}

func parseGenParams(params problems.Params) (genConfig, error) {
	cfg := genConfig{sets: 5, kind: "any", shots: -1, ties: 3, smallMax: 3}
	num := func(name string, lo, hi int, dst *int) error {
		v, ok := params[name]
		if !ok {
			return nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("param %s=%q: want an integer in [%d, %d]", name, v, lo, hi)
		}
		*dst = n
		return nil
	}
	known := map[string]bool{"sets": true, "case": true, "shots": true, "left": true, "ships": true,
		"packed": true, "ties": true, "small": true}
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !known[k] {
			return cfg, fmt.Errorf("unknown param %q (known: case, left, packed, sets, ships, shots, small, ties)", k)
		}
	}
	packed := -1
	for _, e := range []error{
		num("sets", 1, board.MaxDataSets, &cfg.sets),
		num("shots", 0, 99, &cfg.shots),
		num("left", 1, len(board.Fleet), &cfg.left),
		num("packed", 0, 1, &packed),
		num("ties", 1, 100, &cfg.ties),
		num("small", 1, 1000, &cfg.smallMax),
	} {
		if e != nil {
			return cfg, e
		}
	}
	if k, ok := params["case"]; ok {
		found := false
		for _, c := range genCases() {
			found = found || c == k
		}
		if !found {
			return cfg, fmt.Errorf("param case=%q: want one of %s", k, strings.Join(genCases(), ", "))
		}
		cfg.kind = k
	}
	if s, ok := params["ships"]; ok {
		var have []byte
		for i := 0; i < len(s); i++ {
			if board.ShipLength(s[i]) == 0 || strings.IndexByte(string(have), s[i]) >= 0 {
				return cfg, fmt.Errorf("param ships=%q: want distinct letters from %s", s, board.Fleet)
			}
			have = append(have, s[i])
		}
		if len(have) == 0 {
			return cfg, fmt.Errorf("param ships: empty")
		}
		cfg.ships = canonical(have)
	}
	switch {
	case packed >= 0:
		cfg.packed = packed == 1
	default:
		cfg.packed = cfg.kind == "closed" || cfg.kind == "blocked" || cfg.kind == "cross"
	}
	return cfg, nil
}

// canonical puts ship letters in the fleet's order.
func canonical(letters []byte) string {
	var b []byte
	for i := 0; i < len(board.Fleet); i++ {
		if strings.IndexByte(string(letters), board.Fleet[i]) >= 0 {
			b = append(b, board.Fleet[i])
		}
	}
	return string(b)
}

// Generate returns an input file of positions from games against random fleets.
// The same seed and params give the same bytes.
//
// Parameters (all optional):
//
//	sets=N     data sets in the file, 1–50 (default 5)
//	case=NAME  the situation every data set must show (default any):
//	           nohit        no hits on the board
//	           corner, edge, middle
//	                        exactly one hit, in a corner, on an edge, inside
//	           horizontal, vertical
//	                        the hits are one straight string of two or more
//	           closed       a string of two or more hits shut at both ends
//	           blocked      like closed, with the board edge or a sunk ship at an end
//	           cross        a horizontal and a vertical string of two or more meet
//	           tie          at least ties=K squares share the best value (default 3)
//	           small        the best value is at most small=V (default 3)
//	shots=N    at least N shots fired before the position is taken (default random 0–30)
//	left=K     exactly K ships still in play (1–5)
//	ships=LIST exactly these ships in play, e.g. ships=P or ships=ADS
//	packed=0|1 place the hidden fleet with ships side by side (default 1 for closed,
//	           blocked and cross, else 0)
//
// A data set is a position reached by a plausible player against a legal hidden
// fleet: sunk ships are marked 3 and leave the list of ships in play, and a position
// is taken only when it keeps the input's promises (one group of hits, a positive
// best value).
func (*Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	cfg, err := parseGenParams(params)
	if err != nil {
		return nil, err
	}
	ps := make([]board.Position, 0, cfg.sets)
	for i := 0; i < cfg.sets; i++ {
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(i)+1))
		p, err := cfg.position(rng)
		if err != nil {
			return nil, fmt.Errorf("data set %d: %w", i+1, err)
		}
		ps = append(ps, p)
	}
	return board.Format(ps), nil
}

// position plays games until one reaches a position that fits the config.
func (cfg genConfig) position(rng *rand.Rand) (board.Position, error) {
	for g := 0; g < maxGames; g++ {
		minShots := cfg.shots
		if minShots < 0 {
			minShots = rng.IntN(31)
		}
		s := newGame(rng, cfg.packed)
		for {
			if s.afloat() == 0 {
				break
			}
			p := s.position()
			if s.shots >= minShots && cfg.accepts(&p) {
				return p, nil
			}
			if !s.shoot(cfg.kind, s.shots >= minShots) {
				break
			}
		}
	}
	return board.Position{}, fmt.Errorf("no position for case %q after %d games; loosen the params", cfg.kind, maxGames)
}

// accepts reports whether a position keeps the input's promises and shows the case.
func (cfg genConfig) accepts(p *board.Position) bool {
	if cfg.left > 0 && len(p.Ships) != cfg.left {
		return false
	}
	if cfg.ships != "" && string(p.Ships) != cfg.ships {
		return false
	}
	if _, ok := strayHit(p); !ok {
		return false
	}
	b := Solve(p)
	if b.Value == 0 {
		return false
	}
	hits := hitList(p)
	switch cfg.kind {
	case "nohit":
		return len(hits) == 0
	case "corner", "edge", "middle":
		return len(hits) == 1 && placeOf(hits[0]) == cfg.kind
	case "horizontal", "vertical":
		return len(hits) >= 2 && straight(p, hits, cfg.kind == "horizontal")
	case "closed", "blocked":
		return hasClosedRun(p, cfg.kind == "blocked")
	case "cross":
		return hasRun(p, horizontal) && hasRun(p, vertical)
	case "tie":
		return len(b.Squares) >= cfg.ties
	case "small":
		return b.Value <= cfg.smallMax
	}
	return true
}

func hitList(p *board.Position) []Square {
	var out []Square
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] == board.Hit {
				out = append(out, Square{r, c})
			}
		}
	}
	return out
}

// placeOf says where a square lies: corner, edge or middle.
func placeOf(q Square) string {
	onEdge := func(x int) bool { return x == 0 || x == board.Size-1 }
	switch {
	case onEdge(q.Row) && onEdge(q.Col):
		return "corner"
	case onEdge(q.Row) || onEdge(q.Col):
		return "edge"
	}
	return "middle"
}

// straight reports whether the hits are one unbroken run along a row (across) or a
// column.
func straight(p *board.Position, hits []Square, across bool) bool {
	dir := vertical
	if across {
		dir = horizontal
	}
	_, _, n, _ := run(p, hits[0], dir)
	return n == len(hits)
}

// hasRun reports whether some run of two or more hits lies in direction dir.
func hasRun(p *board.Position, dir int) bool {
	for _, h := range hitList(p) {
		if _, _, n, _ := run(p, h, dir); n >= 2 {
			return true
		}
	}
	return false
}

// hasClosedRun reports whether some run of two or more hits is shut at both ends;
// with edgeOrSunk, one of its ends must be the board edge or a sunk ship.
func hasClosedRun(p *board.Position, edgeOrSunk bool) bool {
	for _, h := range hitList(p) {
		for _, dir := range []int{horizontal, vertical} {
			first, last, n, closed := run(p, h, dir)
			if n < 2 || !closed {
				continue
			}
			if !edgeOrSunk {
				return true
			}
			dr, dc := step(dir)
			for _, q := range []Square{{first.Row - dr, first.Col - dc}, {last.Row + dr, last.Col + dc}} {
				if !inside(q) || p.Grid[q.Row][q.Col] == board.Sunk {
					return true
				}
			}
		}
	}
	return false
}

// game is a hidden fleet and the shots fired at it.
type game struct {
	rng      *rand.Rand
	owner    [board.Size][board.Size]int // index into board.Fleet, or -1
	grid     [board.Size][board.Size]byte
	cells    [][]Square // cells of each ship
	hitsLeft []int
	shots    int
}

// newGame places the whole fleet legally: inside the grid, no overlaps. Packed
// fleets put each ship, when it can, side by side with one already placed.
func newGame(rng *rand.Rand, packed bool) *game {
	for {
		g := &game{rng: rng}
		for r := range board.Size {
			for c := range board.Size {
				g.owner[r][c] = -1
			}
		}
		ok := true
		for i := 0; i < len(board.Fleet) && ok; i++ {
			ok = g.place(i, board.ShipLength(board.Fleet[i]), packed)
		}
		if ok {
			return g
		}
	}
}

// place puts ship i of length n on the grid, returning false when no spot was found.
func (g *game) place(i, n int, packed bool) bool {
	var fits, beside [][]Square
	for try := 0; try < 300; try++ {
		dir := horizontal
		if g.rng.IntN(2) == 1 {
			dir = vertical
		}
		dr, dc := step(dir)
		r := g.rng.IntN(board.Size - dr*(n-1))
		c := g.rng.IntN(board.Size - dc*(n-1))
		var cells []Square
		free := true
		touches := false
		for k := 0; k < n && free; k++ {
			q := Square{r + k*dr, c + k*dc}
			free = g.owner[q.Row][q.Col] < 0
			// side by side: a neighbour across the ship's line belongs to another ship
			for _, s := range []Square{{q.Row + dc, q.Col + dr}, {q.Row - dc, q.Col - dr}} {
				touches = touches || (inside(s) && g.owner[s.Row][s.Col] >= 0)
			}
			cells = append(cells, q)
		}
		if !free {
			continue
		}
		fits = append(fits, cells)
		if touches {
			beside = append(beside, cells)
		}
	}
	pool := fits
	if packed && len(beside) > 0 {
		pool = beside
	}
	if len(pool) == 0 {
		return false
	}
	cells := pool[g.rng.IntN(len(pool))]
	for _, q := range cells {
		g.owner[q.Row][q.Col] = i
	}
	g.cells = append(g.cells, cells)
	g.hitsLeft = append(g.hitsLeft, n)
	return true
}

func (g *game) afloat() int {
	n := 0
	for _, h := range g.hitsLeft {
		if h > 0 {
			n++
		}
	}
	return n
}

// position is what the shooting player sees.
func (g *game) position() board.Position {
	p := board.Position{Grid: g.grid}
	for i, h := range g.hitsLeft {
		if h > 0 {
			p.Ships = append(p.Ships, board.Fleet[i])
		}
	}
	return p
}

// shoot fires one shot as a plausible player would and records the result. While
// hunting it sometimes shoots at random, and for the single-hit cases, once aim is
// set, it aims at the kind of square wanted; otherwise it takes a best move by the
// rules. It returns false when no empty square is left.
func (g *game) shoot(kind string, aim bool) bool {
	p := g.position()
	var empty, aimed []Square
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] == board.Empty {
				q := Square{r, c}
				empty = append(empty, q)
				if aim && placeOf(q) == kind {
					aimed = append(aimed, q)
				}
			}
		}
	}
	if len(empty) == 0 {
		return false
	}
	hunting := len(hitList(&p)) == 0
	var q Square
	switch b := Solve(&p); {
	case hunting && len(aimed) > 0:
		q = aimed[g.rng.IntN(len(aimed))]
	case hunting && g.rng.IntN(3) == 0, b.Value == 0:
		q = empty[g.rng.IntN(len(empty))]
	default:
		q = b.Squares[g.rng.IntN(len(b.Squares))]
	}
	g.shots++
	i := g.owner[q.Row][q.Col]
	if i < 0 {
		g.grid[q.Row][q.Col] = board.Miss
		return true
	}
	g.grid[q.Row][q.Col] = board.Hit
	g.hitsLeft[i]--
	if g.hitsLeft[i] == 0 {
		for _, s := range g.cells[i] {
			g.grid[s.Row][s.Col] = board.Sunk
		}
	}
	return true
}
