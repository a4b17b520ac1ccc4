package defrag

import (
	"fmt"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
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
	p, ds := viewDataset(t, "sample/1-example")
	_, secret := viewDataset(t, "secret/01-slide")
	tests := []struct {
		name  string
		ds    problems.Dataset
		out   *string
		bands int
		bad   int
		text  string
	}{
		// The sample's 11 moves give 7 stages after the first band.
		{"sample alone", ds, nil, 8, 0, "the answer file's moves: 11"},
		{"sample, the answer", ds, ptr(string(ds.Answer)), 8, 0, "penalty"},
		{"sample, a move onto used blocks", ds, ptr("11334,0,10\n"), 2, 1, "is in use by file"},
		{"sample, no moves", ds, ptr(""), 1, 0, "moves: 0"},
		{"sample, garbage", ds, ptr("1,2\n"), 1, 0, "line 1"},
		{"secret alone", secret, nil, -1, 0, "lower bound"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out *problems.Output
			var oc *problems.Outcome
			if tt.out != nil {
				out = &problems.Output{Files: map[string][]byte{CaseOutput: []byte(*tt.out)}}
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
			if tt.bands >= 0 && n["band"] != tt.bands || n["bad"] != tt.bad {
				t.Errorf("%d bands, %d marked; want %d, %d", n["band"], n["bad"], tt.bands, tt.bad)
			}
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no %q in %q", tt.text, texts)
			}
		})
	}
}

// TestVisualiseFragmented checks that the first band shows the sample's fragmented
// files in strong colours and the last band shows none.
func TestVisualiseFragmented(t *testing.T) {
	p, ds := viewDataset(t, "sample/1-example")
	doc, err := p.Visualise(ds, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	texts, _ := svg.Texts(doc)
	var split []string
	for _, s := range texts {
		if strings.HasSuffix(s, " in pieces") {
			split = append(split, s)
		}
	}
	d, err := disk.Parse(ds.Input)
	if err != nil {
		t.Fatal(err)
	}
	pieces := 0
	for _, f := range d.Files {
		if len(f) > 1 {
			pieces++
		}
	}
	if len(split) != 8 || split[0] != fmt.Sprintf("%d in pieces", pieces) || split[len(split)-1] != "0 in pieces" {
		t.Errorf("split counts per band: %q", split)
	}
}

func ptr(s string) *string { return &s }

func FuzzVisualise(f *testing.F) {
	f.Add([]byte("0,1,1\n"))
	f.Add([]byte("3,0,2\n0,5,1\n"))
	f.Add([]byte("x\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		p := &Problem{}
		ds := problems.Dataset{Name: "fuzz", Input: []byte("8\n2\n2\n0,1\n2,1\n1\n4,2\n")}
		doc, err := p.Visualise(ds, &problems.Output{Files: map[string][]byte{CaseOutput: out}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
