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
	games    int // games played at most to find one data set
}

// maxGames bounds the games played to find one data set. The recorded data sets
// need at most about 80.
const maxGames = 4000

// maxTies is the most squares case=tie may ask for: a tie of all 100 would need a
// board without shots, where the corners are worth less than the middle.
const maxTies = board.Size*board.Size - 1

// genCases lists the values of the case parameter.
func genCases() []string {
	return []string{"any", "nohit", "corner", "edge", "middle", "horizontal", "vertical",
		"closed", "blocked", "cross", "tie", "small"}
}

// parseGenParams reads the generator parameters, applying the defaults, and refuses
// those that no position can meet (see feasible).
func parseGenParams(params problems.Params) (genConfig, error) {
	cfg := genConfig{sets: 5, kind: "any", shots: -1, ties: 3, smallMax: 3, games: maxGames}
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
		num("shots", 0, board.Size*board.Size-1, &cfg.shots),
		num("left", 1, len(board.Fleet), &cfg.left),
		num("packed", 0, 1, &packed),
		num("ties", 1, maxTies, &cfg.ties),
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
			return cfg, fmt.Errorf("param ships=\"\": want one or more distinct letters from %s", board.Fleet)
		}
		cfg.ships = canonical(have)
	}
	for _, own := range [][2]string{{"small", "small"}, {"ties", "tie"}} {
		if v, ok := params[own[0]]; ok && cfg.kind != own[1] {
			return cfg, fmt.Errorf("param %s=%s is for case=%s; want case=%s with it (case is %s)", own[0], v, own[1], own[1], cfg.kind)
		}
	}
	switch {
	case packed >= 0:
		cfg.packed = packed == 1
	default:
		cfg.packed = cfg.kind == "closed" || cfg.kind == "blocked" || cfg.kind == "cross"
	}
	if err := cfg.feasible(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// inPlay describes the ships in play that left and ships allow: the parameter
// that sets them (empty when neither does), the fewest and most ships, and the
// fewest squares they cover between them.
func (cfg genConfig) inPlay() (param string, fewest, most, squares int) {
	switch {
	case cfg.ships != "":
		for i := 0; i < len(cfg.ships); i++ {
			squares += board.ShipLength(cfg.ships[i])
		}
		return "ships=" + cfg.ships, len(cfg.ships), len(cfg.ships), squares
	case cfg.left > 0:
		shortest := []int{2, 3, 3, 4, 5} // the fleet's lengths, shortest first
		for _, l := range shortest[:cfg.left] {
			squares += l
		}
		return "left=" + strconv.Itoa(cfg.left), cfg.left, cfg.left, squares
	}
	return "", 1, len(board.Fleet), 2
}

// feasible refuses parameters that no position meets, whatever the games: each
// test is a fact about positions, so nothing possible is refused. What it cannot
// rule out is left to the bounded search of position.
func (cfg genConfig) feasible() error {
	if cfg.left > 0 && cfg.ships != "" && len(cfg.ships) != cfg.left {
		return fmt.Errorf("params left=%d and ships=%s disagree: ships=%s puts %d in play; want left=%d, or %d letters in ships",
			cfg.left, cfg.ships, cfg.ships, len(cfg.ships), len(cfg.ships), cfg.left)
	}
	play, fewest, most, squares := cfg.inPlay()
	switch cfg.kind {
	case "closed", "blocked":
		if most == 1 {
			return fmt.Errorf("param case=%s with %s: a string of hits shut at both ends needs two ships in play; "+
				"the hits of one ship, shut at both ends, would have sunk it; want two ships in play or more", cfg.kind, play)
		}
	case "cross":
		if most == 1 {
			return fmt.Errorf("param case=cross with %s: hits across and down need two ships in play, "+
				"as one ship's hits lie in one line; want two ships in play or more", play)
		}
	case "horizontal", "vertical":
		if cfg.ships == "P" {
			return fmt.Errorf("param case=%s with ships=P: two hits on the patrol boat sink it, "+
				"so no string of two hits is left; want a longer ship in play", cfg.kind)
		}
	}
	if cfg.shots < 0 {
		return nil
	}
	// Squares never shot: every ship in play keeps one; without hits all of its
	// squares stay unshot, with a single hit all but one.
	unshot, why := fewest, fmt.Sprintf("each of the %d ships in play keeps a square not yet shot", fewest)
	switch cfg.kind {
	case "nohit":
		unshot, why = squares, fmt.Sprintf("without hits the squares of the ships in play (%d at least) are all unshot", squares)
	case "corner", "edge", "middle":
		unshot, why = squares-1, fmt.Sprintf("with a single hit all but one of the squares of the ships in play (%d at least) are unshot", squares)
	}
	if limit := board.Size*board.Size - unshot; cfg.shots > limit {
		var given []string
		if cfg.kind != "any" {
			given = append(given, "case="+cfg.kind)
		}
		if play != "" {
			given = append(given, play)
		}
		return fmt.Errorf("param shots=%d with %s: %s, so at most %d shots can have been fired; want shots=%d or fewer",
			cfg.shots, strings.Join(given, " and "), why, limit, limit)
	}
	if cfg.kind == "tie" && cfg.ties > board.Size*board.Size-cfg.shots {
		left := board.Size*board.Size - cfg.shots
		return fmt.Errorf("params ties=%d and shots=%d: after %d shots only %d squares are left to share the best value; want ties=%d or fewer",
			cfg.ties, cfg.shots, cfg.shots, left, left)
	}
	return nil
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
//	           tie          at least ties=K squares share the best value (default 3,
//	                        1–99)
//	           small        the best value is at most small=V (default 3, 1–1000)
//	shots=N    at least N shots fired before the position is taken, 0–99 (default
//	           random 0–30)
//	left=K     exactly K ships still in play (1–5)
//	ships=LIST exactly these ships in play, e.g. ships=P or ships=ADS
//	packed=0|1 place the hidden fleet with ships side by side (default 1 for closed,
//	           blocked and cross, else 0)
//
// A data set is a position reached by a plausible player against a legal hidden
// fleet: sunk ships are marked 3 and leave the list of ships in play, and a position
// is taken only when it keeps the input's promises (one group of hits, a positive
// best value).
//
// Parameters that no position can meet (a string of hits shut at both ends with one
// ship in play, more shots than leave the ships in play their squares, …) are
// refused before any game is played. Otherwise each data set gets at most 4000
// games, and a search that finds nothing names the parameter that stood in its way.
func (*Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	cfg, err := parseGenParams(params)
	if err != nil {
		return nil, err
	}
	out, _, err := cfg.generate(seed)
	return out, err
}

// generate makes the file for the seed and returns it with the number of games
// played, which cfg.games bounds for each data set.
func (cfg genConfig) generate(seed int64) ([]byte, int, error) {
	ps := make([]board.Position, 0, cfg.sets)
	games := 0
	for i := 0; i < cfg.sets; i++ {
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(i)+1))
		var st search
		p, err := cfg.position(rng, &st)
		games += st.games
		if err != nil {
			return nil, games, fmt.Errorf("data set %d: %w", i+1, err)
		}
		ps = append(ps, p)
	}
	return board.Format(ps), games, nil
}

