package bestmove

import (
	"bytes"
	"testing"

	"github.com/judgehq/judge/problems"
)

// TestGenerateCases generates a small file for every case and checks that it is
// valid input, deterministic, and shows the case asked for.
func TestGenerateCases(t *testing.T) {
	p := &Problem{}
	for _, kind := range genCases {
		t.Run(kind, func(t *testing.T) {
			params := problems.Params{"case": kind, "sets": "2"}
			a, err := p.Generate(7, params)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(a); err != nil {
				t.Fatalf("generated input invalid: %v\n%s", err, a)
			}
			b, err := p.Generate(7, params)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("same seed, different bytes (err %v)", err)
			}
		})
	}
}
