package reports

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

// res builds one result; cpu is in milliseconds.
func res(problem, sub, ds string, v problems.Verdict, score float64, cpu int) problems.Result {
	return problems.Result{Run: "r1", Problem: problem, Submission: sub, Dataset: ds, Language: "C",
		Outcome: problems.Outcome{Verdict: v, Score: score, Message: string(v) + " msg"},
		Usage:   problems.Usage{CPU: time.Duration(cpu) * time.Millisecond, Wall: time.Duration(2*cpu) * time.Millisecond, PeakKiB: int64(1000 + cpu)}}
}

func meta(slug string, dir problems.Direction, rk problems.Ranking) problems.Meta {
	return problems.Meta{Slug: slug, Title: strings.ToUpper(slug), Kind: problems.Scoring,
		Score: problems.Score{Direction: dir, Ranking: rk}}
}

// ranks renders a ranking as "name:rank" pairs in order, "=" marking ties and "-"
// missing entries.
func ranks(pr ProblemRanking) string {
	var parts []string
	for _, e := range pr.Entries {
		s := fmt.Sprintf("%s:%s", e.Submission, rankText(e.Rank, e.Tied))
		if e.Missing {
			s += "-"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestRankProblem(t *testing.T) {
	AC, WA, TLE := problems.AC, problems.WA, problems.TLE
	tests := []struct {
		name     string
		rule     Rule
		dir      problems.Direction
		results  []problems.Result
		entrants []string
		want     string
	}{
		{
			name: "pass-fail: passed desc then cpu asc", rule: RulePassFail, dir: problems.Maximize,
			results: []problems.Result{
				res("p", "a", "1", AC, 1, 10), res("p", "a", "2", WA, 0, 10),
				res("p", "b", "1", AC, 1, 50), res("p", "b", "2", AC, 1, 50),
				res("p", "c", "1", AC, 1, 5), res("p", "c", "2", AC, 1, 5),
			},
			want: "c:1 b:2 a:3",
		},
		{
			name: "pass-fail ties: 1 2 2 4", rule: RulePassFail, dir: problems.Maximize,
			results: []problems.Result{
				res("p", "a", "1", AC, 1, 10), res("p", "b", "1", AC, 1, 20),
				res("p", "c", "1", AC, 1, 20), res("p", "d", "1", TLE, 0, 2000),
			},
			want: "a:1 b:2= c:2= d:4",
		},
		{
			name: "missing entrants rank last together", rule: RulePassFail, dir: problems.Maximize,
			results:  []problems.Result{res("p", "b", "1", WA, 0, 1), res("p", "other", "1", WA, 0, 2)},
			entrants: []string{"a", "b", "c"},
			want:     "b:1 other:2 a:3=- c:3=-",
		},
		{
			name: "penalty: solved desc then penalty asc, non-AC ignored", rule: RulePenalty, dir: problems.Minimize,
			results: []problems.Result{
				res("d", "a", "1", AC, 300, 1), res("d", "a", "2", AC, 200, 1),
				res("d", "b", "1", AC, 100, 1), res("d", "b", "2", WA, 0, 1),
				res("d", "c", "1", AC, 250, 1), res("d", "c", "2", AC, 200, 1),
				res("d", "e", "1", AC, 250, 9), res("d", "e", "2", AC, 200, 9),
			},
			want: "c:1= e:1= a:3 b:4",
		},
		{
			name: "points max: total score desc", rule: RulePoints, dir: problems.Maximize,
			results: []problems.Result{
				res("t", "a", "1", AC, 40, 1), res("t", "a", "2", AC, 10, 1),
				res("t", "b", "1", AC, 100, 1), res("t", "b", "2", RTEv(), 999, 1),
				res("t", "c", "1", AC, 25, 1), res("t", "c", "2", AC, 25, 1),
			},
			want: "b:1 a:2= c:2=",
		},
		{
			// A problem that charges for time scores a failed dataset below 0:
			// losing on purpose must not beat winning slowly.
			name: "points max: a failed dataset's score counts", rule: RulePoints, dir: problems.Maximize,
			results: []problems.Result{
				res("t", "slow", "1", AC, -50, 450), res("t", "slow", "2", AC, 300, 100),
				res("t", "loser", "1", WA, -2000, 2000), res("t", "loser", "2", AC, 300, 100),
			},
			want: "slow:1 loser:2",
		},
		{
			name: "points min: solved first, then smaller total", rule: RulePoints, dir: problems.Minimize,
			results: []problems.Result{
				res("m", "a", "1", AC, 10, 1), res("m", "a", "2", WA, 0, 1),
				res("m", "b", "1", AC, 30, 1), res("m", "b", "2", AC, 30, 1),
				res("m", "c", "1", AC, 20, 1), res("m", "c", "2", AC, 20, 1),
			},
			want: "c:1 b:2 a:3",
		},
		{
			name: "relative max", rule: RuleRelative, dir: problems.Maximize,
			results: []problems.Result{
				res("t", "a", "1", AC, 50, 1), res("t", "a", "2", AC, 10, 1), // 50 + 100
				res("t", "b", "1", AC, 100, 1), res("t", "b", "2", AC, 5, 1), // 100 + 50
				res("t", "c", "1", AC, 100, 1), res("t", "c", "2", WA, 10, 1), // 100 + 0
			},
			want: "a:1= b:1= c:3",
		},
		{
			name: "other problems and older attempts are ignored", rule: RulePassFail, dir: problems.Maximize,
			results: []problems.Result{
				res("p", "a", "1", WA, 0, 1),
				withAttempt(res("p", "a", "1", AC, 1, 1), 1),
				res("q", "b", "1", AC, 1, 1),
				res("p", "b", "1", WA, 0, 1),
				withAttempt(res("p", "b", "1", AC, 1, 1), -1),
			},
			want: "a:1 b:2",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			slug := tc.results[0].Problem
			pr := RankProblemBy(tc.rule, meta(slug, tc.dir, problems.RankPassFail), tc.results, tc.entrants)
			if got := ranks(pr); got != tc.want {
				t.Errorf("ranks = %q, want %q", got, tc.want)
			}
		})
	}
}

func RTEv() problems.Verdict { return problems.RTE }

func withAttempt(r problems.Result, a int) problems.Result { r.Attempt = a; return r }

func TestRankProblemUsesMetaRule(t *testing.T) {
	rs := []problems.Result{res("d", "a", "1", AC(), 10, 1), res("d", "b", "1", AC(), 5, 100)}
	pr := RankProblem(meta("d", problems.Minimize, problems.RankPenalty), rs, nil)
	if pr.Rule != RulePenalty || ranks(pr) != "b:1 a:2" {
		t.Errorf("rule %s ranks %q, want penalty b:1 a:2", pr.Rule, ranks(pr))
	}
}

func AC() problems.Verdict { return problems.AC }

func TestRelativeScore(t *testing.T) {
	tests := []struct {
		dir         problems.Direction
		best, yours float64
		want        float64
	}{
		{problems.Maximize, 100, 50, 50},
		{problems.Maximize, 100, 100, 100},
		{problems.Minimize, 10, 20, 50},
		{problems.Minimize, 10, 10, 100},
		{problems.Minimize, 0, 0, 100},
		{problems.Minimize, 0, 5, 0},
		{problems.Maximize, 0, 0, 100},
		{problems.Maximize, -1, -1, 100},
		{problems.Maximize, -1, -2, 0},
	}
	for _, tc := range tests {
		if got := relative(tc.dir, tc.best, tc.yours); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("relative(%s, %v, %v) = %v, want %v", tc.dir, tc.best, tc.yours, got, tc.want)
		}
	}
}

func TestEntryFigures(t *testing.T) {
	rs := []problems.Result{
		res("p", "a", "2", problems.WA, 0, 30), res("p", "a", "1", problems.AC, 1, 10),
		res("p", "a", "3", problems.AC, 1, 20),
	}
	pr := RankProblemBy(RulePassFail, meta("p", problems.Maximize, ""), rs, nil)
	e := pr.Entries[0]
	if e.Passed != 2 || e.Datasets != 3 || e.Solved || e.CPU != 60*time.Millisecond ||
		e.Wall != 120*time.Millisecond || e.PeakKiB != 1030 || e.Verdicts[problems.WA] != 1 {
		t.Errorf("entry = %+v", e)
	}
	if e.Results[0].Dataset != "1" || e.Results[2].Dataset != "3" {
		t.Errorf("results not in dataset order: %v", e.Results)
	}
	if strings.Join(pr.Datasets, ",") != "1,2,3" {
		t.Errorf("datasets = %v", pr.Datasets)
	}
}

func TestParseRules(t *testing.T) {
	for _, s := range []string{"pass-fail", "penalty", "points", "relative"} {
		if r, err := ParseRule(s); err != nil || string(r) != s {
			t.Errorf("ParseRule(%q) = %q, %v", s, r, err)
		}
	}
	for _, s := range []string{"icpc", "relative", "mactech"} {
		if r, err := ParseStandingsRule(s); err != nil || string(r) != s {
			t.Errorf("ParseStandingsRule(%q) = %q, %v", s, r, err)
		}
	}
	if _, err := ParseRule("best"); err == nil {
		t.Error("ParseRule(best): no error")
	}
	if _, err := ParseStandingsRule("ioi"); err == nil {
		t.Error("ParseStandingsRule(ioi): no error")
	}
}

func TestCompareOutcomes(t *testing.T) {
	ac := func(s float64) problems.Outcome { return problems.Outcome{Verdict: problems.AC, Score: s} }
	wa := problems.Outcome{Verdict: problems.WA}
	tle := problems.Outcome{Verdict: problems.TLE, Score: 5}
	for _, tc := range []struct {
		name string
		dir  problems.Direction
		a, b problems.Outcome
		want int
	}{
		{"AC beats WA", problems.Minimize, ac(100), wa, -1},
		{"WA loses to AC", problems.Maximize, wa, ac(0), 1},
		{"non-AC verdicts tie", problems.Minimize, wa, tle, 0},
		{"lower wins when minimizing", problems.Minimize, ac(1), ac(2), -1},
		{"higher wins when maximizing", problems.Maximize, ac(1), ac(2), 1},
		{"rounding noise ties", problems.Minimize, ac(0.1 + 0.2), ac(0.3), 0},
	} {
		if got := CompareOutcomes(tc.dir, tc.a, tc.b); got != tc.want {
			t.Errorf("%s: CompareOutcomes = %d, want %d", tc.name, got, tc.want)
		}
	}
}
