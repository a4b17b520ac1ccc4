package battleships

import (
	"fmt"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
	"github.com/judgehq/judge/problems/paramtest"
)

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is taken as given and within the bounds the generator relies on: a grid
// of at most 30 × 30 and a fleet, given or by default, that could fit it with no
// two ships touching (see fleetRoom), so placing it is bounded by the grid. The
// seeds are the size and fleet of every input of the problem's data (its origin
// file records no commands).
func FuzzGenParams(f *testing.F) {
	for _, data := range paramtest.DataInputs(f) {
		pz, err := grid.Parse(data)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(fmt.Sprintf("rows=%d\ncols=%d\nfleet=%s", pz.Rows, pz.Cols, grid.FleetString(pz.Fleet)))
	}
	paramtest.Seed(f, "battleships", "", "rows=0", "cols=31", "rows=x", "extra=-1", "xparts=101", "multi=2",
		"rows= 7", "colour=red", "fleet=", "fleet=4x1  3x2", "fleet=3x1 4x1", "fleet=0x1", "fleet=4y1",
		"rows=1\ncols=1", "rows=30\ncols=30", "rows=1\ncols=30", "rows=3\ncols=3\nfleet=4x1",
		"rows=5\ncols=5\nfleet=1x900", "rows=30\ncols=30\nfleet=2x900")
	f.Fuzz(func(t *testing.T, s string) {
		params, cfg, ok := paramtest.DecodeParse(t, s, parseGenParams)
		if !ok {
			return
		}
		paramtest.TakenAsGiven(t, params, map[string]int{"rows": cfg.rows, "cols": cfg.cols, "extra": cfg.extra, "xparts": cfg.xparts, "multi": cfg.multi}, true)
		switch {
		case cfg.rows < 1 || cfg.rows > grid.MaxSize || cfg.cols < 1 || cfg.cols > grid.MaxSize:
			t.Fatalf("a %d×%d grid accepted", cfg.rows, cfg.cols)
		case cfg.extra < 0 || cfg.extra > grid.MaxSize*grid.MaxSize || cfg.xparts < 0 || cfg.xparts > 100 || cfg.multi < 0 || cfg.multi > 1:
			t.Fatalf("extra=%d, xparts=%d, multi=%d accepted", cfg.extra, cfg.xparts, cfg.multi)
		case len(cfg.fleet) == 0:
			t.Fatalf("no fleet")
		}
		for i, sh := range cfg.fleet {
			if sh.Count < 1 || sh.Len < 1 || sh.Len > max(cfg.rows, cfg.cols) || i > 0 && sh.Len >= cfg.fleet[i-1].Len {
				t.Fatalf("fleet %s accepted on a %d×%d grid", grid.FleetString(cfg.fleet), cfg.rows, cfg.cols)
			}
		}
		if need, room := fleetRoom(cfg.fleet, cfg.rows, cfg.cols); need > room {
			t.Fatalf("fleet %s accepted on a %d×%d grid: it needs room %d of %d", grid.FleetString(cfg.fleet), cfg.rows, cfg.cols, need, room)
		}
	})
}

// TestGenParamsRefused: refusals name the parameter at fault and say what they want.
func TestGenParamsRefused(t *testing.T) {
	for _, tc := range []struct {
		params problems.Params
		want   string
	}{
		{problems.Params{"rows": "0"}, `rows="0": want a whole number from 1 to 30`},
		// Found by FuzzGenParams: with two unknown names, the map's order chose the one named.
		{problems.Params{"1": "", "Z": "018"}, `unknown parameter "1"`},
		{problems.Params{"rows": "0", "size": "3"}, `unknown parameter "size"`},
		// A fault of the fleet was placed by its column in a file's fleet line, and said
		// nothing of what the fleet should look like.
		{problems.Params{"fleet": "3x1 4x1"}, `fleet="3x1 4x1": at character 5: ship length 4: lengths must be listed in strictly decreasing order; want ships written LENGTHxCOUNT`},
		{problems.Params{"fleet": ""}, `fleet="": at character 1:`},
		// A fleet that cannot fit was tried 200 times, each placing ships until the grid
		// was full.
		{problems.Params{"rows": "3", "cols": "3", "fleet": "4x1"}, `fleet="4x1": a ship of 4 does not fit a 3×3 grid (rows=3, cols=3); want ships of at most 3`},
		{problems.Params{"rows": "5", "cols": "5", "fleet": "1x900"}, `the fleet needs 3600, the grid has 36`},
		{problems.Params{"rows": "30", "cols": "30", "fleet": "2x161"}, `the fleet needs 966, the grid has 961`},
	} {
		if _, err := (&Problem{}).Generate(1, tc.params); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.params, err, tc.want)
		}
	}
	if _, err := parseGenParams(problems.Params{"rows": "30", "cols": "30", "fleet": "2x160"}); err != nil {
		t.Errorf("a fleet with just the room it needs refused: %v", err)
	}
}
