// Package parsetest holds a check the problems' input parsers share in their
// tests: a valid input followed by a very long tail.
package parsetest

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// LongTail checks parse on the valid input file sample followed by a million
// more lines, with a control byte far down them: the first fault is the extra
// content on the line right after the input, and the tail is not cut into
// lines (under 4 MiB allocated; a file of 100 MB of newlines took gigabytes
// when it was).
func LongTail(t *testing.T, sample string, parse func([]byte) error) {
	t.Helper()
	valid, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	if err := parse(valid); err != nil {
		t.Fatalf("%s: %v", sample, err)
	}
	line := bytes.Count(valid, []byte("\n")) + 1 // the line after the input
	for _, tail := range []string{strings.Repeat("\n", 1_000_000), "x\n" + strings.Repeat("\n", 1_000_000) + "\x01\n"} {
		data := append(append([]byte{}, valid...), tail...)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := parse(data)
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
