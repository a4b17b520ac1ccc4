// Command diagonal is a deliberately wrong Battleships solver: it is bap with the
// rule that ships may not touch at their corners left out, so on some puzzles it
// answers with two ships meeting diagonally. The checker must reject that.
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/battleships/internal/solver"
)

func main() {
	opt := solver.Options{Variant: solver.Bap, AllowDiagonal: true}
	os.Exit(solver.RunWith(opt, nil, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
