// Command tactics is the reference solution of the sudoku problem. It follows the
// design of the CS 3300 assignment: a puzzle is 81 sets of candidate digits; rows,
// columns and squares are sections of pointers into it; tactic 1 removes a settled
// digit from the rest of its section, tactic 2 settles a digit that has one place left
// in a section, and tactic 3 tries each candidate of the first unsettled cell on a copy
// of the puzzle, calling the solver on the copy (the solver and tactic 3 are mutually
// recursive).
//
// Usage: tactics [-debug] < puzzle
//
// With -debug, each tactic explains on standard error what it is doing, showing the
// puzzle before and after; standard output is the same with or without it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strings"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

// ---------------------------------------------------------------------------
// Sets of small integers: subsets of {1, …, 9}. Outside this block a set is used only
// through these operations, as the assignment's SetOfSmallInts is.

// Set is a subset of {1, …, 9}.
type Set struct{ bits uint16 }

// emptySet is the set with no members.
var emptySet = Set{}

// rangeSet returns {x, x+1, …, y}; it is empty when x > y.
func rangeSet(x, y int) Set {
	s := emptySet
	for k := x; k <= y; k++ {
		s = insert(k, s)
	}
	return s
}

// singletonSet returns {x}.
func singletonSet(x int) Set { return Set{1 << uint(x)} }

// isEmpty reports whether s has no members.
func isEmpty(s Set) bool { return s.bits == 0 }

// isSingleton reports whether s has exactly one member.
func isSingleton(s Set) bool { return size(s) == 1 }

// onlyMember returns the member of a singleton s, and 0 when s is not a singleton.
func onlyMember(s Set) int {
	if !isSingleton(s) {
		return 0
	}
	return smallest(s)
}

// smallest returns the smallest member of s, or 0 when s is empty.
func smallest(s Set) int {
	if isEmpty(s) {
		return 0
	}
	return bits.TrailingZeros16(s.bits)
}

// member reports whether x is in s.
func member(x int, s Set) bool { return s.bits&(1<<uint(x)) != 0 }

// insert returns s with x added; s itself is unchanged.
func insert(x int, s Set) Set { return Set{s.bits | 1<<uint(x)} }

// remove returns s without x; s itself is unchanged.
func remove(x int, s Set) Set { return Set{s.bits &^ (1 << uint(x))} }

// size returns the number of members of s.
func size(s Set) int { return bits.OnesCount16(s.bits) }

// ---------------------------------------------------------------------------
// Puzzles and their sections.

// Puzzle is a 9×9 array of sets: p[i][j] holds the digits still possible at row i,
// column j (both 0-based).
type Puzzle [9][9]Set

// PuzzleSection is a row, column or square of a puzzle, as pointers into it, so that
// changing *sec[k] changes the puzzle.
type PuzzleSection [9]*Set

// getRow makes sec the i-th row of p (0-based); *sec[k] is p[i][k].
func getRow(sec *PuzzleSection, p *Puzzle, i int) {
	for j := 0; j < 9; j++ {
		sec[j] = &p[i][j]
	}
}

// getColumn makes sec the j-th column of p (0-based); *sec[k] is p[k][j].
func getColumn(sec *PuzzleSection, p *Puzzle, j int) {
	for i := 0; i < 9; i++ {
		sec[i] = &p[i][j]
	}
}

// getSquare makes sec the k-th square of p, squares and the cells inside a square both
// numbered 0 1 2 / 3 4 5 / 6 7 8; *sec[i] is the i-th cell of square k.
func getSquare(sec *PuzzleSection, p *Puzzle, k int) {
	for i := 0; i < 9; i++ {
		sec[i] = &p[k-k%3+i/3][3*(k%3)+i%3]
	}
}

// getSections returns the three sections numbered j: row j, column j and square j.
func getSections(p *Puzzle, j int) [3]PuzzleSection {
	var secs [3]PuzzleSection
	getRow(&secs[0], p, j)
	getColumn(&secs[1], p, j)
	getSquare(&secs[2], p, j)
	return secs
}

// ---------------------------------------------------------------------------
// Reading and writing puzzles.

