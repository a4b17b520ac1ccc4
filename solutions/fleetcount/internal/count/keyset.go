package count

// keySet is a set of small numbers that lists its members in increasing order and
// gives each member's rank among them, without sorting: a bitset (l0) with two
// levels of summary (l1 has bit b set when word b of l0 is not empty, l2 the same
// for l1). A step puts the compressed low keys of a group's successors in it; it
// works on the slices itself, in its inner loops (see sweep.step): adding c sets
// bit c of l0, bit c>>6 of l1 and bit c>>12 of l2; listing the members walks the
// summaries down and notes in before[w] the members in the words before word w,
// so that the rank of c is before[c>>6] plus the members below it in word c>>6.
type keySet struct {
	l0, l1, l2 []uint64
	before     []int32 // members in the words of l0 before each used word
	used       []int32 // the words of l0 in use, in order (once listed)
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
