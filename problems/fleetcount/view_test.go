package fleetcount

import (
	"bytes"
	"math/big"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
)

func viewDatasets(t *testing.T) (*Problem, []problems.Dataset) {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	p := &Problem{Folder: f}
	all, err := p.Datasets("sample", "secret")
	if err != nil || len(all) < 2 {
		t.Fatalf("datasets: %v", err)
	}
	return p, all
}

func TestVisualise(t *testing.T) {
	p, all := viewDatasets(t)
	ds := all[0] // sample/1: a 3×3 board, no shots
	// One count changed: the middle cell of the sample's answer.
	wrong := bytes.Replace(ds.Answer, []byte("30 36 30"), []byte("30 37 30"), 1)
	if bytes.Equal(wrong, ds.Answer) {
		t.Fatal("the first sample changed; adjust the test")
	}
	secret := all[len(all)-1]
	tests := []struct {
		name  string
		ds    problems.Dataset
		out   []byte
		cells int
		bad   int
		text  string
	}{
		{"sample alone", ds, nil, 9, 0, "the answer file's counts"},
		{"sample right", ds, ds.Answer, 9, 0, "the program's counts"},
		{"sample, one cell wrong", ds, wrong, 9, 1, "1 cells differ"},
		{"sample, not counts", ds, []byte("hello\n"), 9, 0, "does not read as counts"},
		{"last secret alone", secret, nil, -1, 0, "placements in all"},
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
			if tt.cells >= 0 && n["cell"] != tt.cells || n["bad"] != tt.bad {
				t.Errorf("%d cells, %d marked; want %d, %d", n["cell"], n["bad"], tt.cells, tt.bad)
			}
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no %q in %q", tt.text, texts)
			}
		})
	}
}

func TestRatio(t *testing.T) {
	total, _ := new(big.Int).SetString("84", 10)
	for _, tt := range []struct {
		count string
		want  float64
	}{{"42", 0.5}, {"0", 0}, {"84", 1}, {"100", 1}, {"x", 0}} {
		if got := ratio(tt.count, total); got != tt.want {
			t.Errorf("ratio(%s/84) = %v, want %v", tt.count, got, tt.want)
		}
	}
}

func FuzzVisualise(f *testing.F) {
	f.Add([]byte("84\n24 30 24\n30 36 30\n24 30 24\n"))
	f.Add([]byte("1\n1 1 1\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, out []byte) {
		p := &Problem{}
		ds := problems.Dataset{Name: "fuzz", Input: []byte("3 3\ntouch\n2 2 1\n0 0 0\n0 1 0\n0 2 0\n")}
		doc, err := p.Visualise(ds, &problems.Output{Stdout: out}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
