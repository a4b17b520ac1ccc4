package reports

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/judgehq/judge/problems"
)

// Rule names how the submissions on one problem are ordered.
type Rule string

// The per-problem rules. The first three are the rankings a problem.yaml can name;
// RuleRelative is the AtCoder-style relative score, available for every problem.
const (
	// RulePassFail: datasets passed (more is better), then total CPU time over all
	// judged datasets (less is better).
	RulePassFail Rule = Rule(problems.RankPassFail)
	// RulePenalty: datasets solved (AC, more is better), then the total penalty, the
	// sum of Score over the AC datasets (less is better).
	RulePenalty Rule = Rule(problems.RankPenalty)
	// RulePoints: the total score, better first in the problem's score
	// direction. With direction max it is the sum over every dataset judged, a
	// failed one's score included (a charge for time makes it negative); with
	// direction min over the AC datasets, and the datasets solved come first, so
	// that a failed dataset (score 0) never looks cheap.
	RulePoints Rule = Rule(problems.RankPoints)
	// RuleRelative: the sum over datasets of 100 × best/yours (direction min) or
	// 100 × yours/best (direction max), where best is the best AC score on that
	// dataset; a non-AC dataset earns 0. More is better.
	RuleRelative Rule = "relative"
)

// ParseRule reads a per-problem rule by name.
func ParseRule(s string) (Rule, error) {
	switch r := Rule(s); r {
	case RulePassFail, RulePenalty, RulePoints, RuleRelative:
		return r, nil
	}
	return "", fmt.Errorf("ranking rule %q: want pass-fail, penalty, points or relative", s)
}

// Entry is one submission's line in the ranking of one problem. All figures are
// computed whatever the rule; Rank follows the rule of the ranking.
type Entry struct {
	// Rank is the competition rank (1, 2, 2, 4): equal keys give equal ranks.
	// Entrants with no result on the problem share the last rank.
	Rank int
	// Tied is true when another entry has the same rank.
	Tied bool
	// Submission is the entrant or program name.
	Submission string
	// Missing is true when the submission has no result on the problem; all
	// figures are then zero and a table shows a dash.
	Missing bool
	// Language and Hash come from the submission's results.
	Language string
	Hash     string
	// Datasets is the number of datasets judged and Passed the number with AC.
	Datasets int
	Passed   int
	// Solved is true when at least one dataset was judged and all got AC.
	Solved bool
	// Score is the sum of the AC datasets' scores: points, or the penalty for
	// penalty problems; or what the problem's Score.Groups make of them.
	Score float64
	// Relative is the AtCoder-style relative score (see RuleRelative).
	Relative float64
	// CPU and Wall are totals over all judged datasets; PeakKiB is the largest peak.
	CPU     time.Duration
	Wall    time.Duration
	PeakKiB int64
	// Verdicts counts the verdicts over the judged datasets.
	Verdicts map[problems.Verdict]int
	// Results are the submission's counted results, in dataset order.
	Results []problems.Result
}

// ProblemRanking is the ranked table of one problem.
type ProblemRanking struct {
	Meta problems.Meta
	// Rule is the rule the entries are ranked by.
	Rule Rule
	// Datasets are the names of every dataset any submission was judged on, sorted.
	Datasets []string
	// Best is the best AC score per dataset, the reference of the relative score.
	Best map[string]float64
	// Entries are in rank order; entries of equal rank keep the entrant order.
	Entries []Entry
}

// RankProblem ranks the results of one problem by the rule its Meta names. See
// RankProblemBy.
func RankProblem(meta problems.Meta, results []problems.Result, entrants []string) ProblemRanking {
	return RankProblemBy(Rule(meta.Score.Ranking), meta, results, entrants)
}

