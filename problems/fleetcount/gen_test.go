package fleetcount

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/problems/paramtest"
)

func TestGenerate(t *testing.T) {
	p := &Problem{}
	tests := []problems.Params{
		{},
		{"mode": "empty", "rule": "touch", "fleet": "2-1"},
		{"mode": "random", "r": "4", "c": "5", "miss": "30", "hit": "5"},
		{"mode": "game", "r": "10", "c": "10", "fleet": "5-4-3-3-2", "shots": "30", "rule": "nocontact"},
		{"mode": "empty", "r": "15", "c": "10", "split": "2", "fleet": "4,3,3,2"},
		{"mode": "game", "r": "30", "c": "30", "split": "5", "fleet": "4-3-3-2-2-2-1-1-1-1", "shots": "50"},
		{"mode": "game", "r": "30", "c": "30", "fleet": "5-4-3-3-2", "rule": "touch"},
		{"mode": "random", "r": "30", "c": "30", "split": "4", "miss": "0", "hit": "30", "fleet": "5-4-3"},
	}
	for _, params := range tests {
		for seed := range int64(5) {
			a, err := p.Generate(seed, params)
			if err != nil {
				t.Fatalf("%v seed %d: %v", params, seed, err)
			}
			if err := p.Validate(a); err != nil {
				t.Fatalf("%v seed %d: generated input does not validate: %v", params, seed, err)
			}
			b, _ := p.Generate(seed, params)
			if !bytes.Equal(a, b) {
				t.Fatalf("%v seed %d: two runs differ", params, seed)
			}
		}
	}
}

// TestGenerateOpenCells checks the statement's bound on cells that are not misses
// on large boards: game mode shoots past its shots and random mode adds misses
// until the bound holds (exactly, since they stop there), and mode=empty refuses a
// board over it, naming the bound.
func TestGenerateOpenCells(t *testing.T) {
	p := &Problem{}
	for _, params := range []problems.Params{
		{"mode": "game", "r": "30", "c": "30", "fleet": "5-4-3-3-2", "shots": "10"},
		{"mode": "game", "r": "20", "c": "20", "split": "4", "fleet": "4-3-3-2-2-2-1-1-1-1"},
		{"mode": "random", "r": "30", "c": "30", "miss": "10", "hit": "10", "fleet": "3-2"},
		{"mode": "random", "r": "12", "c": "10", "miss": "0", "hit": "100", "fleet": "1"},
	} {
		in, err := p.Generate(7, params)
		if err != nil {
			t.Fatalf("%v: %v", params, err)
		}
		b, err := board.Parse(in)
		if err != nil {
			t.Fatalf("%v: %v", params, err)
		}
		if n := b.OpenCells(); n != board.MaxOpen {
			t.Errorf("%v: %d cells are not misses, want exactly %d", params, n, board.MaxOpen)
		}
	}
	for _, params := range []problems.Params{
		{"mode": "empty", "r": "11", "c": "10"},
		{"mode": "empty", "r": "30", "c": "30", "split": "3", "fleet": "4-3-3-2"},
	} {
		_, err := p.Generate(1, params)
		if err == nil || !strings.Contains(err.Error(), "at most 100") || !strings.Contains(err.Error(), "mode=empty") {
			t.Errorf("%v: got %v, want a refusal naming mode=empty and the bound of 100", params, err)
		}
	}
	if _, err := p.Generate(1, problems.Params{"mode": "empty", "r": "10", "c": "10", "fleet": "5-4-3-3-2"}); err != nil {
		t.Errorf("the empty 10 × 10 board: %v", err)
	}
}

