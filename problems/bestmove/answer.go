package bestmove

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// answer is an output read line by line: the header's data set count and one entry
// per data set, with where each was found for messages. Only the first keptSets
// data sets are kept, and in each only the first keptSquares squares; the rest are
// counted. No right answer has more (the statement allows 50 data sets, and a
// grid has 100 squares), and an output of megabytes then costs the judge no more
// than its size.
type answer struct {
	count   int
	countAt place // the header's count
	sets    []setAnswer
	nsets   int   // how many data sets the output has, kept or not
	end     place // just past the last character of the output
}

// The most data sets and squares per data set an answer keeps: one more than a
// right answer can have, so that the first one too many has its place.
const (
	keptSets    = board.MaxDataSets + 1
	keptSquares = board.Size*board.Size + 1
)

// setAnswer is the two lines of one data set.
type setAnswer struct {
	label    int      // the number after "Data Set"
	value    int      // the best value
	squares  []string // normalised square names: upper-case letter, row without zeros in front
	nsquares int      // how many squares the line lists, kept or not
	at       place    // the first character of the "Data Set" line
	labelAt  place    // the number after "Data Set"
	valueAt  place    // the best value
	// squareAt holds where each kept square starts, and one more entry: just past
	// the last square, where a missing one would go.
	squareAt []place
}

// beyond reports whether the answer has more data sets or squares than it keeps:
// it is then no right answer, and no answer file.
func (a *answer) beyond() bool {
	if a.nsets > len(a.sets) {
		return true
	}
	for _, s := range a.sets {
		if s.nsquares > len(s.squares) {
			return true
		}
	}
	return false
}

// place is a position in an output: a 1-based line and column, the column counted in
// characters (a byte that is not valid UTF-8 counts as one).
type place struct{ line, col int }

// String writes the position as messages start: "line L, column C".
func (p place) String() string { return fmt.Sprintf("line %d, column %d", p.line, p.col) }

// colCounter turns increasing byte offsets into one line into 1-based columns,
// counting the characters in between only once.
type colCounter struct {
	s        string
	off, col int
}

func newColCounter(s string) *colCounter { return &colCounter{s: s, col: 1} }

// at returns the column of byte offset off, which is at least the last one asked
// for and falls on the start of a character.
func (c *colCounter) at(off int) int {
	c.col += utf8.RuneCountInString(c.s[c.off:off])
	c.off = off
	return c.col
}

// The line forms, matched against the lower-cased line. Spacing is free, even none
// between words; numbers are at most 9 digits, so they always fit in an int. The
// patterns decide whether a line has its form; faultOffset (below) only finds where
// a line that has not goes wrong, and its tests hold the two to the same answer.
// They are compiled when first needed, not when the binary starts.
var (
	headerRE = lazyRegexp(`^\s*analyzing\s*(\d{1,9})\s*data\s*set(?:s|\s*\(\s*s\s*\))?\s*$`)
	setRE    = lazyRegexp(`^\s*data\s*set\s*(\d{1,9})\s*$`)
	bestRE   = lazyRegexp(`^\s*best\s*move\s*value\s*:\s*(\d{1,9})\s*at\s*([a-j]\s*\d{1,9}(?:\s*,\s*[a-j]\s*\d{1,9})*)\s*$`)
)

// lazyRegexp returns a function that compiles expr on its first call.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// lower lower-cases an ASCII letter and returns any other byte as it is.
func lower(ch byte) byte {
	if ch >= 'A' && ch <= 'Z' {
		ch += 'a' - 'A'
	}
	return ch
}

// lowerString returns b as a string with its ASCII letters lower-cased and every
// other byte as it is.
func lowerString(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	for _, ch := range b {
		sb.WriteByte(lower(ch))
	}
	return sb.String()
}