// RankProblemBy ranks the results of one problem, meta.Slug (results of other
// problems are ignored; with an empty slug every result counts), by rule. entrants fixes the order of equal entries and names submissions
// that may have no result, which then rank last with nothing; submissions that have
// results but are not in entrants are appended in order of first appearance. When a
// submission has several attempts on a dataset, the highest attempt counts.
func RankProblemBy(rule Rule, meta problems.Meta, results []problems.Result, entrants []string) ProblemRanking {
	if rule == "" {
		rule = RulePassFail
	}
	latest := LatestAttempts(meta.Slug, results)
	names := mergeNames(entrants, latest)
	bySub := map[string][]problems.Result{}
	dsSet := map[string]bool{}
	for _, r := range latest {
		bySub[r.Submission] = append(bySub[r.Submission], r)
		dsSet[r.Dataset] = true
	}
	pr := ProblemRanking{Meta: meta, Rule: rule, Best: bestScores(meta.Score.Direction, latest)}
	for ds := range dsSet {
		pr.Datasets = append(pr.Datasets, ds)
	}
	sort.Strings(pr.Datasets)

	// Under points with more is better, every dataset's score counts, a failed
	// one's too: a problem that charges for time scores a failed dataset below 0
	// (trimines: 0 − CPU ms), and leaving it out would make losing on purpose
	// pay better than winning slowly. Elsewhere a failed dataset scores nothing.
	countsFailed := rule == RulePoints && meta.Score.Direction != problems.Minimize
	for _, name := range names {
		rs := bySub[name]
		e := Entry{Submission: name, Missing: len(rs) == 0}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Dataset < rs[j].Dataset })
		for _, r := range rs {
			e.Language, e.Hash = r.Language, r.Hash
			e.Datasets++
			e.CPU += r.Usage.CPU
			e.Wall += r.Usage.Wall
			e.PeakKiB = max(e.PeakKiB, r.Usage.PeakKiB)
			if e.Verdicts == nil {
				e.Verdicts = map[problems.Verdict]int{}
			}
			e.Verdicts[r.Outcome.Verdict]++
			if r.Outcome.Verdict == problems.AC {
				e.Passed++
				e.Score += r.Outcome.Score
				e.Relative += relative(meta.Score.Direction, pr.Best[r.Dataset], r.Outcome.Score)
			} else if countsFailed {
				e.Score += r.Outcome.Score // a lost board's charge for its CPU time
			}
		}
		e.Solved = e.Datasets > 0 && e.Passed == e.Datasets
		if meta.Score.Groups != nil && len(rs) > 0 {
			outcomes := make(map[string]problems.Outcome, len(rs))
			for _, r := range rs {
				outcomes[r.Dataset] = r.Outcome
			}
			e.Score = meta.Score.Groups.Total(outcomes)
		}
		e.Results = rs
		pr.Entries = append(pr.Entries, e)
	}
	cmp := entryCompare(rule, meta.Score.Direction)
	sort.SliceStable(pr.Entries, func(i, j int) bool {
		a, b := pr.Entries[i], pr.Entries[j]
		if a.Missing != b.Missing {
			return !a.Missing
		}
		return !a.Missing && cmp(a, b) < 0
	})
	assignRanks(len(pr.Entries), func(i, j int) bool {
		a, b := pr.Entries[i], pr.Entries[j]
		return a.Missing == b.Missing && (a.Missing || cmp(a, b) == 0)
	}, func(i, rank int, tied bool) { pr.Entries[i].Rank, pr.Entries[i].Tied = rank, tied })
	return pr
}

// Entry returns the entry of the named submission.
func (pr ProblemRanking) Entry(submission string) (Entry, bool) {
	for _, e := range pr.Entries {
		if e.Submission == submission {
			return e, true
		}
	}
	return Entry{}, false
}

// LatestAttempts keeps, per (submission, dataset) of the problem slug (of every
// problem when slug is empty), the result with the highest attempt, in the order the
// results came. Times are truncated to the microsecond, as the store keeps them.
func LatestAttempts(slug string, results []problems.Result) []problems.Result {
	type key struct{ sub, ds string }
	idx := make(map[key]int, len(results))
	out := make([]problems.Result, 0, len(results))
	for _, r := range results {
		if slug != "" && r.Problem != slug {
			continue
		}
		r = normalize(r)
		k := key{r.Submission, r.Dataset}
		if i, ok := idx[k]; ok {
			if r.Attempt >= out[i].Attempt {
				out[i] = r
			}
			continue
		}
		idx[k] = len(out)
		out = append(out, r)
	}
	return out
}

