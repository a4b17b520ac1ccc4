// Command reference answers fleetcount exactly without listing placements: a sweep
// over the cells of each region of the board, with a backward sweep for the
// per-cell counts (see package count).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/count"
)

// softMemory is where the garbage collector starts working harder, under the
// problem's memory limit of 512 MiB: by default the heap may grow to twice what is
// live, and the heaviest inputs keep about 300 MiB live.
const softMemory = 384 << 20

func main() {
	debug.SetMemoryLimit(softMemory)
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return fmt.Errorf("reading input: %w", err)
	}
	b, err := board.Parse(data)
	if err != nil {
		return fmt.Errorf("input: %w", err)
	}
	res, err := count.Count(b)
	if err != nil {
		return fmt.Errorf("counting: %w", err)
	}
	if _, err := res.WriteTo(out); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}
