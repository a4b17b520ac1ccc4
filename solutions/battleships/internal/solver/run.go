package solver

import (
	"flag"
	"fmt"
	"io"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// Run is the whole command-line program of a solver variant: it reads a puzzle from
// stdin and writes the answer to stdout. Flags:
//
//	--explain   write every step and the chain of steps to stderr
//	--count     print the number of solutions instead of one of them
//	--limit N   with --count, stop counting at N (0: no limit)
//	--stats     write the number of guesses and rule steps to stderr
//
// It returns the process exit code.
func Run(v Variant, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunWith(Options{Variant: v}, nil, args, stdin, stdout, stderr)
}

// RunWith is Run with every option given and an optional change to the puzzle made
// before solving (the deliberately wrong programs use both). The answer keeps the
// puzzle's own cells only where the solver kept them.
func RunWith(base Options, alter func(*grid.Puzzle), args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	v := base.Variant
	fs := flag.NewFlagSet(v.String(), flag.ContinueOnError)
	fs.SetOutput(stderr)
	explain := fs.Bool("explain", false, "write the reasoning to stderr")
	count := fs.Bool("count", false, "count the solutions")
	limit := fs.Int("limit", 0, "with --count: stop at this many solutions (0: no limit)")
	stats := fs.Bool("stats", false, "write search figures to stderr")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "%s: reading the puzzle: %v\n", v, err)
		return 1
	}
	p, err := grid.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: reading the puzzle: %v\n", v, err)
		return 1
	}
	if alter != nil {
		alter(p)
	}
	opt := base
	if *explain {
		opt.Explain = stderr
	}
	if *count {
		n, st, err := Count(p, opt, *limit)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", v, err)
			return 1
		}
		fmt.Fprintln(stdout, n)
		if *stats {
			fmt.Fprintf(stderr, "guesses %d, nodes %d, steps %d\n", st.Guesses, st.Nodes, st.Steps)
		}
		return 0
	}
	ans, st, err := Solve(p, opt)
	if *stats {
		fmt.Fprintf(stderr, "guesses %d, nodes %d, steps %d\n", st.Guesses, st.Nodes, st.Steps)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", v, err)
		return 1
	}
	if _, err := stdout.Write(grid.Format(ans)); err != nil {
		fmt.Fprintf(stderr, "%s: writing the answer: %v\n", v, err)
		return 1
	}
	return 0
}
