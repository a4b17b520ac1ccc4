package trimines

import (
	"fmt"
	"math"
	"math/rand/v2"
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

func genParams(params problems.Params) (n, bombs int, err error) {
	n = 40
	density := 10.0
	for k, v := range params {
		switch k {
		case "n":
			if n, err = strconv.Atoi(v); err != nil || n < board.MinN || n > board.MaxN {
				return 0, 0, fmt.Errorf("param n=%s: want an integer in [%d, %d]", v, board.MinN, board.MaxN)
			}
		case "density":
			if density, err = strconv.ParseFloat(v, 64); err != nil || !(density >= 0 && density < 100) {
				return 0, 0, fmt.Errorf("param density=%s: want per cent in [0, 100)", v)
			}
		case "bombs":
		default:
			return 0, 0, fmt.Errorf("unknown param %q (know n, density, bombs)", k)
		}
	}
	bombs = int(math.Round(float64(n*n) * density / 100))
	if v, ok := params["bombs"]; ok {
		if bombs, err = strconv.Atoi(v); err != nil || bombs < 0 {
			return 0, 0, fmt.Errorf("param bombs=%s: want a count ≥ 0", v)
		}
	}
	if bombs > n*n-1 {
		return 0, 0, fmt.Errorf("%d bombs do not fit on a %d×%d board with a free cell", bombs, n, n)
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
