package bestmove

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
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
		// The first fault in reading order is reported, not one further on.
		{"broken promise before a format fault", withLine(file(pos(t, "ABDSP", rows(map[int]string{2: "2000000000", 5: "0000002000"})...),
			pos(t, "P", blank...)), 15, "Q"), 9, 13, "data set 1: hit at G6 is not connected"},
		{"broken promise before a missing data set", withLine(file(pos(t, "ABDSP",
			rows(map[int]string{2: "2000000000", 5: "0000002000"})...)), 1, "2"), 9, 13, "not connected"},
		{"broken promise before a missing final newline", bytes.TrimSuffix(file(pos(t, "ABDSP",
			rows(map[int]string{2: "2000000000", 5: "0000002000"})...)), []byte("\n")), 9, 13, "not connected"},
		{"second data set's promise before a later format fault", withLine(file(pos(t, "P", blank...),
			pos(t, "D", rows(map[int]string{4: "0222210000"})...), pos(t, "P", blank...)), 30, "0 0 0 0 0 0 0 0 0 9"), 14, 1, "data set 2: no square has a positive value"},
		{"no positive value before a stray hit", file(pos(t, "A", rows(map[int]string{0: "2100000000", 1: "1000000000", 5: "1111111111", 6: "1111111111", 7: "1111111111", 8: "1111111111", 9: "1111111211"})...)), 2, 1, "no square has a positive value"},
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

// withLine returns data with its line no (1-based) replaced by text.
func withLine(data []byte, no int, text string) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	lines[no-1] = text + "\n"
	return []byte(strings.Join(lines, ""))
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

// FuzzValidate: the validator never panics, its errors carry a position, and the
// fault it reports is the first in reading order (see checkFirstFault).
func FuzzValidate(f *testing.F) {
	for _, name := range []string{"data/sample/1.in", "data/sample/2.in", "data/sample/3.in"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("1\n1\nP\n" + strings.Repeat("2 2 2 2 2 2 2 2 2 2\n", 10)))
	f.Add([]byte("1\n1\nA\n" + strings.Repeat("1 1 1 1 1 1 1 1 1 1\n", 10)))
	f.Add([]byte("\xff"))
	// A broken promise in the first data set, a format fault in the second.
	f.Add([]byte("2\n1\nA\n2 0 0 0 0 0 0 0 0 0\n0 0 2 0 0 0 0 0 0 0\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0\n", 8) +
		"1\nQ\n"))
	// A broken promise, then no final newline.
	f.Add([]byte("1\n1\nP\n" + strings.Repeat("1 1 1 1 1 1 1 1 1 1\n", 9) + "1 1 1 1 1 1 1 1 1 1"))
	pr := &Problem{}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := pr.Validate(data)
		if err == nil {
			return
		}
		var ie *problems.InputError
		if !errors.As(err, &ie) || ie.Line < 1 || ie.Col < 1 {
			t.Fatalf("error without a line and column: %v", err)
		}
		checkFirstFault(t, pr.Validate, data, ie)
	})
}

// linesPerSet is the number of lines of one data set: ship count, letters, grid.
const linesPerSet = 2 + board.Size

// checkFirstFault fails t unless the fault validate reported for data, ie, is the
// first in reading order, by two of its consequences:
//   - the lines before the fault's line, as a file, hold no fault: they pass, or
//     fail where they end (at the fault's line or later);
//   - the data sets that end before the fault's line pass as a file of their own.
//
// A validator that reads the whole format before it checks the promises of the
// data sets, or that looks for the final newline first, breaks them.
func checkFirstFault(t *testing.T, validate func([]byte) error, data []byte, ie *problems.InputError) {
	t.Helper()
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	before := strings.Join(lines[:min(ie.Line-1, len(lines))], "")
	if err := validate([]byte(before)); err != nil {
		var be *problems.InputError
		if !errors.As(err, &be) || be.Line < ie.Line {
			t.Fatalf("reported %d:%d (%s), but the lines before it already fail: %v", ie.Line, ie.Col, ie.Msg, err)
		}
	}
	if ie.Line == 1 {
		return
	}
	// Line 1 holds no fault, so it is the count of data sets.
	d, err := strconv.Atoi(strings.TrimSuffix(lines[0], "\n"))
	if err != nil {
		t.Fatalf("reported %d:%d, but line 1 is no count: %v", ie.Line, ie.Col, err)
	}
	if k := min(d, (ie.Line-2)/linesPerSet); k > 0 {
		sets := strconv.Itoa(k) + "\n" + strings.Join(lines[1:1+k*linesPerSet], "")
		if err := validate([]byte(sets)); err != nil {
			t.Fatalf("reported %d:%d (%s), but the %d data sets before it already fail: %v", ie.Line, ie.Col, ie.Msg, k, err)
		}
	}
}
