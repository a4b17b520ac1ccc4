package reports

import (
	"bytes"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func TestBuildMatrix(t *testing.T) {
	AC, WA := problems.AC, problems.WA
	rs := []problems.Result{
		res("p", "base", "1", AC, 10, 30), withAttempt(res("p", "base", "1", AC, 20, 10), 1),
		withAttempt(res("p", "base", "1", AC, 30, 20), 2),
		res("p", "fast", "1", AC, 1, 4), withAttempt(res("p", "fast", "1", WA, 3, 6), 1),
		res("p", "fast", "2", AC, 1, 1), res("q", "base", "1", AC, 1, 1),
	}
	m := BuildMatrix("p", rs, []string{"base", "fast"})
	if strings.Join(m.Datasets, ",") != "1,2" || strings.Join(m.Variants, ",") != "base,fast" {
		t.Fatalf("matrix axes %v × %v", m.Datasets, m.Variants)
	}
	tests := []struct {
		d, v       int
		runs       int
		verdict    problems.Verdict
		consistent bool
		median     time.Duration
		min, max   time.Duration
		score      float64
		scored     bool
	}{
		{0, 0, 3, AC, true, 20 * time.Millisecond, 10 * time.Millisecond, 30 * time.Millisecond, 20, true},
		// The WA attempt's score (3) is no score: the AC one's is.
		{0, 1, 2, WA, false, 5 * time.Millisecond, 4 * time.Millisecond, 6 * time.Millisecond, 1, true},
		{1, 1, 1, AC, true, time.Millisecond, time.Millisecond, time.Millisecond, 1, true},
		{1, 0, 0, "", false, 0, 0, 0, 0, false},
	}
	for _, tc := range tests {
		c := m.Cells[tc.d][tc.v]
		if c.Runs != tc.runs || c.Verdict != tc.verdict || c.Consistent != tc.consistent ||
			c.MedianCPU != tc.median || c.MinCPU != tc.min || c.MaxCPU != tc.max || c.Score != tc.score || c.Scored != tc.scored {
			t.Errorf("cell[%d][%d] = %+v", tc.d, tc.v, c)
		}
	}
}

func TestSummarize(t *testing.T) {
	AC, WA := problems.AC, problems.WA
	var rs []problems.Result
	// "half" takes half the time of "base" on datasets 1–4; on 5 base fails.
	for i, cpu := range []int{10, 20, 40, 80} {
		ds := string(rune('1' + i))
		rs = append(rs, res("p", "base", ds, AC, 1, cpu), res("p", "half", ds, AC, 1, cpu/2),
			res("p", "noisy", ds, AC, 1, cpu*(1+i%2)))
	}
	rs = append(rs, res("p", "base", "5", WA, 0, 5), res("p", "half", "5", AC, 1, 5), res("p", "noisy", "5", WA, 0, 1))
	m := BuildMatrix("p", rs, []string{"base", "half", "noisy"})
	sums := Summarize(m, rand.New(rand.NewPCG(1, 2)), 2000)
	if len(sums) != 3 {
		t.Fatalf("%d summaries", len(sums))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	base, half, noisy := sums[0], sums[1], sums[2]
	if !near(base.Ratio, 1) || base.Won != 0 || base.Lost != 0 || base.Tied != 5 {
		t.Errorf("baseline vs itself: %+v", base)
	}
	if !near(half.Ratio, 0.5) || !near(half.Low, 0.5) || !near(half.High, 0.5) || half.Paired != 4 ||
		half.Won != 5 || half.Lost != 0 || !near(half.ScoreDiff, 0) || half.ScorePaired != 4 {
		t.Errorf("half: %+v", half)
	}
	// noisy: ratios 1, 2, 1, 2 → geometric mean √2, interval inside [1, 2].
	if !near(noisy.Ratio, math.Sqrt2) || noisy.Low < 1 || noisy.High > 2 || noisy.Low > noisy.Ratio ||
		noisy.High < noisy.Ratio || noisy.Won != 0 || noisy.Lost != 2 || noisy.Tied != 3 {
		t.Errorf("noisy: %+v", noisy)
	}
	// Deterministic for a given seed.
	again := Summarize(m, rand.New(rand.NewPCG(1, 2)), 2000)
	if again[2] != noisy {
		t.Errorf("same seed, different summary: %+v vs %+v", again[2], noisy)
	}
	// No paired dataset: NaN ratio, rendered as a dash.
	m = BuildMatrix("p", []problems.Result{res("p", "a", "1", WA, 0, 1), res("p", "b", "1", AC, 1, 1)}, nil)
	s := Summarize(m, rand.New(rand.NewPCG(1, 2)), 0)
	if !math.IsNaN(s[1].Ratio) || s[1].Won != 1 {
		t.Errorf("unpaired: %+v", s[1])
	}
	var b bytes.Buffer
	if err := WriteMatrixTable(&b, m, s, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "against a") || !regexp.MustCompile(`\| b +\| +1/1 \| +100\.0% \|.*\| +- \| +- \|`).MatchString(b.String()) {
		t.Errorf("matrix table:\n%s", b.String())
	}
}

// TestSummarizeFailedScores: on a problem where lower is better (a penalty),
// a variant that fails every dataset, with a checker's score of 0, must not
// read as the best: its cells, mean score and score difference have no score.
func TestSummarizeFailedScores(t *testing.T) {
	AC, WA := problems.AC, problems.WA
	rs := []problems.Result{
		res("p", "ref", "1", AC, 1400, 5), res("p", "ref", "2", AC, 1500, 5),
		res("p", "empty", "1", WA, 0, 1), res("p", "empty", "2", WA, 0, 1),
		res("p", "half", "1", AC, 1300, 5), res("p", "half", "2", WA, 0, 1),
	}
	m := BuildMatrix("p", rs, []string{"ref", "empty", "half"})
	sums := Summarize(m, rand.New(rand.NewPCG(1, 2)), 0)
	ref, empty, half := sums[0], sums[1], sums[2]
	if ref.MeanScore != 1450 || ref.Scored != 2 || ref.ScorePaired != 2 || ref.ScoreDiff != 0 {
		t.Errorf("ref: %+v", ref)
	}
	if !math.IsNaN(empty.MeanScore) || empty.Scored != 0 || empty.ScorePaired != 0 || empty.ScoreDiff != 0 {
		t.Errorf("empty: %+v, want no score", empty)
	}
	if half.MeanScore != 1300 || half.ScorePaired != 1 || half.ScoreDiff != -100 {
		t.Errorf("half: %+v, want mean 1300 and -100 over the one dataset both passed", half)
	}
	var b bytes.Buffer
	if err := WriteMatrixTable(&b, m, sums, false); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`\| empty +\| +0/2 \|.*\| +- \| +[0-9.]+ \|.*\| +- \|\n`).MatchString(b.String()) {
		t.Errorf("summary row of empty shows a score:\n%s", b.String())
	}
}

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n            int
		rate, low, high float64
	}{
		{0, 10, 0, 0, 0.2775},
		{10, 10, 1, 0.7225, 1},
		{50, 100, 0.5, 0.4038, 0.5962},
		{953, 1000, 0.953, 0.9382, 0.9645},
	}
	for _, tt := range tests {
		r, lo, hi := Wilson(tt.k, tt.n)
		if math.Abs(r-tt.rate) > 1e-9 || math.Abs(lo-tt.low) > 5e-4 || math.Abs(hi-tt.high) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]", tt.k, tt.n, r, lo, hi, tt.rate, tt.low, tt.high)
		}
	}
	if r, _, _ := Wilson(0, 0); !math.IsNaN(r) {
		t.Errorf("Wilson(0, 0) = %v, want NaN", r)
	}
}

