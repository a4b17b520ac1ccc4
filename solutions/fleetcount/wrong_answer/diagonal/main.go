// Command diagonal is a wrong fleetcount solver: under nocontact it only keeps ships
// from sharing an edge and lets them touch at a corner, as noside does, so it counts
// too many placements whenever two ships could lie corner to corner.
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
		fmt.Fprintln(os.Stderr, "diagonal:", err)
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
	if b.Rule == board.NoContact {
		b.Rule = board.NoSide // the mistake: corners are not checked
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
