// Command all_strings is a wrong bestmove solver: it considers the squares around
// every string of hits instead of pursuing only the longest strings.
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/bestmove/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Options{AllStrings: true}, os.Stdin, os.Stdout, os.Stderr))
}
