package problems

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
