package bestmove

import (
	"fmt"
	"strings"
	"time"

	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/problems"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// maxDiffBytes caps how much of the output goes into the diff of the details.
const maxDiffBytes = 64 << 10

// listedSquares is how many squares of a list a message names; the rest are
// counted. A program may print millions, and a message is one line.
const listedSquares = 12

// Check judges an output against the answer file. Layout is free as far as the
// line patterns allow (spacing, letter case, blank lines, "data set(s)"); content is
// not: the header's count, and for each data set its number, value and squares in
// order. Wrong content is WA naming the data set; right content in a layout that
// does not parse line by line is PE. Both name the line and column of the output
// where the fault is.
func (*Problem) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	want, err := parseAnswer(ds.Answer)
	if err != nil {
		return problems.Rejected(problems.JE, "answer file %s: %v", ds.AnsPath, err)
	}
	if want.beyond() {
		return problems.Rejected(problems.JE, "answer file %s: more than %d data sets or %d squares in one", ds.AnsPath, keptSets-1, keptSquares-1)
	}
	o := judge(want, out.Stdout)
	if o.Verdict != problems.AC {
		o.Details = diffText(ds.Answer, out.Stdout)
	}
	return o
}

// judge compares an output with the parsed expected answer.
func judge(want answer, stdout []byte) problems.Outcome {
	got, perr := parseAnswer(stdout)
	if perr == nil {
		if at, msg := compare(want, got); msg != "" {
			return problems.Rejected(problems.WA, "%v: %s", at, msg)
		}
		if len(want.sets) == 1 {
			return problems.Accepted(1, "1 data set right")
		}
		return problems.Accepted(1, "%d data sets right", len(want.sets))
	}
	wantToks, wantSet := tokensOf(want)
	gotToks, end := tokens(stdout, len(wantToks)+1)
	for k := range wantToks {
		if k >= len(gotToks) {
			return problems.Rejected(problems.WA, "%v: %s: output ends early (%v)", end, where(wantSet[k]), perr)
		}
		if g := gotToks[k]; g.text != wantToks[k] {
			return problems.Rejected(problems.WA, "%v: %s: found %s where %s was expected (%v)",
				g.at, where(wantSet[k]), clip.Word(g.text, "characters"), wantToks[k], perr)
		}
	}
	if len(gotToks) > len(wantToks) {
		g := gotToks[len(wantToks)]
		return problems.Rejected(problems.WA, "%v: extra output after data set %d: %s (%v)", g.at, len(want.sets), clip.Word(g.text, "characters"), perr)
	}
	return problems.Rejected(problems.PE, "right values, malformed layout: %v", perr)
}

// where names the part of the output a token belongs to.
func where(set int) string {
	if set == 0 {
		return "header"
	}
	return fmt.Sprintf("data set %d", set)
}

// compare returns what is wrong with a well-formed output and where in the output
// it is, or "" when the output is right.
func compare(want, got answer) (place, string) {
	if got.count != want.count {
		return got.countAt, fmt.Sprintf("header: analyzing %d data sets, expected %d", got.count, want.count)
	}
	for i, w := range want.sets {
		n := i + 1
		if i >= got.nsets {
			return got.end, fmt.Sprintf("data set %d: missing (output has %d of %d)", n, got.nsets, len(want.sets))
		}
		g := got.sets[i]
		switch {
		case g.label != w.label:
			return g.labelAt, fmt.Sprintf("data set %d: labelled Data Set %d", n, g.label)
		case g.value != w.value:
			return g.valueAt, fmt.Sprintf("data set %d: value %d, expected %d", n, g.value, w.value)
		}
		if k, msg := compareSquares(w.squares, g.squares, g.nsquares); msg != "" {
			return g.squareAt[k], fmt.Sprintf("data set %d: %s", n, msg)
		}
	}
	if got.nsets > len(want.sets) {
		return got.sets[len(want.sets)].at, fmt.Sprintf("data set %d: not in the input (output has %d data sets, expected %d)",
			len(want.sets)+1, got.nsets, len(want.sets))
	}
	return place{}, ""
}

// compareSquares describes the first difference between two square lists, and
// returns the index in got of the square it is about: the square that is not a best
// move, else the first that differs from want, or len(got) when got is want cut short.
// total is how many squares the output listed, got holding the first of them; when
// it holds fewer (total is more than a grid has), the message is about a square
// of got that is not a best move or, when they all are, the first repeated one.
func compareSquares(want, got []string, total int) (int, string) {
	in := func(list []string, s string) bool {
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	if total > len(got) {
		for k, s := range got {
			if !in(want, s) {
				return k, fmt.Sprintf("square %s is not a best move (expected %s)", s, squares(want))
			}
		}
		// All best moves, and more of them than a grid has: some come twice.
		k := 1
		for k < len(got)-1 && !in(got[:k], got[k]) {
			k++
		}
		return k, fmt.Sprintf("squares listed more than once: %s again, of %d listed (expected %s)", got[k], total, squares(want))
	}
	first := 0 // the first index where got and want differ
	for first < len(got) && first < len(want) && got[first] == want[first] {
		first++
	}
	for _, s := range want {
		if !in(got, s) {
			return first, fmt.Sprintf("square %s missing (expected %s, found %s)", s, squares(want), squares(got))
		}
	}
	for k, s := range got {
		if !in(want, s) {
			return k, fmt.Sprintf("square %s is not a best move (expected %s)", s, squares(want))
		}
	}
	if len(got) != len(want) {
		return first, fmt.Sprintf("squares listed more than once (expected %s, found %s)", squares(want), squares(got))
	}
	for i := range want {
		if got[i] != want[i] {
			return i, fmt.Sprintf("squares out of order: %s before %s (expected row by row: %s)", got[i], want[i], squares(want))
		}
	}
	return 0, ""
}

// squares writes a list of squares for a message: the first listedSquares of
// them, and how many there are when there are more.
func squares(list []string) string { return clip.List(list, ", ", listedSquares) }

// diffText renders a line diff of the expected answer against the output, the
// output cut to maxDiffBytes and made valid UTF-8.
func diffText(expected, actual []byte) string {
	cut := ""
	if len(actual) > maxDiffBytes {
		actual = actual[:maxDiffBytes]
		cut = fmt.Sprintf("(output cut to its first %d bytes)\n", maxDiffBytes)
	}
	exp := strings.ToValidUTF8(string(expected), "\uFFFD")
	act := strings.ToValidUTF8(string(actual), "\uFFFD")
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 200 * time.Millisecond
	a, b, lines := dmp.DiffLinesToChars(exp, act)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var sb strings.Builder
	sb.WriteString("--- expected\n+++ output\n")
	sb.WriteString(cut)
	for _, d := range diffs {
		prefix := " "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			prefix = "-"
		case diffmatchpatch.DiffInsert:
			prefix = "+"
		}
		text := strings.TrimSuffix(d.Text, "\n")
		for _, l := range strings.Split(text, "\n") {
			sb.WriteString(prefix)
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
