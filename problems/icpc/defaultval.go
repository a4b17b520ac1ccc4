package icpc

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
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

var newline = []byte{'\n'}

// lineCol returns the 1-based line and column of byte offset off of b, the column
// counted in characters (a byte that is not valid UTF-8 counts as one).
func lineCol(b []byte, off int) (line, col int) {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	return bytes.Count(b[:start], newline) + 1, utf8.RuneCount(b[start:off]) + 1
}

// answerBuffer is how much of the answer the default validator holds at once.
const answerBuffer = 64 << 10

// answerBufferFor is the buffer an answer read from r takes: answerBuffer, or
// less for a smaller regular file (a buffer of 64 KiB made and cleared for
// every two-byte answer was the larger part of checking one).
func answerBufferFor(r io.Reader) int {
	size := int64(answerBuffer)
	switch r := r.(type) {
	case interface{ Size() int64 }: // a file opened by internal/regular, a bytes.Reader
		size = r.Size()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	return int(min(answerBuffer, max(size+1, 512)))
}

// answerReader reads the answer through a buffer, counting its lines.
type answerReader struct {
	r    io.Reader
	buf  []byte
	i, n int   // buf[i:n] is read and not used yet
	line int   // the 1-based line of buf[i]
	done bool  // r has ended
	err  error // the error r ended with, if not io.EOF
}

// peek returns the answer's next byte, or false at its end.
func (a *answerReader) peek() (byte, bool) {
	if a.i < a.n {
		return a.buf[a.i], true
	}
	return a.fill()
}

// fill reads more of the answer once the buffer is used up, and returns its next
// byte, or false at the end or on an error (kept in err).
func (a *answerReader) fill() (byte, bool) {
	for empty := 0; a.i >= a.n; empty++ {
		if a.done {
			return 0, false
		}
		n, err := a.r.Read(a.buf)
		a.i, a.n = 0, n
		switch {
		case err == io.EOF:
			a.done = true
		case err != nil:
			a.done, a.err = true, err
		case n == 0 && empty >= 100:
			a.done, a.err = true, io.ErrNoProgress
		}
	}
	return a.buf[a.i], true
}

// skip passes b, the byte peek returned.
func (a *answerReader) skip(b byte) {
	a.i++
	if b == '\n' {
		a.line++
	}
}

// skipSpace passes the white space before the answer's next token.
func (a *answerReader) skipSpace() {
	for {
		for ; a.i < a.n; a.i++ {
			b := a.buf[a.i]
			if !isSpace(b) {
				return
			}
			if b == '\n' {
				a.line++
			}
		}
		if _, ok := a.fill(); !ok {
			return
		}
	}
}

// floatDigits is how many significant digits of a number floatToken keeps:
// those strconv.ParseFloat keeps in its exact path, which notes only whether a
// later one is not 0. That is more than the 767 a halfway point between two
// float64 has, so the later digits cannot change how the number rounds.
const floatDigits = 800

// floatExpMax bounds the decimal exponent floatToken writes: a number whose
// exponent is further from 0 parses to ±Inf or ±0 all the same.
const floatExpMax = 10000

// floatExcessMax bounds the digits before the point past floatDigits that
// floatToken writes out. strconv's exact path does not count those digits in
// the number's magnitude (strconv's fast path does), so a token with them
// parses to a value that depends on the path strconv takes. Past
// floatExcessMax of them the exponent (at most 5 digits, as strconv reads it)
// cannot bring the number into float64's range: the fast path fails on it
// and only the exact path's value counts.
const floatExcessMax = 100_000

// floatToken reads a token a byte at a time by the format's float grammar,
//
//	[+-]? (digit* "." digit+ | digit+ "." | digit+) ([Ee] [+-]? digit+)?
//
// and holds what strconv.ParseFloat makes of it: the sign, the first
// floatDigits significant digits, whether a later one is not 0, how many come
// before the point, and the exponent, as strconv reads it (it stops growing at
// 5 digits). A token of any length thus parses to the value ParseFloat gives
// the whole token, which was the default validator's, in little memory.
type floatToken struct {
	state     byte
	neg       bool
	sawDigits bool // a digit before the exponent
	sawDot    bool
	nd        int    // significant digits: those from the first that is not 0
	before    int    // those before the point
	dp        int    // where the point is among them, as strconv counts it
	digits    []byte // the first floatDigits of them
	more      bool   // a digit after those that is not 0
	expNeg    bool
	exp       int
	scratch   []byte // the number written short, for ParseFloat
}

// floatToken's states: where in the grammar the token is.
const (
	floatStart   = iota // before the sign
	floatInt            // in the digits before the point
	floatFrac           // in the digits after the point
	floatE              // after the E
	floatExpSign        // after the exponent's sign
	floatExp            // in the exponent's digits
	floatBad            // not a number, whatever follows
)

func (t *floatToken) reset() {
	*t = floatToken{digits: t.digits[:0], scratch: t.scratch[:0]}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// add reads the token's next byte.
func (t *floatToken) add(c byte) {
	if t.state == floatStart {
		t.state = floatInt
		if c == '+' || c == '-' {
			t.neg = c == '-'
			return
		}
	}
	inMantissa := t.state == floatInt || t.state == floatFrac
	switch {
	case inMantissa && isDigit(c):
		t.sawDigits = true
		switch {
		case c == '0' && t.nd == 0:
			t.dp-- // a leading 0: strconv counts it so
		case len(t.digits) < floatDigits:
			t.nd++
			t.digits = append(t.digits, c)
		default:
			t.nd++
			t.more = t.more || c != '0'
		}
	case t.state == floatInt && c == '.':
		t.state, t.sawDot, t.dp, t.before = floatFrac, true, t.nd, t.nd
	case inMantissa && t.sawDigits && (c == 'e' || c == 'E'):
		t.state = floatE
	case t.state == floatE && (c == '+' || c == '-'):
		t.state, t.expNeg = floatExpSign, c == '-'
	case (t.state == floatE || t.state == floatExpSign || t.state == floatExp) && isDigit(c):
		t.state = floatExp
		if t.exp < 10000 { // as strconv does
			t.exp = t.exp*10 + int(c-'0')
		}
	default:
		t.state = floatBad
	}
}

// write reads the token's next bytes.
func (t *floatToken) write(b []byte) {
	for _, c := range b {
		t.add(c)
	}
}

// failed reports whether the token is no number, whatever follows.
func (t *floatToken) failed() bool { return t.state == floatBad }

// value returns the token's value and whether it is a number by the grammar;
// one out of range is ±Inf or ±0.
func (t *floatToken) value() (float64, bool) {
	if !t.sawDigits || t.state != floatInt && t.state != floatFrac && t.state != floatExp {
		return 0, false
	}
	dp, before := t.dp, t.before
	if !t.sawDot {
		dp, before = t.nd, t.nd
	}
	exp := t.exp
	if t.expNeg {
		exp = -exp
	}
	s := t.scratch[:0]
	if t.neg {
		s = append(s, '-')
	}
	switch excess := before - floatDigits; {
	case t.nd == 0:
		s = append(s, '0')
	case excess > 0 && excess <= floatExcessMax:
		// As many digits before the point as the token has, those past
		// floatDigits standing for whether one of the rest is not 0.
		s = append(s, t.digits...)
		if t.more {
			s = append(s, '1')
		} else {
			s = append(s, '0')
		}
		for range excess - 1 {
			s = append(s, '0')
		}
		s = append(s, 'e')
		s = strconv.AppendInt(s, int64(exp), 10)
	default:
		// The point before all the digits: both of strconv's paths see them
		// as they are in the token or, with over floatExcessMax digits
		// before its point, as strconv's exact path has them.
		if excess > 0 {
			dp = floatDigits
		}
		s = append(s, '.')
		s = append(s, t.digits...)
		if t.more {
			s = append(s, '1')
		}
		s = append(s, 'e')
		s = strconv.AppendInt(s, int64(max(-floatExpMax, min(dp+exp, floatExpMax))), 10)
	}
	t.scratch = s
	v, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return v, true
}

// parseFloatToken parses a token by the format's float grammar (see floatToken).
func parseFloatToken(b []byte) (float64, bool) {
	var t floatToken
	t.write(b)
	return t.value()
}

// showMax is how many bytes of a token or of white space a message quotes.
const showMax = 40

// show quotes a token for a message, cut to a readable length.
func show(t []byte) string {
	if len(t) > showMax {
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

// CompareDefaultReader is CompareDefault with the answer read as it goes: it holds
// a buffer and a few bytes of the answer, however long the answer, its tokens or
// its runs of white space. A read of the answer that fails is its error, and
// there is no outcome.
func CompareDefaultReader(answer io.Reader, output []byte, f Flags) (problems.Outcome, error) {
	c := comparison{ans: answerReader{r: answer, buf: make([]byte, answerBufferFor(answer)), line: 1}, out: scanner{b: output}, f: f}
	o := c.run()
	if c.ans.err != nil {
		return problems.Outcome{}, c.ans.err
	}
	return o, nil
}

// comparison is CompareDefaultReader's state.
type comparison struct {
	ans  answerReader
	out  scanner
	f    Flags
	head []byte     // the first showMax+1 bytes of the answer's token or white space last read
	num  floatToken // the answer's token last read, as a number
	// outNum is the output's token as a number, kept like num for the memory
	// its digits take.
	outNum floatToken
}

func (c *comparison) run() problems.Outcome {
	where := func(ooff, aline int) string {
		oline, ocol := lineCol(c.out.b, ooff)
		return fmt.Sprintf("line %d, column %d of output (line %d of answer)", oline, ocol, aline)
	}
	for n := 1; ; n++ {
		ospace, otok, oat := c.out.next()
		if !c.f.SpaceChangeSensitive {
			c.ans.skipSpace()
		} else if k, aline, same := c.space(ospace); !same {
			return problems.Rejected(problems.WA, "%s: white space differs: expected %s, got %s",
				where(oat-len(ospace)+k, aline), show(c.head), show(ospace))
		}
		aline := c.ans.line
		_, more := c.ans.peek()
		switch {
		case !more && len(otok) == 0:
			if n-1 == 1 {
				return problems.Accepted(1, "1 token matches")
			}
			return problems.Accepted(1, "%d tokens match", n-1)
		case !more:
			return problems.Rejected(problems.WA, "%s: trailing output %s", where(oat, aline), show(otok))
		case len(otok) == 0:
			c.token(nil, false)
			return problems.Rejected(problems.WA, "%s: output ends, expected %s", where(oat, aline), show(c.head))
		}
		same := c.token(otok, c.f.Floats())
		if c.f.Floats() {
			if a, ok := c.num.value(); ok {
				c.outNum.reset()
				c.outNum.write(otok)
				s, ok := c.outNum.value()
				if !ok {
					return problems.Rejected(problems.WA, "%s: expected a number like %s, got %s", where(oat, aline), show(c.head), show(otok))
				}
				if !floatClose(a, s, c.f) {
					return problems.Rejected(problems.WA, "%s: %s too far from %s (absolute error %.3g, relative %.3g)",
						where(oat, aline), show(otok), show(c.head), math.Abs(s-a), math.Abs(s-a)/math.Abs(a))
				}
				continue
			}
		}
		if !same {
			return problems.Rejected(problems.WA, "%s: expected %s, got %s", where(oat, aline), show(c.head), show(otok))
		}
	}
}

// space reads the answer's white space before its next token while it is the
// output's, o. If the two differ it returns false, k, the offset in o where they
// first differ, and the answer's line there, and holds the first showMax+1 bytes
// of the answer's white space in head.
func (c *comparison) space(o []byte) (k, line int, same bool) {
	a := &c.ans
	for k < len(o) {
		if _, ok := a.peek(); !ok {
			break
		}
		part := a.buf[a.i:min(a.n, a.i+len(o)-k)]
		d := firstDiff(part, o[k:]) // o is white space: so are the bytes that match it
		a.line += bytes.Count(part[:d], newline)
		a.i += d
		k += d
		if d < len(part) {
			break
		}
	}
	if b, ok := a.peek(); k == len(o) && (!ok || !isSpace(b)) {
		return k, 0, true
	}
	line = a.line
	c.head = append(c.head[:0], o[:min(k, showMax+1)]...)
	for len(c.head) <= showMax {
		b, ok := a.peek()
		if !ok || !isSpace(b) {
			break
		}
		c.head = append(c.head, b)
		a.skip(b)
	}
	return k, line, false
}

// token reads the answer's next token, holds its first showMax+1 bytes in head
// and, with floats, reads it as a number into num; it returns whether it is the
// output's token o (ASCII case folded unless CaseSensitive). Once it is not, the
// rest of it is left unread, unless it may still be a number.
func (c *comparison) token(o []byte, floats bool) bool {
	a := &c.ans
	c.head = c.head[:0]
	c.num.reset()
	same, n := true, 0 // n: the bytes of the token read
	for {
		if _, ok := a.peek(); !ok {
			break
		}
		buf := a.buf[a.i:a.n]
		end := 0
		for end < len(buf) && !isSpace(buf[end]) {
			end++
		}
		part := buf[:end]
		a.i += end
		c.head = append(c.head, part[:min(len(part), showMax+1-len(c.head))]...)
		same = same && n+len(part) <= len(o) && c.equal(part, o[n:n+len(part)])
		n += len(part)
		if floats {
			c.num.write(part)
		}
		if end < len(buf) {
			break // white space follows
		}
		if !same && len(c.head) > showMax && (!floats || c.num.failed()) {
			return false
		}
	}
	return same && n == len(o)
}

// equal reports whether two tokens are the same, ASCII case folded unless
// CaseSensitive.
func (c *comparison) equal(a, b []byte) bool {
	return bytes.Equal(a, b) || !c.f.CaseSensitive && equalFoldASCII(a, b)
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

// firstDiff returns the index of the first byte where a and b differ, or the length
// of the shorter when one begins the other.
func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
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
