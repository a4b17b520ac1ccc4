package bestmove

import (
	"strings"

	"github.com/judgehq/judge/problems"
)

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see Generate).
func (*Problem) GenParams() []problems.ParamDoc {
	return []problems.ParamDoc{
		{Name: "sets", Default: "5", Meaning: "data sets in the file, 1 to 50"},
		{Name: "case", Default: "any", Meaning: "situation every data set shows: " + strings.Join(genCases(), ", ")},
		{Name: "shots", Default: "random 0-30", Meaning: "at least this many shots before the position, 0 to 99"},
		{Name: "left", Default: "any", Meaning: "exactly this many ships still in play, 1 to 5"},
		{Name: "ships", Default: "any", Meaning: "exactly these ships in play, e.g. P or ADS"},
		{Name: "packed", Default: "by case", Meaning: "1: hidden ships side by side (default 1 for closed, blocked, cross)"},
		{Name: "ties", Default: "3", Meaning: "case=tie: squares sharing the best value, 1 to 99"},
		{Name: "small", Default: "3", Meaning: "case=small: largest best value, 1 to 1000"},
	}
}
