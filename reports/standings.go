package reports

import (
	"fmt"
	"slices"
	"time"
)

// StandingsRule names how entrants are ordered across problems.
type StandingsRule string

// The standings rules.
const (
	// ICPC: problems fully solved (every judged dataset AC), more is better; then the
	// total CPU time of the solved problems, less is better.
	ICPC StandingsRule = "icpc"
	// Relative: the sum of the per-problem relative scores, more is better.
	Relative StandingsRule = "relative"
	// MacTech: the Programmer's Challenge rule. On each problem the places 1 to 5 of
	// the problem's own ranking earn 20, 10, 7, 4 and 2 points. Tied entrants share
	// the place of their rank and each earns that place's full points: with ranks
	// 1, 2, 2, 4 both second places earn 10 and the fourth earns 4 (the third place's
	// 7 points go to nobody). Only an entry with at least one AC dataset earns points.
	// More points are better.
	MacTech StandingsRule = "mactech"
)

// macTechPoints are the points of places 1 to 5 under the MacTech rule.
var macTechPoints = [...]int{20, 10, 7, 4, 2}

// MacTechPoints returns the points a place (1-based rank) earns under the MacTech
// rule: 20, 10, 7, 4, 2 for places 1 to 5 and 0 beyond.
func MacTechPoints(rank int) int {
	if rank < 1 || rank > len(macTechPoints) {
		return 0
	}
	return macTechPoints[rank-1]
}

// ParseStandingsRule reads a standings rule by name.
func ParseStandingsRule(s string) (StandingsRule, error) {
	switch r := StandingsRule(s); r {
	case ICPC, Relative, MacTech:
		return r, nil
	}
	return "", fmt.Errorf("standings rule %q: want icpc, relative or mactech", s)
}

// Standing is one entrant's line in the standings.
type Standing struct {
	Rank    int
	Tied    bool
	Entrant string
	// Solved counts the problems fully solved.
	Solved int
	// CPU is the total CPU time of the solved problems.
	CPU time.Duration
	// Relative is the sum of the per-problem relative scores.
	Relative float64
	// Points is the MacTech points total.
	Points int
	// Cells hold the entrant's entry per problem, in the order of Standings.Problems.
	Cells []Entry
}

// Standings are the overall table of a contest.
type Standings struct {
	Rule     StandingsRule
	Problems []string
	Rows     []Standing
}

// BuildStandings ranks entrants across the given per-problem rankings. entrants fixes
// the order of equal rows; entrants found only in the rankings are appended.
func BuildStandings(rule StandingsRule, rankings []ProblemRanking, entrants []string) Standings {
	if rule == "" {
		rule = ICPC
	}
	st := Standings{Rule: rule}
	seen := map[string]bool{}
	var names []string
	for _, n := range entrants {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, pr := range rankings {
		st.Problems = append(st.Problems, pr.Meta.Slug)
		for _, e := range pr.Entries {
			if !seen[e.Submission] {
				seen[e.Submission] = true
				names = append(names, e.Submission)
			}
		}
	}
	for _, n := range names {
		s := Standing{Entrant: n}
		for _, pr := range rankings {
			e, ok := pr.Entry(n)
			if !ok {
				e = Entry{Submission: n, Missing: true}
			}
			s.Cells = append(s.Cells, e)
			if e.Missing {
				continue
			}
			if e.Solved {
				s.Solved++
				s.CPU += e.CPU
			}
			s.Relative += e.Relative
			if e.Passed > 0 {
				s.Points += MacTechPoints(e.Rank)
			}
		}
		st.Rows = append(st.Rows, s)
	}
	cmp := standingCompare(rule)
	slices.SortStableFunc(st.Rows, cmp)
	assignRanks(len(st.Rows), func(i, j int) bool { return cmp(st.Rows[i], st.Rows[j]) == 0 },
		func(i, rank int, tied bool) { st.Rows[i].Rank, st.Rows[i].Tied = rank, tied })
	return st
}

func standingCompare(rule StandingsRule) func(a, b Standing) int {
	switch rule {
	case Relative:
		return func(a, b Standing) int { return cmpFloat(b.Relative, a.Relative) }
	case MacTech:
		return func(a, b Standing) int { return b.Points - a.Points }
	default:
		return func(a, b Standing) int {
			if c := b.Solved - a.Solved; c != 0 {
				return c
			}
			return cmpDuration(a.CPU, b.CPU)
		}
	}
}
