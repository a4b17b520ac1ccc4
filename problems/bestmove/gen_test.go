package bestmove

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
	"github.com/judgehq/judge/problems/paramtest"
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
				if !cfg.accepts(&ps[i], nil) {
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

// genGames parses params and generates with seed 1, each data set given at most
// budget games (0: the generator's own bound); it returns the games played.
func genGames(params problems.Params, budget int) (int, error) {
	cfg, err := parseGenParams(params)
	if err != nil {
		return 0, err
	}
	if budget > 0 {
		cfg.games = budget
	}
	_, games, err := cfg.generate(1)
	return games, err
}

// TestGenerateImpossible: parameters that no position meets are refused before a
// game is played, with the full budget of games, and the refusal names them and
// says why; parameters that only the games can rule out cost at most the budget,
// and the failure names the parameter the games could not meet.
func TestGenerateImpossible(t *testing.T) {
	tests := []struct {
		name   string
		params problems.Params
		budget int      // games per data set; 0: the generator's bound
		games  int      // games played
		want   []string // in the error
	}{
		{"left and ships disagree", problems.Params{"left": "2", "ships": "P"}, 0, 0,
			[]string{"left=2", "ships=P", "puts 1 in play", "want left=1"}},
		{"cross with one ship", problems.Params{"case": "cross", "left": "1"}, 0, 0,
			[]string{"case=cross", "left=1", "two ships"}},
		{"closed with one ship", problems.Params{"case": "closed", "ships": "A"}, 0, 0,
			[]string{"case=closed", "ships=A", "two ships"}},
		{"blocked with one ship", problems.Params{"case": "blocked", "left": "1"}, 0, 0,
			[]string{"case=blocked", "left=1", "two ships"}},
		{"string of hits on the patrol boat", problems.Params{"case": "vertical", "ships": "P"}, 0, 0,
			[]string{"case=vertical", "ships=P", "sink it"}},
		{"no hits, whole fleet, too many shots", problems.Params{"case": "nohit", "ships": "SPDBA", "shots": "84"}, 0, 0,
			[]string{"shots=84", "case=nohit", "ships=ABDSP", "at most 83", "want shots=83 or fewer"}},
		{"no hits, too many shots", problems.Params{"case": "nohit", "shots": "99"}, 0, 0,
			[]string{"shots=99", "case=nohit", "at most 98"}},
		{"no hits, three ships, too many shots", problems.Params{"case": "nohit", "left": "3", "shots": "93"}, 0, 0,
			[]string{"shots=93", "left=3", "at most 92"}},
		{"one hit, too many shots", problems.Params{"case": "corner", "left": "5", "shots": "85"}, 0, 0,
			[]string{"shots=85", "case=corner", "left=5", "at most 84"}},
		{"five ships, too many shots", problems.Params{"left": "5", "shots": "96"}, 0, 0,
			[]string{"shots=96", "left=5", "at most 95"}},
		{"more ties than squares left", problems.Params{"case": "tie", "ties": "21", "shots": "80"}, 0, 0,
			[]string{"ties=21", "shots=80", "only 20 squares", "want ties=20 or fewer"}},
		{"a tie of the whole board", problems.Params{"case": "tie", "ties": "100"}, 0, 0,
			[]string{"ties=", "[1, 99]"}},
		{"ties without case=tie", problems.Params{"ties": "4"}, 0, 0,
			[]string{"ties=4", "case=tie"}},
		{"small without case=small", problems.Params{"case": "nohit", "small": "2"}, 0, 0,
			[]string{"small=2", "case=small", "case is nohit"}},
		{"shots no game reaches", problems.Params{"shots": "99"}, 30, 30,
			[]string{"data set 1", "in 30 games", "shots=99", "want fewer shots"}},
		{"a tie no game reaches", problems.Params{"case": "tie", "ties": "90"}, 30, 30,
			[]string{"data set 1", "in 30 games", "ties=90", "squares shared the best value", "loosen ties"}},
		{"no hits late in the game", problems.Params{"case": "nohit", "shots": "70"}, 30, 30,
			[]string{"data set 1", "in 30 games", "case=nohit", "shots=70", "loosen case or shots"}},
		{"two ships late in the game", problems.Params{"case": "cross", "left": "2", "shots": "70"}, 30, 30,
			[]string{"data set 1", "in 30 games", "had left=2 in play", "loosen shots=70 or left=2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, err := genGames(tc.params, tc.budget)
			if err == nil {
				t.Fatalf("params %v accepted", tc.params)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if games != tc.games {
				t.Errorf("played %d games, want %d", games, tc.games)
			}
		})
	}
}

// TestGenerateFeasible: the up-front checks refuse only what no position meets;
// these combinations sit at their edges and must pass them.
func TestGenerateFeasible(t *testing.T) {
	for _, params := range []problems.Params{
		{"case": "nohit", "ships": "ABDSP", "shots": "83"},
		{"case": "nohit", "shots": "98"},
		{"case": "corner", "left": "5", "shots": "84"},
		{"left": "5", "shots": "95"},
		{"shots": "99"},
		{"case": "closed", "left": "2"},
		{"case": "cross", "ships": "DP"},
		{"case": "horizontal", "left": "1"},
		{"case": "vertical", "ships": "PA"},
		{"case": "tie", "ties": "99"},
		{"case": "tie", "ties": "20", "shots": "80"},
		{"left": "1", "ships": "S"},
	} {
		if _, err := parseGenParams(params); err != nil {
			t.Errorf("params %v refused: %v", params, err)
		}
	}
}

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is taken as given and within the bounds the generator relies on: at
// most 50 data sets of at most 4000 games each, and no combination that the
// up-front checks rule out.
func FuzzGenParams(f *testing.F) {
	paramtest.Seed(f, "bestmove",
		"", "sets=0", "sets=51", "sets=x", "shots=100", "shots=-1", "shots=+5", "left=0", "left=6",
		"ships=", "ships=AA", "ships=Q", "ships=pa", "packed=2", "ties=100\ncase=tie", "ties=0\ncase=tie",
		"small=0\ncase=small", "small=3", "case=sideways", "colour=red\nsize=9",
		"left=2\nships=P", "case=cross\nleft=1", "case=closed\nships=A", "case=vertical\nships=P",
		"case=nohit\nships=ABDSP\nshots=84", "case=corner\nleft=5\nshots=85", "left=5\nshots=96",
		"case=tie\nties=21\nshots=80", "case=nohit\nshots=98")
	f.Fuzz(func(t *testing.T, s string) {
		params, cfg, ok := paramtest.DecodeParse(t, s, parseGenParams)
		if !ok {
			return
		}
		paramtest.TakenAsGiven(t, params, map[string]int{"sets": cfg.sets, "shots": cfg.shots, "left": cfg.left, "ties": cfg.ties, "small": cfg.smallMax}, false)
		switch {
		case cfg.sets < 1 || cfg.sets > board.MaxDataSets:
			t.Fatalf("sets=%d accepted", cfg.sets)
		case cfg.games != maxGames:
			t.Fatalf("%d games a data set", cfg.games)
		case !slices.Contains(genCases(), cfg.kind):
			t.Fatalf("case=%q accepted", cfg.kind)
		case cfg.shots < -1 || cfg.shots >= board.Size*board.Size:
			t.Fatalf("shots=%d accepted", cfg.shots)
		case cfg.left < 0 || cfg.left > len(board.Fleet):
			t.Fatalf("left=%d accepted", cfg.left)
		case cfg.ships != canonical([]byte(cfg.ships)):
			t.Fatalf("ships=%q accepted", cfg.ships)
		case cfg.ties < 1 || cfg.ties > maxTies || cfg.smallMax < 1 || cfg.smallMax > 1000:
			t.Fatalf("ties=%d, small=%d accepted", cfg.ties, cfg.smallMax)
		}
		// Facts of positions the up-front checks stand for.
		afloat := max(1, cfg.left, len(cfg.ships))
		switch {
		case cfg.left > 0 && cfg.ships != "" && cfg.left != len(cfg.ships):
			t.Fatalf("left=%d with ships=%s accepted", cfg.left, cfg.ships)
		case (cfg.left == 1 || len(cfg.ships) == 1) && slices.Contains([]string{"closed", "blocked", "cross"}, cfg.kind):
			t.Fatalf("case=%s with one ship in play accepted", cfg.kind)
		case cfg.shots > board.Size*board.Size-afloat:
			t.Fatalf("shots=%d with %d ships in play accepted", cfg.shots, afloat)
		}
	})
}
