// Command reference defragments every case in its working directory with as few
// moves as it can find (see package solver), writing defragNN.out and challenge.log.
package main

import (
	"fmt"
	"os"

	"github.com/judgehq/judge/solutions/defrag/internal/caseio"
	"github.com/judgehq/judge/solutions/defrag/internal/solver"
)

func main() {
	if err := caseio.Main(".", solver.Solve); err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
}
