package grid

import (
	"bytes"
	"fmt"
)

// Parse reads a puzzle file strictly: the exact layout of Format, with every line
// ending in a newline and nothing after the column counts. Numbers are plain decimal
// without leading zeros. The first fault is returned as an *Error naming its line and
// column. Parse checks the layout and the ranges of the numbers; Consistent checks
// the sums.
func Parse(data []byte) (*Puzzle, error) {
	lines, err := splitLines(data)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{}
	if len(lines) == 0 {
		return nil, errAt(1, 1, "empty file: want the fleet line")
	}
	if err := parseFleet(lines[0], p); err != nil {
		return nil, err
	}
	if len(lines) < 2 {
		return nil, errAt(2, 1, "missing the top border")
	}
	cols, err := parseBorder(lines[1], 2, -1)
	if err != nil {
		return nil, err
	}
	p.Cols = cols
	ln := 2
	for ; ln < len(lines) && len(lines[ln]) > 0 && lines[ln][0] == '|'; ln++ {
		if ln-2 >= MaxSize {
			return nil, errAt(ln+1, 1, "more than %d rows", MaxSize)
		}
		if err := parseRow(lines[ln], ln+1, p); err != nil {
			return nil, err
		}
	}
	p.Rows = ln - 2
	if p.Rows == 0 {
		if ln < len(lines) {
			return nil, errAt(ln+1, 1, "want a grid row starting with '|'")
		}
		return nil, errAt(ln+1, 1, "missing the grid rows")
	}
	if ln >= len(lines) {
		return nil, errAt(ln+1, 1, "missing the bottom border")
	}
	if _, err := parseBorder(lines[ln], ln+1, cols); err != nil {
		return nil, err
	}
	ln++
	if ln >= len(lines) {
		return nil, errAt(ln+1, 1, "missing the column counts")
	}
	if err := parseColCounts(lines[ln], ln+1, p); err != nil {
		return nil, err
	}
	ln++
	if ln < len(lines) {
		return nil, errAt(ln+1, 1, "unexpected text after the column counts")
	}
	return p, nil
}

// maxLines is one more line than the largest puzzle has (fleet, borders,
// MaxSize rows, column counts): a file that has it has a fault on one of its
// first maxLines lines, which Parse finds.
const maxLines = MaxSize + 5

// splitLines cuts data into lines, each of which must end with '\n'. Control bytes
// other than the newline, and bytes outside ASCII, are faults. It stops at
// maxLines lines: the rest of a file that long is never needed (a file of
// 100 MB of newlines took 7.7 GB and half a minute when every line was cut).
func splitLines(data []byte) ([][]byte, error) {
	var lines [][]byte
	line, col := 1, 1
	start := 0
	for i, b := range data {
		switch {
		case b == '\n':
			lines = append(lines, data[start:i])
			if len(lines) == maxLines {
				return lines, nil
			}
			start = i + 1
			line++
			col = 1
			continue
		case b == '\r':
			return nil, errAt(line, col, "carriage return: lines must end with a bare newline")
		case b == '\t':
			return nil, errAt(line, col, "tab character: use single spaces")
		case b < 0x20 || b >= 0x7f:
			return nil, errAt(line, col, "unexpected byte 0x%02x", b)
		}
		col++
	}
	if start < len(data) {
		return nil, errAt(line, col, "the last line does not end with a newline")
	}
	return lines, nil
}

// number reads a decimal number at s[i:], returning it and the index after it.
func number(s []byte, i, line, maxv int, what string) (int, int, error) {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		if i >= len(s) {
			return 0, j, errAt(line, i+1, "line ends where %s should be", what)
		}
		return 0, j, errAt(line, i+1, "want %s, found %q", what, s[i])
	}
	if s[i] == '0' && j-i > 1 {
		return 0, j, errAt(line, i+1, "%s has a leading zero", what)
	}
	if j-i > 4 {
		return 0, j, errAt(line, i+1, "%s is too large (at most %d)", what, maxv)
	}
	v := 0
	for _, d := range s[i:j] {
		v = v*10 + int(d-'0')
	}
	if v > maxv {
		return 0, j, errAt(line, i+1, "%s %d is too large (at most %d)", what, v, maxv)
	}
	return v, j, nil
}

