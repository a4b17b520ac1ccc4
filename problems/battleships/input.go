package battleships

import (
	"bytes"
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"

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
// and column, sum faults point at the first count of the sum that is wrong (or,
// for a ship too long for the grid, at its entry in the fleet line).
func parsePuzzle(input []byte) (*grid.Puzzle, error) {
	pz, err := grid.Parse(input)
	if err != nil {
		return nil, err // a *problems.InputError with its line and column
	}
	// A wrong sum and a clash of given parts: whichever comes first in the
	// file is reported (a sum of the column counts lies on the last line, one
	// of the row counts on the first row's, a ship too long on the fleet line).
	type fault struct {
		line, col int
		err       error
	}
	var faults []fault
	if err := grid.Consistent(pz); err != nil {
		line, col := sumPlace(input, pz, err)
		at := line
		if line == 0 {
			at = math.MaxInt // placed nowhere: after everything
		}
		faults = append(faults, fault{at, col, problems.Errorf(line, col, "%v", err)})
	}
	if r, c, ok := firstClash(pz); !ok {
		faults = append(faults, fault{r + 3, 2*c + 2, problems.Errorf(r+3, 2*c+2, "the given part %q at row %d, column %d cannot be part of any ship here",
			pz.At(r, c), r+1, c+1)})
	}
	if len(faults) > 0 {
		return nil, slices.MinFunc(faults, func(a, b fault) int {
			return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col))
		}).err
	}
	return pz, nil
}

// sumPlace is where a fault of grid.Consistent lies in the input: the first row
// count (line 3, after the row's cells and bars), the first column count (the
// line after the bottom border, after its leading space) or the fleet entry of
// the ship that fits nowhere.
func sumPlace(input []byte, pz *grid.Puzzle, err error) (line, col int) {
	var se *grid.SumError
	if !errors.As(err, &se) {
		return 0, 0
	}
	switch se.Part {
	case grid.RowCounts:
		return 3, 2*pz.Cols + 3
	case grid.ColCounts:
		return pz.Rows + 4, 2
	}
	first, _, _ := bytes.Cut(input, []byte("\n"))
	entry := []byte(" " + strconv.Itoa(se.Len) + "x")
	if i := bytes.Index(first, entry); i >= 0 {
		return 1, i + 2
	}
	return 1, 0
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
