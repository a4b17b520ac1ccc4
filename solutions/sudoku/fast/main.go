// Command fast solves the sudoku problem with bit masks: one 9-bit mask of used digits
// per row, column and square, and a depth-first search that always fills the empty
// cell with the fewest candidates next. Its output is the reference's, byte for byte.
//
// Usage: fast < puzzle
package main

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"os"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

const allDigits = 0x3fe // bits 1–9

// solver is the search state: the grid and the digits used in each section.
type solver struct {
	g                 grid.Grid
	rows, cols, boxes [9]uint16
	empty             []int // the empty cells, in no particular order
}

// newSolver places the givens of g; ok is false when two of them clash.
func newSolver(g grid.Grid) (s *solver, ok bool) {
	s = &solver{g: g}
	for i, v := range g {
		if v == 0 {
			s.empty = append(s.empty, i)
			continue
		}
		bit := uint16(1) << v
		r, c, b := i/9, i%9, grid.Box(i)
		if (s.rows[r]|s.cols[c]|s.boxes[b])&bit != 0 {
			return s, false
		}
		s.rows[r] |= bit
		s.cols[c] |= bit
		s.boxes[b] |= bit
	}
	return s, true
}

// solve fills the empty cells from position k of s.empty on; it reports success and
// leaves the solution in s.g.
func (s *solver) solve(k int) bool {
	if k == len(s.empty) {
		return true
	}
	// Bring the most constrained cell to position k.
	best, bestMask, bestN := k, uint16(0), 10
	for j := k; j < len(s.empty); j++ {
		i := s.empty[j]
		m := allDigits &^ (s.rows[i/9] | s.cols[i%9] | s.boxes[grid.Box(i)])
		n := bits.OnesCount16(m)
		if n < bestN {
			best, bestMask, bestN = j, m, n
			if n <= 1 {
				break
			}
		}
	}
	if bestN == 0 {
		return false
	}
	s.empty[k], s.empty[best] = s.empty[best], s.empty[k]
	i := s.empty[k]
	r, c, b := i/9, i%9, grid.Box(i)
	for m := bestMask; m != 0; m &= m - 1 {
		bit := m & -m
		s.rows[r] |= bit
		s.cols[c] |= bit
		s.boxes[b] |= bit
		if s.solve(k + 1) {
			s.g[i] = uint8(bits.TrailingZeros16(bit))
			return true
		}
		s.rows[r] &^= bit
		s.cols[c] &^= bit
		s.boxes[b] &^= bit
	}
	return false
}

// Solve returns a solution of puzzle, or ok false when it has none.
func Solve(puzzle grid.Grid) (sol grid.Grid, ok bool) {
	s, ok := newSolver(puzzle)
	if !ok || !s.solve(0) {
		return sol, false
	}
	return s.g, true
}

func run(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	puzzle, err := grid.Parse(data)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	w.WriteString("The original puzzle:\n\n" + puzzle.Format() + "\n")
	if sol, ok := Solve(puzzle); ok {
		w.WriteString("Solution:\n\n" + sol.Format() + "\nThe puzzle was solved.\n")
	} else {
		w.WriteString("The puzzle is unsolvable.\n")
	}
	return w.Flush()
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fast:", err)
		os.Exit(1)
	}
}
