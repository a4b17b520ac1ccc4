package bestmove

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// file renders positions as an input file.
func file(ps ...*board.Position) []byte {
	var list []board.Position
	for _, p := range ps {
		list = append(list, *p)
	}
	return board.Format(list)
}

func TestValidate(t *testing.T) {
	blank := []string{".", ".", ".", ".", ".", ".", ".", ".", ".", "."}
	rows := func(over map[int]string) []string {
		r := append([]string(nil), blank...)
		for k, v := range over {
			r[k] = v
		}
		return r
	}
	tests := []struct {
		name      string
		in        []byte
		line, col int
		msg       string
	}{
		{"fresh board", file(pos(t, "ABDSP", blank...)), 0, 0, ""},
		{"one group of hits", file(pos(t, "ABDSP", rows(map[int]string{4: "0002200000", 5: "0000200000"})...)), 0, 0, ""},
		{"format fault comes first", []byte("1\n1\nQ\n"), 3, 1, "not a ship letter"},
		{"two groups of hits", file(pos(t, "ABDSP", rows(map[int]string{2: "2000000000", 5: "0000002000"})...)), 9, 13, "not connected"},
		{"diagonal hits are two groups", file(pos(t, "ABDSP", rows(map[int]string{2: "0200000000", 3: "0020000000"})...)), 7, 5, "not connected"},
		{"second data set faulty", file(pos(t, "P", blank...), pos(t, "D", rows(map[int]string{4: "0222210000"})...)), 14, 1, "data set 2: no square has a positive value"},
		{"nowhere to fit", file(pos(t, "A", rows(map[int]string{0: "0000100001", 1: "1111111111", 2: "1111111111", 3: "1111111111", 4: "1111111111", 5: "1111111111", 6: "1111111111", 7: "1111111111", 8: "1111111111", 9: "1111111111"})...)), 2, 1, "no square has a positive value"},
	}
	pr := &Problem{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := pr.Validate(tc.in)
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("valid input rejected: %v", err)
				}
				return
			}
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an InputError", err)
			}
			if ie.Line != tc.line || ie.Col != tc.col || !strings.Contains(ie.Msg, tc.msg) {
				t.Errorf("got %v (line %d col %d), want line %d col %d containing %q", err, ie.Line, ie.Col, tc.line, tc.col, tc.msg)
			}
		})
	}
}

// TestDataValid validates every data file of the problem.
func TestDataValid(t *testing.T) {
	ins, _ := filepath.Glob("data/*/*.in")
	pr := &Problem{}
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := pr.Validate(data); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// FuzzValidate: the validator never panics and its errors carry a position.
func FuzzValidate(f *testing.F) {
	for _, name := range []string{"data/sample/1.in", "data/sample/2.in", "data/sample/3.in"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("1\n1\nP\n" + strings.Repeat("2 2 2 2 2 2 2 2 2 2\n", 10)))
	f.Add([]byte("1\n1\nA\n" + strings.Repeat("1 1 1 1 1 1 1 1 1 1\n", 10)))
	f.Add([]byte("\xff"))
	pr := &Problem{}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := pr.Validate(data)
		var ie *problems.InputError
		if err != nil && (!errors.As(err, &ie) || ie.Line < 1) {
			t.Fatalf("error without a line: %v", err)
		}
	})
}
