package sudoku

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

// Check judges a run's standard output in two passes.
//
// The content pass reads the output as a stream of non-blank characters, so that
// spacing cannot hide content: the header, the echo of the puzzle (it must match the
// input cell by cell), then either the Solution block and "The puzzle was solved." or
// "The puzzle is unsolvable.", and nothing after. A solution must be complete, keep
// every given and repeat no digit in a row, column or square; any valid solution is
// accepted, so puzzles with several solutions need no particular one. Whether the
// puzzle is solvable the checker works out itself. A fault here is WA.
//
// The layout pass compares the lines with the exact expected text built from the
// output's own content; trailing spaces, carriage returns and empty lines at the very
// end are forgiven. A fault here is PE, with a diff against that expected layout in
// Details. (For WA, judge run already diffs the output against the .ans file.)
func (p *Problem) Check(ds problems.Dataset, out problems.Output) (o problems.Outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = problems.Rejected(problems.JE, "sudoku checker failed: %v", r)
		}
	}()
	puzzle, err := ParseInput(ds.Input)
	if err != nil {
		return problems.Rejected(problems.JE, "dataset %s: invalid input: %v", ds.Name, err)
	}
	n, _ := Solutions(puzzle, 1)
	return judgeOutput(puzzle, n > 0, out.Stdout)
}

// judgeOutput checks output against puzzle, whose solvability the caller has decided.
func judgeOutput(puzzle grid.Grid, solvable bool, output []byte) problems.Outcome {
	r := &reader{data: output, line: 1, col: 1}
	wa := func(line, col int, format string, args ...any) problems.Outcome {
		return problems.Rejected(problems.WA, "line %d, column %d: %s", line, col, fmt.Sprintf(format, args...))
	}
	if l, c, ok := r.phrase(headOriginal); !ok {
		if !r.more() {
			return problems.Rejected(problems.WA, "empty output: expected %q", headOriginal)
		}
		return wa(l, c, "expected %q, found %s", headOriginal, r.found())
	}

	// The echo of the puzzle.
	for i := 0; i < grid.Size; i++ {
		b, l, c, ok := r.next()
		if !ok {
			return wa(l, c, "output ends inside the echo of the puzzle (row %d, column %d)", i/9+1, i%9+1)
		}
		if want := grid.Char(puzzle[i]); b != want {
			return wa(l, c, "the echo shows %s at row %d, column %d, but the input has %q", show(b), i/9+1, i%9+1, want)
		}
	}

	// The solution block, if any. Without one, the status must follow.
	var sol grid.Grid
	var at [grid.Size][2]int // line and column of each cell of the solution
	solLine, solCol := r.pos()
	_, _, hasSol := r.phrase(headSolution)
	if hasSol {
		for i := 0; i < grid.Size; i++ {
			b, l, c, ok := r.next()
			at[i] = [2]int{l, c}
			switch {
			case !ok:
				return wa(l, c, "output ends inside the solution (row %d, column %d)", i/9+1, i%9+1)
			case '1' <= b && b <= '9':
				sol[i] = b - '0'
			case b == '-' || b == '0':
				if solvable {
					return wa(l, c, "%s at row %d, column %d of the solution: every cell must hold a digit 1-9", show(b), i/9+1, i%9+1)
				}
				// An unsolvable puzzle's partial grid: only the status below decides.
			default:
				return wa(l, c, "expected a digit of the solution (row %d, column %d), found %s", i/9+1, i%9+1, r.found())
			}
		}
		if solvable {
			for i, v := range puzzle {
				if v != 0 && sol[i] != v {
					return wa(at[i][0], at[i][1], "solution row %d, column %d: %d replaces the given %d", i/9+1, i%9+1, sol[i], v)
				}
			}
			if a, b, clash := sol.Conflict(); clash {
				return wa(at[b][0], at[b][1], "solution row %d, column %d: %d appears twice in %s (also at row %d, column %d)",
					b/9+1, b%9+1, sol[b], grid.Unit(a, b), a/9+1, a%9+1)
			}
		}
	}

	// The status line.
	l, c := r.pos()
	declared := ""
	for _, s := range []string{statusSolved, statusNone} {
		if _, _, ok := r.phrase(s); ok {
			declared = s
			break
		}
	}
	expected := fmt.Sprintf("the status line %q or %q", statusSolved, statusNone)
	if !hasSol {
		expected = fmt.Sprintf("%q or %q", headSolution, statusNone)
	}
	switch {
	case declared == "" && !r.more():
		return wa(l, c, "output ends where %s should be", expected)
	case declared == "":
		return wa(l, c, "expected %s, found %s", expected, r.found())
	case declared == statusNone && solvable:
		return wa(l, c, "the output declares the puzzle unsolvable, but it has a solution")
	case declared == statusSolved && !solvable:
		return wa(l, c, "the output says the puzzle was solved, but it has no solution")
	case declared == statusSolved && !hasSol:
		return wa(l, c, "the output says the puzzle was solved but gives no %q block", headSolution)
	}
	if r.more() {
		l, c := r.pos()
		return wa(l, c, "unexpected output after the status line: %s", r.found())
	}

	// The content is right; now the layout.
	want := Answer(puzzle, nil)
	if solvable {
		want = Answer(puzzle, &sol)
	}
	var o problems.Outcome
	if hasSol && !solvable {
		o = problems.Rejected(problems.PE, "line %d, column %d: the status is right, but an unsolvable puzzle takes no %q block",
			solLine, solCol, headSolution)
	} else if l, c, exp, got, ok := layout(want, output); !ok {
		o = problems.Rejected(problems.PE, "line %d, column %d: layout: expected %s, found %s", l, c, exp, got)
	} else if solvable {
		return problems.Accepted(1, "solved")
	} else {
		return problems.Accepted(1, "declared unsolvable")
	}
	o.Details = diffText("expected layout", "output", want, output)
	return o
}

