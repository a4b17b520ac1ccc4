package solver

import (
	"fmt"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// placement is a ship of length l whose top or left end is at (r, c).
type placement struct {
	r, c, l int
	vert    bool
}

func (p placement) String() string {
	switch {
	case p.l == 1:
		return fmt.Sprintf("at (%d,%d)", p.r+1, p.c+1)
	case p.vert:
		return fmt.Sprintf("down from (%d,%d)", p.r+1, p.c+1)
	}
	return fmt.Sprintf("across from (%d,%d)", p.r+1, p.c+1)
}

// step returns the offset from one part of p to the next.
func (p placement) step() (dr, dc int) {
	if p.vert {
		return 1, 0
	}
	return 0, 1
}

// part is the symbol of the i-th part of p.
func (p placement) part(i int) byte {
	switch {
	case p.l == 1:
		return grid.Sub
	case i == 0 && p.vert:
		return grid.Top
	case i == 0:
		return grid.Left
	case i == p.l-1 && p.vert:
		return grid.Bottom
	case i == p.l-1:
		return grid.Right
	}
	return grid.Middle
}

func (s *state) pid(p placement) int {
	d := 0
	if p.vert {
		d = 1
	}
	return ((p.r*s.w.C+p.c)*2+d)*(s.w.maxL+1) + p.l
}

func (s *state) forbid(p placement) {
	if s.forb == nil {
		s.forb = make([]uint64, (s.w.R*s.w.C*2*(s.w.maxL+1)+63)/64)
	}
	id := s.pid(p)
	s.forb[id/64] |= 1 << (id % 64)
}

func (s *state) forbidden(p placement) bool {
	if s.forb == nil {
		return false
	}
	id := s.pid(p)
	return s.forb[id/64]&(1<<(id%64)) != 0
}

// fits reports whether a ship may still lie at p: inside the grid, on no water,
// agreeing with the known parts it covers, touching no other ship part, not ruled out
// by an earlier guess, and not more parts than its strips still need. A placement
// that is already a whole ship does not fit: that ship is counted as found. It
// needs tally and legal to be current.
func (s *state) fits(p placement) bool {
	w := s.w
	dr, dc := p.step()
	er, ec := p.r+dr*(p.l-1), p.c+dc*(p.l-1)
	if er >= w.R || ec >= w.C || s.forbidden(p) {
		return false
	}
	if s.ship(p.r-dr, p.c-dc) || s.ship(er+dr, ec+dc) {
		return false
	}
	if !w.opt.AllowDiagonal {
		if s.ship(p.r-dr-dc, p.c-dc-dr) || s.ship(p.r-dr+dc, p.c-dc+dr) ||
			s.ship(er+dr-dc, ec+dc-dr) || s.ship(er+dr+dc, ec+dc+dr) {
			return false
		}
	}
	fresh, whole := 0, true
	for i := 0; i < p.l; i++ {
		r, c := p.r+dr*i, p.c+dc*i
		switch b := s.g[r*w.C+c]; b {
		case grid.Water:
			return false
		case grid.Blank:
			fresh++
			whole = false
			if p.vert && s.rowShip[r] >= w.rowN[r] || !p.vert && s.colShip[c] >= w.colN[c] {
				return false
			}
		case grid.Part:
			if s.inShip[r*w.C+c] {
				return false
			}
		default:
			if b != p.part(i) || s.inShip[r*w.C+c] {
				return false
			}
		}
		if s.ship(r+dc, c+dr) || s.ship(r-dc, c-dr) {
			return false
		}
	}
	if whole && s.closed(p) {
		return false
	}
	// The ship's own strip: it must not get too many parts, and once the cells at
	// its two ends turn to water the strip must still be able to reach its count.
	have, blanks, need := s.rowShip[p.r], s.rowBlank[p.r], w.rowN[p.r]
	if p.vert {
		have, blanks, need = s.colShip[p.c], s.colBlank[p.c], w.colN[p.c]
	}
	if have+fresh > need {
		return false
	}
	if w.opt.Variant != Search2 {
		lost := 0
		if s.at(p.r-dr, p.c-dc) == grid.Blank {
			lost++
		}
		if s.at(er+dr, ec+dc) == grid.Blank {
			lost++
		}
		if have+fresh+(blanks-fresh-lost) < need {
			return false
		}
	}
	return true
}

// closed reports whether every part of p is a ship part and p cannot grow: it is
// already a whole ship on the grid.
func (s *state) closed(p placement) bool {
	dr, dc := p.step()
	er, ec := p.r+dr*(p.l-1), p.c+dc*(p.l-1)
	first, last := s.at(p.r, p.c), s.at(er, ec)
	if p.l == 1 {
		return first == grid.Sub || s.water(p.r-1, p.c) && s.water(p.r+1, p.c) &&
			s.water(p.r, p.c-1) && s.water(p.r, p.c+1)
	}
	return (s.water(p.r-dr, p.c-dc) || first == p.part(0)) &&
		(s.water(er+dr, ec+dc) || last == p.part(p.l-1))
}

// placements lists every place a ship of length l fits, in reading order, across
// before down.
func (s *state) placements(l int) []placement {
	w := s.w
	var out []placement
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			if s.g[r*w.C+c] == grid.Water {
				continue
			}
			if p := (placement{r: r, c: c, l: l}); c+l <= w.C && s.fits(p) {
				out = append(out, p)
			}
			if l > 1 {
				if p := (placement{r: r, c: c, l: l, vert: true}); r+l <= w.R && s.fits(p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// place puts the parts of a ship at p.
func (s *state) place(p placement) bool {
	dr, dc := p.step()
	for i := 0; i < p.l; i++ {
		if _, ok := s.setSym(p.r+dr*i, p.c+dc*i, p.part(i)); !ok {
			return false
		}
	}
	return true
}
