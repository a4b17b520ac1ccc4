package sudoku

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

// Generator parameters, all optional:
//
//	kind=unique|unsolvable|multi   one solution (default), none, or several
//	level=any|easy|medium|hard|expert
//	                               for unique puzzles, the tactics needed: easy is solved
//	                               by tactic 1 alone, medium needs tactic 2 as well, hard
//	                               needs tactic 3, expert is the hard puzzle needing the
//	                               most tries of tactic 3 that a local search
//	                               finds
//	clues=N                        stop removing givens at N (0–81): by default 36 for
//	                               easy, 30 for medium and unsolvable, as few as
//	                               uniqueness allows otherwise; for multi, remove down to
//	                               exactly N
//	flavor=hidden|deep|clash       for unsolvable: hidden adds a given that clashes with
//	                               no other but contradicts the only solution; deep does
//	                               the same where tactics 1 and 2 meet no contradiction,
//	                               so only tactic 3 can prove there is no solution; clash
//	                               adds a given equal to another of its row, column or
//	                               square
//	spacing=canonical|compact|irregular
//	                               the layout of the input: the spaced 3×3 style, 9 bare
//	                               cells per line, or random spaces and blank lines
var genParams = map[string][]string{
	"kind":    {"unique", "unsolvable", "multi"},
	"level":   {"any", "easy", "medium", "hard", "expert"},
	"clues":   nil,
	"flavor":  {"hidden", "deep", "clash"},
	"spacing": {"canonical", "compact", "irregular"},
}

// genAttempts bounds the fresh grids tried before a level is given up on.
const genAttempts = 500

// Generate returns one puzzle for the seed and params; the same seed and params give
// the same bytes.
func (p *Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	opt, err := genOptions(params)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5d0c))
	g, err := makePuzzle(rng, opt)
	if err != nil {
		return nil, err
	}
	return []byte(layOut(rng, g, opt["spacing"])), nil
}

func genOptions(params problems.Params) (map[string]string, error) {
	opt := map[string]string{"kind": "unique", "level": "any", "flavor": "hidden", "spacing": "canonical"}
	for _, k := range slices.Sorted(maps.Keys(params)) {
		v := params[k]
		allowed, known := genParams[k]
		if !known {
			return nil, fmt.Errorf("sudoku: unknown parameter %q (known: clues, flavor, kind, level, spacing)", k)
		}
		if allowed != nil && !slices.Contains(allowed, v) {
			return nil, fmt.Errorf("sudoku: %s=%q: want one of %s", k, v, strings.Join(allowed, ", "))
		}
		opt[k] = v
	}
	if c, ok := opt["clues"]; ok {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > grid.Size {
			return nil, fmt.Errorf("sudoku: clues=%q: want a number from 0 to 81", c)
		}
		if opt["kind"] == "unsolvable" && n == grid.Size {
			return nil, fmt.Errorf("sudoku: clues=81 with kind=unsolvable: the given that makes it unsolvable needs an empty cell; want clues from 0 to 80")
		}
	}
	if opt["level"] != "any" && opt["kind"] != "unique" {
		return nil, fmt.Errorf("sudoku: level=%s is for kind=unique; want kind=unique with it (kind is %s)", opt["level"], opt["kind"])
	}
	if f, ok := params["flavor"]; ok && opt["kind"] != "unsolvable" {
		return nil, fmt.Errorf("sudoku: flavor=%s is for kind=unsolvable; want kind=unsolvable with it (kind is %s)", f, opt["kind"])
	}
	return opt, nil
}

// makePuzzle builds the puzzle the options ask for.
func makePuzzle(rng *rand.Rand, opt map[string]string) (grid.Grid, error) {
	clues := -1
	if c, ok := opt["clues"]; ok {
		clues, _ = strconv.Atoi(c)
	}
	switch opt["kind"] {
	case "multi":
		return multi(rng, clues), nil
	case "unsolvable":
		if clues < 0 {
			clues = 30
		}
		return unsolvable(rng, clues, opt["flavor"])
	}
	if clues < 0 {
		clues = map[string]int{"easy": 36, "medium": 30}[opt["level"]]
	}
	return unique(rng, opt["level"], clues)
}

// unique makes a puzzle with one solution at the level asked for.
func unique(rng *rand.Rand, level string, clues int) (grid.Grid, error) {
	if level == "expert" {
		return expert(rng, clues)
	}
	want := map[string]int{"easy": LevelSingles, "medium": LevelHidden, "hard": LevelGuess}[level]
	for try := 0; try < genAttempts; try++ {
		g := randomFull(rng)
		// Remove givens in random order while the solution stays unique (and, for the
		// easy and medium levels, within reach of their tactics).
		for _, i := range rng.Perm(grid.Size) {
			if g.Clues() <= clues {
				break
			}
			v := g[i]
			g[i] = 0
			if n, _ := Solutions(g, 2); n != 1 || want != 0 && want < LevelGuess && gradeOf(g) > want {
				g[i] = v
			}
		}
		if want == 0 || gradeOf(g) == want {
			return g, nil
		}
	}
	return grid.Grid{}, fmt.Errorf("sudoku: no %s puzzle with %d clues in %d attempts", level, clues, genAttempts)
}

