// Command search1 solves a Battleships puzzle with only the rules that mark water, guessing every ship placement.
// It reads the puzzle on stdin and writes the answer on stdout; see the solver
// package for the flags (--explain, --count, --limit, --stats).
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Search1, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
