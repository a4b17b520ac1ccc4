package bestmove

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
)

func TestVisualise(t *testing.T) {
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	p := &Problem{Folder: f}
	all, err := p.Datasets("sample", "secret")
	if err != nil || len(all) < 2 {
		t.Fatalf("datasets: %v", err)
	}
	ds := all[0] // sample/1: two data sets, best G4 and C3, F3, H3, C4, H5
	wrong := bytes.Replace(ds.Answer, []byte("24 at G4"), []byte("24 at G5"), 1)
	if bytes.Equal(wrong, ds.Answer) {
		t.Fatal("the first sample changed; adjust the test")
	}
	tests := []struct {
		name        string
		ds          problems.Dataset
		out         []byte
		sets, named int
		best, bad   int
		text        string
	}{
		{"sample alone", ds, nil, 2, 0, 6, 0, "best 24 at G4"},
		{"sample right", ds, ds.Answer, 2, 6, 6, 0, "output: G4"},
		{"sample, wrong square", ds, wrong, 2, 6, 6, 1, "output: G5"},
		{"sample, garbage", ds, []byte("nothing\n"), 2, 0, 6, 0, "output: nothing"},
		{"a secret alone", all[len(all)-1], nil, -1, 0, -1, 0, "Set 1"},
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
			if n["cell"] != 100*n["set"] {
				t.Errorf("%d cells for %d sets", n["cell"], n["set"])
			}
			check := func(what string, got, want int) {
				if want >= 0 && got != want {
					t.Errorf("%s: %d, want %d", what, got, want)
				}
			}
			check("sets", n["set"], tt.sets)
			check("named", n["named"], tt.named)
			check("best", n["best"], tt.best)
			check("marked", n["bad"], tt.bad)
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no %q in %q", tt.text, texts)
			}
		})
	}
}

func FuzzVisualise(f *testing.F) {
	f.Add([]byte("Analyzing 1 data set(s)\nData Set 1\nBest Move Value: 3 at A1, B2\n"))
	f.Add([]byte("Analyzing 1 data set(s)\nData Set 1\n"))
	f.Add([]byte{})
	in := "1\n1\nP\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0\n", 10)
	f.Fuzz(func(t *testing.T, out []byte) {
		p := &Problem{}
		doc, err := p.Visualise(problems.Dataset{Name: "fuzz", Input: []byte(in)}, &problems.Output{Stdout: out}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
