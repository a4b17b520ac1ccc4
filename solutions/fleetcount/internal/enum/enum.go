// Package enum counts fleet placements by listing every one of them: ship 1 is put
// at each place it fits, in reading order, across and then down; for each of those
// ship 2 is put at each place it still fits, and so on. Every complete placement
// that covers all hits counts once and adds one to each cell it occupies. The work
// grows with the number of placements, so it is only for small boards and for
// checking faster methods.
package enum

import (
	"bufio"
	"github.com/judgehq/judge/problems/fleetcount/board"
	"io"
	"strconv"
)

// Result is the answer for one board: the number of placements of the distinct
// ships, and per cell the number of placements with a ship on it.
type Result struct {
	Total uint64
	Cells [][]uint64
}

type state struct {
	b     *board.Board
	occ   [][]int // ship number + 1 on each cell, 0 when empty
	res   *Result
	hits  int // hit cells on the board
	found int // hit cells covered so far
}

// Count lists every placement of b's fleet. The counts must fit in 64 bits, which
// they always do when the listing finishes in reasonable time.
func Count(b *board.Board) *Result {
	s := &state{b: b, res: &Result{Cells: make([][]uint64, b.R)}}
	s.occ = make([][]int, b.R)
	for r := range b.R {
		s.occ[r] = make([]int, b.C)
		s.res.Cells[r] = make([]uint64, b.C)
		for c := range b.C {
			if b.Grid[r][c] == board.Hit {
				s.hits++
			}
		}
	}
	s.place(0)
	return s.res
}

// place tries every position of ship k, then recurses on ship k+1.
func (s *state) place(k int) {
	if k == len(s.b.Ships) {
		if s.found == s.hits {
			s.res.Total++
			for r, row := range s.occ {
				for c, v := range row {
					if v != 0 {
						s.res.Cells[r][c]++
					}
				}
			}
		}
		return
	}
	l := s.b.Ships[k]
	for r := range s.b.R {
		for c := range s.b.C {
			if s.fits(r, c, 0, 1, l) {
				s.put(r, c, 0, 1, l, k+1)
				s.place(k + 1)
				s.put(r, c, 0, 1, l, 0)
			}
			if l > 1 && s.fits(r, c, 1, 0, l) {
				s.put(r, c, 1, 0, l, k+1)
				s.place(k + 1)
				s.put(r, c, 1, 0, l, 0)
			}
		}
	}
}

// fits reports whether a ship of length l can start at (r, c) going (dr, dc).
func (s *state) fits(r, c, dr, dc, l int) bool {
	b := s.b
	if r+dr*(l-1) >= b.R || c+dc*(l-1) >= b.C {
		return false
	}
	for i := range l {
		rr, cc := r+dr*i, c+dc*i
		if b.Grid[rr][cc] == board.Miss || s.occ[rr][cc] != 0 {
			return false
		}
		if b.Rule == board.Touch {
			continue
		}
		for nr := rr - 1; nr <= rr+1; nr++ {
			for nc := cc - 1; nc <= cc+1; nc++ {
				if nr < 0 || nc < 0 || nr >= b.R || nc >= b.C || s.occ[nr][nc] == 0 {
					continue
				}
				if b.Rule == board.NoContact || nr == rr || nc == cc {
					return false
				}
			}
		}
	}
	return true
}

// put writes id on the ship's cells (0 removes the ship) and keeps the hit tally.
func (s *state) put(r, c, dr, dc, l, id int) {
	for i := range l {
		rr, cc := r+dr*i, c+dc*i
		s.occ[rr][cc] = id
		if s.b.Grid[rr][cc] == board.Hit {
			if id != 0 {
				s.found++
			} else {
				s.found--
			}
		}
	}
}

// WriteTo writes the result in the output format: the total, then one line of
// per-cell counts per row.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	put := func(s string) {
		k, _ := bw.WriteString(s)
		n += int64(k)
	}
	put(strconv.FormatUint(r.Total, 10) + "\n")
	for _, row := range r.Cells {
		for c, v := range row {
			if c > 0 {
				put(" ")
			}
			put(strconv.FormatUint(v, 10))
		}
		put("\n")
	}
	return n, bw.Flush()
}
