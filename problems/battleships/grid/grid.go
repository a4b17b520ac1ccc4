// Package grid reads and writes Battleships puzzle files: the fleet line, the framed
// grid with the row counts on the right, and the column counts underneath. It only
// parses and prints; it knows nothing about solving or judging, so solutions may use
// it.
//
// The layout, for a 3×4 grid holding one destroyer and one submarine:
//
//	fleet: 2x1 1x1
//	 - - - -
//	|< >    | 2
//	|      .| 0
//	|    O  | 1
//	 - - - -
//	 1 1 1 0
package grid

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// MaxSize is the largest number of rows or columns a puzzle may have.
const MaxSize = 30

// The cell symbols.
const (
	Blank  byte = ' ' // undecided
	Water  byte = '.'
	Sub    byte = 'O' // a ship of length 1
	Left   byte = '<' // left end of a horizontal ship
	Right  byte = '>' // right end of a horizontal ship
	Top    byte = '^' // top end of a vertical ship
	Bottom byte = 'v' // bottom end of a vertical ship
	Middle byte = '+' // a middle part (either direction)
	Part   byte = 'X' // a ship part of unknown type
)

// IsShip reports whether b is one of the ship symbols (X included).
func IsShip(b byte) bool {
	switch b {
	case Sub, Left, Right, Top, Bottom, Middle, Part:
		return true
	}
	return false
}

// IsSymbol reports whether b may stand in a cell of a puzzle file.
func IsSymbol(b byte) bool { return b == Blank || b == Water || IsShip(b) }

// Ship is one entry of the fleet line: Count ships of length Len.
type Ship struct {
	Len, Count int
}

// Puzzle is a parsed puzzle or answer file.
type Puzzle struct {
	Rows, Cols int
	// Fleet lists the ship lengths in strictly decreasing order.
	Fleet     []Ship
	RowCounts []int
	ColCounts []int
	// Cells holds Rows*Cols symbols, row by row.
	Cells []byte
}

// At returns the symbol at row r, column c (0-based); outside the grid it is water.
func (p *Puzzle) At(r, c int) byte {
	if r < 0 || c < 0 || r >= p.Rows || c >= p.Cols {
		return Water
	}
	return p.Cells[r*p.Cols+c]
}

// Clone returns a deep copy of p.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Fleet = append([]Ship(nil), p.Fleet...)
	q.RowCounts = append([]int(nil), p.RowCounts...)
	q.ColCounts = append([]int(nil), p.ColCounts...)
	q.Cells = append([]byte(nil), p.Cells...)
	return &q
}

// FleetCells is the number of cells the whole fleet occupies.
func (p *Puzzle) FleetCells() int {
	n := 0
	for _, s := range p.Fleet {
		n += s.Len * s.Count
	}
	return n
}

// MaxLen is the length of the longest ship (0 for an empty fleet).
func (p *Puzzle) MaxLen() int {
	if len(p.Fleet) == 0 {
		return 0
	}
	return p.Fleet[0].Len
}

// FleetString renders the fleet as it appears after "fleet: ".
func FleetString(fleet []Ship) string {
	var b bytes.Buffer
	for i, s := range fleet {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%dx%d", s.Len, s.Count)
	}
	return b.String()
}

// Format writes p in the file layout, ending with a newline.
func Format(p *Puzzle) []byte {
	var b bytes.Buffer
	b.WriteString("fleet: ")
	b.WriteString(FleetString(p.Fleet))
	b.WriteByte('\n')
	border := func() {
		for c := 0; c < p.Cols; c++ {
			b.WriteString(" -")
		}
		b.WriteByte('\n')
	}
	border()
	for r := 0; r < p.Rows; r++ {
		b.WriteByte('|')
		for c := 0; c < p.Cols; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(p.Cells[r*p.Cols+c])
		}
		b.WriteString("| ")
		b.WriteString(strconv.Itoa(p.RowCounts[r]))
		b.WriteByte('\n')
	}
	border()
	for c := 0; c < p.Cols; c++ {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(p.ColCounts[c]))
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// errAt returns a *problems.InputError at a 1-based line and column.
func errAt(line, col int, format string, args ...any) error {
	return problems.Errorf(line, col, format, args...)
}
