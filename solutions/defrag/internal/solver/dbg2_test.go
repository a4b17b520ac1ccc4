package solver

import (
	"testing"
	"time"
	"github.com/judgehq/judge/problems"
)

func TestDebugBig(t *testing.T) {
	for _, p := range []problems.Params{
		{"pattern": "random"},
		{"pattern": "interleaved"},
		{"pattern": "carved"},
		{"pattern": "endfree", "free": "2"},
		{"pattern": "random", "free": "1", "files": "8000", "frags": "3"},
		{"pattern": "random", "free": "2", "files": "3000"},
		{"pattern": "random", "free": "10", "files": "12", "sizes": "skewed", "frags": "10"},
		{"pattern": "random", "free": "5", "sizes": "skewed"},
	} {
		d := gen(t, 1, p)
		t0 := time.Now()
		m := Solve(d)
		el := time.Since(t0)
		n := verify(t, d, m)
		nv := verify(t, d, Naive(d))
		t.Logf("%v: breaks %d lb %d moves %d (%.2f) naive %d  %v", p, d.Breaks(), d.LowerBound(), n, float64(n)/float64(d.LowerBound()), nv, el)
	}
}
