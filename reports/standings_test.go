package reports

import (
	"fmt"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func standingsText(st Standings) string {
	var parts []string
	for _, s := range st.Rows {
		parts = append(parts, fmt.Sprintf("%s:%s", s.Entrant, rankText(s.Rank, s.Tied)))
	}
	return strings.Join(parts, " ")
}

// contest has two problems: "s" (pass-fail, 2 datasets) and "d" (penalty, min).
func contest() ([]problems.Meta, []problems.Result) {
	AC, WA := problems.AC, problems.WA
	metas := []problems.Meta{
		meta("s", problems.Maximize, problems.RankPassFail),
		meta("d", problems.Minimize, problems.RankPenalty),
	}
	rs := []problems.Result{
		// s: a solves fastest, b solves slower, c fails one, d missing.
		res("s", "a", "1", AC, 1, 10), res("s", "a", "2", AC, 1, 10),
		res("s", "b", "1", AC, 1, 30), res("s", "b", "2", AC, 1, 30),
		res("s", "c", "1", AC, 1, 1), res("s", "c", "2", WA, 0, 1),
		// d: c best penalty, a second, b fails, d only here.
		res("d", "a", "1", AC, 200, 5), res("d", "b", "1", WA, 0, 5),
		res("d", "c", "1", AC, 100, 50), res("d", "d", "1", AC, 300, 1),
	}
	return metas, rs
}

func TestBuildStandings(t *testing.T) {
	metas, rs := contest()
	entrants := []string{"a", "b", "c", "d"}
	var rankings []ProblemRanking
	for _, m := range metas {
		rankings = append(rankings, RankProblem(m, rs, entrants))
	}
	tests := []struct {
		rule StandingsRule
		want string
	}{
		// a: 2 solved, 25 ms; b: 1 solved 60 ms; c: 1 solved 50 ms; d: 1 solved 1 ms.
		{ICPC, "a:1 d:2 c:3 b:4"},
		// s: a 200, b 200, c 100; d: c 100, a 50, d 33.3, b 0: b and c tie on 200.
		{Relative, "a:1 b:2= c:2= d:4"},
		// s ranks a1 b2 c3 (d missing); d ranks c1 a2 d3 b4 (b has no AC: no points).
		// a 20+10, b 10, c 7+20, d 7.
		{MacTech, "a:1 c:2 b:3 d:4"},
	}
	for _, tc := range tests {
		t.Run(string(tc.rule), func(t *testing.T) {
			st := BuildStandings(tc.rule, rankings, entrants)
			if got := standingsText(st); got != tc.want {
				t.Errorf("standings = %q, want %q", got, tc.want)
			}
			if strings.Join(st.Problems, ",") != "s,d" {
				t.Errorf("problems = %v", st.Problems)
			}
		})
	}
	st := BuildStandings(MacTech, rankings, entrants)
	pts := map[string]int{}
	for _, s := range st.Rows {
		pts[s.Entrant] = s.Points
	}
	if pts["a"] != 30 || pts["b"] != 10 || pts["c"] != 27 || pts["d"] != 7 {
		t.Errorf("mactech points = %v", pts)
	}
}

func TestStandingsTies(t *testing.T) {
	AC := problems.AC
	m := meta("p", problems.Maximize, problems.RankPassFail)
	rs := []problems.Result{
		res("p", "a", "1", AC, 1, 10), res("p", "b", "1", AC, 1, 20),
		res("p", "c", "1", AC, 1, 20), res("p", "d", "1", AC, 1, 40),
		res("p", "e", "1", AC, 1, 50), res("p", "f", "1", AC, 1, 60),
		res("p", "g", "1", problems.WA, 0, 1),
	}
	rk := []ProblemRanking{RankProblem(m, rs, nil)}
	st := BuildStandings(MacTech, rk, []string{"h"})
	// Ranks on p: a1 b2= c2= d4 e5 f6 g7, h missing. Points 20 10 10 4 2 0 0 0.
	if got, want := standingsText(st), "a:1 b:2= c:2= d:4 e:5 h:6= f:6= g:6="; got != want {
		t.Errorf("mactech = %q, want %q", got, want)
	}
	st = BuildStandings(ICPC, rk, nil)
	if got, want := standingsText(st), "a:1 b:2= c:2= d:4 e:5 f:6 g:7"; got != want {
		t.Errorf("icpc = %q, want %q", got, want)
	}
}

func TestMacTechPoints(t *testing.T) {
	want := []int{0, 20, 10, 7, 4, 2, 0, 0}
	for rank, w := range want {
		if got := MacTechPoints(rank); got != w {
			t.Errorf("MacTechPoints(%d) = %d, want %d", rank, got, w)
		}
	}
}
