package registry

import "github.com/judgehq/judge/problems"

// GenParams returns the generator parameters of the problem slug, or nil when it
// has no generator or does not document them. It needs no problem folder.
func GenParams(slug string) []problems.ParamDoc {
	mk, ok := constructors()[slug]
	if !ok {
		return nil
	}
	if d, ok := mk(nil).(problems.ParamDocumenter); ok {
		return d.GenParams()
	}
	return nil
}
