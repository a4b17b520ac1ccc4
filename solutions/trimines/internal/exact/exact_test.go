package exact

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/judgehq/judge/solutions/trimines/internal/game"
)

// position sets up a player on a random n×n board with some cells already played
// or marked, the way a game would have left them.
func position(rng *rand.Rand, n, bombs, played, marked int) (*player, []bool) {
	bomb := make([]bool, n*n)
	for _, c := range rng.Perm(n * n)[:bombs] {
		bomb[c] = true
	}
	sim := game.NewSim(n, bomb)
	p := newPlayer(sim, game.Header{N: n, Bombs: bombs}, Options{})
	for _, c := range rng.Perm(n * n) {
		switch {
		case !bomb[c] && played > 0:
			played--
		case bomb[c] && marked > 0:
			marked--
		default:
			continue
		}
		p.know(c, bomb[c])
		p.move(c, bomb[c])
	}
	p.queue = p.queue[:0]
	return p, bomb
}

// bruteForce returns the bomb probability of every unknown cell by trying every
// placement of the bombs left over the unknown cells.
func bruteForce(p *player) map[int]float64 {
	var unk []int
	for c, s := range p.st {
		if s == unknown {
			unk = append(unk, c)
		}
	}
	hits := make([]float64, len(unk))
	total := 0.0
	where := map[int]int{}
	for i, c := range unk {
		where[c] = i
	}
	for mask := uint32(0); mask < 1<<len(unk); mask++ {
		if bits.OnesCount32(mask) != p.left {
			continue
		}
		ok := true
		for c, s := range p.st {
			if s != opened {
				continue
			}
			k := 0
			for _, o := range p.nb[c] {
				if i, in := where[int(o)]; in && mask>>i&1 == 1 {
					k++
				}
			}
			if k != int(p.need[c]) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		total++
		for i := range unk {
			if mask>>i&1 == 1 {
				hits[i]++
			}
		}
	}
	out := map[int]float64{}
	for i, c := range unk {
		out[c] = hits[i] / total
	}
	return out
}

// TestProbabilitiesExact compares the counted probabilities with brute force on
// small random positions.
func TestProbabilitiesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for trial := 0; trial < 150; trial++ {
		n := 4 + rng.IntN(2)
		bombs := 2 + rng.IntN(n)
		unknownTarget := 10 + rng.IntN(6)
		played := n*n - bombs - (unknownTarget - bombs)
		marked := rng.IntN(2)
		p, _ := position(rng, n, bombs, max(played, 1), marked)
		if p.over || p.unknown > 20 {
			continue
		}
		compared++
		want := bruteForce(p)
		got := p.probabilities()
		for c, w := range want {
			if math.Abs(got[c]-w) > 1e-9 {
				t.Fatalf("trial %d, cell %d: probability %v, brute force %v", trial, c, got[c], w)
			}
		}
		for c, g := range got {
			if _, ok := want[c]; !ok && g >= 0 {
				t.Fatalf("trial %d: cell %d is not unknown but has probability %v", trial, c, g)
			}
		}
	}
	if compared < 100 {
		t.Errorf("only %d positions compared", compared)
	}
}

// TestTinyBudget plays with a search budget so small that every frontier is
// estimated: the games must still end cleanly.
func TestTinyBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		n := 20
		bomb := make([]bool, n*n)
		for _, c := range rng.Perm(n * n)[:60] {
			bomb[c] = true
		}
		start := -1
		for c := range bomb {
			if !bomb[c] {
				start = c
				break
			}
		}
		sim := game.NewSim(n, bomb)
		won, st, err := Play(sim, game.Header{N: n, Bombs: 60, R0: start / n, C0: start % n}, Options{Budget: 1})
		if err != nil || won != sim.Won {
			t.Fatalf("trial %d: won %v (sim %v), %v", trial, won, sim.Won, err)
		}
		if st.Analyses > 0 && st.OverBudget == 0 {
			t.Errorf("trial %d: budget 1 never exceeded", trial)
		}
	}
}

// TestEnding checks the exhaustive ending against brute force and simple bounds:
// it sees exactly the layouts brute force finds, and its winning chance lies
// between 1/layouts (play one layout blindly) and 1, reaching 1 for one layout.
func TestEnding(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for trial := 0; trial < 300; trial++ {
		n := 4
		bombs := 2 + rng.IntN(3)
		p, _ := position(rng, n, bombs, n*n-bombs-(6+rng.IntN(6)-bombs), 0)
		if p.over {
			continue
		}
		e := p.newEnding()
		if e == nil {
			continue
		}
		checked++
		want := bruteForce(p)
		for i, c := range e.cells {
			hits := 0
			for _, l := range e.layouts {
				hits += int(l >> i & 1)
			}
			if got := float64(hits) / float64(len(e.layouts)); math.Abs(got-want[int(c)]) > 1e-9 {
				t.Fatalf("trial %d cell %d: layouts give %v, brute force %v", trial, c, got, want[int(c)])
			}
		}
		_, _, win, ok := e.best()
		if !ok || win < 1/float64(len(e.layouts))-1e-12 || win > 1+1e-12 || (len(e.layouts) == 1 && win != 1) {
			t.Fatalf("trial %d: %d layouts, win %v ok %v", trial, len(e.layouts), win, ok)
		}
	}
	if checked < 50 {
		t.Errorf("only %d endings checked", checked)
	}
}

// TestEndingFiftyFifty: two unknown cells, one bomb, nothing to tell them apart.
func TestEndingFiftyFifty(t *testing.T) {
	// 2×2 board, bomb at (1,1); (0,0) and (0,1) played (both show 1), so (1,0)
	// and (1,1) remain with one bomb, and both touch both played cells.
	bomb := []bool{false, false, false, true}
	p := newPlayer(game.NewSim(2, bomb), game.Header{N: 2, Bombs: 1}, Options{})
	for _, c := range []int{0, 1} {
		p.know(c, false)
		p.move(c, false)
	}
	e := p.newEnding()
	if e == nil || len(e.layouts) != 2 {
		t.Fatalf("ending %+v", e)
	}
	if _, _, win, ok := e.best(); !ok || win != 0.5 {
		t.Errorf("win %v ok %v, want 0.5", win, ok)
	}
}

// TestExtremeBoards: no bombs, or bombs everywhere but the free cell, leave
// nothing to guess.
func TestExtremeBoards(t *testing.T) {
	for _, n := range []int{2, 3, 7} {
		for _, full := range []bool{false, true} {
			bomb := make([]bool, n*n)
			bombs := 0
			for c := 1; c < n*n && full; c++ {
				bomb[c] = true
				bombs++
			}
			sim := game.NewSim(n, bomb)
			won, st, err := Play(sim, game.Header{N: n, Bombs: bombs}, Options{})
			if err != nil || !won || st.Guesses != 0 || st.Moves != n*n {
				t.Errorf("n=%d full=%v: won %v, %d guesses, %d moves, %v", n, full, won, st.Guesses, st.Moves, err)
			}
		}
	}
}
