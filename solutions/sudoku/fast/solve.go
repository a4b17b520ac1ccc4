package main

import (
	"math/bits"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

// The grid is held digit by digit: for each digit, one 27-bit word per band of three
// rows says in which cells the digit may still stand (bit 9*r+c for row r of the band
// and column c). A cell that holds a digit keeps that digit's bit and loses every
// other. Units are then masks on these words, and one pass of a few word operations
// handles a whole row, column or square, or a whole band for every digit at once.

const (
	rowBits  = 0x1ff     // the nine cells of a row, at the bottom of a band word
	bandBits = 1<<27 - 1 // every cell of a band
)

// bandPeers[p] is the row and the square of position p inside its band, p included.
var bandPeers = func() (t [27]uint32) {
	for p := range t {
		row := uint32(rowBits) << (9 * (p / 9))
		box := uint32(7|7<<9|7<<18) << (3 * (p % 9 / 3))
		t[p] = row | box
	}
	return t
}()

// colBits[c] is column c inside a band word.
var colBits = func() (t [9]uint32) {
	for c := range t {
		t[c] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
	return t
}()

// state is the whole search state; it is copied by value to branch, never allocated.
type state struct {
	cand     [9][3]uint32 // digit, band: cells where the digit may stand
	unsolved [3]uint32    // band: cells not yet given a digit
	dirty    uint32       // bit 3*digit+band: the word changed since its last hidden-single scan
}

// place puts digit d at position p of band b, which must be a candidate there.
func (s *state) place(d, b int, p uint) {
	bit := uint32(1) << p
	_ = s.unsolved[b] // one bounds check for b, not one per digit
	var changed uint32
	for e := range s.cand {
		c := s.cand[e][b]
		changed |= (c >> p & 1) << (3 * e)
		s.cand[e][b] = c &^ bit
	}
	s.dirty |= changed << b
	c := colBits[p%9]
	s.cand[d][0] &^= c
	s.cand[d][1] &^= c
	s.cand[d][2] &^= c
	s.cand[d][b] = s.cand[d][b]&^bandPeers[p] | bit
	s.unsolved[b] &^= bit
	s.dirty |= 7 << (3 * d)
}

// nakedSingles fills every unsolved cell left with one candidate, band by band; it
// reports false when a cell is left with none.
func (s *state) nakedSingles() (ok, progress bool) {
	for b := range 3 {
		u := s.unsolved[b]
		if u == 0 {
			continue
		}
		var one, two uint32
		for d := range 9 {
			c := s.cand[d][b]
			two |= one & c
			one |= c
		}
		if u&^one != 0 {
			return false, progress
		}
		for single := u &^ two; single != 0; single &= single - 1 {
			p := uint(bits.TrailingZeros32(single))
			bit := uint32(1) << p
			d := 0
			for d < 9 && s.cand[d][b]&bit == 0 {
				d++
			}
			if d == 9 {
				return false, progress // an earlier single of this pass took its last digit
			}
			s.place(d, b, p)
			progress = true
		}
	}
	return true, progress
}

// placeIfOpen places d at position p of band b found as the only place of d in some
// unit by a scan that may be stale: skipped when the cell is already solved, a
// contradiction (false) when the cell has lost d since, as the unit then has no place
// for d left.
func (s *state) placeIfOpen(d, b int, p uint) (ok, placed bool) {
	bit := uint32(1) << p
	if s.unsolved[b]&bit == 0 {
		return true, false
	}
	if s.cand[d][b]&bit == 0 {
		return false, false
	}
	s.place(d, b, p)
	return true, true
}

// hiddenSingles places each digit that has one place left in a row, column or square;
// it reports false when a unit has no place left for some digit. Units where the
// digit already stands are passed over.
func (s *state) hiddenSingles() (ok, progress bool) {
	for s.dirty != 0 {
		d := bits.TrailingZeros32(s.dirty) / 3
		bands := s.dirty >> (3 * d) & 7
		s.dirty &^= 7 << (3 * d)
		cd := &s.cand[d]
		// Columns, all nine at once: once and twice count the places per
		// column, done marks the columns where d stands.
		var once, twice, done uint32
		for b := range 3 {
			a := cd[b]
			pl := a &^ s.unsolved[b]
			done |= pl | pl>>9 | pl>>18
			r0, r1, r2 := a&rowBits, a>>9&rowBits, a>>18
			o := r0 | r1 | r2
			t := r0&r1 | r0&r2 | r1&r2
			twice |= t | once&o
			once |= o
		}
		if once != rowBits {
			return false, progress
		}
		for single := once &^ twice &^ done; single != 0; single &= single - 1 {
			c := bits.TrailingZeros32(single)
			for b := range 3 {
				if x := cd[b] & colBits[c]; x != 0 {
					ok, placed := s.placeIfOpen(d, b, uint(bits.TrailingZeros32(x)))
					if !ok {
						return false, progress
					}
					progress = progress || placed
					break
				}
			}
		}
		for b := range 3 {
			a, u := cd[b], s.unsolved[b]
			if bands>>b&1 == 0 || a&u == 0 {
				continue // d stands in every row and square of the band
			}
			// Rows of the band, all three at once: a - lows borrows inside each
			// row (none is empty), so y keeps a bit in the rows with two or more.
			if a&rowBits == 0 || a>>9&rowBits == 0 || a>>18 == 0 {
				return false, progress
			}
			y := a & (a - (1 | 1<<9 | 1<<18))
			var lone uint32
			if y&rowBits == 0 {
				lone |= rowBits
			}
			if y>>9&rowBits == 0 {
				lone |= rowBits << 9
			}
			if y>>18 == 0 {
				lone |= rowBits << 18
			}
			if single := a & u & lone; single != 0 {
				for ; single != 0; single &= single - 1 {
					ok, placed := s.placeIfOpen(d, b, uint(bits.TrailingZeros32(single)))
					if !ok {
						return false, progress
					}
					progress = progress || placed
				}
				a, u = cd[b], s.unsolved[b]
			}
			// Squares of the band: fold the three rows, then look at each group
			// of three columns where d does not stand yet.
			pl := a &^ u
			pl |= pl>>9 | pl>>18
			r0, r1, r2 := a&rowBits, a>>9&rowBits, a>>18
			o := r0 | r1 | r2
			t := r0&r1 | r0&r2 | r1&r2
			if groupsOf[o] != 7 {
				return false, progress // a square of the band has no place for d
			}
			// Squares with one place: no column of the square with two, and one
			// column with any (o - lows borrows inside each nonempty group).
			crowded := groupsOf[(t|o&(o-(1|1<<3|1<<6))|pl)&rowBits]
			for lone := ^crowded & 7; lone != 0; lone &= lone - 1 {
				k := uint(3 * bits.TrailingZeros16(lone))
				col := k + uint(bits.TrailingZeros32(o>>k&7))
				p := col
				switch {
				case r1>>col&1 != 0:
					p += 9
				case r2>>col&1 != 0:
					p += 18
				}
				ok, placed := s.placeIfOpen(d, b, p)
				if !ok {
					return false, progress
				}
				progress = progress || placed
			}
		}
	}
	return true, progress
}

// propagate applies singles until nothing changes; false means a contradiction.
func (s *state) propagate() bool {
	for {
		ok, progress := s.nakedSingles()
		if !ok {
			return false
		}
		if progress {
			continue
		}
		if s.unsolved == [3]uint32{} {
			return true
		}
		ok, progress = s.hiddenSingles()
		if !ok {
			return false
		}
		if !progress && !s.lockedCandidates() {
			return true
		}
	}
}

// maxTried bounds the cells with two candidates that branchCell compares.
const maxTried = 6

// branchCell picks an unsolved cell with the fewest candidates and returns its band
// and position. Among the first maxTried cells with two, it takes the one whose
// digits have the most places left on the grid: on forum_hardest_1106 that cuts the
// search from 242 to 202 nodes a puzzle (the first such cell, or the fewest places,
// search more).
func (s *state) branchCell() (b int, p uint) {
	var pairs [3]uint32
	anyPair := false
	best, bestN := -1, 10
	for b := range 3 {
		u := s.unsolved[b]
		if u == 0 {
			continue
		}
		var one, two, three uint32
		for d := range 9 {
			c := s.cand[d][b]
			three |= two & c
			two |= one & c
			one |= c
		}
		if pairs[b] = u & two &^ three; pairs[b] != 0 {
			anyPair = true
			continue
		}
		if anyPair {
			continue
		}
		for m := u; m != 0; m &= m - 1 {
			p := bits.TrailingZeros32(m)
			n := 0
			for d := range 9 {
				n += int(s.cand[d][b] >> p & 1)
			}
			if n < bestN {
				best, bestN = b*27+p, n
			}
		}
	}
	if !anyPair {
		return best / 27, uint(best % 27)
	}
	var places [9]int
	for d := range 9 {
		places[d] = bits.OnesCount32(s.cand[d][0]&s.unsolved[0]) + bits.OnesCount32(s.cand[d][1]&s.unsolved[1]) + bits.OnesCount32(s.cand[d][2]&s.unsolved[2])
	}
	bestScore, tried := -1, 0
	for b := range 3 {
		for m := pairs[b]; m != 0 && tried < maxTried; m &= m - 1 {
			tried++
			p := bits.TrailingZeros32(m)
			score := 0
			for d := range 9 {
				if s.cand[d][b]>>p&1 != 0 {
					score += places[d]
				}
			}
			if score > bestScore {
				best, bestScore = b*27+p, score
			}
		}
	}
	return best / 27, uint(best % 27)
}

// search solves st[0] in place, using the rest of st for the states of its
// branches (one per level, so len(st) > 81 is always enough); false means there
// is no solution.
func search(st []state) bool {
	s := &st[0]
	if !s.propagate() {
		return false
	}
	if s.unsolved == [3]uint32{} {
		return true
	}
	b, p := s.branchCell()
	bit := uint32(1) << p
	last := -1
	for d := 8; d >= 0; d-- {
		if s.cand[d][b]&bit != 0 {
			last = d
			break
		}
	}
	next := &st[1]
	for d := range last {
		if s.cand[d][b]&bit == 0 {
			continue
		}
		*next = *s
		next.place(d, b, p)
		if search(st[1:]) {
			*s = *next
			return true
		}
	}
	s.place(last, b, p)
	return search(st)
}

// Solve returns a solution of puzzle, or ok false when it has none (givens that clash
// included).
func Solve(puzzle grid.Grid) (sol grid.Grid, ok bool) {
	var stack [grid.Size + 1]state
	s := &stack[0]
	for d := range s.cand {
		s.cand[d] = [3]uint32{bandBits, bandBits, bandBits}
	}
	s.unsolved = [3]uint32{bandBits, bandBits, bandBits}
	s.dirty = 1<<27 - 1
	for i, v := range puzzle {
		if v == 0 {
			continue
		}
		d, b, p := int(v-1), i/27, uint(i%27)
		if s.cand[d][b]>>p&1 == 0 {
			return sol, false
		}
		s.place(d, b, p)
	}
	if !search(stack[:]) {
		return sol, false
	}
	for d := range s.cand {
		for b := range 3 {
			for m := s.cand[d][b]; m != 0; m &= m - 1 {
				sol[b*27+bits.TrailingZeros32(m)] = uint8(d + 1)
			}
		}
	}
	return sol, true
}

// Locked candidates, as tables on nine "mini-lines": the three cells a line (a row,
// or a column) shares with a square. Bit 3*l+k of an index stands for the mini-line
// of line l in square k that still holds the digit. When in square k the digit is
// only on line l, it leaves the other squares of line l; when on line l it is only in
// square k, it leaves the other lines of square k. Both rules read the same with
// lines and squares swapped, so one table serves rows in a band and columns in a
// stack.

// lockedKeep[m] is the mini-lines of m that survive both rules, applied until they
// change nothing.
var lockedKeep = func() (t [512]uint16) {
	for m := range t {
		keep := uint16(m)
		for {
			next := keep
			for k := range 3 {
				if in := next >> k & 0o111; in != 0 && in&(in-1) == 0 {
					l := bits.TrailingZeros16(in) / 3
					next &^= 7 << (3 * l) &^ (1 << (3*l + k)) // line l outside square k
				}
			}
			for l := range 3 {
				if on := next >> (3 * l) & 7; on != 0 && on&(on-1) == 0 {
					k := bits.TrailingZeros16(on)
					next &^= 0o111 << k &^ (on << (3 * l)) // square k off line l
				}
			}
			if next == keep {
				break
			}
			keep = next
		}
		t[m] = keep
	}
	return t
}()

// groupsOf[x] is the groups of three bits of the 9-bit x that are not empty, as 3 bits.
var groupsOf = func() (t [512]uint16) {
	for x := range t {
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				t[x] |= 1 << k
			}
		}
	}
	return t
}()

