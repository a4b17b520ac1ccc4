package reports

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/judgehq/judge/problems"
)

// Cell is one dataset × variant cell of a comparison: the figures over its repeats.
type Cell struct {
	// Runs is the number of attempts; zero means the variant has no result there.
	Runs int
	// Verdict is the worst verdict over the attempts (AC only when all passed), and
	// Consistent reports whether every attempt had the same verdict.
	Verdict    problems.Verdict
	Consistent bool
	// Median, Min and Max CPU time over the attempts.
	MedianCPU, MinCPU, MaxCPU time.Duration
	// Score is the median score over the attempts that got AC; Scored says
	// there was one. A failed attempt's score (a checker's 0, say) is no
	// score of the variant's: on a problem where lower is better it would read
	// as the best.
	Score  float64
	Scored bool
}

// Matrix is a datasets × variants comparison of one problem.
type Matrix struct {
	Problem  string
	Datasets []string
	Variants []string
	// Cells[d][v] is dataset d of variant v.
	Cells [][]Cell
}

// BuildMatrix groups the results of one problem by dataset and variant (the result's
// Submission); variants fixes the column order, the first being the baseline, and
// variants found only in results are appended.
func BuildMatrix(problem string, results []problems.Result, variants []string) Matrix {
	m := Matrix{Problem: problem}
	var rs []problems.Result
	for _, r := range results {
		if problem == "" || r.Problem == problem {
			rs = append(rs, normalize(r))
		}
	}
	m.Variants = mergeNames(variants, rs)
	col := map[string]int{}
	for i, v := range m.Variants {
		col[v] = i
	}
	dsSet := map[string]bool{}
	for _, r := range rs {
		dsSet[r.Dataset] = true
	}
	for d := range dsSet {
		m.Datasets = append(m.Datasets, d)
	}
	sort.Strings(m.Datasets)
	row := map[string]int{}
	for i, d := range m.Datasets {
		row[d] = i
	}
	groups := make([][][]problems.Result, len(m.Datasets))
	for i := range groups {
		groups[i] = make([][]problems.Result, len(m.Variants))
	}
	for _, r := range rs {
		d, v := row[r.Dataset], col[r.Submission]
		groups[d][v] = append(groups[d][v], r)
	}
	m.Cells = make([][]Cell, len(m.Datasets))
	for d := range groups {
		m.Cells[d] = make([]Cell, len(m.Variants))
		for v, g := range groups[d] {
			m.Cells[d][v] = cellOf(g)
		}
	}
	return m
}

// verdictRank orders verdicts from best to worst for "worst verdict" choices.
func verdictRank(v problems.Verdict) int {
	if i := slices.Index(problems.Verdicts, v); i >= 0 {
		return i
	}
	return len(problems.Verdicts)
}

func cellOf(rs []problems.Result) Cell {
	if len(rs) == 0 {
		return Cell{}
	}
	c := Cell{Runs: len(rs), Verdict: rs[0].Outcome.Verdict, Consistent: true}
	cpus := make([]time.Duration, len(rs))
	var scores []float64
	for i, r := range rs {
		if r.Outcome.Verdict != c.Verdict {
			c.Consistent = false
			if verdictRank(r.Outcome.Verdict) > verdictRank(c.Verdict) {
				c.Verdict = r.Outcome.Verdict
			}
		}
		cpus[i] = r.Usage.CPU
		if r.Outcome.Verdict == problems.AC {
			scores = append(scores, r.Outcome.Score)
		}
	}
	slices.Sort(cpus)
	slices.Sort(scores)
	c.MinCPU, c.MaxCPU = cpus[0], cpus[len(cpus)-1]
	if n := len(cpus); n%2 == 1 {
		c.MedianCPU = cpus[n/2]
	} else {
		c.MedianCPU = (cpus[n/2-1] + cpus[n/2]) / 2
	}
	if n := len(scores); n > 0 {
		c.Scored = true
		if n%2 == 1 {
			c.Score = scores[n/2]
		} else {
			c.Score = (scores[n/2-1] + scores[n/2]) / 2
		}
	}
	return c
}

