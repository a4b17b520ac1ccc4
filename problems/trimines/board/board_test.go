package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// cells turns "r,c r,c …" into sorted indices on an n×n board.
func cells(n int, s string) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		var r, c int
		for i, part := range strings.Split(f, ",") {
			v := 0
			for _, ch := range part {
				v = v*10 + int(ch-'0')
			}
			if i == 0 {
				r = v
			} else {
				c = v
			}
		}
		out = append(out, r*n+c)
	}
	slices.Sort(out)
	return out
}

// The neighbour lists below were worked out by hand from the triangle drawing.
func TestNeighbours(t *testing.T) {
	tests := []struct {
		name string
		n    int
		r, c int
		want string
	}{
		{"interior down", 7, 3, 2, "2,0 2,1 2,2 2,3 2,4  3,0 3,1 3,3 3,4  4,1 4,2 4,3"},
		{"interior up", 7, 3, 3, "2,2 2,3 2,4  3,1 3,2 3,4 3,5  4,1 4,2 4,3 4,4 4,5"},
		{"top-left corner, up", 4, 0, 0, "0,1 0,2  1,0 1,1 1,2"},
		{"top edge, down", 4, 0, 1, "0,0 0,2 0,3  1,0 1,1 1,2"},
		{"next to the top edge, down", 4, 1, 2, "0,0 0,1 0,2 0,3  1,0 1,1 1,3  2,1 2,2 2,3"},
		{"bottom-right corner, up", 4, 3, 3, "2,2 2,3  3,1 3,2"},
		{"top-right corner, down", 4, 0, 3, "0,1 0,2  1,2 1,3"},
		{"bottom-right corner, odd side", 5, 4, 4, "3,3 3,4  4,2 4,3"},
		{"smallest board", 2, 0, 0, "0,1 1,0 1,1"},
		{"left edge, down", 6, 2, 1, "1,0 1,1 1,2 1,3  2,0 2,2 2,3  3,0 3,1 3,2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Neighbours(tc.n, tc.r, tc.c, nil)
			slices.Sort(got)
			if want := cells(tc.n, tc.want); !slices.Equal(got, want) {
				t.Errorf("Neighbours(%d, %d, %d) = %v, want %v", tc.n, tc.r, tc.c, got, want)
			}
		})
	}
}

func TestNeighbourSymmetry(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8} {
		for i := 0; i < n*n; i++ {
			for _, j := range Neighbours(n, i/n, i%n, nil) {
				if !slices.Contains(Neighbours(n, j/n, j%n, nil), i) {
					t.Fatalf("n=%d: %d lists %d but not the other way round", n, i, j)
				}
			}
		}
	}
}

// handBoard is a 5×5 board with bombs at (1,1), (2,3) and (3,0); its numbers below
// were counted by hand.
const handBoard = "5 3 4 4\n1 1\n2 3\n3 0\n"

func TestCountHandChecked(t *testing.T) {
	b, err := Parse([]byte(handBoard))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ r, c, want int }{
		{0, 0, 1}, // up: (1,1)
		{1, 2, 2}, // down: (1,1), (2,3)
		{2, 1, 3}, // down: (1,1), (2,3), (3,0)
		{2, 2, 3}, // up: (1,1), (2,3), (3,0)
		{3, 1, 1}, // up: (3,0)
		{4, 4, 0}, // up, corner
		{0, 4, 0}, // up, corner: (0,2), (0,3), (1,2), (1,3), (1,4)
		{3, 2, 2}, // down: (2,3), (3,0)
	}
	for _, tc := range tests {
		if got := b.Count(tc.r, tc.c); got != tc.want {
			t.Errorf("Count(%d, %d) = %d, want %d", tc.r, tc.c, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int // 0, 0: valid
	}{
		{"hand board", handBoard, 0, 0},
		{"no bombs", "3 0 1 1\n", 0, 0},
		{"empty", "", 1, 1},
		{"n too small", "1 0 0 0\n", 1, 1},
		{"n too big", "1001 0 0 0\n", 1, 1},
		{"double space", "5  3 4 4\n", 1, 3},
		{"leading zero", "05 0 0 0\n", 1, 1},
		{"too many bombs", "2 4 0 0\n", 1, 3},
		{"free cell off board", "5 0 5 0\n", 1, 5},
		{"missing newline", "5 0 4 4", 1, 8},
		{"CRLF", "5 0 4 4\r\n", 1, 8},
		{"sign", "5 1 4 4\n-1 0\n", 2, 1},
		{"missing bomb", "5 2 4 4\n1 1\n", 3, 1},
		{"bomb off board", "5 1 4 4\n1 5\n", 2, 3},
		{"repeated bomb", "5 2 4 4\n1 1\n1 1\n", 3, 1},
		{"unordered bombs", "5 2 4 4\n2 1\n1 1\n", 3, 1},
		{"extra line", "5 1 4 4\n1 1\n\n", 3, 1},
		{"bomb on free cell", "5 1 4 4\n4 4\n", 2, 1},
		{"bomb on free cell after others", "5 3 2 3\n0 0\n2 3\n4 4\n", 3, 1},
		{"free cell with bombs although a zero cell exists", "5 1 0 0\n1 1\n", 1, 5},
		{"free cell with bombs, wide numbers", "12 1 10 10\n11 11\n", 1, 6},
		{"free cell with bombs when none is zero", "2 1 0 0\n1 1\n", 0, 0},
		{"trailing space", "5 0 4 4 \n", 1, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			if tc.line == 0 {
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				return
			}
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Parse error %v, want an InputError at %d:%d", err, tc.line, tc.col)
			}
			if ie.Line != tc.line || ie.Col != tc.col {
				t.Errorf("error at %d:%d (%v), want %d:%d", ie.Line, ie.Col, err, tc.line, tc.col)
			}
		})
	}
}

func TestFormatRoundTrip(t *testing.T) {
	b, err := Parse([]byte(handBoard))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b.Format()); got != handBoard {
		t.Errorf("Format = %q, want %q", got, handBoard)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{handBoard, "3 0 1 1\n", "5 2 4 4\n2 1\n1 1\n", "2 1 0 0\n1 1\n", "999999999 1 0 0\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			return
		}
		if got := b.Format(); string(got) != string(data) {
			t.Fatalf("valid board does not round-trip: %q → %q", data, got)
		}
	})
}
