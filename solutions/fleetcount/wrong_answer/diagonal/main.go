// Command diagonal is a wrong fleetcount solver: under nocontact it only keeps ships
// from sharing an edge and lets them touch at a corner, as noside does, so it counts
// too many placements whenever two ships could lie corner to corner.
package main

import (
	"io"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/cli"
	"github.com/judgehq/judge/solutions/fleetcount/internal/count"
)

func main() {
	cli.Main("diagonal", func(b *board.Board) (io.WriterTo, error) {
		if b.Rule == board.NoContact {
			b.Rule = board.NoSide // the mistake: corners are not checked
		}
		return count.Count(b)
	})
}
