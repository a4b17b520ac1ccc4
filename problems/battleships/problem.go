// Package battleships is the solitaire Battleships problem: a grid with row and
// column counts, a fleet and a few given cells; the program fills in the whole grid.
// The file format lives in the grid sub-package (parsing only, shared with the
// solutions); this package adds the strict validator (input.go), the checker
// (check.go) and the seeded generator (gen.go) with its own solution counter
// (count.go).
package battleships

import "github.com/judgehq/judge/problems"

// Problem is solitaire Battleships: the folder's metadata and data plus the rules in
// code.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem   = (*Problem)(nil)
	_ problems.Generator = (*Problem)(nil)
)