// layout compares the output's lines with want's, forgiving trailing blanks on each
// line and empty lines at the end. On the first difference it returns the 1-based line
// and column (counted in characters) of the first character that differs, and both
// lines, quoted. When the output runs out of lines first, the position is where it
// ended: the start of the line after its last one, or the end of its last line when
// no newline follows that. The output is read in place, a line at a time: an output
// of millions of blank lines costs no more than its size.
func layout(want string, output []byte) (line, col int, exp, got string, ok bool) {
	wl := lines([]byte(want))
	n := contentLines(output)
	rest := output
	for i := 0; i < len(wl) || i < n; i++ {
		var g []byte
		if i < n {
			g, rest, _ = bytes.Cut(rest, []byte{'\n'})
			g = bytes.TrimRight(g, blanks)
		}
		switch {
		case i >= len(wl):
			return i + 1, 1, "the end of the output", quoteBytes(g), false
		case i >= n:
			l, c := endOf(output, i)
			return l, c, quote(wl[i]), "the end of the output", false
		case string(g) != wl[i]:
			return i + 1, firstDiff(wl[i], g), quote(wl[i]), quoteBytes(g), false
		}
	}
	return 0, 0, "", "", true
}

// blanks are what layout forgives at the end of a line.
const blanks = " \t\r"

// contentLines returns how many lines of output there are up to its last one that
// is not empty once its trailing blanks are cut: the lines layout compares.
func contentLines(output []byte) int {
	n := 0
	for i, rest, more := 1, output, true; more; i++ {
		var l []byte
		l, rest, more = bytes.Cut(rest, []byte{'\n'})
		if len(bytes.TrimRight(l, blanks)) > 0 {
			n = i
		}
	}
	return n
}

// firstDiff returns the 1-based column, in characters, of the first character where
// a and b differ; when one is a prefix of the other, the column just past the shorter.
// Bytes that are not valid UTF-8 count one column each.
func firstDiff(a string, b []byte) int {
	col := 1
	for a != "" && len(b) > 0 {
		_, na := utf8.DecodeRuneInString(a)
		_, nb := utf8.DecodeRune(b)
		if a[:na] != string(b[:nb]) {
			break
		}
		a, b, col = a[na:], b[nb:], col+1
	}
	return col
}

// endOf returns where output's content ends when only blanks follow its first n
// lines: line n+1, column 1 when a newline follows line n, else the column just past
// the last character of line n.
func endOf(output []byte, n int) (line, col int) {
	if n <= bytes.Count(output, []byte{'\n'}) {
		return n + 1, 1
	}
	// Line n is the last, after the last newline.
	return n, utf8.RuneCount(output[bytes.LastIndexByte(output, '\n')+1:]) + 1
}

// lines splits text into lines without trailing blanks, dropping empty lines at the end.
func lines(text []byte) []string {
	ls := strings.Split(string(text), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, blanks)
	}
	for len(ls) > 0 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// reader walks an output's non-blank bytes, tracking 1-based lines and columns.
type reader struct {
	data      []byte
	i         int
	line, col int
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// skip moves past blanks.
func (r *reader) skip() {
	for r.i < len(r.data) && isBlank(r.data[r.i]) {
		if r.data[r.i] == '\n' {
			r.line, r.col = r.line+1, 0
		}
		r.i++
		r.col++
	}
}

// pos returns the line and column of the next non-blank byte (or of the end).
func (r *reader) pos() (int, int) {
	r.skip()
	return r.line, r.col
}

func (r *reader) more() bool {
	r.skip()
	return r.i < len(r.data)
}

// next returns the next non-blank byte and its position; ok is false at the end, with
// the position of the end.
func (r *reader) next() (b byte, line, col int, ok bool) {
	r.skip()
	if r.i >= len(r.data) {
		return 0, r.line, r.col, false
	}
	b, line, col = r.data[r.i], r.line, r.col
	r.i++
	r.col++
	return b, line, col, true
}

// phrase consumes the non-blank bytes of s, blanks between them forgiven. When they do
// not follow, it returns the position of the first one that differs and ok false; the
// reader is then left where it was.
func (r *reader) phrase(s string) (line, col int, ok bool) {
	save := *r
	for i := 0; i < len(s); i++ {
		if isBlank(s[i]) {
			continue
		}
		b, l, c, more := r.next()
		if !more || b != s[i] {
			*r = save
			return l, c, false
		}
	}
	return 0, 0, true
}

// found quotes a short piece of the output's line from the reader's next byte on.
func (r *reader) found() string {
	r.skip()
	if r.i >= len(r.data) {
		return "the end of the output"
	}
	rest := r.data[r.i:]
	if k := bytes.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	return quoteBytes(rest)
}

// quote quotes s for a one-line message, cut to 30 bytes.
func quote(s string) string {
	if len(s) > 30 {
		return fmt.Sprintf("%q…", s[:30])
	}
	return fmt.Sprintf("%q", s)
}

// quoteBytes is quote for a piece of the output, which it does not copy whole.
func quoteBytes(b []byte) string {
	if len(b) > 30 {
		return quote(string(b[:31])) // still over 30 bytes: cut, with its mark
	}
	return quote(string(b))
}

// show names one output byte.
func show(b byte) string {
	if b >= 0x21 && b < 0x7f {
		return fmt.Sprintf("%q", rune(b))
	}
	return fmt.Sprintf("byte 0x%02x", b)
}
