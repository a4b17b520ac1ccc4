package solver

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/judgehq/judge/problems/bestmove/board"
)

// Run is the whole command-line program of a solver variant: it reads an input file
// from stdin, writes the answer of every data set to stdout and reports faults on
// stderr. It returns the process exit code: 0, or 1 when the input cannot be read or
// parsed or the output cannot be written (nothing is written to stdout then).
func Run(opt Options, stdin io.Reader, stdout, stderr io.Writer) int {
	data, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, "reading input:", err)
		return 1
	}
	out, err := Solve(data, opt)
	if err != nil {
		fmt.Fprintln(stderr, "input:", err)
		return 1
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintln(stderr, "writing output:", err)
		return 1
	}
	return 0
}

// Solve returns the whole output for an input file: the header line, then for each
// data set its number and its best value with the squares that have it.
func Solve(data []byte, opt Options) ([]byte, error) {
	ps, err := board.Parse(data)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Analyzing %d data set(s)\n", len(ps))
	for i := range ps {
		value, squares := Best(&ps[i], opt)
		fmt.Fprintf(&b, "Data Set %d\nBest Move Value: %d at %s\n", i+1, value, strings.Join(squares, ", "))
	}
	return b.Bytes(), nil
}
