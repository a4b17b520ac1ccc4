package solver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// rule is one way of deducing cells. It runs on a legal state with current tallies,
// changes what it can and says why; ok is false on a contradiction.
type rule struct {
	name string
	fn   func(s *state) (changed, ok bool, why string)
}

func rulesFor(v Variant) []rule {
	water := []rule{
		{"pad_water", padWater},
		{"fill_water", fillWater},
	}
	switch v {
	case Bap:
		return []rule{
			water[0], water[1],
			{"try_full", tryFull},
			{"extend_parts", extendParts},
			{"determine_x", determineX},
			{"try_full_but_one", tryFullButOne},
			{"assign_and_place", assignAndPlace},
			{"cover_or_water", coverOrWater},
		}
	case Search1:
		return append(water, rule{"cover_or_water", coverOrWater})
	}
	return nil
}

// propagate applies the rules, in order and from the top after every change, until
// none changes anything. False on a contradiction.
func (s *state) propagate() bool {
	w := s.w
	for {
		if !s.legal() {
			return false
		}
		s.reportLocated()
		progressed := false
		for _, ru := range w.rules {
			var before []byte
			if w.explain != nil {
				before = slices.Clone(s.g)
			}
			changed, ok, why := ru.fn(s)
			if !ok {
				if w.explain != nil && s.why == "" {
					s.why = ru.name + " found a contradiction"
				}
				return false
			}
			if changed {
				if w.explain != nil {
					s.step(fmt.Sprintf("%s: %s%s", ru.name, why, s.diff(before)), true)
				} else {
					w.stats.Steps++
				}
				progressed = true
				break
			}
		}
		if !progressed {
			return true
		}
	}
}

// diff lists the cells that changed since before.
func (s *state) diff(before []byte) string {
	var b strings.Builder
	n := 0
	for i := range s.g {
		if s.g[i] == before[i] {
			continue
		}
		if n < 12 {
			fmt.Fprintf(&b, " (%d,%d)=%q", i/s.w.C+1, i%s.w.C+1, s.g[i])
		}
		n++
	}
	if n > 12 {
		fmt.Fprintf(&b, " and %d more", n-12)
	}
	return " →" + b.String()
}

// strip is a row or a column as the strip rules see it.
type strip struct {
	name       string
	n          int  // 1-based number
	col        bool // a column rather than a row
	ship, free int  // parts and blanks now
	need       int  // the count
	size       int
}

// cell returns the grid position of the strip's i-th cell.
func (st strip) cell(i int) (r, c int) {
	if st.col {
		return i, st.n - 1
	}
	return st.n - 1, i
}

func (s *state) strips() []strip {
	w := s.w
	out := make([]strip, 0, w.R+w.C)
	for r := 0; r < w.R; r++ {
		out = append(out, strip{"row", r + 1, false, s.rowShip[r], s.rowBlank[r], w.rowN[r], w.C})
	}
	for c := 0; c < w.C; c++ {
		out = append(out, strip{"column", c + 1, true, s.colShip[c], s.colBlank[c], w.colN[c], w.R})
	}
	return out
}

// name appends the strip's name for an explanation; without one, a placeholder that
// only marks that the rule did something.
func (s *state) name(names []string, st strip) []string {
	if s.w.explain == nil {
		return append(names, "")
	}
	return append(names, fmt.Sprintf("%s %d", st.name, st.n))
}

// fillWater: a strip that holds all its parts is water everywhere else. Every such
// strip is filled in one step.
func fillWater(s *state) (bool, bool, string) {
	var names []string
	for _, st := range s.strips() {
		if st.ship != st.need || st.free == 0 {
			continue
		}
		for i := 0; i < st.size; i++ {
			if r, c := st.cell(i); s.at(r, c) == grid.Blank {
				s.setWater(r, c)
			}
		}
		names = s.name(names, st)
	}
	if len(names) == 0 {
		return false, true, ""
	}
	return true, true, strings.Join(names, ", ") + ": all parts there already, so the blanks are water"
}

// tryFull: a strip with exactly as many blanks as missing parts is ship there. Every
// such strip is filled in one step.
func tryFull(s *state) (bool, bool, string) {
	var names []string
	for _, st := range s.strips() {
		if st.free == 0 || st.ship+st.free != st.need {
			continue
		}
		for i := 0; i < st.size; i++ {
			if r, c := st.cell(i); s.at(r, c) == grid.Blank {
				s.setShip(r, c)
			}
		}
		names = s.name(names, st)
	}
	if len(names) == 0 {
		return false, true, ""
	}
	return true, true, strings.Join(names, ", ") + ": as many blanks as missing parts, so the blanks are ship"
}

