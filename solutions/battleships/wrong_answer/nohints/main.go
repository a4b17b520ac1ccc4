// Command nohints is a deliberately wrong Battleships solver: it forgets the given
// cells and solves from the counts and the fleet alone, so whenever those allow more
// than one grid it may answer with one that contradicts a given cell. The checker
// must reject that.
package main

import (
	"os"

	"github.com/judgehq/judge/problems/battleships/grid"
	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	forget := func(p *grid.Puzzle) {
		for i := range p.Cells {
			p.Cells[i] = grid.Blank
		}
	}
	os.Exit(solver.RunWith(solver.Options{Variant: solver.Bap}, forget, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
