// Command search2 solves a Battleships puzzle by pure ship-placement search, marking no water until the fleet is placed.
// It reads the puzzle on stdin and writes the answer on stdout; see the solver
// package for the flags (--explain, --count, --limit, --stats).
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Search2, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
