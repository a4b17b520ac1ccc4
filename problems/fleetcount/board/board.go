// Package board reads fleetcount input files: the board size, the contact rule, the
// fleet and the grid of shots. It only parses and checks the input's promises; the
// counting lives in the solutions, which may import this package.
package board

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
)

// Limits of the input.
const (
	MaxSide   = 30 // largest number of rows or columns
	MaxShips  = 10 // largest fleet
	MaxLength = 5  // longest ship
	// At most MaxOpen cells of the board are not misses, and every region of
	// the board (see Regions) fits within SmallFleetSpan consecutive rows or
	// columns when the fleet has at most SmallFleet ships, within LargeFleetSpan
	// otherwise. The region bounds keep each region's sweep small; MaxOpen keeps
	// the board's total work small, however the open cells are split into
	// regions (several large regions once took the reference six times its
	// worst single region).
	MaxOpen        = 100
	SmallFleet     = 5
	SmallFleetSpan = 10
	LargeFleetSpan = 5
)

// The values a grid cell may hold.
const (
	Unknown = 0 // not shot at
	Miss    = 1 // shot, no ship there
	Hit     = 2 // shot, a ship is there
)

// Rule says how close two ships may lie.
type Rule int

// The contact rules.
const (
	Touch     Rule = iota // ships may share edges and corners, never cells
	NoSide                // ships may share corners, never edges
	NoContact             // ships share nothing: not even a corner
)

var ruleNames = [...]string{"touch", "noside", "nocontact"}

// String returns the rule's name as written in an input file.
func (r Rule) String() string {
	if r >= 0 && int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// ParseRule reads a rule name.
func ParseRule(s string) (Rule, bool) {
	for i, n := range ruleNames {
		if s == n {
			return Rule(i), true
		}
	}
	return 0, false
}

// Board is one input: an R × C grid of shots, a rule and a fleet of distinct ships.
type Board struct {
	R, C  int
	Rule  Rule
	Ships []int    // ship lengths in input order; ship i is distinct from ship j
	Grid  [][]int8 // Grid[r][c] is Unknown, Miss or Hit
}

// Format writes the board as an input file.
func (b *Board) Format() []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d %d\n%s\n%d", b.R, b.C, b.Rule, len(b.Ships))
	for _, l := range b.Ships {
		fmt.Fprintf(&sb, " %d", l)
	}
	sb.WriteByte('\n')
	for _, row := range b.Grid {
		for c, v := range row {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte('0' + byte(v))
		}
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// token is one space-separated word of a line, with its 1-based column.
type token struct {
	text string
	col  int
}

// splitLine splits a line into words separated by single spaces, reporting the
// first stray character (tab, carriage return, double or edge space).
func splitLine(line []byte, ln int) ([]token, error) {
	if len(line) == 0 {
		return nil, problems.Errorf(ln, 1, "empty line")
	}
	var toks []token
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) {
			ch := line[i]
			if ch == '\r' {
				return nil, problems.Errorf(ln, i+1, "carriage return; lines end with a bare newline")
			}
			if ch < ' ' || ch > '~' {
				return nil, problems.Errorf(ln, i+1, "unexpected character %q", ch)
			}
			if ch != ' ' {
				continue
			}
		}
		if i == start {
			if i == len(line) {
				return nil, problems.Errorf(ln, i, "trailing space")
			}
			return nil, problems.Errorf(ln, i+1, "extra space; words are separated by one space")
		}
		toks = append(toks, token{string(line[start:i]), start + 1})
		start = i + 1
	}
	return toks, nil
}

// number reads a non-negative decimal integer in [lo, hi] without sign or leading zeros.
func number(t token, ln int, what string, lo, hi int) (int, error) {
	s := t.text
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, problems.Errorf(ln, t.col+i, "%s: %q is not a non-negative integer", what, s)
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, problems.Errorf(ln, t.col, "%s: %q has a leading zero", what, s)
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, problems.Errorf(ln, t.col, "%s %s out of range [%d, %d]", what, s, lo, hi)
	}
	return v, nil
}

