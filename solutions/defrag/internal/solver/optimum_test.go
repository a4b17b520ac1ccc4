package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag"
	"github.com/judgehq/judge/problems/defrag/disk"
)

// optimum finds the fewest moves that defragment a tiny disk by breadth-first search
// over every valid move, up to maxDepth moves (-1 when deeper).
func optimum(d *disk.Disk, maxDepth int) int {
	n := d.Blocks
	start := make([]byte, n) // logical number + 1 per block, 0 free
	var base []int
	next := 1
	for _, f := range d.Files {
		base = append(base, next)
		for _, fr := range f {
			for b := fr.Start; b < fr.End(); b++ {
				start[b] = byte(next)
				next++
			}
		}
	}
	base = append(base, next)
	done := func(s []byte) bool {
		pos := make([]int, next)
		for b, x := range s {
			pos[x] = b
		}
		for f := 0; f+1 < len(base); f++ {
			for x := base[f] + 1; x < base[f+1]; x++ {
				if pos[x] != pos[x-1]+1 {
					return false
				}
			}
		}
		return true
	}
	seen := map[string]bool{string(start): true}
	frontier := [][]byte{start}
	for depth := 0; depth <= maxDepth; depth++ {
		var grown [][]byte
		for _, s := range frontier {
			if done(s) {
				return depth
			}
			for c := 1; c <= n; c++ {
				for from := 0; from+c <= n; from++ {
				next:
					for to := 0; to+c <= n; to++ {
						if from < to+c && to < from+c {
							continue
						}
						for i := range c {
							if s[to+i] != 0 {
								continue next
							}
						}
						t := []byte(string(s))
						for i := range c {
							t[to+i], t[from+i] = s[from+i], 0
						}
						if !seen[string(t)] {
							seen[string(t)] = true
							grown = append(grown, t)
						}
					}
				}
			}
		}
		frontier = grown
	}
	return -1
}

// TestAgainstOptimum compares the reference with exhaustive search on tiny disks:
// it may never beat the optimum (that would mean the simulator and the search
// disagree), and the log shows how far both are from the lower bound ⌈B/2⌉.
func TestAgainstOptimum(t *testing.T) {
	var sumOpt, sumRef float64
	cases := 0
	for seed := uint64(0); cases < 12 && seed < 100; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		g, err := defrag.ParseGenParams(problems.Params{"blocks": "9", "files": "2", "free": "23",
			"fragmented": "1", "frags": "3", "pattern": []string{"random", "interleaved"}[seed%2]})
		if err != nil {
			t.Fatal(err)
		}
		d := g.Disk(r)
		if d.Breaks() == 0 {
			continue
		}
		opt := optimum(d, 6)
		ref := verify(t, d, Solve(d))
		if opt < 0 {
			continue
		}
		if ref < opt || opt < d.LowerBound() {
			t.Fatalf("seed %d: reference %d, optimum %d, bound %d", seed, ref, opt, d.LowerBound())
		}
		sumOpt += defrag.Ratio(opt, d.LowerBound())
		sumRef += defrag.Ratio(ref, d.LowerBound())
		cases++
	}
	t.Logf("%d tiny disks: optimum/bound %.2f, reference/bound %.2f on average", cases, sumOpt/float64(cases), sumRef/float64(cases))
}