// search records how far the games for one data set got, so that a search that
// fails can say which parameter stood in its way.
type search struct {
	games    int // games played
	longest  int // most shots fired in a game while a ship was afloat
	reached  int // positions taken after the shots asked for
	ships    int // of those, positions with the ships asked for in play
	promised int // of those, positions that keep the input's promises
	mostTied int // most squares sharing a positive best value
	leastTop int // smallest positive best value (0: none seen)
}

// position plays games, at most cfg.games, until one reaches a position that fits
// the config.
func (cfg genConfig) position(rng *rand.Rand, st *search) (board.Position, error) {
	for st.games < cfg.games {
		st.games++
		minShots := cfg.shots
		if minShots < 0 {
			minShots = rng.IntN(31)
		}
		s := newGame(rng, cfg.packed)
		for {
			if s.afloat() == 0 {
				break
			}
			st.longest = max(st.longest, s.shots)
			p := s.position()
			if s.shots >= minShots && cfg.accepts(&p, st) {
				return p, nil
			}
			if !s.shoot(cfg.kind, s.shots >= minShots) {
				break
			}
		}
	}
	return board.Position{}, cfg.failure(st)
}

// failure explains a search that found nothing by its first hurdle that no
// position cleared.
func (cfg genConfig) failure(st *search) error {
	head := fmt.Sprintf("no position found in %d games", st.games)
	play, _, _, _ := cfg.inPlay()
	var given []string // the parameters that narrow the positions before the case
	if cfg.shots >= 0 {
		given = append(given, "shots="+strconv.Itoa(cfg.shots))
	}
	if play != "" {
		given = append(given, play)
	}
	switch {
	case st.reached == 0 && cfg.shots < 0:
		return fmt.Errorf("%s: no game lasted as many shots as drawn for it", head)
	case st.reached == 0:
		return fmt.Errorf("%s: param shots=%d asks for more shots than any game fired while a ship was afloat (%d at most); want fewer shots",
			head, cfg.shots, st.longest)
	case st.ships == 0:
		return fmt.Errorf("%s: no position after the shots asked for had %s in play; loosen %s", head, play, strings.Join(given, " or "))
	case st.promised == 0:
		return fmt.Errorf("%s: %s had %s, but none kept the input's promises (one group of hits, a positive best value); loosen %s",
			head, positions(st.ships), strings.Join(given, " and "), strings.Join(given, " or "))
	}
	detail, loosen := "", []string{"case"}
	switch cfg.kind {
	case "tie":
		detail, loosen = fmt.Sprintf(" with ties=%d (at most %d squares shared the best value)", cfg.ties, st.mostTied), []string{"ties"}
	case "small":
		detail, loosen = fmt.Sprintf(" with small=%d (the best value was %d at the least)", cfg.smallMax, st.leastTop), []string{"small"}
	}
	for _, g := range given {
		name, _, _ := strings.Cut(g, "=")
		loosen = append(loosen, name)
	}
	return fmt.Errorf("%s: %s kept the input's promises%s, but none showed case=%s%s; loosen %s",
		head, positions(st.promised), withParams(given), cfg.kind, detail, strings.Join(loosen, " or "))
}

// positions returns "1 position" or "N positions".
func positions(n int) string {
	if n == 1 {
		return "1 position"
	}
	return strconv.Itoa(n) + " positions"
}

// withParams returns " with A and B" for the parameters given, or nothing.
func withParams(given []string) string {
	if len(given) == 0 {
		return ""
	}
	return " with " + strings.Join(given, " and ")
}

// accepts reports whether a position keeps the input's promises and shows the case;
// st, when not nil, counts how far it got.
func (cfg genConfig) accepts(p *board.Position, st *search) bool {
	if st == nil {
		st = &search{}
	}
	st.reached++
	if cfg.left > 0 && len(p.Ships) != cfg.left {
		return false
	}
	if cfg.ships != "" && string(p.Ships) != cfg.ships {
		return false
	}
	st.ships++
	if _, ok := strayHit(p); !ok {
		return false
	}
	b := Solve(p)
	if b.Value == 0 {
		return false
	}
	st.promised++
	st.mostTied = max(st.mostTied, len(b.Squares))
	if st.leastTop == 0 || b.Value < st.leastTop {
		st.leastTop = b.Value
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

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, err := parseGenParams(params)
	return err
}
