package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

type text string

func (t text) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, string(t))
	return int64(n), err
}

func TestRun(t *testing.T) {
	good := "1 2\ntouch\n1 1\n0 0\n"
	echo := func(b *board.Board) (io.WriterTo, error) { return text("ok\n"), nil }
	fail := func(b *board.Board) (io.WriterTo, error) { return nil, errors.New("boom") }
	tests := []struct {
		name, in string
		solve    Solver
		out, err string
	}{
		{"solved", good, echo, "ok\n", ""},
		{"bad input", "1 2\nsometimes\n", echo, "", "input:"},
		{"solver fails", good, fail, "", "counting: boom"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := Run(strings.NewReader(tt.in), &out, tt.solve)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.err)
		}
		if out.String() != tt.out {
			t.Errorf("%s: out = %q, want %q", tt.name, out.String(), tt.out)
		}
	}
}