func TestGenerateGameIsConsistent(t *testing.T) {
	// In game mode the shots come from a real fleet, so at least one placement exists;
	// here the hits alone are checked: no more hit cells than ship cells.
	in, err := (&Problem{}).Generate(3, problems.Params{"r": "8", "c": "8", "fleet": "4-3-2", "shots": "64"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	hits := 0
	for _, row := range b.Grid {
		for _, v := range row {
			if v == board.Hit {
				hits++
			}
		}
	}
	if hits != 9 {
		t.Fatalf("every cell shot: %d hits, want 9 (4 + 3 + 2)", hits)
	}
}

func TestGenerateBadParams(t *testing.T) {
	for _, params := range []problems.Params{
		{"r": "0"}, {"c": "31"}, {"rule": "diagonal"}, {"mode": "chaos"}, {"fleet": "2-x"},
		{"fleet": "6"}, {"colour": "red"}, {"r": "20", "c": "20", "mode": "empty"},
	} {
		if _, err := (&Problem{}).Generate(1, params); err == nil {
			t.Errorf("%v: no error", params)
		}
	}
	for _, tc := range []struct {
		params problems.Params
		want   string
	}{
		// Found by FuzzGenParams: with two unknown names, the map's order chose the one named.
		{problems.Params{"1": "", "A": "07"}, `unknown parameter "1"`},
		// Found by FuzzGenParams: refusals of the fleet did not say what they want, and
		// a fleet of no ships was accepted (to fail the generator's own check).
		{problems.Params{"fleet": "0"}, `fleet="0": want ship lengths that are integers in [1, 5]`},
		{problems.Params{"fleet": ","}, `fleet=",": want 1 to 10 ship lengths`},
		{problems.Params{"fleet": ""}, `fleet="": want 1 to 10 ship lengths`},
		// Parameters of another mode were ignored.
		{problems.Params{"mode": "empty", "shots": "5"}, `shots="5" is for mode=game; want mode=game with it (mode is empty)`},
		{problems.Params{"miss": "20"}, `miss="20" is for mode=random`},
		{problems.Params{"mode": "game", "hit": "5"}, `hit="5" is for mode=random`},
		// A game with a ship that fits nowhere was tried 200 times before it failed.
		{problems.Params{"r": "3", "c": "3", "fleet": "5"}, `a ship of 5 fits neither across (c=3) nor down (r=3)`},
		{problems.Params{"r": "6", "c": "3", "split": "2", "fleet": "4"}, `nor down (2 rows between the misses of split=2)`},
	} {
		_, err := (&Problem{}).Generate(1, tc.params)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.params, err, tc.want)
		}
	}
	if _, err := (&Problem{}).Generate(1, problems.Params{"r": "6", "c": "3", "split": "2", "fleet": "4", "mode": "empty"}); err != nil {
		t.Errorf("an empty board with a fleet that fits nowhere is a valid input: %v", err)
	}
}

