// Command sets plays TriMineSweeper over standard input and output with the sets
// strategy of the 2002 winner (see package sets).
package main

import (
	"fmt"
	"os"

	"github.com/judgehq/judge/solutions/trimines/internal/game"
	"github.com/judgehq/judge/solutions/trimines/internal/sets"
)

func main() {
	conn, h, err := game.Dial(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sets:", err)
		os.Exit(1)
	}
	if _, err := sets.Play(conn, h); err != nil {
		fmt.Fprintln(os.Stderr, "sets:", err)
		os.Exit(1)
	}
}
