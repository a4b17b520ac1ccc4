// Package sudoku is the sudoku problem: solve a 9×9 Sudoku read in the format of the
// CS 3300 assignment (seed 002), echo the puzzle and print the solution in the spaced
// 3×3 style, or say that the puzzle is unsolvable. The grid's text forms live in the
// sub-package grid, which solutions may share; the checker and the generator live here.
package sudoku

import (
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

// Problem is the sudoku problem: its folder plus the validator, checker and generator.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem   = (*Problem)(nil)
	_ problems.Generator = (*Problem)(nil)
)

// The fixed lines of the output.
const (
	headOriginal = "The original puzzle:"
	headSolution = "Solution:"
	statusSolved = "The puzzle was solved."
	statusNone   = "The puzzle is unsolvable."
)

// Answer is the exact output expected for puzzle: the echo, then the solution block
// when sol is not nil, then the status line.
func Answer(puzzle grid.Grid, sol *grid.Grid) string {
	s := headOriginal + "\n\n" + puzzle.Format() + "\n"
	if sol == nil {
		return s + statusNone + "\n"
	}
	return s + headSolution + "\n\n" + sol.Format() + "\n" + statusSolved + "\n"
}
