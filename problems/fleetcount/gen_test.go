package fleetcount

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/fleetcount/board"
)

func TestGenerate(t *testing.T) {
	p := &Problem{}
	tests := []problems.Params{
		{},
		{"mode": "empty", "rule": "touch", "fleet": "2-1"},
		{"mode": "random", "r": "4", "c": "5", "miss": "30", "hit": "5"},
		{"mode": "game", "r": "10", "c": "10", "fleet": "5-4-3-3-2", "shots": "30", "rule": "nocontact"},
		{"mode": "empty", "r": "30", "c": "30", "split": "3", "fleet": "4,3,3,2"},
		{"mode": "game", "r": "30", "c": "30", "split": "5", "fleet": "4-3-3-2-2-2-1-1-1-1", "shots": "50"},
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
