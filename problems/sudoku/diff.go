package sudoku

import (
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffLimit bounds how much of an output goes into a diff: a sudoku answer is 31
// lines, and a run may print up to the output limit of garbage.
const diffLimit = 4 << 10

// diffText renders a line diff of want against got for an outcome's Details: a
// "--- a" / "+++ b" header, then every line prefixed with ' ', '-' or '+'. Output
// beyond diffLimit bytes is cut and the cut is said.
func diffText(nameA, nameB, want string, got []byte) string {
	cut := ""
	if len(got) > diffLimit {
		got, cut = got[:diffLimit], "(output cut at 4 KiB)\n"
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 200 * time.Millisecond
	a, b, table := dmp.DiffLinesToRunes(want, string(got))
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(a, b, false), table)

	var s strings.Builder
	s.WriteString("--- " + nameA + "\n+++ " + nameB + "\n")
	for _, d := range diffs {
		mark := " "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			mark = "-"
		case diffmatchpatch.DiffInsert:
			mark = "+"
		}
		text := d.Text
		if !strings.HasSuffix(text, "\n") {
			text += "\n\\ No newline at end of file\n"
		}
		for _, l := range strings.SplitAfter(text, "\n") {
			if l != "" {
				if strings.HasPrefix(l, `\ No newline`) {
					s.WriteString(l)
				} else {
					s.WriteString(mark + l)
				}
			}
		}
	}
	s.WriteString(cut)
	return s.String()
}
