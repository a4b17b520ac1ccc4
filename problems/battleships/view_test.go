package battleships

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
)

// folderProblem loads the problem from its own folder.
func folderProblem(t *testing.T) *Problem {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	return &Problem{Folder: f}
}

func sampleDataset(t *testing.T, p *Problem, name string) problems.Dataset {
	t.Helper()
	all, err := p.Datasets("sample", "secret")
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range all {
		if ds.Name == name {
			return ds
		}
	}
	t.Fatalf("no dataset %s", name)
	return problems.Dataset{}
}

func TestVisualise(t *testing.T) {
	p := folderProblem(t)
	ds := sampleDataset(t, p, "sample/1-6x6")
	// Moves the submarine given at row 3, column 1 to column 2: a given cell changed,
	// and the submarine now touches the cruiser's top corner.
	wrong := bytes.Replace(ds.Answer, []byte("|O . . . . .| 1"), []byte("|. O . . . .| 1"), 1)
	if bytes.Equal(wrong, ds.Answer) {
		t.Fatal("the sample answer changed; adjust the test")
	}
	secret := sampleDataset(t, p, "secret/13-10x10")
	tests := []struct {
		name    string
		ds      problems.Dataset
		out     []byte // nil: no output
		cells   int
		vessels int
		bad     int
		text    string
	}{
		{"sample alone", ds, nil, 36, 6, 0, "pale blue: the answer file"},
		{"sample, right answer", ds, ds.Answer, 36, 6, 0, "blue: ships the program placed"},
		{"sample, wrong answer", ds, wrong, 36, 6, 3, "marked: ships touch diagonally"},
		{"secret alone", secret, nil, 100, 9, 0, "fleet: 5x1 3x3 1x5"},
		{"garbage output", ds, []byte("hello\n"), 36, 1, 0, "does not read as a grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out *problems.Output
			var oc *problems.Outcome
			if tt.out != nil {
				out = &problems.Output{Stdout: tt.out}
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
			if n["cell"] != tt.cells || n["vessel"] != tt.vessels || n["bad"] != tt.bad {
				t.Errorf("cells %d, vessels %d, marked %d; want %d, %d, %d", n["cell"], n["vessel"], n["bad"], tt.cells, tt.vessels, tt.bad)
			}
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no caption %q in %q", tt.text, texts)
			}
		})
	}
}

func TestVisualiseShipParts(t *testing.T) {
	p := folderProblem(t)
	ds := sampleDataset(t, p, "sample/1-6x6")
	doc, err := p.Visualise(ds, &problems.Output{Stdout: ds.Answer}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := svg.Count(doc)
	// The fleet 3x1 2x2 1x3 has 3+4+3 = 10 parts; one (the given submarine) is given.
	if n["ship"] != 10 || n["ship-given"] != 1 || n["ship-placed"] != 9 {
		t.Errorf("ship parts %d (given %d, placed %d), want 10 (1, 9)", n["ship"], n["ship-given"], n["ship-placed"])
	}
}

func FuzzVisualise(f *testing.F) {
	f.Add([]byte(frame("3x1 2x3 1x2", answerRows)))
	f.Add([]byte(frame("3x1 2x3 1x2", withCell(answerRows, 1, 1, 'O'))))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, out []byte) {
		p := &Problem{}
		ds := problems.Dataset{Name: "fuzz", Input: []byte(frame("3x1 2x3 1x2", blankRows()))}
		doc, err := p.Visualise(ds, &problems.Output{Stdout: out}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
