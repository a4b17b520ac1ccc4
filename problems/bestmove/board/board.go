// Package board reads and writes bestmove input files: a count of data sets, then
// for each one the ships still in play and a 10 × 10 grid of shot results. It only
// parses; the counting rules live elsewhere, so solutions may import it.
package board

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// Size is the side of the grid.
const Size = 10

// MaxDataSets is the largest number of data sets a file may hold.
const MaxDataSets = 50

// The values a grid cell may hold.
const (
	Empty = 0 // not shot at yet
	Miss  = 1 // shot, nothing there
	Hit   = 2 // shot, part of a ship that is not sunk
	Sunk  = 3 // part of a ship that has been sunk
)

// Fleet lists the ship letters in their usual order.
const Fleet = "ABDSP"

// ShipLength returns the length of the ship with the given letter, or 0 for a
// letter that names no ship.
func ShipLength(letter byte) int {
	switch letter {
	case 'A':
		return 5
	case 'B':
		return 4
	case 'D', 'S':
		return 3
	case 'P':
		return 2
	}
	return 0
}

// Position is one data set: the ships in play and the grid. Grid[r][c] is the cell
// in row r+1 and column 'A'+c.
type Position struct {
	Ships []byte
	Grid  [Size][Size]byte
	// Line is the 1-based line of the data set's ship count in the file it was read
	// from (0 for positions that were built, not read).
	Line int
}

// SquareName returns the usual name of a cell: its column letter and row number.
func SquareName(r, c int) string {
	return string(rune('A'+c)) + strconv.Itoa(r+1)
}

// Parse reads an input file strictly: every line ends in '\n', values are separated
// by single spaces, there are no blank lines and nothing after the last data set.
// The error names the line and column of the first fault (a *problems.InputError).
func Parse(data []byte) ([]Position, error) {
	return Scan(data, nil)
}

// Scan reads an input file as Parse does and, when check is not nil, calls it on
// each data set (numbered from 1) as soon as the data set is read, before the next
// one is: its error stops the scan. Faults are met in reading order, so the one
// returned is the first in the file: a fault that check finds in a data set comes
// before any fault of the format further on.
func Scan(data []byte, check func(p *Position, set int) error) ([]Position, error) {
	lines, open, err := splitLines(data)
	if err != nil {
		return nil, err
	}
	rd := &reader{lines: lines, open: open}
	line, no, err := rd.next("the number of data sets")
	if err != nil {
		return nil, err
	}
	d, err := intLine(line, no, "number of data sets", 1, MaxDataSets)
	if err != nil {
		return nil, err
	}
	out := make([]Position, 0, d)
	for i := 1; i <= d; i++ {
		p, err := rd.position(i)
		if err != nil {
			return nil, err
		}
		if check != nil {
			if err := check(&p, i); err != nil {
				return nil, err
			}
		}
		out = append(out, p)
	}
	if rd.n < len(rd.lines) {
		return nil, problems.Errorf(rd.n+1, 1, "extra content after the last of %d data sets", d)
	}
	if err := rd.unterminated(); err != nil {
		return nil, err
	}
	return out, nil
}

