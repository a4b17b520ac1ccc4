// Command interchangeable is a wrong fleetcount solver: it counts placements as if
// ships of equal length were one and the same kind, so swapping two of them does
// not make a new placement. With the standard fleet (two ships of length 3) its
// counts are half the right ones.
package main

import (
	"io"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/cli"
	"github.com/judgehq/judge/solutions/fleetcount/internal/count"
)

func main() {
	cli.Main("interchangeable", func(b *board.Board) (io.WriterTo, error) {
		res, err := count.Count(b)
		if err != nil {
			return nil, err
		}
		// The mistake: one placement per set of occupied ship positions, whichever
		// equal-length ship sits where.
		res.Total.Quo(res.Total, res.Labels)
		for _, row := range res.Cells {
			for _, v := range row {
				v.Quo(v, res.Labels)
			}
		}
		return res, nil
	})
}
