package battleships

import (
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
)

// validateBudget bounds the search Validate spends on showing that a puzzle has a
// solution. Puzzles the counter cannot settle within it are accepted.
const validateBudget = 2_000_000

// Validate checks a puzzle file strictly: the exact layout (grid.Parse), counts that
// add up to the fleet, given parts that fit together, and at least one solution.
func (p *Problem) Validate(input []byte) error {
	pz, err := parsePuzzle(input)
	if err != nil {
		return err
	}
	n, finished := countSolutions(pz, 1, validateBudget)
	if finished && n == 0 {
		return problems.Errorf(0, 0, "the puzzle has no solution")
	}
	return nil
}

// parsePuzzle parses strictly and checks the sums; layout faults keep their line
// and column, sum faults point at the line holding the counts.
func parsePuzzle(input []byte) (*grid.Puzzle, error) {
	pz, err := grid.Parse(input)
	if err != nil {
		return nil, err // a *problems.InputError with its line and column
	}
	if err := grid.Consistent(pz); err != nil {
		return nil, problems.Errorf(pz.Rows+4, 0, "%v", err)
	}
	if r, c, ok := firstClash(pz); !ok {
		return nil, problems.Errorf(r+3, 2*c+2, "the given part %q at row %d, column %d cannot be part of any ship here",
			pz.At(r, c), r+1, c+1)
	}
	return pz, nil
}

// firstClash finds the first given ship part that contradicts its given neighbours
// (parts touching at a corner, an end pointing into water or off the grid, a
// submarine beside a part, a middle with water on both axes).
func firstClash(pz *grid.Puzzle) (r, c int, ok bool) {
	ship := func(r, c int) bool { return grid.IsShip(pz.At(r, c)) }
	water := func(r, c int) bool { return pz.At(r, c) == grid.Water }
	for r := 0; r < pz.Rows; r++ {
		for c := 0; c < pz.Cols; c++ {
			b := pz.At(r, c)
			if !grid.IsShip(b) {
				continue
			}
			if ship(r-1, c-1) || ship(r-1, c+1) || ship(r+1, c-1) || ship(r+1, c+1) {
				return r, c, false
			}
			l, rt, u, d := ship(r, c-1), ship(r, c+1), ship(r-1, c), ship(r+1, c)
			bad := (l || rt) && (u || d)
			switch b {
			case grid.Sub:
				bad = bad || l || rt || u || d || !hasSubmarine(pz)
			case grid.Left:
				bad = bad || l || u || d || water(r, c+1)
			case grid.Right:
				bad = bad || rt || u || d || water(r, c-1)
			case grid.Top:
				bad = bad || u || l || rt || water(r+1, c)
			case grid.Bottom:
				bad = bad || d || l || rt || water(r-1, c)
			case grid.Middle:
				across := !water(r, c-1) && !water(r, c+1)
				down := !water(r-1, c) && !water(r+1, c)
				bad = bad || !across && !down || pz.MaxLen() < 3
			}
			if bad {
				return r, c, false
			}
		}
	}
	return 0, 0, true
}

func hasSubmarine(pz *grid.Puzzle) bool {
	n := len(pz.Fleet)
	return n > 0 && pz.Fleet[n-1].Len == 1
}
