// Command naive is the baseline defragmenter: every fragmented file moves, one move
// per fragment, into the first free hole that holds it whole.
package main

import (
	"fmt"
	"os"

	"github.com/judgehq/judge/solutions/defrag/internal/caseio"
	"github.com/judgehq/judge/solutions/defrag/internal/solver"
)

func main() {
	if err := caseio.Main(".", solver.Naive); err != nil {
		fmt.Fprintln(os.Stderr, "naive:", err)
		os.Exit(1)
	}
}
