// Command over_hits is a wrong bestmove solver: it picks the right squares next to
// a damaged ship but values them by every placement through the square, not only
// by those that also cover the ship's hits.
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/bestmove/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Options{CountOverHits: true}, os.Stdin, os.Stdout, os.Stderr))
}