// Summary compares one variant with the baseline (the first variant).
type Summary struct {
	Variant string
	// Ratio is the geometric mean over Paired datasets of this variant's median CPU
	// divided by the baseline's (below 1 is faster), and [Low, High] its 95 %
	// bootstrap interval. All three are NaN when no dataset is paired.
	Ratio, Low, High float64
	// Paired counts the datasets where both got AC with non-zero CPU time.
	Paired int
	// Won, Lost and Tied count datasets against the baseline: AC beats non-AC, and
	// between two ACs the lower median CPU wins.
	Won, Lost, Tied int
	// ScoreDiff is this variant's total median score minus the baseline's,
	// over the ScorePaired datasets where both have a score (AC); 0 when none.
	ScoreDiff   float64
	ScorePaired int
	// Judged counts the datasets the variant ran on and Accepted those with AC;
	// AcceptRate is their ratio with [AcceptLow, AcceptHigh] its 95 % Wilson score
	// interval (for an interactive game, the win rate).
	Judged, Accepted                  int
	AcceptRate, AcceptLow, AcceptHigh float64
	// MeanScore averages the median score over the Scored datasets (those
	// with an AC; NaN when none) and MeanCPU the median CPU time per judged
	// dataset.
	MeanScore float64
	Scored    int
	MeanCPU   time.Duration
}

// Wilson returns the rate k/n and its 95 % Wilson score interval; NaNs when n is 0.
func Wilson(k, n int) (rate, low, high float64) {
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	const z = 1.959963984540054
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	centre := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return p, math.Max(0, centre-half), math.Min(1, centre+half)
}

// Summarize compares every variant of m with the first. The bootstrap draws
// resamples (1000 when <= 0) resamplings of the paired datasets from rng, so a seeded
// rng gives the same intervals every time.
func Summarize(m Matrix, rng *rand.Rand, resamples int) []Summary {
	if resamples <= 0 {
		resamples = 1000
	}
	var out []Summary
	for v := range m.Variants {
		s := Summary{Variant: m.Variants[v]}
		var logs []float64
		for d := range m.Datasets {
			base, c := m.Cells[d][0], m.Cells[d][v]
			if base.Scored && c.Scored {
				s.ScoreDiff += c.Score - base.Score
				s.ScorePaired++
			}
			bAC, cAC := base.Runs > 0 && base.Verdict == problems.AC, c.Runs > 0 && c.Verdict == problems.AC
			switch {
			case cAC && !bAC:
				s.Won++
			case bAC && !cAC:
				s.Lost++
			case !bAC && !cAC:
				s.Tied++
			case c.MedianCPU < base.MedianCPU:
				s.Won++
			case c.MedianCPU > base.MedianCPU:
				s.Lost++
			default:
				s.Tied++
			}
			if bAC && cAC && base.MedianCPU > 0 && c.MedianCPU > 0 {
				logs = append(logs, math.Log(float64(c.MedianCPU)/float64(base.MedianCPU)))
			}
			if c.Runs > 0 {
				s.Judged++
				s.MeanCPU += c.MedianCPU
				if cAC {
					s.Accepted++
				}
				if c.Scored {
					s.Scored++
					s.MeanScore += c.Score
				}
			}
		}
		if s.Judged > 0 {
			s.MeanCPU /= time.Duration(s.Judged)
		}
		if s.Scored > 0 {
			s.MeanScore /= float64(s.Scored)
		} else {
			s.MeanScore = math.NaN()
		}
		s.AcceptRate, s.AcceptLow, s.AcceptHigh = Wilson(s.Accepted, s.Judged)
		s.Paired = len(logs)
		s.Ratio, s.Low, s.High = GeoMeanInterval(logs, rng, resamples)
		out = append(out, s)
	}
	return out
}

