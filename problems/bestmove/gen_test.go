package bestmove

import (
	"bytes"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// TestGenerateCases generates a small file for every case and checks that it is
// valid input, deterministic, and shows the case asked for.
func TestGenerateCases(t *testing.T) {
	p := &Problem{}
	for _, kind := range genCases() {
		t.Run(kind, func(t *testing.T) {
			params := problems.Params{"case": kind, "sets": "2"}
			a, err := p.Generate(7, params)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(a); err != nil {
				t.Fatalf("generated input invalid: %v\n%s", err, a)
			}
			cfg, err := parseGenParams(params)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := board.Parse(a)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ps {
				if !cfg.accepts(&ps[i]) {
					t.Errorf("data set %d does not show case %s", i+1, kind)
				}
			}
			b, err := p.Generate(7, params)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("same seed, different bytes (err %v)", err)
			}
		})
	}
}

func TestGenerateParams(t *testing.T) {
	bad := []problems.Params{
		{"sets": "0"}, {"sets": "51"}, {"sets": "x"}, {"case": "sideways"}, {"left": "6"},
		{"ships": "AA"}, {"ships": "Q"}, {"ships": ""}, {"packed": "2"}, {"colour": "red"},
	}
	p := &Problem{}
	for _, params := range bad {
		if _, err := p.Generate(1, params); err == nil {
			t.Errorf("params %v accepted", params)
		}
	}
	out, err := p.Generate(3, problems.Params{"ships": "PA", "sets": "3", "case": "nohit"})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := board.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range ps {
		if string(q.Ships) != "AP" || len(hitList(&q)) != 0 {
			t.Errorf("got ships %s and %d hits", q.Ships, len(hitList(&q)))
		}
	}
}
