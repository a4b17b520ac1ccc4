package battleships

import "github.com/judgehq/judge/problems/battleships/grid"

// The generator and the validator need to know how many solutions a puzzle has. The
// counter here is deliberately separate from the solutions' solver: it places the
// ships one by one, longest first, each ship of a length after the previous one of
// that length in reading order, marks water around every ship it places, and prunes
// on the row and column counts. Agreement between the two is a test of both.

// counter is the state of one count.
type counter struct {
	rows, cols int
	rowN, colN []int
	hint       []byte // the given cells
	cell       []byte // 0 unknown, 'w' water, 's' ship
	rowS, colS []int  // ship cells placed per row and column
	rowU, colU []int  // unknown cells per row and column
	lens       []int  // one entry per ship, longest first
	limit      int
	budget     int
	found      int
	stopped    bool
	first      []byte // the first solution, as symbols
}

// countSolutions counts the solutions of pz up to limit (<= 0: no limit), giving up after budget
// placement attempts; finished is false when it gave up.
func countSolutions(pz *grid.Puzzle, limit, budget int) (n int, finished bool) {
	k := newCounter(pz, limit, budget)
	if k == nil {
		return 0, true
	}
	k.place(0, 0)
	return k.found, !k.stopped
}

// firstSolution returns a solution of pz, or nil.
func firstSolution(pz *grid.Puzzle, budget int) []byte {
	k := newCounter(pz, 1, budget)
	if k == nil {
		return nil
	}
	k.place(0, 0)
	return k.first
}

func newCounter(pz *grid.Puzzle, limit, budget int) *counter {
	k := &counter{
		rows: pz.Rows, cols: pz.Cols, rowN: pz.RowCounts, colN: pz.ColCounts,
		hint: pz.Cells, cell: make([]byte, len(pz.Cells)),
		rowS: make([]int, pz.Rows), colS: make([]int, pz.Cols),
		rowU: make([]int, pz.Rows), colU: make([]int, pz.Cols),
		limit: limit, budget: budget,
	}
	for _, s := range pz.Fleet {
		for i := 0; i < s.Count; i++ {
			k.lens = append(k.lens, s.Len)
		}
	}
	for r := 0; r < k.rows; r++ {
		for c := 0; c < k.cols; c++ {
			i := r*k.cols + c
			if k.hint[i] == grid.Water || k.rowN[r] == 0 || k.colN[c] == 0 {
				if grid.IsShip(k.hint[i]) {
					return nil
				}
				k.cell[i] = 'w'
				continue
			}
			k.rowU[r]++
			k.colU[c]++
		}
	}
	return k
}

// full reports whether the limit has been reached (a limit <= 0 never is).
func (k *counter) full() bool { return k.limit > 0 && k.found >= k.limit }

// symbol is the part of a ship of length l (across or down) at its index i.
func symbol(l, i int, down bool) byte {
	switch {
	case l == 1:
		return grid.Sub
	case i == 0 && down:
		return grid.Top
	case i == 0:
		return grid.Left
	case i == l-1 && down:
		return grid.Bottom
	case i == l-1:
		return grid.Right
	}
	return grid.Middle
}

// place puts ship k and the ones after it; minKey keeps ships of one length in order.
func (k *counter) place(n, minKey int) {
	if k.full() || k.stopped {
		return
	}
	if n == len(k.lens) {
		k.leaf()
		return
	}
	l := k.lens[n]
	if n > 0 && k.lens[n-1] != l {
		minKey = 0
	}
	for key := minKey; key < k.rows*k.cols*2; key++ {
		down := key%2 == 1
		if down && l == 1 {
			continue
		}
		r, c := key/2/k.cols, key/2%k.cols
		k.budget--
		if k.budget < 0 {
			k.stopped = true
			return
		}
		undo, ok := k.put(r, c, l, down)
		if ok {
			k.place(n+1, key+1)
		}
		k.undo(undo)
		if k.full() || k.stopped {
			return
		}
	}
}