// orientation says what is known of the direction of the ship through a part.
func (s *state) orientation(r, c int) (across, down bool) {
	b := s.at(r, c)
	across = b == grid.Left || b == grid.Right || s.ship(r, c-1) || s.ship(r, c+1)
	down = b == grid.Top || b == grid.Bottom || s.ship(r-1, c) || s.ship(r+1, c)
	if b == grid.Middle {
		across = across || s.water(r-1, c) || s.water(r+1, c)
		down = down || s.water(r, c-1) || s.water(r, c+1)
	}
	return across, down
}

// padWater: water at the corners of every part, beside a ship whose direction is
// known, around a submarine and beyond an end.
func padWater(s *state) (bool, bool, string) {
	w := s.w
	any := false
	set := func(r, c int) bool {
		ch, ok := s.setWater(r, c)
		any = any || ch
		return ok
	}
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			b := s.g[r*w.C+c]
			if !isShip(b) {
				continue
			}
			if !w.opt.AllowDiagonal {
				if !set(r-1, c-1) || !set(r-1, c+1) || !set(r+1, c-1) || !set(r+1, c+1) {
					return false, false, ""
				}
			}
			across, down := s.orientation(r, c)
			ok := true
			switch b {
			case grid.Sub:
				ok = set(r-1, c) && set(r+1, c) && set(r, c-1) && set(r, c+1)
			case grid.Left:
				ok = set(r, c-1)
			case grid.Right:
				ok = set(r, c+1)
			case grid.Top:
				ok = set(r-1, c)
			case grid.Bottom:
				ok = set(r+1, c)
			}
			if ok && across {
				ok = set(r-1, c) && set(r+1, c)
			}
			if ok && down {
				ok = set(r, c-1) && set(r, c+1)
			}
			if !ok {
				return false, false, ""
			}
		}
	}
	return any, true, "water around the known ship parts"
}

// extendParts: an end continues into the cell it points to; a middle whose
// direction is known continues on both sides.
func extendParts(s *state) (bool, bool, string) {
	w := s.w
	any := false
	set := func(r, c int) bool {
		ch, ok := s.setShip(r, c)
		any = any || ch
		return ok
	}
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			ok := true
			switch s.g[r*w.C+c] {
			case grid.Left:
				ok = set(r, c+1)
			case grid.Right:
				ok = set(r, c-1)
			case grid.Top:
				ok = set(r+1, c)
			case grid.Bottom:
				ok = set(r-1, c)
			case grid.Middle:
				across, down := s.orientation(r, c)
				if across {
					ok = set(r, c-1) && set(r, c+1)
				} else if down {
					ok = set(r-1, c) && set(r+1, c)
				}
			}
			if !ok {
				return false, false, ""
			}
		}
	}
	return any, true, "ends and middles continue into their neighbours"
}

// determineX names X parts whose neighbours tell what they are.
func determineX(s *state) (bool, bool, string) {
	w := s.w
	any := false
	for r := 0; r < w.R; r++ {
		for c := 0; c < w.C; c++ {
			if s.g[r*w.C+c] != grid.Part {
				continue
			}
			l, rt, u, d := s.ship(r, c-1), s.ship(r, c+1), s.ship(r-1, c), s.ship(r+1, c)
			lw, rw, uw, dw := s.water(r, c-1), s.water(r, c+1), s.water(r-1, c), s.water(r+1, c)
			var sym byte
			switch {
			case l && rt, u && d:
				sym = grid.Middle
			case rt && lw:
				sym = grid.Left
			case l && rw:
				sym = grid.Right
			case d && uw:
				sym = grid.Top
			case u && dw:
				sym = grid.Bottom
			case lw && rw && uw && dw:
				sym = grid.Sub
			}
			if sym != 0 {
				s.g[r*w.C+c] = sym
				any = true
			}
		}
	}
	return any, true, "X parts named from their neighbours"
}

