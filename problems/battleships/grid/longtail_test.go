package grid

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// TestLongTail gives a valid input followed by a million more lines, with a
// control byte far down them: the first fault is the extra content right
// after the input, and the tail is not cut into lines (a file of 100 MB of
// newlines took gigabytes when it was).
func TestLongTail(t *testing.T) {
	valid, err := os.ReadFile("../../battleships/data/sample/1-6x6.in")
	if err != nil {
		t.Fatal(err)
	}
	data := valid
	if _, err := Parse(data); err != nil {
		t.Fatalf("the sample: %v", err)
	}
	line := bytes.Count(valid, []byte("\n")) + 1 // the line after the input
	for _, tail := range []string{strings.Repeat("\n", 1_000_000), "x\n" + strings.Repeat("\n", 1_000_000) + "\x01\n"} {
		data = append(append([]byte{}, valid...), tail...)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = Parse(data)
		runtime.ReadMemStats(&after)
		var ie *problems.InputError
		if !errors.As(err, &ie) || ie.Line != line {
			t.Errorf("tail %.10q: %v, want a fault on line %d", tail, err, line)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
			t.Errorf("tail %.10q: %d bytes allocated for a %d-byte input", tail, n, len(data))
		}
	}
}
