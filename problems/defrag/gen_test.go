package defrag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
)

func TestGenerate(t *testing.T) {
	p := load(t)
	for _, params := range []problems.Params{
		{"blocks": "200"},
		{"blocks": "200", "pattern": "interleaved"},
		{"blocks": "200", "pattern": "contiguous"},
		{"blocks": "200", "pattern": "endfree", "free": "1"},
		{"blocks": "200", "pattern": "carved", "carves": "30"},
		{"blocks": "300", "sizes": "skewed", "files": "4", "frags": "9"},
		{"blocks": "100", "files": "90", "free": "5", "fragmented": "1"},
		{"blocks": "2", "files": "1", "free": "50"},
		{"blocks": "500", "holes": "1"},
	} {
		for seed := int64(0); seed < 5; seed++ {
			a, err := p.Generate(seed, params)
			if err != nil {
				t.Fatalf("%v seed %d: %v", params, seed, err)
			}
			b, _ := p.Generate(seed, params)
			if !bytes.Equal(a, b) {
				t.Fatalf("%v seed %d: not deterministic", params, seed)
			}
			d, err := disk.Parse(a)
			if err != nil {
				t.Fatalf("%v seed %d: %v", params, seed, err)
			}
			g, _ := ParseGenParams(params)
			if d.Blocks-d.Used() != g.freeBlocks() || len(d.Files) != g.Files {
				t.Errorf("%v seed %d: %d free, %d files", params, seed, d.Blocks-d.Used(), len(d.Files))
			}
			if params["pattern"] == "contiguous" && d.Breaks() != 0 {
				t.Errorf("contiguous pattern has %d breaks", d.Breaks())
			}
		}
	}
}

func TestGenerateParamErrors(t *testing.T) {
	p := load(t)
	for _, tc := range []struct {
		params problems.Params
		err    string
	}{
		{problems.Params{"size": "1"}, "unknown parameter"},
		{problems.Params{"blocks": "x"}, "blocks"},
		{problems.Params{"blocks": "40000"}, "blocks=40000"},
		{problems.Params{"free": "100"}, "free=100"},
		{problems.Params{"blocks": "100", "files": "99"}, "files=99"},
		{problems.Params{"sizes": "big"}, "sizes"},
		{problems.Params{"pattern": "spiral"}, "pattern"},
		{problems.Params{"frags": "0"}, "frags"},
		{problems.Params{"fragmented": "2"}, "fragmented"},
		{problems.Params{"holes": "-1"}, "holes"},
	} {
		if _, err := p.Generate(1, tc.params); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: got %v, want %q", tc.params, err, tc.err)
		}
	}
}
