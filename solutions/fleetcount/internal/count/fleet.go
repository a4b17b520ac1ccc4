package count

import (
	"math/big"
	"sort"
)

// fleet indexes the sub-multisets of a fleet's ship lengths. A sub-multiset u is a
// mixed-radix number: digit t (0 … mult[t]) says how many ships of length lens[t]
// it holds. Sums of sub-multisets add as plain integers when no digit overflows.
type fleet struct {
	lens   []int // distinct lengths, ascending
	mult   []int // how many ships have each length
	stride []int // place value of each digit
	size   int   // number of sub-multisets
	full   int   // index of the whole fleet
	// trans holds the transition tables made so far for this fleet, by kind of
	// cell: the sweeps of a board's regions share them.
	trans map[cellKind]*transTable
}

func newFleet(ships []int) fleet {
	count := map[int]int{}
	for _, l := range ships {
		count[l]++
	}
	f := fleet{trans: map[cellKind]*transTable{}}
	for l := range count {
		f.lens = append(f.lens, l)
	}
	sort.Ints(f.lens)
	f.size = 1
	for _, l := range f.lens {
		f.mult = append(f.mult, count[l])
		f.stride = append(f.stride, f.size)
		f.full += count[l] * f.size
		f.size *= count[l] + 1
	}
	return f
}

// digit returns how many ships of length lens[t] the sub-multiset u holds.
func (f *fleet) digit(u, t int) int { return u / f.stride[t] % (f.mult[t] + 1) }

// fits reports whether sub-multisets u and v can be added without a digit overflowing.
func (f *fleet) fits(u, v int) bool {
	for t := range f.lens {
		if f.digit(u, t)+f.digit(v, t) > f.mult[t] {
			return false
		}
	}
	return true
}

// labels returns the number of ways to give the distinct ships to the slots of an
// unlabeled placement: the product of the factorials of the multiplicities.
func (f *fleet) labels() *big.Int {
	p := big.NewInt(1)
	for _, m := range f.mult {
		for i := 2; i <= m; i++ {
			p.Mul(p, big.NewInt(int64(i)))
		}
	}
	return p
}

// convolver multiplies per-sub-multiset count vectors.
type convolver struct {
	f     *fleet
	pairs [][2]int // all (u, v) with u + v a sub-multiset
}

func newConvolver(f *fleet) *convolver {
	c := &convolver{f: f}
	for u := range f.size {
		for v := range f.size {
			if f.fits(u, v) {
				c.pairs = append(c.pairs, [2]int{u, v})
			}
		}
	}
	return c
}

// identity returns the vector of the empty placement: 1 for the empty sub-multiset.
func (c *convolver) identity() []*big.Int {
	out := zeros(c.f.size)
	out[0].SetInt64(1)
	return out
}

// conv returns w[s] = Σ_{u+v=s} a[u]·b[v].
func (c *convolver) conv(a, b []*big.Int) []*big.Int {
	out := zeros(c.f.size)
	var t big.Int
	for _, p := range c.pairs {
		if a[p[0]].Sign() == 0 || b[p[1]].Sign() == 0 {
			continue
		}
		t.Mul(a[p[0]], b[p[1]])
		out[p[0]+p[1]].Add(out[p[0]+p[1]], &t)
	}
	return out
}

func zeros(n int) []*big.Int {
	out := make([]*big.Int, n)
	for i := range out {
		out[i] = new(big.Int)
	}
	return out
}
