package board

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestParseGood(t *testing.T) {
	in := "2 3\nnoside\n2 2 1\n0 1 2\n0 0 0\n"
	b, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if b.R != 2 || b.C != 3 || b.Rule != NoSide || len(b.Ships) != 2 || b.Grid[0][2] != Hit || b.Grid[0][1] != Miss {
		t.Fatalf("parsed %+v", b)
	}
	if got := string(b.Format()); got != in {
		t.Fatalf("Format gives %q, want %q", got, in)
	}
}

func TestParseFaults(t *testing.T) {
	row := func(n int, v string) string { return strings.TrimSuffix(strings.Repeat(v+" ", n), " ") + "\n" }
	// A 12 x 12 board cut by rows of misses into two 4 x 12 strips: 96 open cells.
	split := "12 12\ntouch\n1 1\n" + strings.Repeat(row(12, "0"), 4) + row(12, "1") +
		strings.Repeat(row(12, "0"), 4) + strings.Repeat(row(12, "1"), 3)
	// An L of 21 open cells spanning 11 rows and 11 columns: one region too big for
	// any fleet.
	ell := "11 11\ntouch\n1 1\n" + row(11, "0") + strings.Repeat("0 "+row(10, "1"), 10)
	// A 30 x 30 board with exactly MaxOpen open cells, in ten strips of 1 x 10.
	most := "30 30\ntouch\n5 5 4 3 3 2\n"
	for r := range 30 {
		if r%3 == 0 {
			most += strings.Repeat("0 ", 10) + row(20, "1")
		} else {
			most += row(30, "1")
		}
	}
	for _, ok := range []struct{ name, in string }{
		{"a board cut by a row of misses", split},
		{"an 11 x 5 board with six ships", "11 5\nnoside\n6 1 1 1 1 1 1\n" + strings.Repeat(row(5, "0"), 11)},
		{"the 10 x 10 board without shots", "10 10\ntouch\n5 5 4 3 3 2\n" + strings.Repeat(row(10, "0"), 10)},
		{"a 30 x 30 board with 100 open cells", most},
	} {
		if _, err := Parse([]byte(ok.in)); err != nil {
			t.Errorf("%s should validate: %v", ok.name, err)
		}
	}
	tests := []struct {
		name, in  string
		line, col int
	}{
		{"empty", "", 1, 1},
		{"no newline at end", "1 1\ntouch\n1 1\n0", 4, 2},
		{"rows zero", "0 1\ntouch\n1 1\n0\n", 1, 1},
		{"cols too big", "1 31\ntouch\n1 1\n0\n", 1, 3},
		{"leading zero", "01 1\ntouch\n1 1\n0\n", 1, 1},
		{"sign", "+1 1\ntouch\n1 1\n0\n", 1, 1},
		{"double space", "1  1\ntouch\n1 1\n0\n", 1, 3},
		{"trailing space", "1 1 \ntouch\n1 1\n0\n", 1, 4},
		{"carriage return", "1 1\r\ntouch\n1 1\n0\n", 1, 4},
		{"three sizes", "1 1 1\ntouch\n1 1\n0\n", 1, 5},
		{"bad rule", "1 1\ntouching\n1 1\n0\n", 2, 1},
		{"no ships", "1 1\ntouch\n0\n0\n", 3, 1},
		{"too many ships", "1 1\ntouch\n11 1 1 1 1 1 1 1 1 1 1 1\n0\n", 3, 1},
		{"missing length", "1 1\ntouch\n2 1\n0\n", 3, 4},
		{"extra length", "1 1\ntouch\n1 1 1\n0\n", 3, 5},
		{"long ship", "1 1\ntouch\n1 6\n0\n", 3, 3},
		// The 101st open cell in reading order is row 10, column 2.
		{"too many open cells", "11 11\ntouch\n1 1\n" + strings.Repeat(row(11, "0"), 11), 13, 3},
		{"hits are open cells", "11 11\ntouch\n1 1\n" + strings.Repeat(row(11, "2"), 11), 13, 3},
		{"region too wide for six ships", "6 6\ntouch\n6 1 1 1 1 1 1\n" + strings.Repeat("0 0 0 0 0 0\n", 6), 4, 1},
		{"bad cell", "1 2\ntouch\n1 1\n0 3\n", 4, 3},
		{"short row", "1 2\ntouch\n1 1\n0\n", 4, 2},
		{"long row", "1 2\ntouch\n1 1\n0 0 0\n", 4, 4},
		{"row trailing space", "1 2\ntouch\n1 1\n0 0 \n", 4, 4},
		{"comma", "1 2\ntouch\n1 1\n0,0\n", 4, 2},
		{"missing row", "2 1\ntouch\n1 1\n0\n", 5, 1},
		{"extra row", "1 1\ntouch\n1 1\n0\n0\n", 5, 1},
		{"blank line at end", "1 1\ntouch\n1 1\n0\n\n", 5, 1},
		{"region too big", ell, 4, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an input error at %d:%d", err, tc.line, tc.col)
			}
			if ie.Line != tc.line || ie.Col != tc.col {
				t.Fatalf("got %v (at %d:%d), want the fault at %d:%d", err, ie.Line, ie.Col, tc.line, tc.col)
			}
		})
	}
}

func TestRegions(t *testing.T) {
	in := "3 3\nnoside\n1 1\n0 1 0\n1 0 1\n0 1 0\n"
	b, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Regions()); n != 5 {
		t.Errorf("noside: %d regions, want 5 (corners do not link)", n)
	}
	b.Rule = NoContact
	if n := len(b.Regions()); n != 1 {
		t.Errorf("nocontact: %d regions, want 1 (corners link)", n)
	}
}

// FuzzParse checks that Parse never panics, that its faults name a position, and
// that what it accepts formats back to the same bytes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("3 3\ntouch\n2 2 1\n0 0 0\n0 0 0\n0 0 0\n"))
	f.Add([]byte("4 4\nnocontact\n2 2 2\n0 0 0 0\n0 2 0 0\n0 0 0 1\n0 0 0 0\n"))
	f.Add([]byte("1 1\nnoside\n1 1\n2\n"))
	f.Add([]byte("30 30\ntouch\n1 1\n"))
	f.Add([]byte("2 2\ntouch\n1 1\n0 0\n0 0"))
	f.Add([]byte("11 11\ntouch\n1 1\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0 2\n", 11)))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Col < 1 {
				t.Fatalf("fault without a position: %v", err)
			}
			return
		}
		if out := b.Format(); !bytes.Equal(out, data) {
			t.Fatalf("accepted %q but formats it as %q", data, out)
		}
	})
}
