// Command reference solves bestmove: for each data set it prints the best value and
// every square that has it. It reads standard input and writes standard output.
package main

import (
	"os"

	"github.com/judgehq/judge/solutions/bestmove/internal/solver"
)

func main() {
	os.Exit(solver.Run(solver.Options{}, os.Stdin, os.Stdout, os.Stderr))
}