// wantWords checks a line's word count.
func wantWords(toks []token, n int, ln int, line []byte, what string) error {
	if len(toks) < n {
		return problems.Errorf(ln, len(line)+1, "%s: %d values, want %d", what, len(toks), n)
	}
	if len(toks) > n {
		return problems.Errorf(ln, toks[n].col, "%s: %d values, want %d", what, len(toks), n)
	}
	return nil
}

// Parse reads an input file strictly: every line ends with a newline, words are
// separated by single spaces, numbers have no sign or leading zeros, all values are
// within the limits, at most MaxOpen cells are not misses and every region fits the
// span limit. The error names the line
// and column of the first fault.
func Parse(data []byte) (*Board, error) {
	// A board has at most 3+MaxSide lines; what follows them is one piece
	// (cutting a file of 100 MB of newlines into lines took 2.4 GB), and if
	// there is any, it is the first fault after the grid.
	lines := bytes.SplitN(data, []byte("\n"), 3+MaxSide+2)
	if len(lines) == 0 || len(data) == 0 {
		return nil, problems.Errorf(1, 1, "empty input")
	}
	last := lines[len(lines)-1]
	lines = lines[:len(lines)-1]
	get := func(ln int, what string) ([]byte, error) {
		if ln-1 < len(lines) {
			return lines[ln-1], nil
		}
		if ln-1 == len(lines) && len(last) > 0 {
			return nil, problems.Errorf(ln, len(last)+1, "missing newline at the end of the line")
		}
		return nil, problems.Errorf(ln, 1, "unexpected end of input: want %s", what)
	}
	b := &Board{}

	line, err := get(1, "the board size")
	if err != nil {
		return nil, err
	}
	toks, err := splitLine(line, 1)
	if err != nil {
		return nil, err
	}
	if err := wantWords(toks, 2, 1, line, "board size"); err != nil {
		return nil, err
	}
	if b.R, err = number(toks[0], 1, "rows", 1, MaxSide); err != nil {
		return nil, err
	}
	if b.C, err = number(toks[1], 1, "columns", 1, MaxSide); err != nil {
		return nil, err
	}

	if line, err = get(2, "the rule"); err != nil {
		return nil, err
	}
	rule, ok := ParseRule(string(line))
	if !ok {
		return nil, problems.Errorf(2, 1, "rule %q: want touch, noside or nocontact", line)
	}
	b.Rule = rule

	if line, err = get(3, "the fleet"); err != nil {
		return nil, err
	}
	if toks, err = splitLine(line, 3); err != nil {
		return nil, err
	}
	k, err := number(toks[0], 3, "number of ships", 1, MaxShips)
	if err != nil {
		return nil, err
	}
	if err := wantWords(toks, k+1, 3, line, "fleet"); err != nil {
		return nil, err
	}
	for i := 1; i <= k; i++ {
		l, err := number(toks[i], 3, fmt.Sprintf("length of ship %d", i), 1, MaxLength)
		if err != nil {
			return nil, err
		}
		b.Ships = append(b.Ships, l)
	}

	b.Grid = make([][]int8, b.R)
	for r := range b.R {
		ln := 4 + r
		if line, err = get(ln, fmt.Sprintf("grid row %d", r+1)); err != nil {
			return nil, err
		}
		// A grid row is C one-digit values separated by single spaces.
		row := make([]int8, b.C)
		for c := range b.C {
			at := 2 * c
			if at >= len(line) {
				return nil, problems.Errorf(ln, len(line)+1, "grid row %d: %d values, want %d", r+1, c, b.C)
			}
			ch := line[at]
			if ch < '0' || ch > '2' {
				return nil, problems.Errorf(ln, at+1, "cell %q: want 0 (unknown), 1 (miss) or 2 (hit)", ch)
			}
			row[c] = int8(ch - '0')
			if at+1 < len(line) {
				if c == b.C-1 {
					if line[at+1] == ' ' && at+2 == len(line) {
						return nil, problems.Errorf(ln, at+2, "trailing space")
					}
					return nil, problems.Errorf(ln, at+2, "grid row %d: more than %d values", r+1, b.C)
				}
				if line[at+1] != ' ' {
					return nil, problems.Errorf(ln, at+2, "want one space between cells, got %q", line[at+1])
				}
			}
		}
		b.Grid[r] = row
	}
	extra := 4 + b.R
	if extra-1 < len(lines) || len(last) > 0 {
		return nil, problems.Errorf(extra, 1, "unexpected content after the last grid row")
	}
	if err := b.checkOpen(); err != nil {
		return nil, err
	}
	if err := b.checkSpan(); err != nil {
		return nil, err
	}
	return b, nil
}

