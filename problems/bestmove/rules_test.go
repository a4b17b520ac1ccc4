package bestmove

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/bestmove/board"
)

// answerLines returns the "Best Move" lines of an answer file.
func answerLines(t *testing.T, ans []byte) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(string(ans), "\n") {
		if strings.HasPrefix(l, "Best Move") {
			out = append(out, l)
		}
	}
	return out
}

// TestSolveMatchesData checks the rules here against every .ans file, which the
// reference solver wrote with its own code: two implementations must agree.
func TestSolveMatchesData(t *testing.T) {
	ins, _ := filepath.Glob("data/*/*.in")
	if len(ins) == 0 {
		t.Fatal("no data files")
	}
	for _, in := range ins {
		input, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		ps, err := board.Parse(input)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		want := answerLines(t, ans)
		if len(want) != len(ps) {
			t.Fatalf("%s: %d answers for %d data sets", in, len(want), len(ps))
		}
		for i := range ps {
			if got := Solve(&ps[i]).Line(); got != want[i] {
				t.Errorf("%s data set %d: got %q, want %q", in, i+1, got, want[i])
			}
		}
	}
}
