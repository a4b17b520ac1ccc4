// Command interchangeable is a wrong fleetcount solver: it counts placements as if
// ships of equal length were one and the same kind, so swapping two of them does
// not make a new placement. With the standard fleet (two ships of length 3) its
// counts are half the right ones.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/count"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "interchangeable:", err)
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
	// The mistake: one placement per set of occupied ship positions, whichever
	// equal-length ship sits where.
	res.Total.Quo(res.Total, res.Labels)
	for _, row := range res.Cells {
		for _, v := range row {
			v.Quo(v, res.Labels)
		}
	}
	if _, err := res.WriteTo(out); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}
