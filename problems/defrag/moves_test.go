package defrag

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// TestParseMove holds ParseMove to its moves and to the column, in characters, of
// the faulty field of a line that is not one.
func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Move
		col  int // of the fault; 0 when there is none
		err  string
	}{
		{"3,9,2", Move{3, 9, 2}, 0, ""},
		{" 3 , 9 ,\t2 \r", Move{3, 9, 2}, 0, ""},
		{"0,0,0", Move{0, 0, 0}, 0, ""},
		{"007,1,1", Move{7, 1, 1}, 0, ""},
		{"3,9", Move{}, 4, "want three numbers separated by commas, found 2"},
		{"3,9\r", Move{}, 4, "found 2"},
		{"3", Move{}, 2, "found 1"},
		{"3,9,2,1", Move{}, 6, "found more"},
		{"3;9;2", Move{}, 2, "found 1"},
		{"1,2 3", Move{}, 5, "found 2"},
		{"x", Move{}, 1, "found 1"},
		{"-3,9,2", Move{}, 1, `first block: "-3" is not an unsigned number`},
		{"3,,2", Move{}, 3, "new location: missing number"},
		{"3,  ,2", Move{}, 5, "new location: missing number"},
		{"3,9,", Move{}, 5, "number of blocks: missing number"},
		{"3,9,2x", Move{}, 5, `number of blocks: "2x" is not an unsigned number`},
		{"3,9, \tx", Move{}, 7, `number of blocks: "x" is not an unsigned number`},
		{"1234567890123,1,1", Move{}, 1, "first block: number 123456789012… is too long"},
		{"3,\x00,2", Move{}, 3, `new location: "\x00" is not`},
		{"1,2,é,x", Move{}, 6, "found more"},
		{"1,2,3 ,日本", Move{}, 7, "found more"},
		{"1,é,3", Move{}, 3, `new location: "\u00e9" is not an unsigned number`},
		{"1,\xff\xfe,3,4", Move{}, 3, `new location: "\xff\xfe" is not`},
		{"1,2\xff,3,4", Move{}, 3, `new location: "2\xff" is not`},
		{"\u00a01,2,3", Move{}, 1, "first block: "},
		{"1,\t7 8,3", Move{}, 4, `new location: "7 8" is not`},
	} {
		got, err := ParseMove([]byte(tc.in))
		if tc.err == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
			continue
		}
		var ie *problems.InputError
		if !errors.As(err, &ie) || ie.Line != 1 || ie.Col != tc.col || !strings.Contains(ie.Msg, tc.err) {
			t.Errorf("ParseMove(%q) error = %v; want line 1, column %d: …%s…", tc.in, err, tc.col, tc.err)
		}
	}
}

// TestMoveLines holds MoveLines to its moves and to the line and column of a fault.
func TestMoveLines(t *testing.T) {
	for _, tc := range []struct {
		in    string
		moves int
		line  int
		err   string // the whole message
	}{
		{"", 0, 0, ""},
		{"1,2,3\n", 1, 0, ""},
		{"1,2,3", 1, 0, ""},
		{"1,2,3\r\n4,5,6\r\n", 2, 0, ""},
		{"1,2,3\n\n  \n", 1, 0, ""},
		{"1,2,3\n\n4,5,6\n", 1, 2, "line 2, column 1: empty line before more moves"},
		{"\n1,2,3\n", 0, 1, "line 1, column 1: empty line before more moves"},
		{"1,2,3\nx\n", 1, 2, "line 2, column 1: want three numbers separated by commas, found 1"},
		{"1,2,3\r\n4,5,x\r\n", 1, 2, `line 2, column 5: number of blocks: "x" is not an unsigned number`},
		{"1,2,3\n4,5,ü,6\n", 1, 2, "line 2, column 6: want three numbers separated by commas, found more"},
		{"1,2,3\n  7,8,9\n", 1, 2, "line 2, column 3: stop"}, // fn's error points at the move
	} {
		n := 0
		line, err := MoveLines([]byte(tc.in), func(_ int, m Move) error {
			if m.From == 7 {
				return errors.New("stop")
			}
			n++
			return nil
		})
		if n != tc.moves || line != tc.line || (tc.err == "") != (err == nil) || (err != nil && err.Error() != tc.err) {
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

// FuzzParseMove: a line that parses writes back to the same move; one that does not
// has its fault at a column of the line.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"3,9,2", " 1 , 2 , 3\r", "1,2", "a,b,c", "99999999999999999999,1,1", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := ParseMove(in)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line != 1 || ie.Col < 1 || ie.Col > utf8.RuneCount(in)+1 {
				t.Fatalf("ParseMove(%q): %v, want a fault on line 1 at a column of the line", in, err)
			}
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
