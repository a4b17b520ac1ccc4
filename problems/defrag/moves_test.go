package defrag

import (
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Move
		err  string
	}{
		{"3,9,2", Move{3, 9, 2}, ""},
		{" 3 , 9 ,\t2 \r", Move{3, 9, 2}, ""},
		{"0,0,0", Move{0, 0, 0}, ""},
		{"007,1,1", Move{7, 1, 1}, ""},
		{"3,9", Move{}, "found 2"},
		{"3", Move{}, "found 1"},
		{"3,9,2,1", Move{}, "found more"},
		{"3;9;2", Move{}, "found 1"},
		{"-3,9,2", Move{}, "not an unsigned number"},
		{"3,,2", Move{}, "new location: missing number"},
		{"3,9,", Move{}, "number of blocks: missing number"},
		{"3,9,2x", Move{}, "not an unsigned number"},
		{"1234567890123,1,1", Move{}, "too long"},
		{"3,\x00,2", Move{}, `"\x00" is not`},
	} {
		got, err := ParseMove([]byte(tc.in))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("ParseMove(%q): %v", tc.in, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseMove(%q) error = %v, want %q", tc.in, err, tc.err)
		case got != tc.want:
			t.Errorf("ParseMove(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestMoveLines(t *testing.T) {
	for _, tc := range []struct {
		in    string
		moves int
		line  int
		err   string
	}{
		{"", 0, 0, ""},
		{"1,2,3\n", 1, 0, ""},
		{"1,2,3", 1, 0, ""},
		{"1,2,3\r\n4,5,6\r\n", 2, 0, ""},
		{"1,2,3\n\n  \n", 1, 0, ""},
		{"1,2,3\n\n4,5,6\n", 1, 2, "empty line"},
		{"\n1,2,3\n", 0, 1, "empty line"},
		{"1,2,3\nx\n", 1, 2, "found 1"},
	} {
		n := 0
		line, err := MoveLines([]byte(tc.in), func(int, Move) error { n++; return nil })
		if n != tc.moves || line != tc.line || (tc.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("MoveLines(%q) = %d moves, line %d, %v; want %d, %d, %q", tc.in, n, line, err, tc.moves, tc.line, tc.err)
		}
	}
}

func TestMoveLinesCap(t *testing.T) {
	out := strings.Repeat("0,1,1\n", MaxMoves+1)
	n := 0
	line, err := MoveLines([]byte(out), func(int, Move) error { n++; return nil })
	if err == nil || line != MaxMoves+1 || n != MaxMoves {
		t.Errorf("got line %d, %d moves, %v; want the cap reported on line %d", line, n, err, MaxMoves+1)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"3,9,2", " 1 , 2 , 3\r", "1,2", "a,b,c", "99999999999999999999,1,1", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := ParseMove(in)
		if err != nil {
			return
		}
		if m.From < 0 || m.To < 0 || m.Count < 0 {
			t.Fatalf("ParseMove(%q) = %v: negative field", in, m)
		}
		again, err := ParseMove([]byte(m.String()))
		if err != nil || again != m {
			t.Fatalf("round trip of %v: %v, %v", m, again, err)
		}
	})
}
