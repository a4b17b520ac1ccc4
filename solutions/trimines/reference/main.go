// Command reference plays TriMineSweeper over standard input and output with exact
// frontier probabilities (see package exact).
package main

import (
	"fmt"
	"os"

	"github.com/judgehq/judge/solutions/trimines/internal/exact"
	"github.com/judgehq/judge/solutions/trimines/internal/game"
)

func main() {
	conn, h, err := game.Dial(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
	if _, _, err := exact.Play(conn, h, exact.Options{}); err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
}