// TestStatementExamples checks that the examples of the statement are the sample files.
func TestStatementExamples(t *testing.T) {
	st, err := os.ReadFile("statement.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"1", "2"} {
		for _, ext := range []string{".in", ".ans"} {
			data, err := os.ReadFile("data/sample/" + name + ext)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(st), "```\n"+string(data)+"```") {
				t.Errorf("statement does not show data/sample/%s%s", name, ext)
			}
		}
	}
}

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is taken as given, is within the input's limits, reaches Generate only
// with the parameters of its mode, leaves an empty board within the bound on
// open cells, and in a game has room for every ship. The seeds are the size, rule and fleet of
// every input of the problem's data (its origin file records no commands).
func FuzzGenParams(f *testing.F) {
	for _, data := range paramtest.DataInputs(f) {
		b, err := board.Parse(data)
		if err != nil {
			f.Fatal(err)
		}
		fleet := make([]string, len(b.Ships))
		for i, l := range b.Ships {
			fleet[i] = strconv.Itoa(l)
		}
		f.Add(fmt.Sprintf("r=%d\nc=%d\nrule=%s\nfleet=%s\nmode=empty", b.R, b.C, b.Rule, strings.Join(fleet, "-")))
	}
	paramtest.Seed(f, "fleetcount", "", "r=0", "c=31", "rule=diagonal", "mode=chaos", "fleet=2-x", "fleet=6",
		"colour=red", "r=20\nc=20\nmode=empty", "mode=random\nmiss=30\nhit=5", "mode=random\nmiss=90\nhit=20",
		"mode=game\nr=10\nc=10\nfleet=5-4-3-3-2\nshots=30\nrule=nocontact", "split=31", "shots=26",
		"mode=game\nr=30\nc=30\nsplit=5\nfleet=4-3-3-2-2-2-1-1-1-1\nshots=50", "fleet=,", "fleet=", "mode=empty\nshots=5",
		"miss=20", "mode=game\nhit=5", "r=3\nc=3\nfleet=5", "r=6\nc=3\nsplit=2\nfleet=4\nmode=game", "r=6\nc=3\nsplit=2\nfleet=4\nmode=empty",
		"width=31", "mode=empty\nr=30\nc=30\nwidth=3", "mode=empty\nr=30\nc=30\nwidth=4", "mode=game\nc=8\nwidth=3\nfleet=4")
	f.Fuzz(func(t *testing.T, s string) {
		params, cfg, ok := paramtest.DecodeParse(t, s, parseGenParams)
		if !ok {
			return
		}
		paramtest.TakenAsGiven(t, params, map[string]int{"r": cfg.r, "c": cfg.c, "miss": cfg.miss, "hit": cfg.hit, "shots": cfg.shots, "split": cfg.split, "width": cfg.width}, false)
		switch {
		case cfg.r < 1 || cfg.r > board.MaxSide || cfg.c < 1 || cfg.c > board.MaxSide || cfg.split < 0 || cfg.split > board.MaxSide || cfg.width < 0 || cfg.width > board.MaxSide:
			t.Fatalf("r=%d, c=%d, split=%d, width=%d accepted", cfg.r, cfg.c, cfg.split, cfg.width)
		case !cfg.anyRule && cfg.rule.String() != params["rule"]:
			t.Fatalf("rule=%q accepted as %s", params["rule"], cfg.rule)
		case cfg.fleet != nil && (len(cfg.fleet) < 1 || len(cfg.fleet) > board.MaxShips):
			t.Fatalf("fleet=%q accepted as %v", params["fleet"], cfg.fleet)
		case cfg.mode == "random" && (cfg.miss < 0 || cfg.hit < 0 || cfg.miss+cfg.hit > 100):
			t.Fatalf("miss=%d, hit=%d accepted", cfg.miss, cfg.hit)
		case cfg.mode == "game" && (cfg.shots < 0 || cfg.shots > cfg.r*cfg.c):
			t.Fatalf("shots=%d accepted on %d×%d", cfg.shots, cfg.r, cfg.c)
		case cfg.mode != "empty" && cfg.mode != "random" && cfg.mode != "game":
			t.Fatalf("mode=%q accepted", cfg.mode)
		}
		for _, l := range cfg.fleet {
			if l < 1 || l > board.MaxLength {
				t.Fatalf("fleet=%q accepted as %v", params["fleet"], cfg.fleet)
			}
		}
		rows, cols := cfg.r, cfg.c
		if cfg.split > 0 {
			rows -= cfg.r / (cfg.split + 1)
		}
		if cfg.width > 0 {
			cols = min(cols, cfg.width)
		}
		if cfg.mode == "empty" && rows*cols > board.MaxOpen {
			t.Fatalf("mode=empty accepted with %d open cells", rows*cols)
		}
		if cfg.mode == "game" {
			// Down, a ship must fit between two rows of misses; across, within
			// the columns in play.
			down := cfg.r
			if cfg.split > 0 {
				down = min(down, cfg.split)
			}
			for _, l := range cfg.fleet {
				if l > cols && l > down {
					t.Fatalf("a ship of %d accepted for a game on %d×%d with split=%d, width=%d", l, cfg.r, cfg.c, cfg.split, cfg.width)
				}
			}
		}
		for name, mode := range map[string]string{"miss": "random", "hit": "random", "shots": "game"} {
			if _, given := params[name]; given && cfg.mode != mode {
				t.Fatalf("%s accepted with mode=%s, which ignores it", name, cfg.mode)
			}
		}
	})
}