func TestRegressions(t *testing.T) {
	AC, WA := problems.AC, problems.WA
	// times gives dataset d of submission sub one AC run per CPU time, as attempts.
	times := func(sub, d string, cpus ...int) []problems.Result {
		var out []problems.Result
		for i, c := range cpus {
			out = append(out, withAttempt(res("p", sub, d, AC, 1, c), i))
		}
		return out
	}
	was := append(append(times("x", "1", 100, 110, 105), times("x", "2", 100, 100, 100)...),
		res("p", "x", "3", AC, 1, 100), res("p", "x", "4", AC, 1, 100), res("p", "x", "5", WA, 0, 1),
		res("p", "x", "7", AC, 1, 100))
	now := append(append(times("y", "1", 122, 130, 125), times("y", "2", 200, 210, 205)...),
		res("p", "y", "3", WA, 0, 100), // verdict changed
		res("p", "y", "5", AC, 1, 1),   // fixed: also a change
		res("p", "y", "6", AC, 1, 1),   // new dataset: ignored
		res("p", "y", "7", AC, 1, 300), // one run a side: CPU not compared
	)
	// Dataset 1: fastest now 122 ≤ slowest stored 110 × 1.1 + 2 = 123, within noise;
	// dataset 2: 200 > 112, beyond it, with three runs a side.
	regs := Regressions("p", was, now, DefaultNoise)
	var got []string
	for _, r := range regs {
		got = append(got, r.Dataset+": "+r.Reason)
	}
	want := "2: cpu 100.0 ms → 205.0 ms|3: verdict AC → WA|4: missing now|5: verdict WA → AC"
	if strings.Join(got, "|") != want {
		t.Errorf("regressions:\n%s\nwant:\n%s", strings.Join(got, "|"), want)
	}
	var b bytes.Buffer
	if err := WriteRegressions(&b, regs, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "missing now") {
		t.Errorf("regressions table:\n%s", b.String())
	}
	b.Reset()
	if err := WriteRegressions(&b, nil, false); err != nil || b.String() != "no regressions\n" {
		t.Errorf("empty: %q %v", b.String(), err)
	}
}

func BenchmarkRankProblem(b *testing.B) {
	var rs []problems.Result
	for s := 0; s < 50; s++ {
		for d := 0; d < 40; d++ {
			rs = append(rs, res("p", string(rune('A'+s)), string(rune('a'+d)), problems.AC, float64(s*d), s+d))
		}
	}
	m := meta("p", problems.Maximize, problems.RankPoints)
	for b.Loop() {
		RankProblem(m, rs, nil)
	}
}

func BenchmarkSummarize(b *testing.B) {
	var rs []problems.Result
	for d := 0; d < 50; d++ {
		ds := string(rune('a' + d))
		rs = append(rs, res("p", "a", ds, problems.AC, 1, 10+d), res("p", "b", ds, problems.AC, 1, 5+2*d))
	}
	m := BuildMatrix("p", rs, nil)
	for b.Loop() {
		Summarize(m, rand.New(rand.NewPCG(1, 2)), 1000)
	}
}