// GeoMeanInterval returns exp(mean(logs)) and its 95 % percentile-bootstrap
// interval from resamples resamplings with replacement drawn from rng; NaNs when
// logs is empty.
func GeoMeanInterval(logs []float64, rng *rand.Rand, resamples int) (ratio, low, high float64) {
	if len(logs) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	mean := func(xs []float64) float64 {
		t := 0.0
		for _, x := range xs {
			t += x
		}
		return t / float64(len(xs))
	}
	ratio = math.Exp(mean(logs))
	means := make([]float64, resamples)
	sample := make([]float64, len(logs))
	for i := range means {
		for j := range sample {
			sample[j] = logs[rng.IntN(len(logs))]
		}
		means[i] = mean(sample)
	}
	slices.Sort(means)
	return ratio, math.Exp(quantile(means, 0.025)), math.Exp(quantile(means, 0.975))
}

// quantile of sorted xs with linear interpolation.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	f := pos - float64(i)
	return xs[i]*(1-f) + xs[i+1]*f
}

// Noise is the tolerance of the regression check: a CPU time is worse beyond noise
// when the new fastest run exceeds the stored slowest run × (1 + Relative) +
// Absolute. The spread between repeats widens the interval on its own.
type Noise struct {
	Relative float64
	Absolute time.Duration
}

// DefaultNoise is 10 % plus 2 ms, above the jitter of short runs on a shared machine.
var DefaultNoise = Noise{Relative: 0.10, Absolute: 2 * time.Millisecond}

// MinRepeatsForCPU is how many runs per dataset both sides of a regression check
// need before CPU times are compared: with fewer, one slow sample on a shared
// machine reads as a regression.
const MinRepeatsForCPU = 3

// MinRepeats returns the fewest runs any dataset has in rs (0 for none).
func MinRepeats(rs []problems.Result) int {
	n := map[string]int{}
	for _, r := range rs {
		n[r.Dataset]++
	}
	least := 0
	for _, k := range n {
		if least == 0 || k < least {
			least = k
		}
	}
	return least
}

// Regression is one dataset where the new run is worse than the stored one.
type Regression struct {
	Dataset string
	Was     Cell
	Now     Cell
	// Reason is "verdict AC → WA", "missing now" or "cpu 12.0 ms → 20.5 ms".
	Reason string
}

// Regressions compares a submission now with a stored run of it: the results of one
// problem, repeats allowed. A dataset regresses when its verdict changed (from any
// verdict to another, so that fixes show too), when it has no result now, or when
// both are AC, both sides have MinRepeatsForCPU runs or more and the CPU time is
// worse beyond noise.
func Regressions(problem string, was, now []problems.Result, noise Noise) []Regression {
	relabel := func(rs []problems.Result, name string) []problems.Result {
		out := make([]problems.Result, len(rs))
		for i, r := range rs {
			r.Submission = name
			out[i] = r
		}
		return out
	}
	all := append(relabel(was, "was"), relabel(now, "now")...)
	m := BuildMatrix(problem, all, []string{"was", "now"})
	var regs []Regression
	for d, ds := range m.Datasets {
		w, n := m.Cells[d][0], m.Cells[d][1]
		var reason string
		switch {
		case w.Runs == 0:
			continue // a new dataset: nothing to compare with
		case n.Runs == 0:
			reason = "missing now"
		case w.Verdict != n.Verdict:
			reason = fmt.Sprintf("verdict %s → %s", w.Verdict, n.Verdict)
		case n.Verdict == problems.AC && w.Runs >= MinRepeatsForCPU && n.Runs >= MinRepeatsForCPU &&
			float64(n.MinCPU) > float64(w.MaxCPU)*(1+noise.Relative)+float64(noise.Absolute):
			reason = fmt.Sprintf("cpu %s ms → %s ms", ms(w.MedianCPU), ms(n.MedianCPU))
		default:
			continue
		}
		regs = append(regs, Regression{Dataset: ds, Was: w, Now: n, Reason: reason})
	}
	return regs
}

