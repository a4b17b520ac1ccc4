package enum

import (
	"testing"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

func TestSmall(t *testing.T) {
	tests := []struct {
		in    string
		total uint64
	}{
		// Ship 2 has 12 positions, then ship 1 any of the 7 cells left.
		{"3 3\ntouch\n2 2 1\n0 0 0\n0 0 0\n0 0 0\n", 84},
		// A length-1 ship counts once, not once per orientation.
		{"1 1\ntouch\n1 1\n0\n", 1},
		// Two equal ships on a 1 × 3 strip under noside: the two ends, in either order.
		{"1 3\nnoside\n2 1 1\n0 0 0\n", 2},
		// Under nocontact they cannot be in both corners of a 2 × 2 board.
		{"2 2\nnocontact\n2 1 1\n0 0\n0 0\n", 0},
		{"2 2\nnoside\n2 1 1\n0 0\n0 0\n", 4},
		// A hit must be covered.
		{"1 3\ntouch\n1 1\n0 2 0\n", 1},
	}
	for _, tc := range tests {
		b, err := board.Parse([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := Count(b).Total; got != tc.total {
			t.Errorf("%q: %d placements, want %d", tc.in, got, tc.total)
		}
	}
}
