package count

import (
	"cmp"
	"math/big"
	"slices"
)

// When a grid is the same from left to right as from right to left, a state
// before a row and its mirror image (the same slots, columns in reverse order)
// have the same number of ways to go on, each the mirror image of the other's. So
// before each row a state is merged with its mirror image into whichever key is
// smaller, and their counts are added. A placement is then counted as itself or
// as its mirror image from some row down, so the per-cell counts of a cell and of
// its mirror cell are mixed up; their sum stays right, and as the true counts are
// the same for both, each is half the sum (see symmetrize).

// keyIdx is a key with the position of its state in a table.
type keyIdx struct {
	key uint64
	idx int32
}

// mirror returns key, a state before a row, with its columns in reverse order.
func (s *sweep) mirror(key uint64) uint64 {
	m := key & (1<<s.colPos - 1)
	for c, from := range s.mirrorFrom {
		m |= (key >> from & slotMask) << s.mirrorTo[c]
	}
	return m
}

// weight orders the two mirror images of a state: the one kept is the one whose
// slots, read from the last column to the first, come first, so that what differs
// between states lies on the left, where the row's steps soon overwrite it.
func (s *sweep) weight(key uint64) uint64 {
	var r uint64
	for c, from := range s.mirrorFrom { // from: where column c is
		r |= (key >> from & slotMask) << (slotBits * uint(c))
	}
	return r
}

// canonical merges every state of t, the table before a row, with its mirror
// image, keeping t sorted, and sets s.perm to the new position of each old one.
func (s *sweep) canonical(t *table) {
	n := len(t.keys)
	L := s.lanes
	s.perm = emptied(s.perm, n)[:n]
	s.keep = s.keep[:0]
	s.moved = s.moved[:0]
	for x, k := range t.keys {
		if m := s.mirror(k); s.weight(m) < s.weight(k) {
			s.moved = append(s.moved, keyIdx{m, int32(x)})
		} else {
			s.keep = append(s.keep, int32(x))
		}
	}
	slices.SortFunc(s.moved, func(a, b keyIdx) int { return cmp.Compare(a.key, b.key) })
	nt := &s.scratch
	nt.keys = emptied(nt.keys, n)
	nt.vals = emptied(nt.vals, n*L)
	a, b := 0, 0
	for a < len(s.keep) || b < len(s.moved) {
		var k uint64
		var x int32
		if b == len(s.moved) || a < len(s.keep) && t.keys[s.keep[a]] <= s.moved[b].key {
			x = s.keep[a]
			k = t.keys[x]
			a++
		} else {
			x, k = s.moved[b].idx, s.moved[b].key
			b++
		}
		src := t.vals[int(x)*L : int(x)*L+L]
		p := len(nt.keys)
		if p > 0 && nt.keys[p-1] == k {
			p--
			if addTo(nt.vals[p*L:p*L+L], src) {
				s.overflow = true
			}
		} else {
			nt.keys = append(nt.keys, k)
			nt.vals = append(nt.vals, src...)
		}
		s.perm[x] = int32(p)
	}
	t.keys, nt.keys = nt.keys, t.keys
	t.vals, nt.vals = nt.vals, t.vals
}

// symmetrize turns the per-cell counts of the rows from stop down, counted with
// states merged with their mirror images, into the true ones: half the sum of a
// cell's and its mirror cell's.
func symmetrize(occ [][]*big.Int, stop int) {
	for _, row := range occ[stop:] {
		w := len(row)
		for j := range w / 2 {
			sum := new(big.Int).Add(row[j], row[w-1-j])
			sum.Rsh(sum, 1)
			row[j], row[w-1-j] = sum, sum
		}
	}
}
