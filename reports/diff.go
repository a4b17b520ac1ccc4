package reports

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Limits of UnifiedDiff: the inputs are cut to a window of at most diffWindow bytes
// each, starting a few lines before the first difference, and the line diff may take
// at most diffTimeout before it falls back to a coarser (still correct) answer.
const (
	diffWindow   = 256 << 10
	diffContext  = 3
	diffTimeout  = 300 * time.Millisecond
	diffLeadIn   = 2 * diffContext
	truncateNote = "\\ diff truncated\n"
)

// UnifiedDiff returns a unified diff (3 lines of context) that turns a into b, with
// nameA and nameB on the --- and +++ lines; "" when they are equal. Huge inputs are
// cut to a window around the first difference (hunk line numbers stay those of the
// whole files) and the text is cut at about maxBytes (no limit when maxBytes <= 0);
// either cut is marked by a line "\ diff truncated".
func UnifiedDiff(nameA, nameB string, a, b []byte, maxBytes int) string {
	if bytes.Equal(a, b) {
		return ""
	}
	skipped, a2, b2, cut := window(a, b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = diffTimeout
	ra, rb, lines := dmp.DiffLinesToRunes(string(a2), string(b2))
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(ra, rb, false), lines)

	var ops []lineOp
	for _, d := range diffs {
		for _, l := range splitLines(d.Text) {
			ops = append(ops, lineOp{d.Type, l})
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	full := writeHunks(&out, ops, skipped, maxBytes)
	if cut || !full {
		out.WriteString(truncateNote)
	}
	return out.String()
}

type lineOp struct {
	op   diffmatchpatch.Operation
	text string // with its "\n", unless it is the last line of a file without one
}

// window cuts both texts to at most diffWindow bytes, starting diffLeadIn lines
// before the line of the first differing byte. It returns the number of whole lines
// skipped before the window and whether anything after the window was cut.
func window(a, b []byte) (skipped int, wa, wb []byte, cut bool) {
	if len(a) <= diffWindow && len(b) <= diffWindow {
		return 0, a, b, false
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	start := bytes.LastIndexByte(a[:n], '\n') + 1
	for i := 0; i < diffLeadIn && start > 0; i++ {
		start = bytes.LastIndexByte(a[:start-1], '\n') + 1
	}
	skipped = bytes.Count(a[:start], []byte("\n"))
	wa, wb = a[start:], b[start:]
	if len(wa) > diffWindow {
		wa, cut = wa[:lineEnd(wa, diffWindow)], true
	}
	if len(wb) > diffWindow {
		wb, cut = wb[:lineEnd(wb, diffWindow)], true
	}
	return skipped, wa, wb, cut
}

// lineEnd returns the end of the last whole line within s[:limit], or limit when the
// first line is longer.
func lineEnd(s []byte, limit int) int {
	if i := bytes.LastIndexByte(s[:limit], '\n'); i >= 0 {
		return i + 1
	}
	return limit
}

func splitLines(s string) []string {
	parts := strings.SplitAfter(s, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// writeHunks writes the hunks of ops, merging changes less than 2×context lines
// apart. Line numbers start after skipped lines. It stops before a hunk would take
// the text past maxBytes and then returns false.
func writeHunks(out *strings.Builder, ops []lineOp, skipped, maxBytes int) bool {
	var changes []int
	for i, o := range ops {
		if o.op != diffmatchpatch.DiffEqual {
			changes = append(changes, i)
		}
	}
	for g := 0; g < len(changes); {
		h := g
		for h+1 < len(changes) && changes[h+1]-changes[h] <= 2*diffContext+1 {
			h++
		}
		from := max(0, changes[g]-diffContext)
		to := min(len(ops), changes[h]+diffContext+1)
		oldStart, newStart := skipped+1, skipped+1
		for _, o := range ops[:from] {
			if o.op != diffmatchpatch.DiffInsert {
				oldStart++
			}
			if o.op != diffmatchpatch.DiffDelete {
				newStart++
			}
		}
		var body strings.Builder
		oldN, newN := 0, 0
		for _, o := range ops[from:to] {
			prefix := " "
			switch o.op {
			case diffmatchpatch.DiffDelete:
				prefix = "-"
				oldN++
			case diffmatchpatch.DiffInsert:
				prefix = "+"
				newN++
			default:
				oldN++
				newN++
			}
			body.WriteString(prefix)
			body.WriteString(o.text)
			if !strings.HasSuffix(o.text, "\n") {
				body.WriteString("\n\\ No newline at end of file\n")
			}
		}
		hunk := fmt.Sprintf("@@ -%s +%s @@\n%s", span(oldStart, oldN), span(newStart, newN), body.String())
		if maxBytes > 0 && out.Len()+len(hunk) > maxBytes {
			if g == 0 { // show at least the start of the first hunk
				room := max(0, maxBytes-out.Len())
				out.WriteString(hunk[:lineEnd([]byte(hunk), min(room, len(hunk)))])
			}
			return false
		}
		out.WriteString(hunk)
		g = h + 1
	}
	return true
}

// span formats a hunk range: "start,count", with the start of an empty range being
// the line before it, as diff(1) does.
func span(start, n int) string {
	if n == 0 {
		start--
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
