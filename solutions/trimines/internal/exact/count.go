package exact

import (
	"math"
	"slices"
)

// box is a group of frontier cells touched by exactly the same played cells: the
// layouts only differ in how many of its cells hold bombs.
type box struct {
	cells []int32
	cons  []int32 // constraint indices
	// Filled by the counting, indexed by the component's bomb total k:
	exp      []float64 // Σ weight × bombs in the box
	min, max []int8    // fewest and most bombs the box holds in any layout
}

// constraint is a played cell: its boxes hold exactly need bombs.
type constraint struct {
	need  int
	boxes []int32
	sum   int // bombs placed so far in the search
	rem   int // cells of unplaced boxes
}

// component is a set of boxes linked by constraints; components are independent
// but for the global bomb count.
type component struct {
	boxes []int32   // in search order
	total []float64 // weight of layouts by bomb total
	over  bool      // search budget exceeded: estimated, not counted
}

// binom returns n choose k for small n.
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

type counter struct {
	boxes  []box
	cons   []constraint
	assign []int
	nodes  int
	budget int
	comp   *component
}

// search places bombs in the component's boxes from position pos on.
func (s *counter) search(pos, bombs int, w float64) bool {
	s.nodes++
	if s.nodes > s.budget {
		return false
	}
	c := s.comp
	if pos == len(c.boxes) {
		for len(c.total) <= bombs {
			c.total = append(c.total, 0)
		}
		c.total[bombs] += w
		for _, bi := range c.boxes {
			b := &s.boxes[bi]
			for len(b.exp) <= bombs {
				b.exp = append(b.exp, 0)
				b.min = append(b.min, math.MaxInt8)
				b.max = append(b.max, -1)
			}
			j := s.assign[bi]
			b.exp[bombs] += w * float64(j)
			b.min[bombs] = min(b.min[bombs], int8(j))
			b.max[bombs] = max(b.max[bombs], int8(j))
		}
		return true
	}
	bi := c.boxes[pos]
	b := &s.boxes[bi]
	size := len(b.cells)
	lo, hi := 0, size
	for _, ci := range b.cons {
		k := &s.cons[ci]
		lo = max(lo, k.need-k.sum-(k.rem-size))
		hi = min(hi, k.need-k.sum)
	}
	for _, ci := range b.cons {
		s.cons[ci].rem -= size
	}
	ok := true
	for j := lo; j <= hi && ok; j++ {
		for _, ci := range b.cons {
			s.cons[ci].sum += j
		}
		s.assign[bi] = j
		ok = s.search(pos+1, bombs+j, w*binom(size, j))
		for _, ci := range b.cons {
			s.cons[ci].sum -= j
		}
	}
	for _, ci := range b.cons {
		s.cons[ci].rem += size
	}
	return ok
}

// analyse counts the frontier layouts and either resolves the cells that are
// certain or makes the safest guess.
func (p *player) analyse() {
	p.stats.Analyses++
	p.decide(p.probabilities())
}

