// Command fast solves the sudoku problem with bitboards: for each digit, the cells
// where it may still stand, one 27-bit word per band of three rows. Naked and hidden
// singles and locked candidates over every unit then take a few word operations;
// what they leave is searched depth first, branching on a cell with two candidates
// where there is one, with every branch's state copied into a fixed array (no
// allocation per node). On puzzles with one solution, or none, its output is the
// reference's, byte for byte; where there are several it may print another.
//
// Usage:
//
//	fast < puzzle          the problem's input and output (see the statement)
//	fast --batch FILE      one 81-character puzzle per line in, one solution per line out
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

func run(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return fmt.Errorf("reading the puzzle: %w", err)
	}
	puzzle, err := grid.Parse(data)
	if err != nil {
		return fmt.Errorf("reading the puzzle: %w", err)
	}
	w := bufio.NewWriter(out)
	w.WriteString("The original puzzle:\n\n" + puzzle.Format() + "\n")
	if sol, ok := Solve(puzzle); ok {
		w.WriteString("Solution:\n\n" + sol.Format() + "\nThe puzzle was solved.\n")
	} else {
		w.WriteString("The puzzle is unsolvable.\n")
	}
	return w.Flush()
}

const usage = `Usage:
  fast < PUZZLE
  fast --batch FILE

With no flag, fast reads one puzzle in the problem's format (9 rows of 9 cells, '1'-'9'
or '-', spaces and empty lines ignored) from standard input and prints it and its
solution in the problem's output format.

With --batch, fast reads FILE ('-' for standard input) holding one puzzle per line: 81
cells, '1'-'9' for a given and '.' or '0' for an empty cell, optionally followed by
white space and a comment. Lines that are empty or start with '#' are skipped. For each
puzzle it prints one line: the 81 digits of a solution, or "unsolvable".

Examples:
  fast < problems/sudoku/data/sample/1-spaced.in
  fast --batch puzzles.txt > solutions.txt
  grep -v '^#' top95.txt | fast --batch -

Exit status: 0 done, 1 the input could not be read, 2 bad usage.
`

func main() {
	fs := flag.NewFlagSet("fast", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	batch := fs.String("batch", "", "solve the one-line puzzles of `FILE` ('-' for standard input)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "fast: unexpected argument %q\n\n%s", fs.Arg(0), usage)
		os.Exit(2)
	}
	var err error
	if *batch != "" {
		err = runBatchFile(*batch, os.Stdout)
	} else {
		err = run(os.Stdin, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fast:", err)
		os.Exit(1)
	}
}