// rowSpread[m] is the band word of the cells of the mini-rows m (bit 3*row+square).
var rowSpread = func() (t [512]uint32) {
	for m := range t {
		for i := range 9 {
			if m>>i&1 != 0 {
				t[m] |= 7 << (9*(i/3) + 3*(i%3))
			}
		}
	}
	return t
}()

// lockedCandidates removes, for every digit, the candidates that the two rules of
// lockedKeep rule out in each band (rows against squares) and each stack (columns
// against squares); it reports whether it removed any.
func (s *state) lockedCandidates() (progress bool) {
	for d := range 9 {
		cd := &s.cand[d]
		for b := range 3 {
			a := cd[b]
			m := groupsOf[a&rowBits] | groupsOf[a>>9&rowBits]<<3 | groupsOf[a>>18]<<6
			if keep := lockedKeep[m]; keep != m {
				cd[b] = a & rowSpread[keep]
				s.dirty |= 1 << (3*d + b)
				progress = true
			}
		}
		// Stacks: fold each band to its nine columns; bit 3*band+j of m is
		// column j of the stack in that band, so bands play the lines' part.
		var cols [3]uint32
		for b := range 3 {
			a := cd[b]
			cols[b] = (a | a>>9 | a>>18) & rowBits
		}
		for st := uint(0); st < 9; st += 3 {
			m := uint16(cols[0]>>st&7 | (cols[1]>>st&7)<<3 | (cols[2]>>st&7)<<6)
			keep := lockedKeep[m]
			if keep == m {
				continue
			}
			for b := range 3 {
				gone := uint32(m&^keep) >> (3 * b) & 7 << st
				if gone != 0 {
					cd[b] &^= gone | gone<<9 | gone<<18
				}
			}
			s.dirty |= 7 << (3 * d)
			progress = true
		}
	}
	return progress
}
