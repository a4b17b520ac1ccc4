// Package board reads, writes and describes TriMineSweeper boards: the triangle
// geometry with its twelve-neighbour rule and the strict board-file format
//
//	n B r0 c0
//	r c        (B lines, one bomb each, in row-major order)
//
// It holds no judging logic, so players may use it too.
package board

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// Size limits of a board file.
const (
	MinN = 2
	MaxN = 1000
)

// Board is one game: an n×n grid of triangles, its bombs and the free first cell.
type Board struct {
	N      int    // rows and columns
	Bombs  int    // number of bombs
	R0, C0 int    // the safe cell the judge names at the start
	Bomb   []bool // Bomb[r*N+c] says whether (r, c) holds a bomb
}

// Down reports whether cell (r, c) points down (r + c odd).
func Down(r, c int) bool { return (r+c)&1 == 1 }

// Neighbours appends the in-board neighbours of (r, c) on an n×n board to buf as
// cell indices r*n+c, row by row and left to right, and returns the extended slice.
// A down-pointing cell touches columns c−2…c+2 of the row above, c−2…c+2 but c of its
// own row and c−1…c+1 of the row below; an up-pointing one has the spans of the rows
// above and below swapped.
func Neighbours(n, r, c int, buf []int) []int {
	above, below := 1, 2
	if Down(r, c) {
		above, below = 2, 1
	}
	span := func(row, half int, skip bool) {
		if row < 0 || row >= n {
			return
		}
		for cc := max(c-half, 0); cc <= min(c+half, n-1); cc++ {
			if skip && cc == c {
				continue
			}
			buf = append(buf, row*n+cc)
		}
	}
	span(r-1, above, false)
	span(r, 2, true)
	span(r+1, below, false)
	return buf
}

// Count returns the number of bombs among the neighbours of (r, c).
func (b *Board) Count(r, c int) int {
	var buf [12]int
	k := 0
	for _, i := range Neighbours(b.N, r, c, buf[:0]) {
		if b.Bomb[i] {
			k++
		}
	}
	return k
}

// HasZeroCell reports whether some safe cell has no bomb among its neighbours.
func (b *Board) HasZeroCell() bool {
	for i, bomb := range b.Bomb {
		if !bomb && b.Count(i/b.N, i%b.N) == 0 {
			return true
		}
	}
	return false
}

// Format writes the board in the file format, ending with a newline.
func (b *Board) Format() []byte {
	var out bytes.Buffer
	fmt.Fprintf(&out, "%d %d %d %d\n", b.N, b.Bombs, b.R0, b.C0)
	for i, bomb := range b.Bomb {
		if bomb {
			out.WriteString(strconv.Itoa(i / b.N))
			out.WriteByte(' ')
			out.WriteString(strconv.Itoa(i % b.N))
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// scanner walks a board file token by token, keeping line and column (1-based).
type scanner struct {
	data      []byte
	pos       int
	line, col int
}

// int reads one decimal integer in [lo, hi] (no sign, no leading zeros) and the
// separator after it: a single space when more follows on the line (last false)
// or a newline when it ends the line (last true).
func (s *scanner) int(what string, lo, hi int, last bool) (int, error) {
	startLine, startCol := s.line, s.col
	begin := s.pos
	for s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		s.pos++
		s.col++
		if s.pos-begin > 9 {
			return 0, problems.Errorf(startLine, startCol, "%s: number too long", what)
		}
	}
	tok := s.data[begin:s.pos]
	if len(tok) == 0 {
		if s.pos >= len(s.data) {
			return 0, problems.Errorf(startLine, startCol, "%s: unexpected end of file", what)
		}
		return 0, problems.Errorf(startLine, startCol, "%s: want a decimal number, found %q", what, s.data[s.pos])
	}
	if len(tok) > 1 && tok[0] == '0' {
		return 0, problems.Errorf(startLine, startCol, "%s: leading zero in %q", what, tok)
	}
	v, _ := strconv.Atoi(string(tok))
	if v < lo || v > hi {
		return 0, problems.Errorf(startLine, startCol, "%s %d out of range [%d, %d]", what, v, lo, hi)
	}
	want, name := byte(' '), "a single space"
	if last {
		want, name = '\n', "end of line"
	}
	if s.pos >= len(s.data) {
		return 0, problems.Errorf(s.line, s.col, "after %s: unexpected end of file (want %s)", what, name)
	}
	if s.data[s.pos] != want {
		return 0, problems.Errorf(s.line, s.col, "after %s: want %s, found %q", what, name, s.data[s.pos])
	}
	s.pos++
	if last {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	return v, nil
}

// Parse reads a board file strictly. The first fault is reported as a
// *problems.InputError with its line and column: malformed numbers, values out of
// range, bombs out of row-major order or repeated, a bomb on the free cell, a free
// cell with bomb neighbours although a cell without any exists, or extra text.
func Parse(data []byte) (*Board, error) {
	s := &scanner{data: data, line: 1, col: 1}
	n, err := s.int("n", MinN, MaxN, false)
	if err != nil {
		return nil, err
	}
	bombs, err := s.int("B", 0, n*n-1, false)
	if err != nil {
		return nil, err
	}
	r0Line, r0Col := s.line, s.col
	r0, err := s.int("r0", 0, n-1, false)
	if err != nil {
		return nil, err
	}
	c0, err := s.int("c0", 0, n-1, true)
	if err != nil {
		return nil, err
	}
	b := &Board{N: n, Bombs: bombs, R0: r0, C0: c0, Bomb: make([]bool, n*n)}
	prev, freeBombLine := -1, 0
	for k := 0; k < bombs; k++ {
		line := s.line
		what := fmt.Sprintf("bomb %d row", k+1)
		r, err := s.int(what, 0, n-1, false)
		if err != nil {
			return nil, err
		}
		c, err := s.int(fmt.Sprintf("bomb %d column", k+1), 0, n-1, true)
		if err != nil {
			return nil, err
		}
		i := r*n + c
		if i == prev {
			return nil, problems.Errorf(line, 1, "bomb (%d, %d) repeated", r, c)
		}
		if i < prev {
			return nil, problems.Errorf(line, 1, "bomb (%d, %d) out of row-major order (after (%d, %d))", r, c, prev/n, prev%n)
		}
		prev = i
		b.Bomb[i] = true
		if r == r0 && c == c0 {
			freeBombLine = line
		}
	}
	if s.pos < len(data) {
		return nil, problems.Errorf(s.line, s.col, "extra text after the %d bombs", bombs)
	}
	if b.Bomb[r0*n+c0] {
		return nil, problems.Errorf(freeBombLine, 1, "bomb (%d, %d) lies on the free cell (r0, c0)", r0, c0)
	}
	if k := b.Count(r0, c0); k > 0 && b.HasZeroCell() {
		return nil, problems.Errorf(r0Line, r0Col, "free cell (%d, %d) has %d bomb neighbours although a cell with none exists", r0, c0, k)
	}
	return b, nil
}