// mergeNames returns entrants followed by any other submission of results.
func mergeNames(entrants []string, results []problems.Result) []string {
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, n := range entrants {
		add(n)
	}
	for _, r := range results {
		add(r.Submission)
	}
	return names
}

// bestScores returns the best AC score per dataset in the given direction.
func bestScores(dir problems.Direction, results []problems.Result) map[string]float64 {
	best := map[string]float64{}
	for _, r := range results {
		if r.Outcome.Verdict != problems.AC {
			continue
		}
		s := r.Outcome.Score
		b, ok := best[r.Dataset]
		if !ok || (dir == problems.Minimize && s < b) || (dir != problems.Minimize && s > b) {
			best[r.Dataset] = s
		}
	}
	return best
}

// relative is the AtCoder-style score of one AC dataset: 100 for the best score, less
// for worse ones. Non-positive scores cannot form a ratio: they earn 100 when equal to
// the best and 0 otherwise.
func relative(dir problems.Direction, best, yours float64) float64 {
	if dir == problems.Minimize {
		if yours > 0 && best > 0 {
			return 100 * best / yours
		}
	} else if best > 0 && yours >= 0 {
		return 100 * yours / best
	}
	if yours == best {
		return 100
	}
	return 0
}

// entryCompare returns a comparison that is negative when a ranks above b and zero
// when they tie under rule.
func entryCompare(rule Rule, dir problems.Direction) func(a, b Entry) int {
	switch rule {
	case RulePenalty:
		return func(a, b Entry) int {
			if c := b.Passed - a.Passed; c != 0 {
				return c
			}
			return cmpFloat(a.Score, b.Score)
		}
	case RulePoints:
		return func(a, b Entry) int {
			if dir == problems.Minimize {
				if c := b.Passed - a.Passed; c != 0 {
					return c
				}
				return cmpFloat(a.Score, b.Score)
			}
			return cmpFloat(b.Score, a.Score)
		}
	case RuleRelative:
		return func(a, b Entry) int { return cmpFloat(b.Relative, a.Relative) }
	default:
		return func(a, b Entry) int {
			if c := b.Passed - a.Passed; c != 0 {
				return c
			}
			return cmpDuration(a.CPU, b.CPU)
		}
	}
}

// CompareOutcomes orders two outcomes of one dataset, best first: it returns a
// negative number when a is better than b, a positive one when b is better and 0
// when they tie. AC beats any other verdict, AC outcomes compare by score in
// direction dir (equal within cmpFloat's tolerance), and non-AC outcomes all tie.
func CompareOutcomes(dir problems.Direction, a, b problems.Outcome) int {
	aOK, bOK := a.Verdict == problems.AC, b.Verdict == problems.AC
	switch {
	case aOK && !bOK:
		return -1
	case !aOK && bOK:
		return 1
	case !aOK:
		return 0
	case dir == problems.Minimize:
		return cmpFloat(a.Score, b.Score)
	}
	return cmpFloat(b.Score, a.Score)
}

// cmpFloat compares with a relative tolerance of 1e-9, so that sums of the same
// scores added in another order still tie.
func cmpFloat(a, b float64) int {
	if math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) {
		return 0
	}
	if a < b {
		return -1
	}
	return 1
}

func cmpDuration(a, b time.Duration) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// assignRanks gives competition ranks (1, 2, 2, 4) to n sorted items, where equal
// reports whether items i and i+1 tie.
func assignRanks(n int, equal func(i, j int) bool, set func(i, rank int, tied bool)) {
	for i := 0; i < n; {
		j := i + 1
		for j < n && equal(j-1, j) {
			j++
		}
		for k := i; k < j; k++ {
			set(k, i+1, j-i > 1)
		}
		i = j
	}
}
