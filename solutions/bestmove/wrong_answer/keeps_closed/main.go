// Command keeps_closed is a wrong bestmove solver: it takes a string of hits shut at
// both ends for one ship, where the rules consider each of its hits on its own.
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/bestmove/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Options{KeepClosed: true}, os.Stdin, os.Stdout, os.Stderr))
}
