package trimines

import "github.com/judgehq/judge/problems"

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see Generate).
func (*Problem) GenParams() []problems.ParamDoc {
	return []problems.ParamDoc{
		{Name: "n", Default: "40", Meaning: "board side"},
		{Name: "density", Default: "10", Meaning: "percent of cells holding a bomb"},
		{Name: "bombs", Default: "from density", Meaning: "exact bomb count (wins over density)"},
	}
}
