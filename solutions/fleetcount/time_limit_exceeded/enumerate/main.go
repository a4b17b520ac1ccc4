// Command enumerate answers fleetcount by listing every placement, ship after ship,
// as the source article describes (see package enum). It is exact but its time grows
// with the number of placements: it finishes on small boards and runs out of time on
// full-size ones such as the 10 × 10 standard fleet.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/enum"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "enumerate:", err)
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
	res := enum.Count(b)
	w := bufio.NewWriter(out)
	fmt.Fprintln(w, res.Total)
	for _, row := range res.Cells {
		for c, v := range row {
			if c > 0 {
				w.WriteByte(' ')
			}
			fmt.Fprint(w, v)
		}
		w.WriteByte('\n')
	}
	return w.Flush()
}