// checkOpen enforces MaxOpen, naming the first cell beyond it in reading order.
func (b *Board) checkOpen() error {
	open := 0
	for r, row := range b.Grid {
		for c, v := range row {
			if v == Miss {
				continue
			}
			if open++; open > MaxOpen {
				return problems.Errorf(4+r, 2*c+1,
					"row %d column %d: %d cells up to here are not misses (unknown or hit); at most %d may be",
					r+1, c+1, open, MaxOpen)
			}
		}
	}
	return nil
}

// OpenCells returns the number of cells that are not misses.
func (b *Board) OpenCells() int {
	n := 0
	for _, row := range b.Grid {
		for _, v := range row {
			if v != Miss {
				n++
			}
		}
	}
	return n
}

// checkSpan enforces the span limits on every region.
func (b *Board) checkSpan() error {
	span := SmallFleetSpan
	if len(b.Ships) > SmallFleet {
		span = LargeFleetSpan
	}
	for _, reg := range b.Regions() {
		h, w := reg.Rows(), reg.Cols()
		r, c := reg.Cells[0][0], reg.Cells[0][1]
		if h > span && w > span {
			return problems.Errorf(4+r, 2*c+1,
				"the region of non-miss cells holding row %d column %d spans %d rows and %d columns; with %d ships one of them must be at most %d",
				r+1, c+1, h, w, len(b.Ships), span)
		}
	}
	return nil
}

// Region is a connected group of non-miss cells: cells are linked through shared
// edges, and under NoContact through shared corners too. Ships in different regions
// never interact, so they can be counted apart.
type Region struct {
	Cells                    [][2]int // row, column; the first is the topmost-leftmost
	Top, Left, Bottom, Right int      // bounding box, inclusive
}

// Rows returns the height of the region's bounding box.
func (g *Region) Rows() int { return g.Bottom - g.Top + 1 }

// Cols returns the width of the region's bounding box.
func (g *Region) Cols() int { return g.Right - g.Left + 1 }

// Regions returns the board's regions in row-major order of their first cell.
func (b *Board) Regions() []Region {
	seen := make([][]bool, b.R)
	for r := range seen {
		seen[r] = make([]bool, b.C)
	}
	diag := b.Rule == NoContact
	var out []Region
	for r0 := range b.R {
		for c0 := range b.C {
			if seen[r0][c0] || b.Grid[r0][c0] == Miss {
				continue
			}
			reg := Region{Top: r0, Left: c0, Bottom: r0, Right: c0}
			seen[r0][c0] = true
			queue := [][2]int{{r0, c0}}
			for len(queue) > 0 {
				q := queue[0]
				queue = queue[1:]
				reg.Cells = append(reg.Cells, q)
				reg.Top, reg.Bottom = min(reg.Top, q[0]), max(reg.Bottom, q[0])
				reg.Left, reg.Right = min(reg.Left, q[1]), max(reg.Right, q[1])
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						if (dr == 0 && dc == 0) || (!diag && dr != 0 && dc != 0) {
							continue
						}
						r, c := q[0]+dr, q[1]+dc
						if r < 0 || c < 0 || r >= b.R || c >= b.C || seen[r][c] || b.Grid[r][c] == Miss {
							continue
						}
						seen[r][c] = true
						queue = append(queue, [2]int{r, c})
					}
				}
			}
			out = append(out, reg)
		}
	}
	return out
}
