package icpc

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// Flags are the default output validator's arguments.
type Flags struct {
	CaseSensitive        bool
	SpaceChangeSensitive bool
	// AbsTol and RelTol are the float tolerances; a negative value means not set.
	AbsTol, RelTol float64
}

// Floats reports whether any float tolerance is set.
func (f Flags) Floats() bool { return f.AbsTol >= 0 || f.RelTol >= 0 }

// ParseFlags reads the default output validator's arguments. Unknown arguments are
// an error, as are a repeated float tolerance and float_tolerance together with a
// specific one, as the format says.
func ParseFlags(args []string) (Flags, error) {
	f := Flags{AbsTol: -1, RelTol: -1}
	seenAbs, seenRel := false, false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "case_sensitive":
			f.CaseSensitive = true
		case "space_change_sensitive":
			f.SpaceChangeSensitive = true
		case "float_tolerance", "float_absolute_tolerance", "float_relative_tolerance":
			if i+1 >= len(args) {
				return f, fmt.Errorf("%s: missing value", a)
			}
			i++
			v, ok := parseFloatToken([]byte(args[i]))
			if !ok || v < 0 || math.IsInf(v, 0) {
				return f, fmt.Errorf("%s: %q is not a non-negative number", a, args[i])
			}
			abs, rel := a != "float_relative_tolerance", a != "float_absolute_tolerance"
			if (abs && seenAbs) || (rel && seenRel) {
				return f, fmt.Errorf("%s: a float tolerance is given twice", a)
			}
			if abs {
				seenAbs, f.AbsTol = true, v
			}
			if rel {
				seenRel, f.RelTol = true, v
			}
		default:
			return f, fmt.Errorf("unknown default validator argument %q", a)
		}
	}
	return f, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'
}

// scanner walks a file as alternating white space runs and tokens.
type scanner struct {
	b   []byte
	pos int
}

// next returns the white space before the next token and the token ("" at the end),
// and the byte offset where the token starts (the end of the file when there is
// none); the white space starts at that offset minus its length.
func (s *scanner) next() (space, tok []byte, at int) {
	start := s.pos
	for s.pos < len(s.b) && isSpace(s.b[s.pos]) {
		s.pos++
	}
	space, at = s.b[start:s.pos], s.pos
	for s.pos < len(s.b) && !isSpace(s.b[s.pos]) {
		s.pos++
	}
	return space, s.b[at:s.pos], at
}

// lineCol returns the 1-based line and column of byte offset off of b, the column
// counted in characters (a byte that is not valid UTF-8 counts as one).
func lineCol(b []byte, off int) (line, col int) {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	return bytes.Count(b[:start], []byte{'\n'}) + 1, utf8.RuneCount(b[start:off]) + 1
}

// firstDiff returns the index of the first byte where a and b differ, or the length
// of the shorter when one begins the other.
func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// parseFloatToken parses a token by the format's float grammar:
// [+-]? (digit* "." digit+ | digit+ "." | digit+) ([Ee] [+-]? digit+)?
func parseFloatToken(t []byte) (float64, bool) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	intDigits := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
		intDigits++
	}
	fracDigits := 0
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			fracDigits++
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return 0, false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		expDigits := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			expDigits++
		}
		if expDigits == 0 {
			return 0, false
		}
	}
	if i != len(t) {
		return 0, false
	}
	// The grammar is a subset of Go's syntax; out of range values round to ±Inf or 0.
	v, err := strconv.ParseFloat(string(t), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return v, true
}

func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// showMax is the most of a token a message quotes.
const showMax = 40

// show quotes a token for a message, cut to a readable length.
func show(t []byte) string { return showN(t, len(t)) }

// showN quotes a token of n bytes of which t holds the first (at least
// showMax, or all), cut to a readable length.
func showN(t []byte, n int) string {
	if n > showMax {
		return strconv.Quote(string(t[:showMax])) + "…"
	}
	return strconv.Quote(string(t))
}

// CompareDefault is the default output validator: it compares a team's output with
// the answer file under the flags and returns AC or WA with a message naming where
// they first differ: the line and column of the output (of the first character that
// differs, or where the output ends) and the line of the answer.
func CompareDefault(answer, output []byte, f Flags) problems.Outcome {
	o, _ := CompareDefaultReader(bytes.NewReader(answer), output, f) // a bytes.Reader does not fail
	return o
}

// maxFloatToken is the longest answer token taken as a number under a float
// tolerance; a longer one is compared as text.
const maxFloatToken = 1 << 20

