package fleetcount

import "github.com/judgehq/judge/problems"

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see Generate).
func (*Problem) GenParams() []problems.ParamDoc {
	return []problems.ParamDoc{
		{Name: "r", Default: "5", Meaning: "board rows"},
		{Name: "c", Default: "5", Meaning: "board columns"},
		{Name: "rule", Default: "any (drawn at random)", Meaning: "touch, noside, nocontact or any"},
		{Name: "fleet", Default: "1-4 random ships", Meaning: "ship lengths joined by dashes, e.g. 5-4-3-3-2"},
		{Name: "mode", Default: "game", Meaning: "empty, random or game"},
		{Name: "miss", Default: "20", Meaning: "mode=random: percent of misses (more while over 100 cells are not misses)"},
		{Name: "hit", Default: "10", Meaning: "mode=random: percent of hits"},
		{Name: "shots", Default: "a third of the board", Meaning: "mode=game: cells shot (more while over 100 are not misses)"},
		{Name: "split", Default: "0", Meaning: "when positive, every (split+1)th row is all misses"},
		{Name: "width", Default: "0", Meaning: "when positive, the columns after the first width are all misses"},
	}
}