// expert searches for a puzzle that needs many tries of tactic 3: it takes the best of
// 20 hard puzzles, then removes givens or moves them to other cells (with the
// solution's digit there) one at a time, keeping a change when the solution stays
// unique and the tries do not drop.
func expert(rng *rand.Rand, clues int) (grid.Grid, error) {
	var best grid.Grid
	most := -1
	for i := 0; i < 20; i++ {
		g, err := unique(rng, "hard", clues)
		if err != nil {
			return g, err
		}
		if _, n := Grade(g); n > most {
			best, most = g, n
		}
	}
	_, sol := Solutions(best, 1)
	for step := 0; step < 2000; step++ {
		from, to := rng.IntN(grid.Size), rng.IntN(grid.Size)
		if best[from] == 0 || best[to] != 0 || best.Clues() <= clues {
			continue
		}
		g := best
		g[from] = 0
		if rng.IntN(2) == 0 {
			g[to] = sol[to]
		}
		if n, _ := Solutions(g, 2); n != 1 {
			continue
		}
		if _, n := Grade(g); n >= most {
			best, most = g, n
		}
	}
	return best, nil
}

func gradeOf(g grid.Grid) int {
	l, _ := Grade(g)
	return l
}

// multi makes a puzzle with two solutions or more: a unique puzzle with givens taken
// away until it has several, or down to clues when that is set.
func multi(rng *rand.Rand, clues int) grid.Grid {
	g, _ := unique(rng, "any", -1)
	for _, i := range rng.Perm(grid.Size) {
		if g[i] == 0 {
			continue
		}
		if clues >= 0 && g.Clues() <= clues {
			break
		}
		g[i] = 0
		if n, _ := Solutions(g, 2); clues < 0 && n > 1 {
			break
		}
	}
	return g
}

// unsolvable makes a puzzle without solution from a unique one with clues givens
// (one more is added).
func unsolvable(rng *rand.Rand, clues int, flavor string) (grid.Grid, error) {
	if clues >= grid.Size {
		return grid.Grid{}, fmt.Errorf("sudoku: an unsolvable puzzle needs an empty cell; clues=%d", clues)
	}
	for try := 0; try < genAttempts; try++ {
		g, err := unique(rng, "any", clues)
		if err != nil {
			return g, err
		}
		_, sol := Solutions(g, 1)
		for _, i := range rng.Perm(grid.Size) {
			if g[i] != 0 {
				continue
			}
			var options []uint8
			for v := uint8(1); v <= 9; v++ {
				clash := false
				for _, j := range peers[i] {
					clash = clash || g[j] == v
				}
				if flavor == "clash" && clash || flavor != "clash" && !clash && v != sol[i] {
					options = append(options, v)
				}
			}
			rng.Shuffle(len(options), func(a, b int) { options[a], options[b] = options[b], options[a] })
			for _, v := range options {
				g[i] = v
				if flavor != "deep" || propagate(candidates(g), true) {
					return g, nil
				}
			}
			g[i] = 0
		}
	}
	return grid.Grid{}, fmt.Errorf("sudoku: no cell takes a %s contradiction with %d clues", flavor, clues)
}

// layOut writes g as an input file in the given spacing.
func layOut(rng *rand.Rand, g grid.Grid, spacing string) string {
	switch spacing {
	case "compact":
		var b strings.Builder
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				b.WriteByte(grid.Char(g[grid.Index(r, c)]))
			}
			b.WriteByte('\n')
		}
		return b.String()
	case "irregular":
		var b strings.Builder
		spaces := func(max int) { b.WriteString(strings.Repeat(" ", rng.IntN(max+1))) }
		for r := 0; r < 9; r++ {
			for rng.IntN(3) == 0 {
				spaces(2)
				b.WriteByte('\n')
			}
			spaces(3)
			for c := 0; c < 9; c++ {
				if c > 0 {
					spaces(2)
				}
				b.WriteByte(grid.Char(g[grid.Index(r, c)]))
			}
			spaces(2)
			b.WriteByte('\n')
		}
		for rng.IntN(3) == 0 {
			b.WriteByte('\n')
		}
		return b.String()
	}
	return g.Format()
}

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, err := genOptions(params)
	return err
}
