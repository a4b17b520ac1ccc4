package reports

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Printable returns s with everything a terminal would act on, rather than
// show, made visible as a Go escape: control characters other than newline and
// tab (ESC, carriage return, backspace, BEL, DEL and the C1 set: \x1b, \r, \b,
// \a, \x7f, \u009b), the marks that reorder text on screen (bidirectional
// embeddings, overrides and isolates: \u202e) and bytes that are not UTF-8
// (\xff). A submission's output, error messages and file names, and a
// compiler's messages about its source, pass through it before a terminal sees
// them: a program that prints escape sequences must not clear the organiser's
// screen, retitle the window or write the clipboard (OSC 52).
func Printable(s string) string { return printable(s, false) }

// styleCodes are the judge's own escape sequences: a verdict's name wrapped in
// its colour and the reset, whole, as Verdict writes it. printable keeps them
// when asked to and escapes every other sequence, a lone colour or reset
// included: text a program wrote can at most show a verdict's name in that
// verdict's colour, never colour, dim or hide the rest of a line or a table.
var styleCodes = func() []string {
	var codes []string
	for v := range verdictColour {
		codes = append(codes, Verdict(v, true))
	}
	return codes
}()

// printable is Printable; with styles, the judge's own coloured verdict names
// (styleCodes) pass through.
func printable(s string, styles bool) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		if styles && s[i] == 0x1b {
			if code := styleAt(s[i:]); code != "" {
				b.WriteString(code)
				i += len(code)
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case escaped(r):
			b.WriteString(escape(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// needsEscape reports whether printable would change s (apart from the style
// codes it may keep).
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			if c < 0x80 {
				return true
			}
			// Not ASCII: decide by the runes from here on.
			for _, r := range s[i:] {
				if r == utf8.RuneError || escaped(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// styleAt returns the coloured verdict name s starts with, or "".
func styleAt(s string) string {
	for _, c := range styleCodes {
		if strings.HasPrefix(s, c) {
			return c
		}
	}
	return ""
}

// escaped reports whether Printable writes r as an escape.
func escaped(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\n' && r != '\t'
	case r >= 0x7f && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// escape is the Go escape of r.
func escape(r rune) string {
	switch r {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case '\v':
		return `\v`
	}
	if r < 0x80 {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// PrintableWriter passes what is written to it on through Printable, keeping
// the judge's own colour codes: the judge's standard output and error go
// through one, so that nothing a program wrote reaches a terminal as a
// control sequence, whichever message carries it. A sequence cut between two
// writes (a character of several bytes, a colour code) waits for the next
// write or for Flush. It is safe for concurrent use.
type PrintableWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte // the start of a character or colour code cut at a write's end
}

// NewPrintableWriter returns a PrintableWriter that writes to w.
func NewPrintableWriter(w io.Writer) *PrintableWriter { return &PrintableWriter{w: w} }

// Unwrap returns the writer p writes to (to ask whether it is a terminal).
func (p *PrintableWriter) Unwrap() io.Writer { return p.w }

// Write writes b through Printable. It reports all of b written unless the
// underlying writer failed.
func (p *PrintableWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	data := b
	if len(p.pending) > 0 {
		data = append(p.pending, b...)
		p.pending = nil
	}
	cut := len(data) - incompleteTail(data)
	if cut < len(data) {
		p.pending = append([]byte(nil), data[cut:]...)
	}
	if cut == 0 {
		return len(b), nil
	}
	if _, err := io.WriteString(p.w, printable(string(data[:cut]), true)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Flush writes what waits for the rest of a cut sequence, escaped as it is.
func (p *PrintableWriter) Flush() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pending) == 0 {
		return nil
	}
	s := printable(string(p.pending), false)
	p.pending = nil
	_, err := io.WriteString(p.w, s)
	return err
}

// incompleteTail is the length of the end of b that may be the start of a
// character of several bytes or of a colour code, cut off by the write's end.
func incompleteTail(b []byte) int {
	// A coloured verdict name: an ESC near the end that starts a proper prefix
	// of one.
	for i := max(0, len(b)-maxStyleLen+1); i < len(b); i++ {
		if b[i] == 0x1b {
			rest := string(b[i:])
			for _, c := range styleCodes {
				if len(rest) < len(c) && strings.HasPrefix(c, rest) {
					return len(b) - i
				}
			}
		}
	}
	// A character of several bytes: a lead byte in the last three whose
	// sequence needs more bytes than are there.
	for i := len(b) - 1; i >= 0 && i >= len(b)-3; i-- {
		if c := b[i]; c >= 0xc0 {
			if !utf8.FullRune(b[i:]) {
				return len(b) - i
			}
			return 0
		} else if c < 0x80 {
			return 0
		}
	}
	return 0
}

// maxStyleLen is the length of the longest coloured verdict name.
var maxStyleLen = func() int {
	n := 0
	for _, c := range styleCodes {
		n = max(n, len(c))
	}
	return n
}()
