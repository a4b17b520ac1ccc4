package count

import (
	"math/big"
	"math/bits"
)

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

// The column slots of a state before a row are nibbles of key>>colPos: column c
// at nibble (w-c) mod w (see newSweep), so the field reads, from nibble 0 up,
// columns 0, w-1, w-2, …, 1. reversed returns the field with its w nibbles in
// reverse order.
func (s *sweep) reversed(key uint64) uint64 {
	w := uint(s.g.w)
	x := bits.ReverseBytes64(key >> s.colPos & (1<<(slotBits*w) - 1))
	x = x>>4&0x0F0F0F0F0F0F0F0F | x&0x0F0F0F0F0F0F0F0F<<4
	return x >> (64 - slotBits*w)
}

// mirror returns key, a state before a row, with its columns in reverse order:
// column c goes to nibble (c+1) mod w, which is the reversed field turned by two
// nibbles.
func (s *sweep) mirror(key uint64) uint64 {
	w := uint(s.g.w)
	r := s.reversed(key)
	f := (r<<(2*slotBits) | r>>(slotBits*(w-2))) & (1<<(slotBits*w) - 1)
	return key&(1<<s.colPos-1) | f<<s.colPos
}

// flipFirst reports whether key, a state before a row, gives way to its mirror
// image. Of the two, the one kept is the one whose slots, read from the last
// column to the first, come first: what differs between the states kept then lies
// on the left, where the row's steps soon overwrite it, and more of them merge.
// With k = w/2 pairs of columns, the slots of columns w-1, …, w-k (nibbles 1 … k,
// reversed) are compared with those of columns 0, …, k-1 (nibbles 0, w-1, …,
// w-k+1), the first column of each being the most significant.
func (s *sweep) flipFirst(key uint64) bool {
	w := uint(s.g.w)
	k := w / 2
	f := key >> s.colPos & (1<<(slotBits*w) - 1)
	last := s.reversed(key) >> (slotBits * (w - 1 - k)) & (1<<(slotBits*k) - 1)
	first := f&slotMask<<(slotBits*(k-1)) | f>>(slotBits*(w-k+1))
	return first < last
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
	s.keep = emptied(s.keep, n)
	s.moved = emptied(s.moved, n)
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
	nkeys := emptied(nt.keys, n)[:n]
	nvals := emptied(nt.vals, n*L)[:n*L]
	keep, moved, perm := s.keep, s.moved, s.perm
	keys, vals := t.keys, t.vals
	a, b, p := 0, 0, -1 // p: the last state written
	overflow := false
	for a < len(keep) || b < len(moved) {
		var k uint64
		var x int32
		if b == len(moved) || a < len(keep) && keys[keep[a]] <= moved[b].key {
			x = keep[a]
			k = keys[x]
			a++
		} else {
			x, k = moved[b].idx, moved[b].key
			b++
		}
		if p < 0 || nkeys[p] != k {
			p++
			nkeys[p] = k
			switch L {
			case 1:
				nvals[p] = vals[x]
			case 2:
				nvals[2*p], nvals[2*p+1] = vals[2*x], vals[2*x+1]
			default:
				copy(nvals[p*L:p*L+L], vals[int(x)*L:int(x)*L+L])
			}
		} else if L == 1 {
			v, c := bits.Add64(nvals[p], vals[x], 0)
			nvals[p] = v
			overflow = overflow || c != 0
		} else if addTo(nvals[p*L:p*L+L], vals[int(x)*L:int(x)*L+L]) {
			overflow = true
		}
		perm[x] = int32(p)
	}
	if overflow {
		s.overflow = true
	}
	nt.keys, nt.vals = nkeys[:p+1], nvals[:(p+1)*L]
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
