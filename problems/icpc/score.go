package icpc

import "github.com/judgehq/judge/problems"

// Score computes a scoring package's score from the cases' outcomes, keyed by
// case name (cases not judged count as rejected): each case scores its group's
// accept or reject score (or the validator's score.txt), and each group
// aggregates its parts by sum, min, max or avg. data/sample counts only when a
// testdata.yaml says so.
func (p *Package) Score(cases map[string]problems.Outcome) float64 {
	return scoreGroup(p.Secret).Total(cases)
}

// scoreGroup is g's scoring as the problem model holds it.
func scoreGroup(g *Group) *problems.ScoreGroup {
	sg := &problems.ScoreGroup{Aggregation: g.Settings.Aggregation, Accept: g.Settings.AcceptScore, Reject: g.Settings.RejectScore}
	for _, it := range g.Items {
		if it.Group != nil {
			sg.Groups = append(sg.Groups, scoreGroup(it.Group))
		} else {
			sg.Cases = append(sg.Cases, it.Case.Name)
		}
	}
	return sg
}
