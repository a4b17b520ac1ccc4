package count

import "math/bits"

// keySet is a set of small numbers that lists its members in increasing order and
// gives each member's rank among them, without sorting: a bitset (l0) with two
// levels of summary (l1 has bit b set when word b of l0 is not empty, l2 the same
// for l1). A step puts the compressed low keys of a group's successors in it.
type keySet struct {
	l0, l1, l2 []uint64
	before     []int32 // members in the words of l0 before each used word
	used       []int32 // the words of l0 in use, in order (after list)
}

// newKeySet returns an empty set for numbers below 2^n.
func newKeySet(n uint) keySet {
	w0 := max(1, 1<<n>>6)
	w1 := max(1, w0>>6)
	w2 := max(1, w1>>6)
	return keySet{
		l0: make([]uint64, w0), l1: make([]uint64, w1), l2: make([]uint64, w2),
		before: make([]int32, w0),
	}
}

// add puts c in the set.
func (k *keySet) add(c uint32) {
	k.l0[c>>6] |= 1 << (c & 63)
	k.l1[c>>12] |= 1 << (c >> 6 & 63)
	k.l2[c>>18] |= 1 << (c >> 12 & 63)
}

// list appends the members to out in increasing order and makes rank usable.
func (k *keySet) list(out []uint32) []uint32 {
	k.used = k.used[:0]
	n := int32(0)
	for a, m2 := range k.l2 {
		for ; m2 != 0; m2 &= m2 - 1 {
			b := a<<6 | bits.TrailingZeros64(m2)
			for m1 := k.l1[b]; m1 != 0; m1 &= m1 - 1 {
				w := b<<6 | bits.TrailingZeros64(m1)
				k.before[w] = n
				k.used = append(k.used, int32(w))
				m0 := k.l0[w]
				n += int32(bits.OnesCount64(m0))
				for ; m0 != 0; m0 &= m0 - 1 {
					out = append(out, uint32(w<<6|bits.TrailingZeros64(m0)))
				}
			}
		}
	}
	return out
}

// rank returns how many members are below c; valid after list.
func (k *keySet) rank(c uint32) int32 {
	return k.before[c>>6] + int32(bits.OnesCount64(k.l0[c>>6]&(1<<(c&63)-1)))
}

// clear empties the set after list.
func (k *keySet) clear() {
	for _, w := range k.used {
		k.l0[w] = 0
		k.l1[w>>6] = 0
		k.l2[w>>12] = 0
	}
}
