package sudoku

import (
	"errors"
	"os"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

func TestValidate(t *testing.T) {
	p := &Problem{}
	tests := []struct {
		name, in  string
		line, col int
	}{
		{name: "sample", in: sampleIn},
		{name: "clashing givens are valid input", in: "11-------\n" + "---------\n" + "---------\n" + "---------\n" + "---------\n" + "---------\n" + "---------\n" + "---------\n" + "---------\n"},
		{name: "bad cell", in: "1-- 489 --x\n", line: 1, col: 11},
		{name: "empty", in: "", line: 1, col: 1},
	}
	for _, tt := range tests {
		err := p.Validate([]byte(tt.in))
		if tt.line == 0 {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		var ie *problems.InputError
		if !errors.As(err, &ie) || ie.Line != tt.line || ie.Col != tt.col {
			t.Errorf("%s: err = %v, want an InputError at line %d, column %d", tt.name, err, tt.line, tt.col)
		}
	}
}

// FuzzParse: the parser never panics, faults name a position, and what it accepts
// prints in the spaced style and reads back the same.
func FuzzParse(f *testing.F) {
	f.Add([]byte(sampleIn))
	for _, name := range []string{"data/sample/2-compact.in", "data/secret/03-easy-irregular.in", "data/secret/39-multi-empty-grid-irregular.in"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("1-- 489 --6\r\n"))
	f.Add([]byte("\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseInput(data)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Col < 1 {
				t.Fatalf("fault without a position: %v", err)
			}
			return
		}
		back, err := grid.Parse([]byte(g.Format()))
		if err != nil || back != g {
			t.Fatalf("Format does not read back: %v", err)
		}
	})
}
