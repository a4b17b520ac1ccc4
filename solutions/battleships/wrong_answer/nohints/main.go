// Command nohints is a deliberately wrong Battleships solver: it forgets the given
// water cells and solves from the counts, the fleet and the given ship parts alone,
// so whenever those allow more than one grid it may answer with one that puts a ship
// where the puzzle shows water. The checker must reject that. (It keeps the given
// ship parts: without any hint at all the largest puzzles leave it searching far
// longer than the time limit, which would be a different verdict.)
package main

import (
	"os"

	"github.com/judgehq/judge/problems/battleships/grid"
	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	forget := func(p *grid.Puzzle) {
		for i, b := range p.Cells {
			if b == grid.Water {
				p.Cells[i] = grid.Blank
			}
		}
	}
	os.Exit(solver.RunWith(solver.Options{Variant: solver.Bap}, forget, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
