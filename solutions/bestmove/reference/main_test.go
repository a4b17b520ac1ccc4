package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestData runs the solver on every data file of the problem and compares its
// output with the answer file byte for byte.
func TestData(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("..", "..", "..", "problems", "bestmove", "data", "*", "*.in"))
	if len(ins) == 0 {
		t.Fatal("no data files found")
	}
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		got, err := solve(data)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: output differs from the answer file", in)
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := solve([]byte("x\n")); err == nil {
		t.Error("bad input accepted")
	}
}
