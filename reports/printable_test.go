package reports

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "12 34\n\tok", "12 34\n\tok"},
		{"unicode", "größe ✓ 数独", "größe ✓ 数独"},
		{"clear screen", "\x1b[2Jhi", `\x1b[2Jhi`},
		{"window title", "\x1b]0;PWNED\x07", `\x1b]0;PWNED\a`},
		{"clipboard", "\x1b]52;c;cHduZWQ=\x1b\\", `\x1b]52;c;cHduZWQ=\x1b\`},
		{"carriage return", "AC\rWA\r\n", `AC\rWA\r` + "\n"},
		{"backspace, nul, del", "a\bb\x00c\x7f", `a\bb\x00c\x7f`},
		{"C1 CSI", "a\u009b31mb", `a\u009b31mb`},
		{"bidi override", "user\u202eexe.c", `user\u202eexe.c`},
		{"bidi isolate", "\u2066x\u2069", `\u2066x\u2069`},
		{"invalid UTF-8", "a\xffb\xc3", `a\xffb\xc3`},
		{"colour without styles", "\x1b[32mAC\x1b[0m", `\x1b[32mAC\x1b[0m`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Printable(tc.in); got != tc.want {
				t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestPrintableKeepsStyles(t *testing.T) {
	cell := Verdict(problems.AC, true) + ", " + Verdict(problems.WA, true)
	if got := printable(cell, true); got != cell {
		t.Errorf("printable(%q, true) = %q: the judge's colours must pass", cell, got)
	}
	for in, want := range map[string]string{
		"\x1b[8mhidden\x1b[0m": `\x1b[8mhidden\x1b[0m`, // conceal is not one of the judge's
		"\x1b[2J":              `\x1b[2J`,
		"\x1b]0;t\x07":         `\x1b]0;t\a`,
		// A verdict's colour without its verdict and reset would colour what
		// follows: a whole line, the rest of a table.
		"\x1b[32m everything green": `\x1b[32m everything green`,
		"\x1b[2mdimmed\x1b[0m":      `\x1b[2mdimmed\x1b[0m`,
		"\x1b[32mAC":                `\x1b[32mAC`,
		"AC\x1b[0m":                 `AC\x1b[0m`,
		"\x1b[31mAC\x1b[0m":         `\x1b[31mAC\x1b[0m`, // AC in WA's colour
	} {
		if got := printable(in, true); got != want {
			t.Errorf("printable(%q, true) = %q, want %q", in, got, want)
		}
	}
}

// TestPrintableWriterCuts writes text cut at every byte and checks the result
// is what one write gives: a character or colour code split between writes is
// kept whole, an escape sequence split between writes is still escaped.
func TestPrintableWriterCuts(t *testing.T) {
	text := "ok \x1b[32mAC\x1b[0m größe 数独 \x1b]0;title\x07 \u202e\xff end"
	var whole bytes.Buffer
	w := NewPrintableWriter(&whole)
	if _, err := w.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut <= len(text); cut++ {
		var out bytes.Buffer
		w := NewPrintableWriter(&out)
		if n, err := w.Write([]byte(text[:cut])); err != nil || n != cut {
			t.Fatalf("cut %d: Write = %d, %v", cut, n, err)
		}
		if _, err := w.Write([]byte(text[cut:])); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != whole.String() {
			t.Errorf("cut at %d: %q, want %q", cut, out.String(), whole.String())
		}
	}
	if strings.Contains(whole.String(), "\x1b]") {
		t.Errorf("an OSC sequence passed: %q", whole.String())
	}
}

func TestPrintableWriterFlushesACutTail(t *testing.T) {
	var out bytes.Buffer
	w := NewPrintableWriter(&out)
	_, _ = w.Write([]byte("x\x1b[3"))
	if got := out.String(); got != "x" {
		t.Fatalf("before Flush: %q, want the cut colour code held back", got)
	}
	_ = w.Flush()
	if got := out.String(); got != `x\x1b[3` {
		t.Errorf("after Flush: %q", got)
	}
}

// FuzzPrintable checks that nothing a terminal acts on survives Printable,
// that it is idempotent, and that the writer, fed in two pieces, agrees with it
// on text without the judge's colour codes.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "plain\n", "\x1b[2J", "\x1b]52;c;eA==\x07", "a\u009bb", "\u202e", "\xff\xfe", "\x1b[32mAC\x1b[0m"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		p := Printable(s)
		if !utf8.ValidString(p) {
			t.Fatalf("Printable(%q) = %q is not UTF-8", s, p)
		}
		for _, r := range p {
			if escaped(r) {
				t.Fatalf("Printable(%q) = %q keeps %U", s, p, r)
			}
		}
		if Printable(p) != p {
			t.Fatalf("Printable is not idempotent on %q", s)
		}
		if strings.Contains(s, "\x1b") {
			return // the writer keeps the judge's colour codes
		}
		cut = int(uint(cut) % uint(len(s)+1))
		var out bytes.Buffer
		w := NewPrintableWriter(&out)
		_, _ = w.Write([]byte(s[:cut]))
		_, _ = w.Write([]byte(s[cut:]))
		_ = w.Flush()
		if out.String() != p {
			t.Fatalf("writer cut at %d gave %q, Printable %q", cut, out.String(), p)
		}
	})
}