// WriteMatrixTable writes the comparison matrix (one row per dataset; per variant its
// verdict, median CPU, min CPU and score) and the summary of each variant against the
// first. color turns on ANSI verdict colours.
func WriteMatrixTable(w io.Writer, m Matrix, sums []Summary, color bool) error {
	cols := []Column{{Name: "dataset"}}
	for _, v := range m.Variants {
		cols = append(cols, Column{Name: v}, Column{Name: "cpu_ms", Numeric: true}, Column{Name: "min_ms", Numeric: true}, Column{Name: "score", Numeric: true})
	}
	var rows [][]string
	for d, ds := range m.Datasets {
		row := []string{ds}
		for _, c := range m.Cells[d] {
			if c.Runs == 0 {
				row = append(row, dash, dash, dash, dash)
				continue
			}
			v := Verdict(c.Verdict, color)
			if !c.Consistent {
				v += "*"
			}
			score := dash
			if c.Scored {
				score = num(c.Score)
			}
			row = append(row, v, ms(c.MedianCPU), ms(c.MinCPU), score)
		}
		rows = append(rows, row)
	}
	if err := WriteTable(w, ASCII, cols, rows); err != nil {
		return err
	}
	return WriteSummaryTable(w, m, sums)
}

// WriteSummaryTable writes the summary of each variant against the first: accepted
// datasets with their rate and its 95 % interval, mean score and CPU, the CPU ratio
// with its bootstrap interval, and datasets won, lost and tied.
func WriteSummaryTable(w io.Writer, m Matrix, sums []Summary) error {
	if len(sums) == 0 {
		return nil
	}
	cols := []Column{{Name: "variant"}, {Name: "ac", Numeric: true}, {Name: "ac_rate", Numeric: true}, {Name: "95%_interval", Numeric: true},
		{Name: "mean_score", Numeric: true}, {Name: "mean_cpu_ms", Numeric: true}, {Name: "cpu_ratio", Numeric: true}, {Name: "95%_interval", Numeric: true}, {Name: "paired", Numeric: true},
		{Name: "won", Numeric: true}, {Name: "lost", Numeric: true}, {Name: "tied", Numeric: true}, {Name: "score_diff", Numeric: true}}
	var rows [][]string
	for _, s := range sums {
		ratio, ci := dash, dash
		if !math.IsNaN(s.Ratio) {
			ratio = strconv.FormatFloat(s.Ratio, 'f', 3, 64)
			ci = fmt.Sprintf("[%.3f, %.3f]", s.Low, s.High)
		}
		rate, rci := dash, dash
		if !math.IsNaN(s.AcceptRate) {
			rate = fmt.Sprintf("%.1f%%", 100*s.AcceptRate)
			rci = fmt.Sprintf("[%.1f%%, %.1f%%]", 100*s.AcceptLow, 100*s.AcceptHigh)
		}
		mean, diff := dash, dash
		if !math.IsNaN(s.MeanScore) {
			mean = num(s.MeanScore)
		}
		if s.ScorePaired > 0 {
			diff = num(s.ScoreDiff)
		}
		rows = append(rows, []string{s.Variant, fmt.Sprintf("%d/%d", s.Accepted, s.Judged), rate, rci,
			mean, ms(s.MeanCPU), ratio, ci, strconv.Itoa(s.Paired), strconv.Itoa(s.Won),
			strconv.Itoa(s.Lost), strconv.Itoa(s.Tied), diff})
	}
	if _, err := fmt.Fprintf(w, "against %s (cpu_ratio < 1 is faster; * = verdict differed between repeats; scores are of AC runs only, score_diff over datasets both passed)\n",
		m.Variants[0]); err != nil {
		return err
	}
	return WriteTable(w, ASCII, cols, rows)
}

// WriteRegressions writes one row per regression, or a line saying there is none.
func WriteRegressions(w io.Writer, regs []Regression, color bool) error {
	if len(regs) == 0 {
		_, err := fmt.Fprintln(w, "no regressions")
		return err
	}
	cols := []Column{{Name: "dataset"}, {Name: "was"}, {Name: "now"}, {Name: "was_ms", Numeric: true}, {Name: "now_ms", Numeric: true}, {Name: "reason"}}
	var rows [][]string
	for _, r := range regs {
		now, nowMS := dash, dash
		if r.Now.Runs > 0 {
			now, nowMS = Verdict(r.Now.Verdict, color), ms(r.Now.MedianCPU)
		}
		rows = append(rows, []string{r.Dataset, Verdict(r.Was.Verdict, color), now, ms(r.Was.MedianCPU), nowMS, r.Reason})
	}
	return WriteTable(w, ASCII, cols, rows)
}
