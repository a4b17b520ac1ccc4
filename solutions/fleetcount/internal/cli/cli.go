// Package cli is what the fleetcount programs share around their solvers: read a
// board from standard input, solve it, write the answer, and report any failure on
// standard error with the program's name and exit code 1.
package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/judgehq/judge/problems/fleetcount/board"
)

// Solver answers one board; the answer writes itself in the output format.
type Solver func(*board.Board) (io.WriterTo, error)

// Main runs solve on standard input and output and exits 1 on failure.
func Main(name string, solve Solver) {
	if err := Run(os.Stdin, os.Stdout, solve); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// Run reads a board from in, solves it and writes the answer to out.
func Run(in io.Reader, out io.Writer, solve Solver) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return fmt.Errorf("reading input: %w", err)
	}
	b, err := board.Parse(data)
	if err != nil {
		return fmt.Errorf("input: %w", err)
	}
	res, err := solve(b)
	if err != nil {
		return fmt.Errorf("counting: %w", err)
	}
	if _, err := res.WriteTo(out); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}
