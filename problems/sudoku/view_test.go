package sudoku

import (
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
)

func viewDataset(t *testing.T, name string) (*Problem, problems.Dataset) {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	p := &Problem{Folder: f}
	all, err := p.Datasets("sample", "secret")
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range all {
		if ds.Name == name {
			return p, ds
		}
	}
	t.Fatalf("no dataset %s", name)
	return nil, problems.Dataset{}
}

func TestVisualise(t *testing.T) {
	p, solved := viewDataset(t, "sample/1-spaced")
	_, unsolvable := viewDataset(t, "sample/3-unsolvable")
	_, secret := viewDataset(t, "secret/10-hard")
	puzzle, _ := ParseInput(solved.Input)
	_, sol := Solutions(puzzle, 1)
	// Swap two filled digits of the first row that are not givens: both columns now
	// hold a digit twice.
	bad := sol
	var free []int
	for i := 0; i < 9; i++ {
		if puzzle[i] == 0 {
			free = append(free, i)
		}
	}
	if len(free) < 2 {
		t.Fatal("sample 1 has fewer than two free cells in row 1")
	}
	bad[free[0]], bad[free[1]] = bad[free[1]], bad[free[0]]
	tests := []struct {
		name   string
		ds     problems.Dataset
		out    string // "" means no output
		given  int
		filled int
		bad    int
		banner bool
		text   string
	}{
		{"sample alone", solved, "", puzzle.Clues(), 81 - puzzle.Clues(), 0, false, "answer file"},
		{"sample, right", solved, Answer(puzzle, &sol), puzzle.Clues(), 81 - puzzle.Clues(), 0, false, "AC: solved"},
		{"sample, two digits swapped", solved, Answer(puzzle, &bad), puzzle.Clues(), 81 - puzzle.Clues(), 4, false, "ringed in red"},
		{"sample, declared unsolvable", solved, Answer(puzzle, nil), puzzle.Clues(), 0, 0, true, "declares the puzzle unsolvable"},
		{"unsolvable alone", unsolvable, "", -1, 0, -1, true, "has no solution"},
		{"secret alone", secret, "", -1, -1, 0, false, "givens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out *problems.Output
			var oc *problems.Outcome
			if tt.out != "" {
				out = &problems.Output{Stdout: []byte(tt.out)}
				o := p.Check(tt.ds, *out)
				oc = &o
			}
			doc, err := p.Visualise(tt.ds, out, oc)
			if err != nil {
				t.Fatal(err)
			}
			n, err := svg.Count(doc)
			if err != nil {
				t.Fatalf("%v\n%s", err, doc)
			}
			if n["cell"] != 81 || n["box"] != 9 {
				t.Errorf("%d cells and %d boxes, want 81 and 9", n["cell"], n["box"])
			}
			check := func(what string, got, want int) {
				if want >= 0 && got != want {
					t.Errorf("%s: %d, want %d", what, got, want)
				}
			}
			check("givens", n["given"], tt.given)
			check("filled", n["filled"], tt.filled)
			check("marked", n["bad"], tt.bad)
			if (n["unsolvable"] == 1) != tt.banner {
				t.Errorf("banner shown: %v, want %v", n["unsolvable"] == 1, tt.banner)
			}
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no %q in %q", tt.text, texts)
			}
		})
	}
	// The unsolvable sample's givens clash, and the picture rings them.
	doc, _ := p.Visualise(unsolvable, nil, nil)
	n, _ := svg.Count(doc)
	puz, _ := ParseInput(unsolvable.Input)
	if _, _, clash := puz.Conflict(); clash && n["bad"] == 0 {
		t.Error("clashing givens of the unsolvable sample are not marked")
	}
}

func FuzzVisualise(f *testing.F) {
	g, err := ParseInput([]byte("1-3------\n" + strings.Repeat("---------\n", 8)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(Answer(g, nil)))
	f.Add([]byte("The original puzzle:\n1 2 3\nSolution:\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, out []byte) {
		p := &Problem{}
		ds := problems.Dataset{Name: "fuzz", Input: []byte("1-3------\n" + strings.Repeat("---------\n", 8))}
		doc, err := p.Visualise(ds, &problems.Output{Stdout: out}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
