// Command bap solves a Battleships puzzle by applying its rules until none changes the grid and then guessing ship placements on copies of the grid.
// It reads the puzzle on stdin and writes the answer on stdout; see the solver
// package for the flags (--explain, --count, --limit, --stats).
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Bap, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
