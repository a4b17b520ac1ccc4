package sudoku

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

// TestSolutionsAgree builds the tactics and fast solutions and runs them on freshly
// generated puzzles of every kind: the checker accepts both, and they print the same
// bytes wherever the answer is unique.
func TestSolutionsAgree(t *testing.T) {
	p := &Problem{}
	tactics, fast := buildSolution(t, "tactics"), buildSolution(t, "fast")
	kinds := []string{
		"level=easy spacing=irregular", "level=medium", "level=hard spacing=compact",
		"kind=unsolvable flavor=hidden clues=24", "kind=unsolvable flavor=deep clues=22",
		"kind=unsolvable flavor=clash", "kind=multi clues=15", "kind=multi spacing=irregular",
	}
	for _, params := range kinds {
		for seed := int64(1000); seed < 1004; seed++ {
			in, err := p.Generate(seed, parseParams(params))
			if err != nil {
				t.Fatal(err)
			}
			ds := problems.Dataset{Name: fmt.Sprintf("%s/%d", params, seed), Input: in}
			outT, outF := runSolution(t, tactics, in), runSolution(t, fast, in)
			for name, out := range map[string][]byte{"tactics": outT, "fast": outF} {
				if o := p.Check(ds, problems.Output{Stdout: out}); o.Verdict != problems.AC {
					t.Errorf("%s on %s: %s %s\n%s", name, ds.Name, o.Verdict, o.Message, in)
				}
			}
			g, _ := grid.Parse(in)
			if n, _ := Solutions(g, 2); n < 2 && !bytes.Equal(outT, outF) {
				t.Errorf("%s: tactics and fast differ", ds.Name)
			}
		}
	}
}

// TestSolutionsTop95 runs both solutions on a subset of Norvig's top95 list (when
// ../shared is present) and checks their answers.
func TestSolutionsTop95(t *testing.T) {
	puzzles := sudokutest.Benchmark(t, "top95.txt")
	p := &Problem{}
	tactics, fast := buildSolution(t, "tactics"), buildSolution(t, "fast")
	for i := 0; i < len(puzzles); i += 5 {
		in := []byte(puzzles[i].Format())
		ds := problems.Dataset{Name: fmt.Sprintf("top95/%d", i+1), Input: in}
		for _, bin := range []string{tactics, fast} {
			if o := p.Check(ds, problems.Output{Stdout: runSolution(t, bin, in)}); o.Verdict != problems.AC {
				t.Errorf("%s on %s: %s %s", bin, ds.Name, o.Verdict, o.Message)
			}
		}
	}
}
