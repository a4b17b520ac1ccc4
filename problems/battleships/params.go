package battleships

import "github.com/judgehq/judge/problems"

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see Generate).
func (*Problem) GenParams() []problems.ParamDoc {
	return []problems.ParamDoc{
		{Name: "rows", Default: "10", Meaning: "grid rows, 1 to 30"},
		{Name: "cols", Default: "10", Meaning: "grid columns, 1 to 30"},
		{Name: "fleet", Default: "scaled to the size", Meaning: `the ships, e.g. "4x1 3x2 2x3 1x4"`},
		{Name: "extra", Default: "0", Meaning: "hints put back after removal (easier puzzles)"},
		{Name: "xparts", Default: "0", Meaning: "percent of ship hints shown as X"},
		{Name: "multi", Default: "0", Meaning: "1: remove one more hint so there are several solutions"},
	}
}
