package problems

import (
	"fmt"
	"strings"
)

// ParamDoc documents one generator parameter for help texts.
type ParamDoc struct {
	Name    string // as given to --param NAME=VALUE
	Default string // the value used when it is not given, in words when it depends on others
	Meaning string // one line
}

// ParamDocumenter is implemented by a Generator that can list its parameters. The
// method must not need the problem's folder: help texts call it on a problem made
// without one.
type ParamDocumenter interface {
	GenParams() []ParamDoc
}

// ParseParams reads generator parameters written NAME=VALUE, as judge gen's --param
// takes them: the name ends at the first '=', the value may hold more; a later pair
// overrides an earlier one of the same name. The error names the pair and what it
// wants.
func ParseParams(pairs []string) (Params, error) {
	params := Params{}
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("param %q: want name=value", kv)
		}
		params[k] = v
	}
	return params, nil
}