// put places a ship and the water around it; ok is false when it does not fit or
// leaves a row or column unable to reach its count. The returned cells must be
// undone either way.
func (k *counter) put(r, c, l int, down bool) (set []int, ok bool) {
	dr, dc := 0, 1
	if down {
		dr, dc = 1, 0
	}
	if r+dr*(l-1) >= k.rows || c+dc*(l-1) >= k.cols {
		return nil, false
	}
	for i := 0; i < l; i++ {
		y, x := r+dr*i, c+dc*i
		j := y*k.cols + x
		if k.cell[j] != 0 {
			return nil, false
		}
		if h := k.hint[j]; h != grid.Blank && h != grid.Part && h != symbol(l, i, down) {
			return nil, false
		}
	}
	for i := 0; i < l; i++ {
		y, x := r+dr*i, c+dc*i
		if k.rowS[y]+1 > k.rowN[y] || k.colS[x]+1 > k.colN[x] {
			return set, false
		}
		set = k.mark(set, y*k.cols+x, 's')
	}
	for y := r - 1; y <= r+dr*(l-1)+1; y++ {
		for x := c - 1; x <= c+dc*(l-1)+1; x++ {
			if y < 0 || x < 0 || y >= k.rows || x >= k.cols {
				continue
			}
			j := y*k.cols + x
			switch {
			case k.cell[j] == 's' && !k.inShip(y, x, r, c, l, down):
				return set, false
			case k.cell[j] == 0:
				if grid.IsShip(k.hint[j]) {
					return set, false
				}
				set = k.mark(set, j, 'w')
			}
		}
	}
	for _, j := range set {
		y, x := j/k.cols, j%k.cols
		if k.rowS[y]+k.rowU[y] < k.rowN[y] || k.colS[x]+k.colU[x] < k.colN[x] {
			return set, false
		}
	}
	return set, true
}

func (k *counter) inShip(y, x, r, c, l int, down bool) bool {
	if down {
		return x == c && y >= r && y < r+l
	}
	return y == r && x >= c && x < c+l
}

func (k *counter) mark(set []int, j int, v byte) []int {
	y, x := j/k.cols, j%k.cols
	k.cell[j] = v
	k.rowU[y]--
	k.colU[x]--
	if v == 's' {
		k.rowS[y]++
		k.colS[x]++
	}
	return append(set, j)
}

func (k *counter) undo(set []int) {
	for _, j := range set {
		y, x := j/k.cols, j%k.cols
		if k.cell[j] == 's' {
			k.rowS[y]--
			k.colS[x]--
		}
		k.cell[j] = 0
		k.rowU[y]++
		k.colU[x]++
	}
}

// leaf checks a full placement: the counts are met and every given part is covered.
func (k *counter) leaf() {
	for r := 0; r < k.rows; r++ {
		if k.rowS[r] != k.rowN[r] {
			return
		}
	}
	for c := 0; c < k.cols; c++ {
		if k.colS[c] != k.colN[c] {
			return
		}
	}
	for j, h := range k.hint {
		if grid.IsShip(h) && k.cell[j] != 's' {
			return
		}
	}
	k.found++
	if k.first == nil {
		k.first = k.symbols()
	}
}

// symbols renders the current placement as answer cells.
func (k *counter) symbols() []byte {
	out := make([]byte, len(k.cell))
	ship := func(y, x int) bool {
		return y >= 0 && x >= 0 && y < k.rows && x < k.cols && k.cell[y*k.cols+x] == 's'
	}
	for y := 0; y < k.rows; y++ {
		for x := 0; x < k.cols; x++ {
			j := y*k.cols + x
			if k.cell[j] != 's' {
				out[j] = grid.Water
				continue
			}
			l, r, u, d := ship(y, x-1), ship(y, x+1), ship(y-1, x), ship(y+1, x)
			switch {
			case l && r, u && d:
				out[j] = grid.Middle
			case r:
				out[j] = grid.Left
			case l:
				out[j] = grid.Right
			case d:
				out[j] = grid.Top
			case u:
				out[j] = grid.Bottom
			default:
				out[j] = grid.Sub
			}
		}
	}
	return out
}