func parseFleet(s []byte, p *Puzzle) error {
	const prefix = "fleet: "
	for i := 0; i < len(prefix); i++ {
		if i >= len(s) || s[i] != prefix[i] {
			return errAt(1, i+1, "the first line must start with %q", prefix)
		}
	}
	i := len(prefix)
	for {
		l, j, err := number(s, i, 1, MaxSize, "a ship length")
		if err != nil {
			return err
		}
		if l == 0 {
			return errAt(1, i+1, "ship length 0: lengths start at 1")
		}
		if n := len(p.Fleet); n > 0 && l >= p.Fleet[n-1].Len {
			return errAt(1, i+1, "ship length %d: lengths must be listed in strictly decreasing order", l)
		}
		if j >= len(s) || s[j] != 'x' {
			return errAt(1, j+1, "want 'x' between the length and the count")
		}
		cStart := j + 1
		c, k, err := number(s, cStart, 1, MaxSize*MaxSize, "a ship count")
		if err != nil {
			return err
		}
		if c == 0 {
			return errAt(1, cStart+1, "ship count 0: leave the length out instead")
		}
		p.Fleet = append(p.Fleet, Ship{Len: l, Count: c})
		if k == len(s) {
			return nil
		}
		if s[k] != ' ' {
			return errAt(1, k+1, "want a single space between fleet entries, found %q", s[k])
		}
		i = k + 1
		if i == len(s) {
			return errAt(1, i, "trailing space after the fleet")
		}
	}
}

// parseBorder reads " - - … -" and returns the number of dashes; want < 0 accepts any
// number from 1 to MaxSize.
func parseBorder(s []byte, line, want int) (int, error) {
	if len(s) == 0 {
		return 0, errAt(line, 1, "want a border line \" - - …\", found an empty line")
	}
	n := 0
	for i := 0; i < len(s); i += 2 {
		if s[i] != ' ' {
			return 0, errAt(line, i+1, "border: want ' ', found %q", s[i])
		}
		if i+1 >= len(s) {
			return 0, errAt(line, i+1, "border: trailing space")
		}
		if s[i+1] != '-' {
			return 0, errAt(line, i+2, "border: want '-', found %q", s[i+1])
		}
		n++
		if want >= 0 && n > want {
			return 0, errAt(line, i+2, "border is longer than the %d columns", want)
		}
		if n > MaxSize {
			return 0, errAt(line, i+2, "more than %d columns", MaxSize)
		}
	}
	if want >= 0 && n != want {
		return 0, errAt(line, len(s)+1, "border has %d dashes, want %d", n, want)
	}
	return n, nil
}

func parseRow(s []byte, line int, p *Puzzle) error {
	m := p.Cols
	for c := 0; c < m; c++ {
		pos := 1 + 2*c
		if pos >= len(s) {
			return errAt(line, len(s)+1, "row ends after %d of %d cells", c, m)
		}
		if !IsSymbol(s[pos]) {
			return errAt(line, pos+1, "%q is not a cell symbol (want one of \" .O<>^v+X\")", s[pos])
		}
		p.Cells = append(p.Cells, s[pos])
		if c < m-1 {
			if pos+1 >= len(s) {
				return errAt(line, len(s)+1, "row ends after %d of %d cells", c+1, m)
			}
			if s[pos+1] != ' ' {
				return errAt(line, pos+2, "want a single space between cells, found %q", s[pos+1])
			}
		}
	}
	bar := 2 * m
	if bar >= len(s) || s[bar] != '|' {
		if bar >= len(s) {
			return errAt(line, len(s)+1, "missing the closing '|' after %d cells", m)
		}
		return errAt(line, bar+1, "want the closing '|' after %d cells, found %q", m, s[bar])
	}
	if bar+1 >= len(s) || s[bar+1] != ' ' {
		return errAt(line, bar+2, "want a space and the row count after '|'")
	}
	v, j, err := number(s, bar+2, line, m, "the row count")
	if err != nil {
		return err
	}
	if j != len(s) {
		return errAt(line, j+1, "unexpected %q after the row count", s[j])
	}
	p.RowCounts = append(p.RowCounts, v)
	return nil
}