// parseAnswer reads an output in the expected layout: a header line, then a
// "Data Set" line and a "Best Move Value" line per data set. Blank lines are
// skipped; letter case and spacing are free. The first malformed line is an error,
// a *problems.InputError naming the line and the column of its first character that
// does not fit the form (or where the output ends, when it ends too early).
//
// The text is read a line at a time, and only a line that is not blank is copied
// (lower-cased): what parseAnswer allocates stays within the size of the text
// plus the data sets and squares it keeps (see answer).
func parseAnswer(text []byte) (answer, error) {
	var a answer
	lastStart := bytes.LastIndexByte(text, '\n') + 1
	a.end = place{bytes.Count(text, []byte{'\n'}) + 1, utf8.RuneCount(text[lastStart:]) + 1}
	state := 0 // 0: header next, 1: "Data Set" next, 2: "Best Move" next
	for no, rest, more := 1, text, true; more; no++ {
		var raw []byte
		raw, rest, more = bytes.Cut(rest, []byte{'\n'})
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		l := lowerString(raw)
		fault := func(f lineForm, format string, args ...any) error {
			off := max(faultOffset(f, l), 0) // never -1 here: the walker agrees with the patterns
			return problems.Errorf(no, utf8.RuneCountInString(l[:off])+1, format, args...)
		}
		cols := newColCounter(l)
		switch state {
		case 0:
			m := headerRE().FindStringSubmatchIndex(l)
			if m == nil {
				return a, fault(headerForm, "expected \"Analyzing N data sets\"")
			}
			a.count, a.countAt = atoi(l[m[2]:m[3]]), place{no, cols.at(m[2])}
			state = 1
		case 1:
			m := setRE().FindStringSubmatchIndex(l)
			if m == nil {
				return a, fault(setForm, "expected \"Data Set %d\"", a.nsets+1)
			}
			a.nsets++
			if len(a.sets) < keptSets {
				start := len(l) - len(strings.TrimLeft(l, reSpace))
				a.sets = append(a.sets, setAnswer{
					label:   atoi(l[m[2]:m[3]]),
					at:      place{no, cols.at(start)},
					labelAt: place{no, cols.at(m[2])},
				})
			}
			state = 2
		case 2:
			m := bestRE().FindStringSubmatchIndex(l)
			if m == nil {
				return a, fault(bestForm, "expected \"Best Move Value: V at SQUARES\" for data set %d", a.nsets)
			}
			if a.nsets == len(a.sets) {
				s := &a.sets[len(a.sets)-1]
				s.value, s.valueAt = atoi(l[m[2]:m[3]]), place{no, cols.at(m[2])}
				readSquares(s, l[m[4]:m[5]], m[4], no, cols)
			}
			state = 1
		}
	}
	switch state {
	case 0:
		return a, problems.Errorf(a.end.line, a.end.col, "no \"Analyzing N data sets\" line")
	case 2:
		return a, problems.Errorf(a.end.line, a.end.col, "data set %d has no \"Best Move Value\" line", a.nsets)
	}
	return a, nil
}

// readSquares reads the square list of a "Best Move Value" line into s: list is
// the part of line no that the pattern matched as squares, starting at byte
// offset off. It keeps the first keptSquares and counts them all.
func readSquares(s *setAnswer, list string, off, no int, cols *colCounter) {
	isSpace := func(i int) bool { return i < len(list) && strings.IndexByte(reSpace, list[i]) >= 0 }
	// The pattern has checked the list: letter, spacing, digits, then spacing,
	// a comma and spacing before each further square.
	for i := 0; i < len(list); {
		letterAt := i
		for i++; isSpace(i); i++ {
		}
		j := i
		for j < len(list) && '0' <= list[j] && list[j] <= '9' {
			j++
		}
		if s.nsquares < keptSquares {
			s.squares = append(s.squares, squareName(list[letterAt:letterAt+1], list[i:j]))
			s.squareAt = append(s.squareAt, place{no, cols.at(off + letterAt)})
		}
		s.nsquares++
		for i = j; isSpace(i) || i < len(list) && list[i] == ','; i++ {
		}
	}
	s.squareAt = append(s.squareAt, place{no, cols.at(off + len(list))})
}

// reSpace is what \s matches in the patterns.
const reSpace = "\t\n\f\r "

// lineForm names one of the three line forms.
type lineForm int

const (
	headerForm lineForm = iota // Analyzing N data set(s)
	setForm                    // Data Set N
	bestForm                   // Best Move Value: V at SQUARES
)

// faultOffset walks a lower-cased line along form f, as its pattern reads it, and
// returns the byte offset of the first character that no line of the form can have
// there. When the line stops short, that is its end (before a final carriage return,
// which belongs to the line break). It returns -1 for a line of the form.
func faultOffset(f lineForm, l string) int {
	w := &walker{s: l}
	w.space()
	switch f {
	case headerForm:
		_ = w.word("analyzing") && w.space() && w.number() && w.space() && w.word("data") && w.space() && w.word("set") &&
			w.setSuffix() && w.space() && w.end()
	case setForm:
		_ = w.word("data") && w.space() && w.word("set") && w.space() && w.number() && w.space() && w.end()
	case bestForm:
		ok := w.word("best") && w.space() && w.word("move") && w.space() && w.word("value") && w.space() &&
			w.word(":") && w.space() && w.number() && w.space() && w.word("at") && w.space() && w.square()
		for ok && w.space() && !w.end() {
			w.bad = -1
			ok = w.word(",") && w.space() && w.square()
		}
	}
	return w.bad
}

// walker reads a line along a form. Every step returns whether it could be taken;
// one that cannot sets bad to the offset where it failed.
type walker struct {
	s   string
	i   int
	bad int
}

func (w *walker) fail() bool {
	w.bad = w.i
	if w.i == len(w.s) {
		w.bad = len(strings.TrimSuffix(w.s, "\r"))
	}
	return false
}

