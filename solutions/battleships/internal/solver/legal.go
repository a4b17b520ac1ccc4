package solver

import "github.com/judgehq/judge/problems/battleships/grid"

// legal checks the grid against the rules of the puzzle as far as they can be
// checked on a partial grid, and finds the whole ships. It refreshes the tallies,
// complete and inShip. On false, s.why says what is wrong (explain mode).
func (s *state) legal() bool {
	w := s.w
	s.tally()
	for r := 0; r < w.R; r++ {
		if s.rowShip[r] > w.rowN[r] {
			s.fail("row %d has %d ship parts, more than its count %d", r+1, s.rowShip[r], w.rowN[r])
			return false
		}
		if s.rowShip[r]+s.rowBlank[r] < w.rowN[r] {
			s.fail("row %d cannot reach its count %d", r+1, w.rowN[r])
			return false
		}
	}
	for c := 0; c < w.C; c++ {
		if s.colShip[c] > w.colN[c] {
			s.fail("column %d has %d ship parts, more than its count %d", c+1, s.colShip[c], w.colN[c])
			return false
		}
		if s.colShip[c]+s.colBlank[c] < w.colN[c] {
			s.fail("column %d cannot reach its count %d", c+1, w.colN[c])
			return false
		}
	}
	clear(s.complete)
	clear(s.inShip)
	s.fresh = s.fresh[:0]
	maxOpen := 0
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			b := s.g[r*w.C+c]
			if !isShip(b) {
				continue
			}
			if !s.partOK(r, c, b) {
				return false
			}
			l, rt, u, d := s.ship(r, c-1), s.ship(r, c+1), s.ship(r-1, c), s.ship(r+1, c)
			if l || rt || u || d {
				continue
			}
			if b == grid.Sub || s.water(r-1, c) && s.water(r+1, c) && s.water(r, c-1) && s.water(r, c+1) {
				if !s.whole(placement{r: r, c: c, l: 1}) {
					return false
				}
			} else {
				maxOpen = max(maxOpen, 1)
			}
		}
	}
	// Runs of two or more parts, across and down.
	for pass := 0; pass < 2; pass++ {
		vert := pass == 1
		for r := 0; r < w.R; r++ {
			for c := 0; c < w.C; c++ {
				p := placement{r: r, c: c, vert: vert}
				dr, dc := p.step()
				if !s.ship(r, c) || s.ship(r-dr, c-dc) || !s.ship(r+dr, c+dc) {
					continue
				}
				n := 1
				for s.ship(r+dr*n, c+dc*n) {
					n++
				}
				p.l = n
				if n > w.maxL {
					s.fail("%d ship parts in a line from (%d,%d), longer than any ship", n, r+1, c+1)
					return false
				}
				if s.closed(p) {
					if !s.whole(p) {
						return false
					}
				} else {
					maxOpen = max(maxOpen, n)
				}
			}
		}
	}
	if maxOpen > 0 {
		longest := 0
		for _, l := range w.lens {
			if s.rem(l) > 0 {
				longest = l
				break
			}
		}
		if maxOpen > longest {
			s.fail("an unfinished ship of %d parts, but the longest missing ship has length %d", maxOpen, longest)
			return false
		}
	}
	return true
}

// whole records a whole ship found on the grid.
func (s *state) whole(p placement) bool {
	w := s.w
	if p.l > w.maxL || w.fleet[p.l] == 0 {
		s.fail("a whole ship of length %d %s, but the fleet has none", p.l, p)
		return false
	}
	s.complete[p.l]++
	if s.complete[p.l] > w.fleet[p.l] {
		s.fail("more than %d whole ships of length %d", w.fleet[p.l], p.l)
		return false
	}
	if s.forbidden(p) {
		s.fail("a ship of length %d %s, a place ruled out by an earlier guess", p.l, p)
		return false
	}
	dr, dc := p.step()
	for i := 0; i < p.l; i++ {
		s.inShip[(p.r+dr*i)*w.C+p.c+dc*i] = true
	}
	if w.explain != nil {
		s.fresh = append(s.fresh, p)
	}
	return true
}

// partOK checks one ship part against its neighbours.
func (s *state) partOK(r, c int, b byte) bool {
	w := s.w
	if !w.opt.AllowDiagonal && (s.ship(r-1, c-1) || s.ship(r-1, c+1) || s.ship(r+1, c-1) || s.ship(r+1, c+1)) {
		s.fail("ship parts touch at the corner of (%d,%d)", r+1, c+1)
		return false
	}
	l, rt, u, d := s.ship(r, c-1), s.ship(r, c+1), s.ship(r-1, c), s.ship(r+1, c)
	lw, rw, uw, dw := s.water(r, c-1), s.water(r, c+1), s.water(r-1, c), s.water(r+1, c)
	bad := (l || rt) && (u || d)
	switch b {
	case grid.Sub:
		bad = bad || l || rt || u || d
	case grid.Left:
		bad = bad || l || u || d || rw
	case grid.Right:
		bad = bad || rt || u || d || lw
	case grid.Top:
		bad = bad || u || l || rt || dw
	case grid.Bottom:
		bad = bad || d || l || rt || uw
	case grid.Middle:
		across, down := !lw && !rw, !uw && !dw
		bad = bad || w.maxL < 3 || !across && !down || (l || rt) && !across || (u || d) && !down
	}
	if bad {
		s.fail("the part %q at (%d,%d) does not fit its neighbours", b, r+1, c+1)
	}
	return !bad
}