func parseColCounts(s []byte, line int, p *Puzzle) error {
	i := 0
	for c := 0; c < p.Cols; c++ {
		if i >= len(s) {
			return errAt(line, i+1, "found %d column counts, want %d", c, p.Cols)
		}
		if s[i] != ' ' {
			return errAt(line, i+1, "want a space before each column count, found %q", s[i])
		}
		v, j, err := number(s, i+1, line, p.Rows, "a column count")
		if err != nil {
			return err
		}
		p.ColCounts = append(p.ColCounts, v)
		i = j
	}
	if i != len(s) {
		return errAt(line, i+1, "more than %d column counts", p.Cols)
	}
	return nil
}

// SumPart says which part of a puzzle file a SumError is about.
type SumPart int

// The parts a sum fault can lie in.
const (
	RowCounts SumPart = iota // the counts at the ends of the row lines
	ColCounts                // the column counts under the grid
	Fleet                    // the fleet line: a ship fits nowhere
)

// A SumError is a fault Consistent finds in the sums of a puzzle that parsed.
// Part and, for Fleet, Len (the ship's length) say where it lies in the file.
type SumError struct {
	Part SumPart
	Len  int
	msg  string
}

func (e *SumError) Error() string { return e.msg }

// Consistent checks the sums of a parsed puzzle: row counts and column counts both
// add up to the cells of the fleet, and every ship fits along some side. A fault
// is a *SumError.
func Consistent(p *Puzzle) error {
	rows, cols := 0, 0
	for _, v := range p.RowCounts {
		rows += v
	}
	for _, v := range p.ColCounts {
		cols += v
	}
	fleet := p.FleetCells()
	if rows != fleet {
		return &SumError{Part: RowCounts, msg: fmt.Sprintf("row counts add up to %d but the fleet has %d cells", rows, fleet)}
	}
	if cols != fleet {
		return &SumError{Part: ColCounts, msg: fmt.Sprintf("column counts add up to %d but the fleet has %d cells", cols, fleet)}
	}
	if l := p.MaxLen(); l > p.Rows && l > p.Cols {
		return &SumError{Part: Fleet, Len: l,
			msg: fmt.Sprintf("a ship of length %d fits neither in a row nor in a column of a %dx%d grid", l, p.Rows, p.Cols)}
	}
	return nil
}

// Tolerant parses data after forgiving the usual layout slips: carriage returns,
// trailing spaces after the counts and borders, a missing final newline and blank
// lines at the end. It is meant for reading answers; changed reports whether anything
// had to be forgiven.
func Tolerant(data []byte) (p *Puzzle, changed bool, err error) {
	norm := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	lines := bytes.Split(norm, []byte("\n"))
	for i, l := range lines {
		// Every line ends in a number, a dash or a word, so trailing blanks are slips.
		lines[i] = bytes.TrimRight(l, " \t")
	}
	for len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	var b bytes.Buffer
	for _, l := range lines {
		b.Write(l)
		b.WriteByte('\n')
	}
	out := b.Bytes()
	p, err = Parse(out)
	return p, err == nil && !bytes.Equal(out, data), err
}

// ParseFleet reads a fleet as written after "fleet: ", e.g. "4x1 3x2 2x3 1x4".
func ParseFleet(s string) ([]Ship, error) {
	p := &Puzzle{}
	if err := parseFleet([]byte("fleet: "+s), p); err != nil {
		return nil, err
	}
	return p.Fleet, nil
}
