// Package fleetcount is the problem of counting, exactly, every way a Battleship
// fleet can lie on a board given the shots so far and a contact rule, and on how
// many of those ways each cell holds a ship.
package fleetcount

import (
	"github.com/judgehq/judge/problems"
)

// Problem is the fleetcount problem: its folder plus validator, checker and generator.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem   = (*Problem)(nil)
	_ problems.Generator = (*Problem)(nil)
)