// readPuzzle reads a puzzle from in (9 rows of 9 cells, a digit or '-', spaces and
// empty lines skipped) into p: a digit d gives the set {d}, a dash every digit.
func readPuzzle(p *Puzzle, in io.Reader) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	g, err := grid.Parse(data)
	if err != nil {
		return err
	}
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			if v := g[grid.Index(i, j)]; v != 0 {
				p[i][j] = singletonSet(int(v))
			} else {
				p[i][j] = rangeSet(1, 9)
			}
		}
	}
	return nil
}

// printPuzzle writes p to out in the spaced 3×3 style: a singleton set as its digit,
// a larger set as '-', an empty set as '0'.
func printPuzzle(out *bufio.Writer, p *Puzzle) {
	for i := 0; i < 9; i++ {
		if i > 0 && i%3 == 0 {
			out.WriteByte('\n')
		}
		for j := 0; j < 9; j++ {
			if j > 0 && j%3 == 0 {
				out.WriteByte(' ')
			}
			switch s := p[i][j]; {
			case isEmpty(s):
				out.WriteByte('0')
			case isSingleton(s):
				out.WriteByte(byte('0' + onlyMember(s)))
			default:
				out.WriteByte('-')
			}
		}
		out.WriteByte('\n')
	}
}

// showPuzzle writes p to out for debugging: every member of every set, in aligned
// columns, an empty set as 0.
func showPuzzle(out io.Writer, p *Puzzle) {
	var b strings.Builder
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			cell := ""
			for k := 1; k <= 9; k++ {
				if member(k, p[i][j]) {
					cell += fmt.Sprint(k)
				}
			}
			if cell == "" {
				cell = "0"
			}
			fmt.Fprintf(&b, "%-10s", cell)
		}
		b.WriteString("\n")
	}
	io.WriteString(out, b.String())
}

// ---------------------------------------------------------------------------
// The solver.

// SolutionStatus is what the solver concluded.
type SolutionStatus int

// The solver's conclusions.
const (
	solved     SolutionStatus = iota // every set is a singleton
	unsolvable                       // some set is empty: the puzzle has no solution
	working                          // neither: more work is needed
)

func (s SolutionStatus) String() string {
	return [...]string{"solved", "unsolvable", "working"}[s]
}

// Solver holds the switch for debug tracing: when trace is not nil, the tactics write
// what they do to it.
type Solver struct {
	trace io.Writer
}

// tracef writes a debug line when tracing is on.
func (s *Solver) tracef(format string, args ...any) {
	if s.trace != nil {
		fmt.Fprintf(s.trace, format+"\n", args...)
	}
}

// tracePuzzle shows p under a heading when tracing is on.
func (s *Solver) tracePuzzle(heading string, p *Puzzle) {
	if s.trace != nil {
		fmt.Fprintln(s.trace, heading)
		showPuzzle(s.trace, p)
	}
}

// isSolved reports whether every set of p is a singleton and no section holds a
// digit twice. (Singletons can clash: givens may contradict each other, and tactic 2
// may settle one digit twice in a row in the same pass.)
func isSolved(p *Puzzle) bool {
	for j := 0; j < 9; j++ {
		for _, sec := range getSections(p, j) {
			seen := emptySet
			for i := 0; i < 9; i++ {
				k := onlyMember(*sec[i])
				if k == 0 || member(k, seen) {
					return false
				}
				seen = insert(k, seen)
			}
		}
	}
	return true
}

// anyEmpty reports whether some set of p is empty.
func anyEmpty(p *Puzzle) bool {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			if isEmpty(p[i][j]) {
				return true
			}
		}
	}
	return false
}

// tacticOneOnSection removes the digit of every singleton set of sec from the other
// sets of sec. It reports whether any set changed.
func tacticOneOnSection(sec *PuzzleSection) bool {
	changed := false
	for i := 0; i < 9; i++ {
		if !isSingleton(*sec[i]) {
			continue
		}
		k := onlyMember(*sec[i])
		for j := 0; j < 9; j++ {
			if j != i && member(k, *sec[j]) {
				*sec[j] = remove(k, *sec[j])
				changed = true
			}
		}
	}
	return changed
}

