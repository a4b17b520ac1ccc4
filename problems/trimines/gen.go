package trimines

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/trimines/board"
)

// Generate makes a random board for the seed. Params: n (side, default 40),
// density (per cent of cells holding a bomb, default 10) or bombs (an exact
// count, which wins over density). Bombs are placed uniformly; the free cell is
// drawn uniformly among the safe cells without bomb neighbours (among all safe
// cells when there is none).
func (p *Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	n, bombs, err := genParams(params)
	if err != nil {
		return nil, err
	}
	return RandomBoard(seed, n, bombs).Format(), nil
}

// genParams reads the generator parameters. A refusal names the parameter and
// what it wants; unknown names are looked for first, in name order, so that the
// refusal does not depend on the map's order.
func genParams(params problems.Params) (n, bombs int, err error) {
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if k != "n" && k != "density" && k != "bombs" {
			return 0, 0, fmt.Errorf("unknown param %q (known: n, density, bombs)", k)
		}
	}
	n = 40
	if v, ok := params["n"]; ok {
		if n, err = strconv.Atoi(v); err != nil || n < board.MinN || n > board.MaxN {
			return 0, 0, fmt.Errorf("param n=%q: want an integer in [%d, %d]", v, board.MinN, board.MaxN)
		}
	}
	density := 10.0
	dv, ok := params["density"]
	if ok {
		if density, err = strconv.ParseFloat(dv, 64); err != nil || !(density >= 0 && density < 100) {
			return 0, 0, fmt.Errorf("param density=%q: want per cent in [0, 100)", dv)
		}
	}
	cells := n * n
	if v, ok := params["bombs"]; ok {
		if bombs, err = strconv.Atoi(v); err != nil || bombs < 0 || bombs > cells-1 {
			return 0, 0, fmt.Errorf("param bombs=%q: want a count in [0, %d] (a %d×%d board keeps a cell free)", v, cells-1, n, n)
		}
		return n, bombs, nil
	}
	bombs = int(math.Round(float64(cells) * density / 100))
	if bombs > cells-1 {
		// Rounded, the count reaches every cell from 100 - 50/cells per cent on.
		return 0, 0, fmt.Errorf("param density=%q makes %d bombs on a %d×%d board, leaving no cell free; want density below %g",
			dv, bombs, n, n, 100-50/float64(cells))
	}
	return n, bombs, nil
}

// RandomBoard places bombs uniformly at random on an n×n board (seeded, so the same
// arguments give the same board) and picks the free cell as Generate describes.
func RandomBoard(seed int64, n, bombs int) *board.Board {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x7269_6d69_6e65_7321))
	cells := n * n
	perm := make([]int, cells)
	for i := range perm {
		perm[i] = i
	}
	b := &board.Board{N: n, Bombs: bombs, Bomb: make([]bool, cells)}
	for k := 0; k < bombs; k++ {
		j := k + rng.IntN(cells-k)
		perm[k], perm[j] = perm[j], perm[k]
		b.Bomb[perm[k]] = true
	}
	var zero, safe []int
	for i := range cells {
		if b.Bomb[i] {
			continue
		}
		safe = append(safe, i)
		if b.Count(i/n, i%n) == 0 {
			zero = append(zero, i)
		}
	}
	pool := zero
	if len(pool) == 0 {
		pool = safe
	}
	f := pool[rng.IntN(len(pool))]
	b.R0, b.C0 = f/n, f%n
	return b
}

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, _, err := genParams(params)
	return err
}
