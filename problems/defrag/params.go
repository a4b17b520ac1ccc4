package defrag

import (
	"strings"

	"github.com/judgehq/judge/problems"
)

var _ problems.ParamDocumenter = (*Problem)(nil)

// GenParams lists the generator's parameters (see GenParams the type).
func (*Problem) GenParams() []problems.ParamDoc {
	return []problems.ParamDoc{
		{Name: "blocks", Default: "32767", Meaning: "disk size in blocks, 2 to 32767"},
		{Name: "free", Default: "15", Meaning: "percent of blocks left free"},
		{Name: "files", Default: "blocks/60", Meaning: "number of files"},
		{Name: "sizes", Default: "even", Meaning: "even (about equal) or skewed (few huge, many small)"},
		{Name: "pattern", Default: "random", Meaning: "layout: " + strings.Join(patterns, ", ")},
		{Name: "frags", Default: "6", Meaning: "most fragments per fragmented file"},
		{Name: "fragmented", Default: "0.6", Meaning: "share of files split into pieces, 0 to 1"},
		{Name: "holes", Default: "0 (suits the pattern)", Meaning: "number of free gaps"},
		{Name: "carves", Default: "files/4", Meaning: "pieces moved away by the carved pattern"},
	}
}
