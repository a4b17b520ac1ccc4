package trimines

import (
	"context"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
)

func TestVisualise(t *testing.T) {
	p := load(t)
	all, err := p.Datasets("sample", "secret")
	if err != nil || len(all) < 3 {
		t.Fatalf("datasets: %v", err)
	}
	tinyDS := problems.Dataset{Name: "tiny", Input: []byte(tiny)}
	won, _ := interact(t, context.Background(), tiny, "P 0 0\nP 0 1\nP 1 0\nM 1 1\n")
	lost, _ := interact(t, context.Background(), tiny, "P 0 0\nP 1 1\n")
	tests := []struct {
		name                         string
		ds                           problems.Dataset
		oc                           *problems.Outcome
		cells, played, marked, lostN int
		bombs                        int
		text                         string
	}{
		{"tiny alone", tinyDS, nil, 4, 3, 0, 0, 1, "hidden board"},
		{"tiny won", tinyDS, &won, 4, 3, 1, 0, 0, "4 moves replayed"},
		{"tiny lost on the bomb", tinyDS, &lost, 4, 1, 0, 1, 1, "2 moves replayed"},
		{"tiny, no transcript", tinyDS, &problems.Outcome{Verdict: problems.WA}, 4, 3, 0, 0, 1, "no transcript recorded"},
		{"a secret board alone", all[len(all)-1], nil, -1, -1, 0, 0, -1, "the hidden board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := p.Visualise(tt.ds, nil, tt.oc)
			if err != nil {
				t.Fatal(err)
			}
			n, err := svg.Count(doc)
			if err != nil {
				t.Fatalf("%v\n%s", err, doc)
			}
			check := func(what string, got, want int) {
				if want >= 0 && got != want {
					t.Errorf("%s: %d, want %d", what, got, want)
				}
			}
			check("cells", n["tri"], tt.cells)
			check("played", countBoth(doc, "tri played"), tt.played)
			check("marked", countBoth(doc, "tri marked"), tt.marked)
			check("lost", countBoth(doc, "tri lost"), tt.lostN)
			check("bombs shown", n["bomb"], tt.bombs)
			texts, _ := svg.Texts(doc)
			if !strings.Contains(strings.Join(texts, " "), tt.text) {
				t.Errorf("no %q in %q", tt.text, texts)
			}
		})
	}
}

// countBoth counts the elements whose class attribute is exactly class.
func countBoth(doc []byte, class string) int {
	return strings.Count(string(doc), `class="`+class+`"`)
}

// TestVisualiseGeometry checks that a secret board has n² triangles, as many up as
// down (give or take one), and that a long replay gets its three small boards.
func TestVisualiseGeometry(t *testing.T) {
	p := load(t)
	all, _ := p.Datasets("secret")
	ds := all[0]
	doc, err := p.Visualise(ds, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := svg.Count(doc)
	size := strings.Fields(string(ds.Input))[0]
	up, down := strings.Count(string(doc), ") up:"), strings.Count(string(doc), ") down:")
	if n["tri"] != up+down || up-down > 1 || down-up > 1 {
		t.Errorf("%d cells, %d up and %d down on a %s board", n["tri"], up, down, size)
	}
	won, _ := interact(t, context.Background(), tiny, "P 0 0\nP 0 1\nP 1 0\nM 1 1\n")
	doc, _ = p.Visualise(problems.Dataset{Name: "tiny", Input: []byte(tiny)}, nil, &won)
	if c, _ := svg.Count(doc); c["thumb"] != 3 {
		t.Errorf("%d small boards, want 3", c["thumb"])
	}
}

func TestTranscriptCut(t *testing.T) {
	var tr transcript
	for i := 0; tr.b.Len() <= maxTranscript+100; i++ {
		tr.add(Move{R: i % 7, C: i % 5}, "3")
		if i > maxTranscript {
			break
		}
	}
	steps, cut := readTranscript(tr.String(), 10)
	if !cut || len(steps) == 0 || len(steps) >= tr.moves {
		t.Errorf("cut %v, %d of %d steps read", cut, len(steps), tr.moves)
	}
}

func FuzzVisualise(f *testing.F) {
	f.Add(transcriptHead + "\nP 0 0 1\nM 1 1 B\n")
	f.Add(transcriptHead + "\nP 9 9 LOSE\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, details string) {
		p := &Problem{}
		doc, err := p.Visualise(problems.Dataset{Name: "fuzz", Input: []byte(tiny)}, nil, &problems.Outcome{Verdict: problems.WA, Details: details})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svg.Count(doc); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
	})
}