// probabilities returns for every cell still unknown the probability that it
// holds a bomb given all the numbers seen and the bombs left (exactly 0 or 1 for
// certain cells), and -1 for every other cell. Frontier components too large to
// count within the budget get local estimates instead.
func (p *player) probabilities() []float64 {
	// Constraints: played cells with unknown neighbours. Boxes: frontier cells
	// grouped by the constraints that touch them.
	var cons []constraint
	consOf := map[int32][]int32{}
	for c := range p.st {
		if p.st[c] != opened || p.unk[c] == 0 {
			continue
		}
		ci := int32(len(cons))
		cons = append(cons, constraint{need: int(p.need[c])})
		for _, x := range p.nb[c] {
			if p.st[x] == unknown {
				consOf[x] = append(consOf[x], ci)
			}
		}
	}
	cellsOrdered := make([]int32, 0, len(consOf))
	for x := range consOf {
		cellsOrdered = append(cellsOrdered, x)
	}
	slices.Sort(cellsOrdered)
	var boxes []box
	boxOf := map[string]int32{}
	key := make([]byte, 0, 64)
	for _, x := range cellsOrdered {
		key = key[:0]
		for _, ci := range consOf[x] {
			key = append(key, byte(ci), byte(ci>>8), byte(ci>>16), byte(ci>>24))
		}
		bi, ok := boxOf[string(key)]
		if !ok {
			bi = int32(len(boxes))
			boxOf[string(key)] = bi
			boxes = append(boxes, box{cons: consOf[x]})
			for _, ci := range consOf[x] {
				cons[ci].boxes = append(cons[ci].boxes, bi)
			}
		}
		boxes[bi].cells = append(boxes[bi].cells, x)
	}
	for ci := range cons {
		for _, bi := range cons[ci].boxes {
			cons[ci].rem += len(boxes[bi].cells)
		}
	}
	// Components in breadth-first order, so constraints close early in the search.
	var comps []component
	seen := make([]bool, len(boxes))
	for start := range boxes {
		if seen[start] {
			continue
		}
		seen[start] = true
		comp := component{boxes: []int32{int32(start)}}
		for q := 0; q < len(comp.boxes); q++ {
			for _, ci := range boxes[comp.boxes[q]].cons {
				for _, bj := range cons[ci].boxes {
					if !seen[bj] {
						seen[bj] = true
						comp.boxes = append(comp.boxes, bj)
					}
				}
			}
		}
		comps = append(comps, comp)
	}
	s := &counter{boxes: boxes, cons: cons, assign: make([]int, len(boxes)), budget: p.budget}
	outside := p.unknown
	for _, b := range boxes {
		outside -= len(b.cells)
	}
	left := p.left
	var counted []int
	for i := range comps {
		s.comp, s.nodes = &comps[i], 0
		if s.search(0, 0, 1) && len(comps[i].total) > 0 {
			counted = append(counted, i)
			continue
		}
		p.stats.OverBudget++
		comps[i].over = true
		estimate(&comps[i], boxes, cons)
		e := 0.0
		for _, bi := range comps[i].boxes {
			e += boxes[bi].exp[0]
		}
		left -= int(math.Round(e))
	}
	return p.combine(comps, counted, boxes, outside, max(left, 0))
}

// estimate fills a component that could not be counted with local guesses: each
// box takes the average bomb density of the constraints around it.
func estimate(c *component, boxes []box, cons []constraint) {
	for _, bi := range c.boxes {
		b := &boxes[bi]
		d := 0.0
		for _, ci := range b.cons {
			d += float64(cons[ci].need) / float64(cons[ci].rem)
		}
		d /= float64(len(b.cons))
		b.exp = []float64{d * float64(len(b.cells))}
		b.min, b.max = []int8{0}, []int8{int8(len(b.cells))}
	}
}

// conv multiplies two polynomials.
func conv(a, b []float64) []float64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}

// normalise scales a polynomial so its largest coefficient is 1 and returns the
// factor it applied.
func normalise(a []float64) float64 {
	m := 0.0
	for _, x := range a {
		m = max(m, x)
	}
	if m == 0 {
		return 1
	}
	for i := range a {
		a[i] /= m
	}
	return 1 / m
}

