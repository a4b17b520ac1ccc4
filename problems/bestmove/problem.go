// Package bestmove is the Battleship best-move problem: given the ships still afloat
// and the shots so far, name the square (or squares) covered by the most possible
// ship placements, following the counting rules of the statement.
package bestmove

import "github.com/judgehq/judge/problems"

// Problem is the bestmove problem: its folder plus validator, checker and generator.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem   = (*Problem)(nil)
	_ problems.Generator = (*Problem)(nil)
)