// CompareDefaultReader is CompareDefault with the answer read from r as the
// comparison goes: whatever the answer's size, no more of it is held than the
// longest of the output's tokens and white space runs (and, under a float
// tolerance, of its number tokens, up to maxFloatToken), so that a large answer
// file costs no memory. An error reading r is returned as it is.
func CompareDefaultReader(r io.Reader, output []byte, f Flags) (problems.Outcome, error) {
	ans := answerScanner{r: bufio.NewReaderSize(r, 64<<10), line: 1}
	out := scanner{b: output}
	where := func(ooff, aline int) string {
		oline, ocol := lineCol(output, ooff)
		return fmt.Sprintf("line %d, column %d of output (line %d of answer)", oline, ocol, aline)
	}
	for n := 1; ; n++ {
		ospace, otok, oat := out.next()
		keepTok := max(len(otok)+1, showMax+1)
		if f.Floats() {
			keepTok = max(keepTok, maxFloatToken+1)
		}
		a, err := ans.next(max(len(ospace)+1, showMax+1), keepTok)
		if err != nil {
			return problems.Outcome{}, err
		}
		if f.SpaceChangeSensitive && (a.spaceLen != len(ospace) || string(a.space) != string(ospace)) {
			k := firstDiff(a.space, ospace)
			return problems.Rejected(problems.WA, "%s: white space differs: expected %s, got %s",
				where(oat-len(ospace)+k, a.spaceLine+bytes.Count(a.space[:k], []byte{'\n'})), showN(a.space, a.spaceLen), show(ospace)), nil
		}
		switch {
		case a.tokLen == 0 && len(otok) == 0:
			return problems.Accepted(1, "%d tokens match", n-1), nil
		case a.tokLen == 0:
			return problems.Rejected(problems.WA, "%s: trailing output %s", where(oat, a.tokLine), show(otok)), nil
		case len(otok) == 0:
			return problems.Rejected(problems.WA, "%s: output ends, expected %s", where(oat, a.tokLine), showN(a.tok, a.tokLen)), nil
		}
		whole := a.tokLen == len(a.tok)
		if f.Floats() && whole {
			if av, ok := parseFloatToken(a.tok); ok {
				s, ok := parseFloatToken(otok)
				if !ok {
					return problems.Rejected(problems.WA, "%s: expected a number like %s, got %s", where(oat, a.tokLine), show(a.tok), show(otok)), nil
				}
				if !floatClose(av, s, f) {
					return problems.Rejected(problems.WA, "%s: %s too far from %s (absolute error %.3g, relative %.3g)",
						where(oat, a.tokLine), show(otok), show(a.tok), math.Abs(s-av), math.Abs(s-av)/math.Abs(av)), nil
				}
				continue
			}
		}
		same := whole && string(a.tok) == string(otok)
		if !same && whole && !f.CaseSensitive {
			same = equalFoldASCII(a.tok, otok)
		}
		if !same {
			return problems.Rejected(problems.WA, "%s: expected %s, got %s", where(oat, a.tokLine), showN(a.tok, a.tokLen), show(otok)), nil
		}
	}
}

// answerScanner reads an answer as alternating white space runs and tokens,
// keeping only their beginnings and counting lines.
type answerScanner struct {
	r    *bufio.Reader
	line int // the line the reader is on
	buf  []byte
}

// answerPart is the white space before the answer's next token and the token:
// the first bytes of each (as many as asked for), their lengths and the lines
// they start on; a token of length 0 is the end of the answer.
type answerPart struct {
	space, tok         []byte
	spaceLen, tokLen   int
	spaceLine, tokLine int
}

// next reads the next white space run and token, keeping at most keepSpace and
// keepTok bytes of them.
func (s *answerScanner) next(keepSpace, keepTok int) (answerPart, error) {
	p := answerPart{spaceLine: s.line}
	s.buf = s.buf[:0]
	for {
		c, err := s.r.ReadByte()
		if err == io.EOF {
			p.space, p.tokLine = s.buf, s.line
			return p, nil
		}
		if err != nil {
			return p, err
		}
		if !isSpace(c) {
			_ = s.r.UnreadByte()
			break
		}
		if c == '\n' {
			s.line++
		}
		if p.spaceLen++; len(s.buf) < keepSpace {
			s.buf = append(s.buf, c)
		}
	}
	p.tokLine = s.line
	spaceEnd := len(s.buf)
	for {
		c, err := s.r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p, err
		}
		if isSpace(c) {
			_ = s.r.UnreadByte()
			break
		}
		if p.tokLen++; p.tokLen <= keepTok {
			s.buf = append(s.buf, c)
		}
	}
	p.space, p.tok = s.buf[:spaceEnd:spaceEnd], s.buf[spaceEnd:]
	return p, nil
}

func floatClose(a, s float64, f Flags) bool {
	if a == s {
		return true
	}
	if math.IsInf(a, 0) || math.IsInf(s, 0) {
		// An answer out of range (1e400) would make every relative error
		// acceptable: an infinity is close to itself only.
		return false
	}
	d := math.Abs(s - a)
	if f.AbsTol >= 0 && d <= f.AbsTol {
		return true
	}
	return f.RelTol >= 0 && d <= f.RelTol*math.Abs(a)
}
