// Command enumerate answers fleetcount by listing every placement, ship after ship,
// as the source article describes (see package enum). It is exact but its time grows
// with the number of placements: it finishes on small boards and runs out of time on
// full-size ones such as the 10 × 10 standard fleet.
package main

import (
	"io"

	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/solutions/fleetcount/internal/cli"
	"github.com/judgehq/judge/solutions/fleetcount/internal/enum"
)

func main() {
	cli.Main("enumerate", func(b *board.Board) (io.WriterTo, error) { return enum.Count(b), nil })
}