// space skips what \s* matches; it always succeeds.
func (w *walker) space() bool {
	for w.i < len(w.s) && strings.IndexByte(reSpace, w.s[w.i]) >= 0 {
		w.i++
	}
	return true
}

// word reads the characters of s as they are.
func (w *walker) word(s string) bool {
	for k := 0; k < len(s); k++ {
		if w.i >= len(w.s) || w.s[w.i] != s[k] {
			return w.fail()
		}
		w.i++
	}
	return true
}

// number reads 1 to 9 digits; a tenth is the fault, as nothing in a form that
// follows a number starts with a digit.
func (w *walker) number() bool {
	n := 0
	for w.i < len(w.s) && '0' <= w.s[w.i] && w.s[w.i] <= '9' {
		if n == 9 {
			return w.fail()
		}
		w.i, n = w.i+1, n+1
	}
	if n == 0 {
		return w.fail()
	}
	return true
}

// square reads a letter a-j, spacing and a number.
func (w *walker) square() bool {
	if w.i >= len(w.s) || w.s[w.i] < 'a' || w.s[w.i] > 'j' {
		return w.fail()
	}
	w.i++
	return w.space() && w.number()
}

// setSuffix reads what may follow "set" in the header: "s", "(s)" with spacing
// inside and before, or nothing.
func (w *walker) setSuffix() bool {
	if w.i < len(w.s) && w.s[w.i] == 's' {
		w.i++
		return true
	}
	save := w.i
	w.space()
	if w.i < len(w.s) && w.s[w.i] == '(' {
		w.i++
		return w.space() && w.word("s") && w.space() && w.word(")")
	}
	w.i = save
	return true
}

// end succeeds at the end of the line; it is what the patterns' $ asks.
func (w *walker) end() bool {
	if w.i < len(w.s) {
		return w.fail()
	}
	w.bad = -1
	return true
}

// atoi reads a decimal string that the patterns above already limited to 9 digits.
func atoi(s string) int {
	v, _ := strconv.Atoi(s)
	return v
}

// squareName normalises a square: upper-case column letter, row as a plain number.
func squareName(letter, row string) string {
	return strings.ToUpper(letter) + strconv.Itoa(atoi(row))
}

// token is one piece of an output read loosely, and where it starts.
type token struct {
	text string
	at   place
}

// tokens returns the contents of an output read loosely, whatever its layout: every
// number, and every square (a lone letter A–J followed by a number), in order; other
// words and punctuation are ignored. It stops after limit tokens. end is where the
// text ends: just past its last character. Letter case does not count; the text is
// read in place, and only the tokens are copied.
func tokens(text []byte, limit int) (out []token, end place) {
	tr := &tracker{s: text, line: 1, col: 1}
	isLetter := func(ch byte) bool { ch = lower(ch); return ch >= 'a' && ch <= 'z' }
	isDigit := func(ch byte) bool { return ch >= '0' && ch <= '9' }
	digits := func(i int) (string, int) {
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		d := string(bytes.TrimLeft(text[i:j], "0"))
		if d == "" {
			d = "0"
		}
		return d, j
	}
	for i := 0; i < len(text) && len(out) < limit; {
		switch ch := lower(text[i]); {
		case isLetter(ch):
			j := i
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			if j-i == 1 && ch <= 'j' {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				if k < len(text) && isDigit(text[k]) {
					d, end := digits(k)
					out = append(out, token{string(ch-'a'+'A') + d, tr.at(i)})
					j = end
				}
			}
			i = j
		case isDigit(ch):
			at := tr.at(i)
			var d string
			d, i = digits(i)
			out = append(out, token{d, at})
		default:
			i++
		}
	}
	return out, tr.at(len(text))
}

// tracker turns increasing byte offsets into a text into lines and columns,
// reading the text between them only once.
type tracker struct {
	s         []byte
	i         int
	line, col int
}

// at returns the position of byte offset j, which is at least the last one asked
// for and falls on the start of a character or the end of the text.
func (k *tracker) at(j int) place {
	for k.i < j {
		if k.s[k.i] == '\n' {
			k.i, k.line, k.col = k.i+1, k.line+1, 1
			continue
		}
		_, n := utf8.DecodeRune(k.s[k.i:j])
		k.i, k.col = k.i+n, k.col+1
	}
	return place{k.line, k.col}
}

// tokensOf lists the loose tokens of a parsed answer, with the data set each comes
// from (0 for the header).
func tokensOf(a answer) (toks []string, set []int) {
	toks = append(toks, strconv.Itoa(a.count))
	set = append(set, 0)
	for i, s := range a.sets {
		toks = append(toks, strconv.Itoa(s.label), strconv.Itoa(s.value))
		set = append(set, i+1, i+1)
		for _, q := range s.squares {
			toks = append(toks, q)
			set = append(set, i+1)
		}
	}
	return toks, set
}
