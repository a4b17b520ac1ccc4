// Package grid is the Sudoku grid and its text forms: the puzzle input of the sudoku
// problem (9 rows of 9 cells, a digit or '-', spaces and empty lines skipped), the
// spaced 3×3 style the output uses, and the one-line form of the public benchmark
// lists. It only parses, prints and states the rules of a grid; it does not solve
// and does not judge, so solutions may import it.
package grid

import (
	"fmt"
	"strings"

	"github.com/judgehq/judge/problems"
)

// Size is the number of cells of a grid.
const Size = 81

// Grid holds the 81 cells row by row; 0 is an empty cell, 1–9 a digit.
type Grid [Size]uint8

// Index returns the position of row r, column c (both 0-based) in a Grid.
func Index(r, c int) int { return 9*r + c }

// Box returns the 3×3 square (0–8, row by row) that cell i lies in.
func Box(i int) int { return i/27*3 + i%9/3 }

// Clues counts the filled cells.
func (g Grid) Clues() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether every cell holds a digit.
func (g Grid) Complete() bool { return g.Clues() == Size }

// Parse reads a puzzle strictly: exactly 9 rows, each a line holding exactly 9 cells
// ('1'–'9' or '-') with any number of spaces around and between them; lines that are
// empty or hold only spaces are skipped wherever they stand; every line, the last one
// included, ends with '\n'. The error, a *problems.InputError, names the line and column of the first fault.
func Parse(data []byte) (Grid, error) {
	var g Grid
	row, line, col, cells := 0, 1, 0, 0
	fail := func(format string, args ...any) (Grid, error) {
		return g, problems.Errorf(line, col, format, args...)
	}
	for i, b := range data {
		col++
		switch {
		case b == '\n':
			if cells > 0 && cells < 9 {
				return fail("row %d has %d cells, want 9", row+1, cells)
			}
			if cells == 9 {
				row++
			}
			line, col, cells = line+1, 0, 0
		case b == ' ':
		case b == '-' || '1' <= b && b <= '9':
			if row == 9 {
				return fail("a tenth row begins here; a puzzle has 9 rows")
			}
			if cells == 9 {
				return fail("row %d has more than 9 cells", row+1)
			}
			if b != '-' {
				g[Index(row, cells)] = b - '0'
			}
			cells++
		default:
			return fail("%s is not a cell: want a digit 1-9 or '-'", describe(data[i:]))
		}
	}
	if col > 0 {
		col++
		return fail("the last line does not end with a newline")
	}
	if row < 9 {
		col = 1
		return fail("the input ends after %d rows; a puzzle has 9", row)
	}
	return g, nil
}

// describe names the byte at the start of rest for a message.
func describe(rest []byte) string {
	switch b := rest[0]; {
	case b == '\t':
		return "a tab"
	case b == '\r':
		return "a carriage return"
	case b == '0':
		return "'0'"
	case b >= 0x20 && b < 0x7f:
		return fmt.Sprintf("%q", rune(b))
	default:
		return fmt.Sprintf("byte 0x%02x", b)
	}
}

// Format writes g in the spaced 3×3 style of the output: three cells, a space, three
// cells, a space, three cells on each row, and an empty line between the bands of three
// rows. Empty cells print as '-'. The text ends with a newline.
func (g Grid) Format() string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r > 0 && r%3 == 0 {
			b.WriteByte('\n')
		}
		for c := 0; c < 9; c++ {
			if c > 0 && c%3 == 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(Char(g[Index(r, c)]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Char is the character of a cell value: '-' for 0, the digit otherwise.
func Char(v uint8) byte {
	if v == 0 {
		return '-'
	}
	return '0' + v
}

// ParseLine reads the one-line form of the benchmark lists: 81 cells, digits 1–9 and
// '.' or '0' for an empty cell, optionally followed by spaces and a comment.
func ParseLine(s string) (Grid, error) {
	var g Grid
	if len(s) < Size || len(s) > Size && s[Size] != ' ' && s[Size] != '\t' {
		return g, fmt.Errorf("want 81 cells, got %q", s)
	}
	for i := 0; i < Size; i++ {
		switch b := s[i]; {
		case b == '.' || b == '0':
		case '1' <= b && b <= '9':
			g[i] = b - '0'
		default:
			return g, fmt.Errorf("cell %d: %q is not a digit or '.'", i+1, b)
		}
	}
	return g, nil
}

// String gives the one-line form with '.' for empty cells.
func (g Grid) String() string {
	b := make([]byte, Size)
	for i, v := range g {
		b[i] = '.'
		if v != 0 {
			b[i] = '0' + v
		}
	}
	return string(b)
}

// Conflict finds two filled cells a < b that hold the same digit in one row, column or
// square, the pair with the smallest b first; ok is false when there is none.
func (g Grid) Conflict() (a, b int, ok bool) {
	for b = 0; b < Size; b++ {
		if g[b] == 0 {
			continue
		}
		for a = 0; a < b; a++ {
			if g[a] == g[b] && (a/9 == b/9 || a%9 == b%9 || Box(a) == Box(b)) {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// Unit names the section that cells a and b share, for messages: "row 3", "column 5"
// or "square 7" (1-based, squares numbered row by row).
func Unit(a, b int) string {
	switch {
	case a/9 == b/9:
		return fmt.Sprintf("row %d", a/9+1)
	case a%9 == b%9:
		return fmt.Sprintf("column %d", a%9+1)
	default:
		return fmt.Sprintf("square %d", Box(a)+1)
	}
}

// Extends reports whether every filled cell of puzzle holds the same digit in g.
func (g Grid) Extends(puzzle Grid) bool {
	for i, v := range puzzle {
		if v != 0 && g[i] != v {
			return false
		}
	}
	return true
}
