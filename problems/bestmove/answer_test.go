package bestmove

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// TestParseAnswerFault holds parseAnswer's errors to the line and column (counted in
// characters) of the first character that does not fit the line's form.
func TestParseAnswerFault(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"misspelt header", "Analysing 1 data set\n", 1, 6, `expected "Analyzing N data sets"`},
		{"header without a count", "  Analyzing data sets\n", 1, 13, `expected "Analyzing N data sets"`},
		{"ten-digit count", "Analyzing 1234567890 data sets\n", 1, 20, `expected "Analyzing N data sets"`},
		{"header's set s spaced", "Analyzing 1 data set s\n", 1, 22, `expected "Analyzing N data sets"`},
		{"header's (s) unclosed", "Analyzing 1 data set ( s\n", 1, 25, `expected "Analyzing N data sets"`},
		{"header's (x)", "Analyzing 1 data set(x)\n", 1, 22, `expected "Analyzing N data sets"`},
		{"header ends early, CRLF", "Analyzing 1 data\r\n", 1, 17, `expected "Analyzing N data sets"`},
		{"header ends early, trailing blanks", "Analyzing 1 data  \t\n", 1, 20, `expected "Analyzing N data sets"`},
		{"set line after blank lines", "Analyzing 1 data set\n\n \nData Sat 1\n", 4, 7, `expected "Data Set 1"`},
		{"set line with a tail", "Analyzing 1 data set\nData Set 1 ok\n", 2, 12, `expected "Data Set 1"`},
		{"no value", "Analyzing 1 data set\nData Set 1\nBest Move Value: at A1\n", 3, 18, `expected "Best Move Value: V at SQUARES" for data set 1`},
		{"square off the board", "Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at A1, K2\n", 3, 27, "for data set 1"},
		{"semicolon between squares", "Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at A1 ; B2\n", 3, 26, "for data set 1"},
		{"trailing comma", "Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at A1,\n", 3, 26, "for data set 1"},
		{"square without a row", "Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at A\n", 3, 24, "for data set 1"},
		{"accented letter at the fault", "Analyzing 1 data set\nDäta Set 1\n", 2, 2, `expected "Data Set 1"`},
		{"accented letter after the squares", "Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at A1 é\n", 3, 26, "for data set 1"},
		{"invalid byte", "Analyzing 1 data set\xff\n", 1, 21, `expected "Analyzing N data sets"`},
		{"no header", " \n\t\n", 3, 1, `no "Analyzing N data sets" line`},
		{"no header, no final newline", "\n  ", 2, 3, `no "Analyzing N data sets" line`},
		{"no Best Move line", "Analyzing 1 data set\nData Set 1\n", 3, 1, `data set 1 has no "Best Move Value" line`},
		{"no Best Move line after Unicode spaces", "Analyzing 1 data set\nData Set 1\n\u00a0\u2003", 3, 3, `data set 1 has no "Best Move Value" line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseAnswer([]byte(tt.text))
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an *problems.InputError", err)
			}
			if ie.Line != tt.line || ie.Col != tt.col || !strings.Contains(ie.Msg, tt.msg) {
				t.Errorf("got %v, want line %d, column %d: …%s…", err, tt.line, tt.col, tt.msg)
			}
		})
	}
}

// TestParseAnswerPlaces holds the positions parseAnswer records, which WA messages
// name, to the characters they point at.
func TestParseAnswerPlaces(t *testing.T) {
	text := "Analyzing 1 data set\n\n  Data Set 1\nBEST MOVE VALUE :7 at a 01 ,J10\n"
	a, err := parseAnswer([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s := a.sets[0]
	for _, c := range []struct {
		what      string
		got, want place
	}{
		{"count", a.countAt, place{1, 11}},
		{"Data Set line", s.at, place{3, 3}},
		{"label", s.labelAt, place{3, 12}},
		{"value", s.valueAt, place{4, 18}},
		{"first square", s.squareAt[0], place{4, 23}},
		{"second square", s.squareAt[1], place{4, 29}},
		{"after the squares", s.squareAt[2], place{4, 32}},
		{"end", a.end, place{5, 1}},
	} {
		if c.got != c.want {
			t.Errorf("%s at %v, want %v", c.what, c.got, c.want)
		}
	}
}

// TestParseAnswerKeeps: an output with more data sets, or more squares in one,
// than a right answer can have is read to its end and counted, but only the
// first of them are kept; Check then says what is wrong with the count.
func TestParseAnswerKeeps(t *testing.T) {
	set := func(n int, squares string) string {
		return fmt.Sprintf("Data Set %d\nBest Move Value: 24 at %s\n", n, squares)
	}
	set2 := set(2, "C3, F3, H3, C4, H5")
	manySets := sample1
	for n := 3; n <= 1000; n++ {
		manySets += set(n, "A1")
	}
	tests := []struct {
		name              string
		text              string
		nsets, sets       int
		nsquares, squares int // of the first data set
		beyond            bool
		msg               string // compare's message against sample1's answer ("" for none)
	}{
		{"an answer", sample1, 2, 2, 1, 1, false, ""},
		{"all the data sets allowed", "Analyzing 50 data sets\n" + strings.Repeat(set(1, "A1"), 50), 50, 50, 1, 1, false, "header: analyzing 50 data sets, expected 2"},
		{"a thousand data sets", manySets, 1000, keptSets, 1, 1, true, "data set 3: not in the input (output has 1000 data sets, expected 2)"},
		{"all the squares of the grid", "Analyzing 2 data sets\n" + set(1, strings.Repeat("a1,", 99)+"a1") + set2, 2, 2, 100, 100, false,
			"data set 1: square G4 missing (expected G4, found A1, A1, A1, A1, A1, A1, A1, A1, A1, A1, A1, A1, … (100 in all))"},
		{"a million squares", "Analyzing 2 data sets\n" + set(1, strings.Repeat("a1,", 999999)+"a1") + set2, 2, 2, 1000000, keptSquares, true,
			"data set 1: square A1 is not a best move (expected G4)"},
		{"a million best squares", "Analyzing 2 data sets\n" + set(1, strings.Repeat("g4,", 999999)+"g4") + set2, 2, 2, 1000000, keptSquares, true,
			"data set 1: squares listed more than once: G4 again, of 1000000 listed (expected G4)"},
	}
	want, err := parseAnswer([]byte(sample1))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := parseAnswer([]byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			s := a.sets[0]
			if a.nsets != tt.nsets || len(a.sets) != tt.sets || s.nsquares != tt.nsquares || len(s.squares) != tt.squares || a.beyond() != tt.beyond {
				t.Errorf("%d data sets, %d kept, %d squares, %d kept, beyond %v; want %d, %d, %d, %d, %v",
					a.nsets, len(a.sets), s.nsquares, len(s.squares), a.beyond(), tt.nsets, tt.sets, tt.nsquares, tt.squares, tt.beyond)
			}
			if len(s.squareAt) != len(s.squares)+1 {
				t.Errorf("%d square places for %d squares", len(s.squareAt), len(s.squares))
			}
			if _, msg := compare(want, a); msg != tt.msg {
				t.Errorf("compared with the answer: %q, want %q", msg, tt.msg)
			}
		})
	}
}

// TestTokenPlaces holds the loose reading's positions to characters, not bytes.
func TestTokenPlaces(t *testing.T) {
	toks, end := tokens([]byte("Größe: 12\n→ a 3, ÿ9\nb\xff7"), 10)
	want := []token{{"12", place{1, 8}}, {"A3", place{2, 3}}, {"9", place{2, 9}}, {"7", place{3, 3}}}
	if len(toks) != len(want) {
		t.Fatalf("tokens %v, want %v", toks, want)
	}
	for i := range want {
		if toks[i] != want[i] {
			t.Errorf("token %d: %v, want %v", i, toks[i], want[i])
		}
	}
	if end != (place{3, 4}) {
		t.Errorf("end at %v, want line 3, column 4", end)
	}
}

// FuzzFaultOffset: the walker that finds where a line goes wrong agrees with the
// pattern that decides whether it does, and points at the start of a character.
func FuzzFaultOffset(f *testing.F) {
	for _, s := range []string{
		"analyzing 2 data set(s)", "analyzing 2 data sets", "analyzing2dataset", "analyzing 2 data set ( s ) ",
		"analyzing 2 data set s", "data set 1", "dataset1\r", "data set 1234567890",
		"best move value: 24 at g4", "best move value:22 at c3 ,f3,h3 , c4,   h5  ", "best move value: 1 at a1,",
		"best move value: 1 at a 1 ; b2", "  best move 21", "bëst", "",
	} {
		f.Add(s)
	}
	forms := []struct {
		f  lineForm
		re *regexp.Regexp
	}{{headerForm, headerRE()}, {setForm, setRE()}, {bestForm, bestRE()}}
	f.Fuzz(func(t *testing.T, line string) {
		l := lowerString([]byte(strings.ReplaceAll(line, "\n", " ")))
		for _, fm := range forms {
			off := faultOffset(fm.f, l)
			if match := fm.re.MatchString(l); match != (off == -1) {
				t.Fatalf("form %d, line %q: pattern matches %v, walker's fault at %d", fm.f, l, match, off)
			}
			if off < -1 || off > len(l) || off > 0 && !atCharacter(l, off) {
				t.Fatalf("form %d, line %q: fault at %d", fm.f, l, off)
			}
		}
	})
}

// atCharacter reports whether byte offset off of s is where a character starts (or
// the end), reading s as columns are counted: a byte that is not valid UTF-8 is one
// character.
func atCharacter(s string, off int) bool {
	i := 0
	for i < off {
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return i == off
}
