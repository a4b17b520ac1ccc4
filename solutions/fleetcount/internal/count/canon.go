package count

import "math/big"

// When a grid is the same from left to right as from right to left, a state
// before a row and its mirror image (the same slots, columns in reverse order)
// have the same number of ways to go on, each the mirror image of the other's. So
// before each row a state is merged with its mirror image (see flipFirst for which
// of the two stays), and their counts are added. A placement is then counted as itself or
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

// flipFirst reports whether key, a state before a row, gives way to its mirror
// image. Of the two, the one kept is the one whose slots, read from the last
// column to the first, come first: what differs between the states kept then lies
// on the left, where the row's steps soon overwrite it, and more of them merge.
func (s *sweep) flipFirst(key uint64) bool {
	w := len(s.mirrorFrom)
	for c := range w / 2 {
		a := key >> s.mirrorFrom[w-1-c] & slotMask // column w-1-c
		b := key >> s.mirrorFrom[c] & slotMask     // where the mirror image has it
		if a != b {
			return b < a
		}
	}
	return false
}

// sortKeys sorts v by key (a radix sort, least significant digit first), using
// tmp (as long as v) as room; it returns the sorted slice and the other one: v and
// tmp, or tmp and v.
func sortKeys(v, tmp []keyIdx) (sorted, spare []keyIdx) {
	const digit = 11
	var all uint64
	for _, e := range v {
		all |= e.key
	}
	var count [1 << digit]int
	for shift := uint(0); all>>shift != 0; shift += digit {
		clear(count[:])
		for _, e := range v {
			count[e.key>>shift&(1<<digit-1)]++
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, e := range v {
			d := e.key >> shift & (1<<digit - 1)
			tmp[count[d]] = e
			count[d]++
		}
		v, tmp = tmp, v
	}
	return v, tmp
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
		if s.flipFirst(k) {
			s.moved = append(s.moved, keyIdx{s.mirror(k), int32(x)})
		} else {
			s.keep = append(s.keep, int32(x))
		}
	}
	s.sorted = emptied(s.sorted, len(s.moved))[:len(s.moved)]
	s.moved, s.sorted = sortKeys(s.moved, s.sorted)
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
