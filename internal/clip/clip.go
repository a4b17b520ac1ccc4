// Package clip shortens text that comes from a program's output before it goes
// into a one-line message: a number of a million digits, a list of millions of
// squares, a message of megabytes. A message is stored, printed and drawn in
// every report, so its size must not follow the size of the output.
package clip

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Word lengths: a word longer than wordMax bytes keeps its first wordHead and
// last wordTail bytes.
const (
	wordMax  = 40
	wordHead = 16
	wordTail = 8
)

// Word abbreviates one long word of an output (a number, a token) for a message:
// up to 40 bytes it is s itself, longer it is its start and end around an
// ellipsis, with its length in characters and what they are, e.g.
// "1234567890123456…45678901 (5000000 digits)".
func Word(s, unit string) string {
	if len(s) <= wordMax {
		return s
	}
	head, tail := s[:start(s, wordHead)], s[start(s, len(s)-wordTail):]
	return fmt.Sprintf("%s…%s (%d %s)", head, tail, utf8.RuneCountInString(s), unit)
}

// List joins the first n items with sep, and when there are more, says how many
// there are in all after an ellipsis: "A1, B2, … (3000001 in all)". Each item is
// cut with Word, in characters.
func List(items []string, sep string, n int) string {
	var b strings.Builder
	for i, it := range items {
		if i == n {
			b.WriteString(sep)
			b.WriteString("… (" + strconv.Itoa(len(items)) + " in all)")
			break
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(Word(it, "characters"))
	}
	return b.String()
}

// Text cuts s to at most max bytes: when it is longer, its start up to a
// character boundary and a marker saying how much was cut, "… (N bytes cut)",
// together max bytes or fewer. A valid UTF-8 s stays valid. A max too small
// for the marker gives the marker alone.
func Text(s string, max int) string {
	if len(s) <= max {
		return s
	}
	// The marker is widest when the most is cut; reserving that much keeps the
	// result within max whatever the cut.
	room := max - len(marker(len(s)))
	if room < 0 {
		room = 0
	}
	keep := start(s, room)
	return s[:keep] + marker(len(s)-keep)
}

func marker(cut int) string { return "… (" + strconv.Itoa(cut) + " bytes cut)" }

// start returns the largest i ≤ n (0 ≤ n ≤ len(s)) at which a character of s
// starts, or len(s): cutting there splits no character. Bytes that are not
// UTF-8 count as characters of their own.
func start(s string, n int) int {
	for k := 0; k < utf8.UTFMax && n > 0 && n < len(s) && !utf8.RuneStart(s[n]); k++ {
		n--
	}
	return n
}