// combine weighs the counted components together with the outside cells (unknown
// cells next to no played cell) under the number of bombs left, and returns the
// probabilities as probabilities describes.
func (p *player) combine(comps []component, counted []int, boxes []box, outside, left int) []float64 {
	probs := make([]float64, p.size)
	for i := range probs {
		probs[i] = -1
	}
	m := len(counted)
	for _, i := range counted {
		f := normalise(comps[i].total)
		for _, bi := range comps[i].boxes {
			for k := range boxes[bi].exp {
				boxes[bi].exp[k] *= f
			}
		}
	}
	// prefix[i] and suffix[i]: products of the totals before and after counted[i].
	prefix := make([][]float64, m+1)
	suffix := make([][]float64, m+1)
	prefix[0], suffix[m] = []float64{1}, []float64{1}
	for i := 0; i < m; i++ {
		prefix[i+1] = conv(prefix[i], comps[counted[i]].total)
		normalise(prefix[i+1])
	}
	for i := m - 1; i >= 0; i-- {
		suffix[i] = conv(suffix[i+1], comps[counted[i]].total)
		normalise(suffix[i])
	}
	all := prefix[m]
	// w[K]: relative number of ways to put the other left−K bombs outside.
	w := make([]float64, len(all))
	top := math.Inf(-1)
	for K := range w {
		top = max(top, lnC(outside, left-K))
	}
	for K := range w {
		w[K] = math.Exp(lnC(outside, left-K) - top)
	}
	z, outBombs := 0.0, 0.0
	for K, x := range all {
		z += x * w[K]
		outBombs += x * w[K] * float64(left-K)
	}
	if z == 0 || math.IsNaN(z) {
		// Nothing consistent (only if the budget estimates were far off): treat
		// every unknown cell as equally risky.
		for c := range p.st {
			if p.st[c] == unknown {
				probs[c] = float64(p.left) / float64(p.unknown)
			}
		}
		return probs
	}
	for ci, i := range counted {
		comp := &comps[i]
		rest := conv(prefix[ci], suffix[ci+1])
		// g[k]: weight of everything else when this component holds k bombs.
		g := make([]float64, len(comp.total))
		for k := range g {
			for K, x := range rest {
				if k+K < len(w) {
					g[k] += x * w[k+K]
				}
			}
		}
		zc := 0.0
		for k, t := range comp.total {
			zc += t * g[k]
		}
		for _, bi := range comp.boxes {
			b := &boxes[bi]
			e := 0.0
			safe, full := true, true
			for k, x := range b.exp {
				if comp.total[k] == 0 || g[k] == 0 {
					continue
				}
				e += x * g[k]
				safe = safe && b.max[k] == 0
				full = full && int(b.min[k]) == len(b.cells)
			}
			pb := e / zc / float64(len(b.cells))
			switch {
			case safe:
				pb = 0
			case full:
				pb = 1
			}
			for _, c := range b.cells {
				probs[c] = pb
			}
		}
	}
	for _, comp := range comps {
		if !comp.over {
			continue
		}
		for _, bi := range comp.boxes {
			b := &boxes[bi]
			pb := min(max(b.exp[0]/float64(len(b.cells)), 1e-9), 1-1e-9)
			for _, c := range b.cells {
				probs[c] = pb
			}
		}
	}
	if outside > 0 {
		pb := outBombs / z / float64(outside)
		switch {
		case left == 0 || pb <= 0:
			pb = 0
		case pb >= 1 || (outBombs == float64(outside)*z):
			pb = 1
		}
		for c := range p.st {
			if p.st[c] == unknown && probs[c] < 0 {
				probs[c] = pb
			}
		}
	}
	return probs
}

// decide resolves every certain cell. When there is none it guesses: in a small
// ending, the move with the best chance of winning the whole game (found by
// exhaustive search); otherwise the move least likely to lose now, playing the
// safest cell or marking the likeliest bomb when that is safer still.
func (p *player) decide(probs []float64) {
	best, worst := int32(-1), int32(-1)
	certain := false
	for c, pb := range probs {
		switch {
		case pb < 0:
			continue
		case pb == 0 || pb == 1:
			p.know(c, pb == 1)
			certain = true
			continue
		}
		if best < 0 || pb < probs[best] || (pb == probs[best] && p.better(int32(c), best)) {
			best = int32(c)
		}
		if worst < 0 || pb > probs[worst] {
			worst = int32(c)
		}
	}
	if !certain && best >= 0 {
		if e := p.newEnding(); e != nil {
			if i, mark, _, ok := e.best(); ok && i >= 0 {
				c := int32(e.cells[i])
				risk := probs[c] // playing a bomb
				if mark {
					risk = 1 - probs[c] // marking a safe cell
				}
				p.stats.Endgames++
				p.guess(c, risk, mark)
				return
			}
		}
	}
	switch {
	case certain:
	case best < 0:
		p.over, p.err = true, errNoCell
	case probs[worst] > 1-probs[best]:
		p.guess(worst, 1-probs[worst], true)
	default:
		p.guess(best, probs[best], false)
	}
}

// better breaks ties between equally safe cells: fewer neighbours first (a cell
// by the edge is likelier to show 0), then the lower index.
func (p *player) better(a, b int32) bool {
	if b < 0 {
		return true
	}
	la, lb := len(p.nb[a]), len(p.nb[b])
	if la != lb {
		return la < lb
	}
	return a < b
}

// guess makes a move without certainty; risk is the chance of losing by it.
func (p *player) guess(cell int32, risk float64, mark bool) {
	p.stats.Guesses++
	p.stats.WorstGuessP = max(p.stats.WorstGuessP, risk)
	p.lastRisk = risk
	p.know(int(cell), mark)
}