// tryFullButOne: a strip with one blank more than it needs parts leaves one blank as
// water. Each choice is tried on a copy; a blank whose choice is illegal is a ship
// part, and when only one choice is legal its blank is water.
func tryFullButOne(s *state) (bool, bool, string) {
	for _, st := range s.strips() {
		if st.ship == st.need || st.free != st.need-st.ship+1 {
			continue
		}
		var blanks []int
		for i := 0; i < st.size; i++ {
			if r, c := st.cell(i); s.at(r, c) == grid.Blank {
				blanks = append(blanks, i)
			}
		}
		legal := make([]bool, len(blanks))
		nLegal := 0
		t := s.clone()
		for k := range blanks {
			copy(t.g, s.g)
			for j, i := range blanks {
				r, c := st.cell(i)
				if j == k {
					t.g[r*s.w.C+c] = grid.Water
				} else {
					t.g[r*s.w.C+c] = grid.Part
				}
			}
			if t.legal() {
				legal[k] = true
				nLegal++
			}
		}
		if nLegal == 0 {
			s.fail("no way to leave one blank of %s %d as water", st.name, st.n)
			return false, false, ""
		}
		if nLegal == len(blanks) {
			continue
		}
		for k, i := range blanks {
			r, c := st.cell(i)
			switch {
			case !legal[k]:
				s.setShip(r, c)
			case nLegal == 1:
				s.setWater(r, c)
			}
		}
		return true, true, fmt.Sprintf("%s %d has one blank too many; only %d of the %d ways to leave one as water are legal",
			st.name, st.n, nLegal, len(blanks))
	}
	return false, true, ""
}

// assignAndPlace looks at where each missing ship length can still go. When there
// are exactly as many places as ships, the ships go there; when a single ship is
// missing, the cells common to all its places are ship parts.
func assignAndPlace(s *state) (bool, bool, string) {
	w := s.w
	for _, l := range w.lens {
		k := s.rem(l)
		if k == 0 {
			continue
		}
		ps := s.placements(l)
		if len(ps) < k {
			s.fail("%d ships of length %d are missing but only %d places are left", k, l, len(ps))
			return false, false, ""
		}
		if len(ps) == k {
			any := false
			for _, p := range ps {
				dr, dc := p.step()
				for i := 0; i < p.l; i++ {
					ch, ok := s.setSym(p.r+dr*i, p.c+dc*i, p.part(i))
					if !ok {
						return false, false, ""
					}
					any = any || ch
				}
			}
			if any {
				return true, true, fmt.Sprintf("the %d missing ships of length %d have only %d places left: placed there", k, l, len(ps))
			}
			continue
		}
		if k != 1 {
			continue
		}
		common := make([]int, w.R*w.C)
		for _, p := range ps {
			dr, dc := p.step()
			for i := 0; i < p.l; i++ {
				common[(p.r+dr*i)*w.C+p.c+dc*i]++
			}
		}
		any := false
		for i, n := range common {
			if n == len(ps) && s.g[i] == grid.Blank {
				s.g[i] = grid.Part
				any = true
			}
		}
		if any {
			where := "the grid"
			if allIn(ps, func(p placement) int { return p.r }, false) {
				where = fmt.Sprintf("row %d", ps[0].r+1)
			} else if allIn(ps, func(p placement) int { return p.c }, true) {
				where = fmt.Sprintf("column %d", ps[0].c+1)
			}
			return true, true, fmt.Sprintf("the last ship of length %d is assigned to %s (%d places); the cells all of them cover are ship",
				l, where, len(ps))
		}
	}
	return false, true, ""
}

// allIn reports whether every placement lies in the same strip.
func allIn(ps []placement, key func(placement) int, vert bool) bool {
	for _, p := range ps {
		if (p.vert != vert && p.l > 1) || key(p) != key(ps[0]) {
			return false
		}
	}
	return true
}

// coverOrWater: a blank that no missing ship can cover is water, and an unfinished
// part that no missing ship can cover is a contradiction.
func coverOrWater(s *state) (bool, bool, string) {
	w := s.w
	covered := make([]bool, w.R*w.C)
	for _, l := range w.lens {
		if s.rem(l) == 0 {
			continue
		}
		for _, p := range s.placements(l) {
			dr, dc := p.step()
			for i := 0; i < p.l; i++ {
				covered[(p.r+dr*i)*w.C+p.c+dc*i] = true
			}
		}
	}
	any := false
	for i, b := range s.g {
		switch {
		case covered[i]:
		case b == grid.Blank:
			s.g[i] = grid.Water
			any = true
		case isShip(b) && !s.inShip[i]:
			s.fail("no missing ship can cover the part at (%d,%d)", i/w.C+1, i%w.C+1)
			return false, false, ""
		}
	}
	return any, true, "blanks that no missing ship can cover are water"
}
