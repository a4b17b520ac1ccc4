package sudoku

import (
	"github.com/judgehq/judge/problems/sudoku/grid"
)

// ParseInput reads a puzzle strictly (see grid.Parse); a fault is a
// *problems.InputError naming its line and column.
func ParseInput(input []byte) (grid.Grid, error) {
	return grid.Parse(input)
}

// Validate checks an input file: 9 rows of 9 cells, a digit 1–9 or '-', spaces and
// blank lines anywhere, every line ending with a newline. Givens that clash are valid
// input: such a puzzle is unsolvable, and the answer has to say so.
func (p *Problem) Validate(input []byte) error {
	_, err := ParseInput(input)
	return err
}
