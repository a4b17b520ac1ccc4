package defrag

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
	"github.com/judgehq/judge/problems/paramtest"
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
		{"free": "99.9"}, // 33 blocks for files: fewer than the default 546
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
		// Found by FuzzGenParams: a number that does not parse said so in strconv's words only.
		{problems.Params{"blocks": "A"}, `blocks="A": want an integer from 2 to 32767`},
		{problems.Params{"free": "half"}, `free="half": want a percentage in (0, 100)`},
		// A negative files or carves took the default silently; carves had no bound.
		{problems.Params{"files": "-3"}, "files=-3: want 1.."},
		{problems.Params{"carves": "-1", "pattern": "carved"}, "carves=-1: want 0..32767"},
		{problems.Params{"blocks": "500", "carves": "501", "pattern": "carved"}, "carves=501: want 0..500"},
		// Found by FuzzGenParams: with two faulty names, the map's order chose the one named.
		{problems.Params{"01": "", "012": ""}, `unknown parameter "01"`},
		{problems.Params{"blocks": "x", "free": "y"}, `blocks="x"`},
		// The default number of files was refused when free left fewer blocks, naming
		// files, which was not given.
		{problems.Params{"blocks": "100", "free": "90", "files": "50"}, "files=50: want 1..10, a block each at least (blocks=100 with free=90 leaves 10"},
	} {
		if _, err := p.Generate(1, tc.params); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: got %v, want %q", tc.params, err, tc.err)
		}
	}
}

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is taken as given and within the bounds Disk relies on: a disk of 2 to
// 32767 blocks, files that each get a block, and at most one carve a block.
func FuzzGenParams(f *testing.F) {
	paramtest.Seed(f, "defrag", "", "blocks=1", "blocks=40000", "blocks=x", "free=0", "free=100", "free=NaN",
		"free=1e-300", "files=0", "sizes=big", "pattern=spiral", "frags=0", "fragmented=2", "fragmented=-0",
		"holes=-1", "carves=-1", "size=1", "blocks=100\nfiles=99", "blocks=2\nfiles=1\nfree=50", "free=99.9",
		"blocks=100\nfree=90\nfiles=50")
	f.Fuzz(func(t *testing.T, s string) {
		params, g, ok := paramtest.DecodeParse(t, s, ParseGenParams)
		if !ok {
			return
		}
		paramtest.TakenAsGiven(t, params, map[string]int{"blocks": g.Blocks, "files": g.Files, "frags": g.Frags, "holes": g.Holes, "carves": g.Carves}, false)
		for name, got := range map[string]float64{"free": g.Free, "fragmented": g.Fragmented} {
			if v, given := params[name]; given {
				if x, err := strconv.ParseFloat(v, 64); err != nil || x != got {
					t.Fatalf("%s=%q accepted as %v", name, v, got)
				}
			}
		}
		nfree := g.freeBlocks()
		switch {
		case g.Blocks < 2 || g.Blocks > disk.MaxBlocks:
			t.Fatalf("blocks=%d accepted", g.Blocks)
		case !(g.Free > 0 && g.Free < 100) || nfree < 1 || nfree >= g.Blocks:
			t.Fatalf("free=%v (%d blocks of %d) accepted", g.Free, nfree, g.Blocks)
		case g.Files < 1 || g.Files > g.Blocks-nfree:
			t.Fatalf("files=%d accepted for %d used blocks", g.Files, g.Blocks-nfree)
		case g.Sizes != "even" && g.Sizes != "skewed", !slices.Contains(patterns, g.Pattern):
			t.Fatalf("sizes=%q, pattern=%q accepted", g.Sizes, g.Pattern)
		case g.Frags < 1 || !(g.Fragmented >= 0 && g.Fragmented <= 1) || g.Holes < 0:
			t.Fatalf("frags=%d, fragmented=%v, holes=%d accepted", g.Frags, g.Fragmented, g.Holes)
		case g.Carves < 0 || g.Carves > g.Blocks:
			t.Fatalf("carves=%d accepted for %d blocks", g.Carves, g.Blocks)
		}
	})
}
