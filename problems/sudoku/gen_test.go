package sudoku

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/paramtest"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

func TestGenerate(t *testing.T) {
	p := &Problem{}
	tests := []struct {
		params string
		check  func(t *testing.T, in []byte)
	}{
		{"level=easy", wantLevel(LevelSingles)},
		{"level=medium", wantLevel(LevelHidden)},
		{"level=hard", wantLevel(LevelGuess)},
		{"level=expert clues=26", wantLevel(LevelGuess)},
		{"clues=81", wantSolutions(1, 81)},
		{"kind=multi", wantSolutions(2, -1)},
		{"kind=multi clues=0", wantSolutions(2, 0)},
		{"kind=multi clues=17", wantSolutions(2, 17)},
		{"kind=unsolvable", wantSolutions(0, 31)},
		{"kind=unsolvable flavor=clash clues=80", func(t *testing.T, in []byte) {
			g, _ := ParseInput(in)
			if _, _, clash := g.Conflict(); !clash || g.Clues() != 81 {
				t.Errorf("no clash in a full grid: %s", g)
			}
		}},
		{"kind=unsolvable flavor=hidden clues=24", func(t *testing.T, in []byte) {
			g, _ := ParseInput(in)
			if _, _, clash := g.Conflict(); clash {
				t.Errorf("hidden contradiction clashes: %s", g)
			}
			wantSolutions(0, -1)(t, in)
		}},
		{"kind=unsolvable flavor=deep clues=22", func(t *testing.T, in []byte) {
			g, _ := ParseInput(in)
			if _, _, clash := g.Conflict(); clash || !propagate(candidates(g), true) {
				t.Errorf("tactics 1 and 2 see the contradiction of %s", g)
			}
			wantSolutions(0, -1)(t, in)
		}},
		{"spacing=compact", func(t *testing.T, in []byte) {
			if len(in) != 90 || bytes.Contains(in, []byte(" ")) {
				t.Errorf("not compact: %q", in)
			}
		}},
		{"spacing=irregular kind=multi clues=30", func(t *testing.T, in []byte) {
			if bytes.Count(in, []byte("\n")) == 9 && bytes.Count(in, []byte(" ")) == 18 {
				t.Errorf("looks regular: %q", in)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.params, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				in, err := p.Generate(seed, parseParams(tt.params))
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Validate(in); err != nil {
					t.Fatalf("seed %d: invalid input: %v\n%s", seed, err, in)
				}
				again, _ := p.Generate(seed, parseParams(tt.params))
				if !bytes.Equal(in, again) {
					t.Fatalf("seed %d: not deterministic", seed)
				}
				tt.check(t, in)
			}
		})
	}
}

func wantLevel(level int) func(t *testing.T, in []byte) {
	return func(t *testing.T, in []byte) {
		t.Helper()
		wantSolutions(1, -1)(t, in)
		g, _ := ParseInput(in)
		if got, _ := Grade(g); got != level {
			t.Errorf("level %d, want %d: %s", got, level, g)
		}
	}
}

// wantSolutions checks the count of solutions (capped at 2) and, unless negative, of clues.
func wantSolutions(n, clues int) func(t *testing.T, in []byte) {
	return func(t *testing.T, in []byte) {
		t.Helper()
		g, _ := ParseInput(in)
		if got, _ := Solutions(g, 2); got != n {
			t.Errorf("%d solutions, want %d: %s", got, n, g)
		}
		if clues >= 0 && g.Clues() != clues {
			t.Errorf("%d clues, want %d", g.Clues(), clues)
		}
	}
}

func TestGenerateBadParams(t *testing.T) {
	p := &Problem{}
	for params, want := range map[string]string{
		"colour=red":               "unknown parameter",
		"kind=many":                "kind=\"many\"",
		"clues=82":                 "clues",
		"clues=x":                  "clues",
		"kind=multi level=easy":    "level=easy is for kind=unique; want kind=unique",
		"kind=unsolvable clues=81": "needs an empty cell; want clues from 0 to 80",
		"flavor=deep":              "flavor=deep is for kind=unsolvable; want kind=unsolvable",
		"flavor=clash kind=multi":  "flavor=clash is for kind=unsolvable",
	} {
		_, err := p.Generate(1, parseParams(params))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want …%s…", params, err, want)
		}
	}
}

func TestGrade(t *testing.T) {
	g, _ := ParseInput([]byte(sampleIn))
	if level, _ := Grade(g); level > LevelHidden {
		t.Errorf("the assignment's sample needs level %d", level)
	}
	var empty [81]uint8
	if n, _ := Solutions(empty, 5); n != 5 {
		t.Errorf("the empty grid: %d solutions (capped at 5)", n)
	}
}

// parseParams reads "name=value name=value" into generator parameters.
func parseParams(s string) problems.Params {
	p := problems.Params{}
	for _, kv := range strings.Fields(s) {
		k, v, _ := strings.Cut(kv, "=")
		p[k] = v
	}
	return p
}

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is within what the generator relies on: each option one of its values,
// clues a number of givens the kind can have, level only for unique puzzles and
// flavor only for unsolvable ones.
func FuzzGenParams(f *testing.F) {
	paramtest.Seed(f, "sudoku", "", "colour=red", "kind=many", "clues=82", "clues=-1", "clues=x", "clues=+5",
		"spacing=wide", "level=", "kind=multi\nlevel=easy", "kind=unsolvable\nclues=81", "flavor=deep",
		"flavor=clash\nkind=multi")
	f.Fuzz(func(t *testing.T, s string) {
		params, opt, ok := paramtest.DecodeParse(t, s, genOptions)
		if !ok {
			return
		}
		for k, v := range opt {
			if allowed, known := genParams[k]; !known || allowed != nil && !slices.Contains(allowed, v) {
				t.Fatalf("option %s=%q", k, v)
			}
			if g, given := params[k]; given && g != v {
				t.Fatalf("%s=%q taken as %q", k, g, v)
			}
		}
		if c, ok := opt["clues"]; ok {
			n, err := strconv.Atoi(c)
			if err != nil || n < 0 || n > grid.Size || opt["kind"] == "unsolvable" && n >= grid.Size {
				t.Fatalf("clues=%q accepted for kind=%s", c, opt["kind"])
			}
		}
		if opt["level"] != "any" && opt["kind"] != "unique" {
			t.Fatalf("level=%s accepted for kind=%s", opt["level"], opt["kind"])
		}
		if _, given := params["flavor"]; given && opt["kind"] != "unsolvable" {
			t.Fatalf("flavor=%s accepted for kind=%s, which ignores it", opt["flavor"], opt["kind"])
		}
	})
}