// Format writes positions in the input format that Parse reads.
func Format(ps []Position) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d\n", len(ps))
	for _, p := range ps {
		fmt.Fprintf(&b, "%d\n", len(p.Ships))
		for i, s := range p.Ships {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(s)
		}
		b.WriteByte('\n')
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte('0' + p.Grid[r][c])
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// splitLines cuts data into lines. A last line without its newline is kept, and
// open says so: the missing newline is a fault at the end of the file, reported
// only when nothing before it is wrong.
func splitLines(data []byte) (lines [][]byte, open bool, err error) {
	if len(data) == 0 {
		return nil, false, problems.Errorf(1, 1, "empty file")
	}
	// The longest valid file has 1 + MaxDataSets × (2 + Size) lines; what
	// follows them stays one piece (cutting a file of 100 MB of newlines into
	// lines took 2.4 GB), which Scan reports as extra content.
	lines = bytes.SplitN(data, []byte("\n"), 1+MaxDataSets*(2+Size)+2)
	if len(lines[len(lines)-1]) > 0 {
		return lines, true, nil
	}
	return lines[:len(lines)-1], false, nil
}

type reader struct {
	lines [][]byte
	n     int  // index of the next line
	open  bool // the last line has no newline
}

// next returns the next line and its 1-based number, or an error naming what was
// expected when the file has ended.
func (rd *reader) next(what string) ([]byte, int, error) {
	if rd.n >= len(rd.lines) {
		if err := rd.unterminated(); err != nil {
			return nil, 0, err
		}
		return nil, 0, problems.Errorf(rd.n+1, 1, "file ends early: expected %s", what)
	}
	rd.n++
	return rd.lines[rd.n-1], rd.n, nil
}

// unterminated returns the fault of a last line without its newline, or nil.
func (rd *reader) unterminated() error {
	if !rd.open {
		return nil
	}
	last := rd.lines[len(rd.lines)-1]
	return problems.Errorf(len(rd.lines), len(last)+1, "the last line does not end with a newline")
}

func (rd *reader) position(set int) (Position, error) {
	var p Position
	line, no, err := rd.next(fmt.Sprintf("the ship count of data set %d", set))
	if err != nil {
		return p, err
	}
	p.Line = no
	s, err := intLine(line, no, "number of ships in play", 1, len(Fleet))
	if err != nil {
		return p, err
	}
	if line, no, err = rd.next(fmt.Sprintf("the ship letters of data set %d", set)); err != nil {
		return p, err
	}
	err = fields(line, no, s, "ship letters", func(t token) error {
		if len(t.text) != 1 || ShipLength(t.text[0]) == 0 {
			return problems.Errorf(no, t.col, "%q is not a ship letter (A, B, D, S or P)", t.text)
		}
		if bytes.IndexByte(p.Ships, t.text[0]) >= 0 {
			return problems.Errorf(no, t.col, "ship %c listed twice", t.text[0])
		}
		p.Ships = append(p.Ships, t.text[0])
		return nil
	})
	if err != nil {
		return p, err
	}
	for r := 0; r < Size; r++ {
		if line, no, err = rd.next(fmt.Sprintf("grid row %d of data set %d", r+1, set)); err != nil {
			return p, err
		}
		c := 0
		err := fields(line, no, Size, "grid values", func(t token) error {
			if len(t.text) != 1 || t.text[0] < '0' || t.text[0] > '3' {
				return problems.Errorf(no, t.col, "grid value %q: want 0, 1, 2 or 3", t.text)
			}
			p.Grid[r][c] = t.text[0] - '0'
			c++
			return nil
		})
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

type token struct {
	text []byte
	col  int // 1-based column of the first byte
}

// fields splits a line into exactly want tokens separated by single spaces and
// hands each to check as soon as it ends, so that the faults of a line are found
// from left to right. A byte outside printable ASCII is a fault at its column; it
// ends the token before it, which is checked first.
func fields(line []byte, no, want int, what string, check func(token) error) error {
	n := 0
	start := -1
	for i := 0; i <= len(line); i++ {
		bad := i < len(line) && line[i] != ' ' && (line[i] < '!' || line[i] > '~')
		if i < len(line) && line[i] != ' ' && !bad {
			if start < 0 {
				if n == want {
					return problems.Errorf(no, i+1, "too many %s: want %d", what, want)
				}
				start = i
			}
			continue
		}
		if start >= 0 {
			if err := check(token{text: line[start:i], col: start + 1}); err != nil {
				return err
			}
			n++
			start = -1
			if !bad {
				continue
			}
		}
		switch {
		case bad:
			return problems.Errorf(no, i+1, "unexpected character %q", line[i])
		case len(line) == 0:
			return problems.Errorf(no, 1, "blank line: expected %d %s", want, what)
		case i == 0:
			return problems.Errorf(no, 1, "line starts with a space")
		case i == len(line):
			return problems.Errorf(no, i, "line ends with a space")
		default:
			return problems.Errorf(no, i+1, "two spaces in a row")
		}
	}
	if n < want {
		return problems.Errorf(no, len(line)+1, "too few %s: found %d, want %d", what, n, want)
	}
	return nil
}

// intLine reads a line holding one integer in [lo, hi] without leading zeros.
func intLine(line []byte, no int, what string, lo, hi int) (int, error) {
	v := 0
	err := fields(line, no, 1, "numbers", func(tok token) error { // "too many numbers: want 1"
		t := tok.text
		for i, ch := range t {
			if ch < '0' || ch > '9' {
				return problems.Errorf(no, tok.col+i, "%s: %q is not a decimal integer", what, t)
			}
		}
		if len(t) > 1 && t[0] == '0' {
			return problems.Errorf(no, tok.col, "%s: %q has a leading zero", what, t)
		}
		n, err := strconv.Atoi(string(t))
		if err != nil || n < lo || n > hi {
			return problems.Errorf(no, tok.col, "%s %s out of range [%d, %d]", what, t, lo, hi)
		}
		v = n
		return nil
	})
	return v, err
}