// tacticOne runs tacticOneOnSection once on every row, column and square of p. It
// reports whether any set of p changed.
func (s *Solver) tacticOne(p *Puzzle) bool {
	s.tracePuzzle("tactic 1: the puzzle before", p)
	changed := false
	for j := 0; j < 9; j++ {
		for _, sec := range getSections(p, j) {
			if tacticOneOnSection(&sec) {
				changed = true
			}
		}
	}
	s.tracePuzzle("tactic 1: the puzzle after", p)
	s.tracef("tactic 1: made progress: %v", changed)
	return changed
}

// tacticTwoOnSection makes a set of sec the singleton {k} when it is the only set of
// sec holding k, for every k from 1 to 9. It reports whether any set changed.
func tacticTwoOnSection(sec *PuzzleSection) bool {
	changed := false
	for k := 1; k <= 9; k++ {
		holders, at := 0, 0
		for i := 0; i < 9; i++ {
			if member(k, *sec[i]) {
				holders, at = holders+1, i
			}
		}
		if holders == 1 && !isSingleton(*sec[at]) {
			*sec[at] = singletonSet(k)
			changed = true
		}
	}
	return changed
}

// tacticTwo runs tacticTwoOnSection once on every row, column and square of p. It
// reports whether any set of p changed.
func (s *Solver) tacticTwo(p *Puzzle) bool {
	s.tracePuzzle("tactic 2: the puzzle before", p)
	changed := false
	for j := 0; j < 9; j++ {
		for _, sec := range getSections(p, j) {
			if tacticTwoOnSection(&sec) {
				changed = true
			}
		}
	}
	s.tracePuzzle("tactic 2: the puzzle after", p)
	s.tracef("tactic 2: made progress: %v", changed)
	return changed
}

// tacticThree tries, on a copy of p, each candidate of the first set of p (in reading
// order) that is not a singleton, and runs the solver on the copy. When a copy is
// solved it is stored back into p and tacticThree returns solved; when no candidate
// works it returns unsolvable. It never returns working.
func (s *Solver) tacticThree(p *Puzzle) SolutionStatus {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			if isSingleton(p[i][j]) {
				continue
			}
			for k := 1; k <= 9; k++ {
				if !member(k, p[i][j]) {
					continue
				}
				q := *p
				q[i][j] = singletonSet(k)
				s.tracef("tactic 3: trying %d at row %d, column %d", k, i+1, j+1)
				if s.solve(&q) == solved {
					*p = q
					return solved
				}
				s.tracef("tactic 3: %d at row %d, column %d did not work", k, i+1, j+1)
			}
			s.tracef("tactic 3: no value works at row %d, column %d", i+1, j+1)
			return unsolvable
		}
	}
	return solved
}

// solve solves p in place: it runs tactics 1 and 2 over the whole puzzle until they
// make no more progress, and then tactic 3. It returns solved with p holding the
// solution, or unsolvable when p has no solution.
func (s *Solver) solve(p *Puzzle) SolutionStatus {
	for {
		if isSolved(p) {
			return solved
		}
		if anyEmpty(p) {
			return unsolvable
		}
		progress1 := s.tacticOne(p)
		progress2 := s.tacticTwo(p)
		if !progress1 && !progress2 {
			break
		}
	}
	return s.tacticThree(p)
}

// run reads the puzzle from in and writes the answer to out.
func run(in io.Reader, out io.Writer, trace io.Writer) error {
	var p Puzzle
	if err := readPuzzle(&p, in); err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	w.WriteString("The original puzzle:\n\n")
	printPuzzle(w, &p)
	w.WriteString("\n")

	s := &Solver{trace: trace}
	status := s.solve(&p)
	s.tracef("solver: the status is %v", status)
	if status == solved {
		w.WriteString("Solution:\n\n")
		printPuzzle(w, &p)
		w.WriteString("\nThe puzzle was solved.\n")
	} else {
		w.WriteString("The puzzle is unsolvable.\n")
	}
	return w.Flush()
}

func main() {
	debug := flag.Bool("debug", false, "trace the tactics on standard error")
	flag.Parse()
	var trace io.Writer
	if *debug {
		trace = os.Stderr
	}
	if err := run(os.Stdin, os.Stdout, trace); err != nil {
		fmt.Fprintln(os.Stderr, "tactics:", err)
		os.Exit(1)
	}
}
