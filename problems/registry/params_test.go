package registry

import (
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// TestGenParamsAreKnown checks each documented parameter against its generator:
// given a nonsense value, the generator must complain about the value, not say the
// name is unknown (or ignore it, when it matters only together with another). So the help cannot list a name the generator does not take.
func TestGenParamsAreKnown(t *testing.T) {
	for _, slug := range Slugs() {
		docs := GenParams(slug)
		g, isGen := constructors()[slug](nil).(problems.Generator)
		if isGen && len(docs) == 0 {
			t.Errorf("%s: a generator without documented parameters", slug)
		}
		if isGen {
			// The check below means something only if a wrong name is refused.
			if _, err := g.Generate(1, problems.Params{"no-such-param": "1"}); err == nil ||
				!strings.Contains(strings.ToLower(err.Error()), "unknown") {
				t.Errorf("%s: an unknown parameter gives %v", slug, err)
			}
		}
		for _, d := range docs {
			if d.Name == "" || d.Default == "" || d.Meaning == "" {
				t.Errorf("%s: incomplete %+v", slug, d)
			}
			_, err := g.Generate(1, problems.Params{d.Name: "\x01nonsense"})
			if err == nil {
				continue // some parameters matter only with others (fleetcount's miss)
			}
			if msg := strings.ToLower(err.Error()); strings.Contains(msg, "unknown") {
				t.Errorf("%s: documented parameter %s is unknown to the generator: %v", slug, d.Name, err)
			}
		}
	}
}
