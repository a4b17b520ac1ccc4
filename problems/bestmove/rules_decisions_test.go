package bestmove

import (
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/bestmove/board"
)

// pos builds a position from ship letters and ten rows of ten digits (no spaces);
// "." rows stand for ten zeros.
func pos(t *testing.T, ships string, rows ...string) *board.Position {
	t.Helper()
	if len(rows) != board.Size {
		t.Fatalf("%d rows", len(rows))
	}
	p := &board.Position{Ships: []byte(ships)}
	for r, row := range rows {
		if row == "." {
			row = strings.Repeat("0", board.Size)
		}
		if len(row) != board.Size {
			t.Fatalf("row %d: %q", r+1, row)
		}
		for c := range row {
			p.Grid[r][c] = row[c] - '0'
		}
	}
	return p
}

// TestRules covers each rule and each decision of the statement with a position
// worked out by hand.
func TestRules(t *testing.T) {
	tests := []struct {
		name string
		p    *board.Position
		want string
	}{
		{
			// An empty board: the four centre squares tie; D and S count apart.
			"empty board, all five", pos(t, "ABDSP", ".", ".", ".", ".", ".", ".", ".", ".", ".", "."),
			"Best Move Value: 34 at E5, F5, E6, F6",
		},
		{
			// Only P: each square away from shots and edges is covered by 4
			// placements; row 4 touches the misses of row 3, columns A and J the edge.
			"P only, no hits", pos(t, "P", "1111111111", "1000000001", "1111111111", ".", ".", ".", ".", ".", ".", "."),
			"Best Move Value: 4 at B5, C5, D5, E5, F5, G5, H5, I5, B6, C6, D6, E6, F6, G6, H6, I6, B7, C7, D7, E7, F7, G7, H7, I7, B8, C8, D8, E8, F8, G8, H8, I8, B9, C9, D9, E9, F9, G9, H9, I9",
		},
		{
			// Decision 1: a lone hit in a corner with A alone; squares farther
			// along (C1, A3, …) would tie at 1 but are no candidates.
			"lone hit in a corner", pos(t, "A", "2000000000", ".", ".", ".", ".", ".", ".", ".", ".", "."),
			"Best Move Value: 1 at B1, A2",
		},
		{
			// An open string of two across: only its ends, and P (as long as the
			// string) never counts.
			"open string across", pos(t, "DP", ".", ".", ".", ".", "0000220000", ".", ".", ".", ".", "."),
			"Best Move Value: 1 at D5, G5",
		},
		{
			// Decision 2: a sunk ship shuts a run like a miss: A5-A6 has A4 sunk
			// and A7 missed, so each hit is taken across; D fits once from each.
			"run shut by sunk ship and miss", pos(t, "D",
				".", ".", ".", "3330000000", "2000000000", "2000000000", "1000000000", ".", ".", "."),
			"Best Move Value: 1 at B5, B6",
		},
		{
			// The edge shuts a run too: A1-A2 with A3 missed; B1 gets P at A1-B1
			// and D at A1-C1.
			"run shut by the edge", pos(t, "DP",
				"2000000000", "2000000000", "1000000000", ".", ".", ".", ".", ".", ".", "."),
			"Best Move Value: 2 at B1, B2",
		},
		{
			// Decision 3 and 5: E5 is in two shut runs and forms no string; D5
			// is taken down, E6 across; D6 serves both and gets 4.
			"hit in two shut runs", pos(t, "D",
				".", ".", ".", "0000100000", "0012210000", "0000200000", "0000100000", ".", ".", "."),
			"Best Move Value: 4 at D6",
		},
		{
			// Decision 4: at E5 the placement D5-F5 serves the strings of D5 and
			// F5 but counts once: 3 across plus 2 down.
			"placement serving two strings counts once", pos(t, "D",
				".", ".", ".", "0001010000", "0002020000", "0012221000", "0001010000", ".", ".", "."),
			"Best Move Value: 5 at E5",
		},
		{
			// The longest string is pursued even when a shorter one offers more.
			"longest string first", pos(t, "ABDSP",
				".", ".", ".", "0001000000", "0002100000", "0002010000", "0002200000", "0001000000", ".", "."),
			"Best Move Value: 7 at C7, F7",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Solve(tc.p).Line(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestSolveZeroValue(t *testing.T) {
	// An open run of four with only D left: no ship can extend it.
	p := pos(t, "D", ".", ".", ".", ".", "0222210000", ".", ".", ".", ".", ".")
	if b := Solve(p); b.Value != 0 {
		t.Errorf("got %s, want value 0", b.Line())
	}
}

func BenchmarkSolve(b *testing.B) {
	p := &board.Position{Ships: []byte("ABDSP")}
	p.Grid[4][4], p.Grid[4][5], p.Grid[5][4] = board.Hit, board.Hit, board.Miss
	q := &board.Position{Ships: []byte("ABDSP")}
	for b.Loop() {
		Solve(p)
		Solve(q)
	}
}
