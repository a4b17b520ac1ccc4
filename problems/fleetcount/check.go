package fleetcount

import (
	"bytes"
	"fmt"

	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/fleetcount/board"
)

// answer is a parsed output: the total and R rows of C per-cell counts, each a
// canonical decimal string (digits only, no leading zero), so that two numbers are
// equal exactly when their strings are, whatever their size.
type answer struct {
	total string
	cells [][]string
}

// Check judges a run's output against the answer file. A layout that does not
// follow the statement is PE naming the line and column; a well-formed output
// with a wrong number is WA naming the total or the first wrong cell.
func (*Problem) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	b, err := board.Parse(ds.Input)
	if err != nil {
		return problems.Rejected(problems.JE, "input %s: %v", ds.InPath, err)
	}
	want, err := parseAnswer(ds.Answer, b.R, b.C)
	if err != nil {
		return problems.Rejected(problems.JE, "answer file %s: %v", ds.AnsPath, err)
	}
	return judge(want, out.Stdout, b.R, b.C)
}

// judge compares an output with the expected answer for an R × C board.
func judge(want *answer, stdout []byte, r, c int) problems.Outcome {
	got, err := parseAnswer(stdout, r, c)
	if err != nil {
		return problems.Rejected(problems.PE, "%v", err)
	}
	if got.total != want.total {
		return problems.Rejected(problems.WA, "total: got %s, want %s", short(got.total), short(want.total))
	}
	for i := range want.cells {
		for j := range want.cells[i] {
			if got.cells[i][j] != want.cells[i][j] {
				return problems.Rejected(problems.WA, "row %d, column %d: got %s, want %s",
					i+1, j+1, short(got.cells[i][j]), short(want.cells[i][j]))
			}
		}
	}
	return problems.Accepted(1, "total %s and all %d cells right", short(want.total), r*c)
}

// short abbreviates a long number for a one-line message.
func short(s string) string { return clip.Word(s, "digits") }

// parseAnswer reads an output strictly: a line with the total, then r lines of c
// numbers separated by single spaces, every line ending with a newline (the last
// one may lack it), numbers in canonical decimal form. Errors name line and column.
func parseAnswer(data []byte, r, c int) (*answer, error) {
	a := &answer{cells: make([][]string, r)}
	rest := data
	for ln := 1; ln <= r+1; ln++ {
		if len(rest) == 0 {
			return nil, problems.Errorf(ln, 1, "output ends after %d lines, want %d", ln-1, r+1)
		}
		line := rest
		if k := bytes.IndexByte(rest, '\n'); k >= 0 {
			line, rest = rest[:k], rest[k+1:]
		} else {
			rest = nil
		}
		want := c
		if ln == 1 {
			want = 1
		}
		nums, err := numbers(line, ln, want)
		if err != nil {
			return nil, err
		}
		if ln == 1 {
			a.total = nums[0]
		} else {
			a.cells[ln-2] = nums
		}
	}
	if len(rest) > 0 {
		return nil, problems.Errorf(r+2, 1, "unexpected output after the last row")
	}
	return a, nil
}

// numbers splits a line into exactly n canonical non-negative integers.
func numbers(line []byte, ln, n int) ([]string, error) {
	what := "the total"
	if ln > 1 {
		what = fmt.Sprintf("row %d", ln-1)
	}
	out := make([]string, 0, n)
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) {
			ch := line[i]
			if ch >= '0' && ch <= '9' {
				continue
			}
			if ch != ' ' {
				return nil, problems.Errorf(ln, i+1, "%s: unexpected character %q; want digits separated by single spaces", what, ch)
			}
		}
		if i == start {
			switch {
			case i == 0 && len(line) == 0:
				return nil, problems.Errorf(ln, 1, "%s: empty line", what)
			case i == len(line):
				return nil, problems.Errorf(ln, i, "%s: trailing space", what)
			default:
				return nil, problems.Errorf(ln, i+1, "%s: extra space", what)
			}
		}
		tok := line[start:i]
		if len(tok) > 1 && tok[0] == '0' {
			return nil, problems.Errorf(ln, start+1, "%s: leading zero in %q", what, abbrev(tok))
		}
		if len(out) == n {
			return nil, problems.Errorf(ln, start+1, "%s: more than %d numbers", what, n)
		}
		out = append(out, string(tok))
		start = i + 1
	}
	if len(out) < n {
		return nil, problems.Errorf(ln, len(line)+1, "%s: %d numbers, want %d", what, len(out), n)
	}
	return out, nil
}

func abbrev(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}
