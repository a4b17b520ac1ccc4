package sudoku

import (
	"strings"

	"github.com/judgehq/judge/problems"
)

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see genParams).
func (*Problem) GenParams() []problems.ParamDoc {
	one := func(k string) string { return strings.Join(genParams[k], ", ") }
	return []problems.ParamDoc{
		{Name: "kind", Default: "unique", Meaning: "solutions: " + one("kind")},
		{Name: "level", Default: "any", Meaning: "tactics a unique puzzle needs: " + one("level")},
		{Name: "clues", Default: "by level and kind", Meaning: "givens left, 0 to 81"},
		{Name: "flavor", Default: "hidden", Meaning: "how kind=unsolvable fails: " + one("flavor")},
		{Name: "spacing", Default: "canonical", Meaning: "input layout: " + one("spacing")},
	}
}
