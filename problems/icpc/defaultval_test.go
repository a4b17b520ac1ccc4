package icpc

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/judgehq/judge/problems"
)

func TestCompareDefault(t *testing.T) {
	tests := []struct {
		name, args, ans, out string
		want                 problems.Verdict
	}{
		{"same", "", "1 2\n3\n", "1 2\n3\n", problems.AC},
		{"spaces ignored", "", "1 2\n3\n", "  1\t2 3", problems.AC},
		{"token differs", "", "1 2\n", "1 3\n", problems.WA},
		{"missing token", "", "1 2\n", "1\n", problems.WA},
		{"trailing token", "", "1\n", "1 2\n", problems.WA},
		{"empty both", "", "", "\n\n", problems.AC},
		{"case folded", "", "Yes\n", "yES\n", problems.AC},
		{"case sensitive", "case_sensitive", "Yes\n", "yes\n", problems.WA},
		{"case sensitive same", "case_sensitive", "Yes\n", "Yes\n", problems.AC},
		{"non-ASCII not folded", "", "\xc3\xa9\n", "\xc3\x89\n", problems.WA},
		{"space change rejected", "space_change_sensitive", "1 2\n", "1  2\n", problems.WA},
		{"space change trailing", "space_change_sensitive", "1 2\n", "1 2", problems.WA},
		{"space change same", "space_change_sensitive", "1 2\n", "1 2\n", problems.AC},
		{"no tolerance: strings", "", "1.0\n", "1\n", problems.WA},
		{"abs tolerance ok", "float_absolute_tolerance 1e-6", "1.0\n", "1.0000005", problems.AC},
		{"abs tolerance bad", "float_absolute_tolerance 1e-6", "1.0\n", "1.000002", problems.WA},
		{"rel tolerance ok", "float_relative_tolerance 1e-3", "1000\n", "1000.9", problems.AC},
		{"rel tolerance bad", "float_relative_tolerance 1e-3", "1000\n", "1001.1", problems.WA},
		{"either tolerance", "float_tolerance 1e-6", "1e9\n", "1000000000.5", problems.AC},
		{"scientific", "float_tolerance 1e-9", "0.0314\n", "3.14000000e-2", problems.AC},
		{"integer as float", "float_tolerance 0.1", "3\n", "3.05", problems.AC},
		{"not a float", "float_tolerance 0.1", "3\n", "three", problems.WA},
		{"nan is no float", "float_tolerance 0.1", "3\n", "nan", problems.WA},
		{"answer out of range", "float_relative_tolerance 1e-6", "1e400\n", "42", problems.WA},
		{"both out of range", "float_relative_tolerance 1e-6", "1e400\n", "2e400", problems.AC},
		{"output out of range", "float_tolerance 1e-6", "1e300\n", "1e400", problems.WA},
		{"hex is no float", "float_tolerance 0.1", "3\n", "0x3", problems.WA},
		{"trailing dot", "float_tolerance 0.1", "3\n", "3.", problems.AC},
		{"leading dot", "float_tolerance 0.1", "0.5\n", ".5", problems.AC},
		{"string token with floats", "float_tolerance 0.1", "abc 1\n", "ABC 1.0", problems.AC},
		{"huge exponent", "float_tolerance 0.1", "1\n", "1e999999", problems.WA},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFlags(strings.Fields(tc.args))
			if err != nil {
				t.Fatal(err)
			}
			got := CompareDefault([]byte(tc.ans), []byte(tc.out), f)
			if got.Verdict != tc.want {
				t.Errorf("verdict %s (%s), want %s", got.Verdict, got.Message, tc.want)
			}
		})
	}
}

// TestCompareDefaultMessagePosition holds the messages to the line and column of the
// output (columns in characters, not bytes) and the line of the answer where the two
// first differ.
func TestCompareDefaultMessagePosition(t *testing.T) {
	tests := []struct {
		name, args, ans, out string
		want                 string
	}{
		{"token on a later line", "", "a\nb\nc\n", "a b\nx\n",
			`line 2, column 1 of output (line 3 of answer): expected "c", got "x"`},
		{"token after spaces", "", "1 2 3\n", "1 2\t  4\n",
			`line 1, column 7 of output (line 1 of answer): expected "3", got "4"`},
		{"accented token before", "", "café 1\n", "café 2\n",
			`line 1, column 6 of output (line 1 of answer): expected "1", got "2"`},
		{"wide characters before", "", "x\n日本 語 7\n", "x\n日本 語 8\n",
			`line 2, column 6 of output (line 2 of answer): expected "7", got "8"`},
		{"invalid bytes before", "", "\xff\xfe 1\n", "\xff\xfe 2\n",
			`line 1, column 4 of output (line 1 of answer): expected "1", got "2"`},
		{"CRLF output", "", "1\n2\n", "1\r\n3\r\n",
			`line 2, column 1 of output (line 2 of answer): expected "2", got "3"`},
		{"trailing output", "", "1\n", "1\nñ 2\n",
			`line 2, column 1 of output (line 2 of answer): trailing output "ñ"`},
		{"output ends after a newline", "", "1 2\n", "1\n",
			`line 2, column 1 of output (line 1 of answer): output ends, expected "2"`},
		{"output ends inside a line", "", "é 1 2\n", "é 1",
			`line 1, column 4 of output (line 1 of answer): output ends, expected "2"`},
		{"float too far", "float_tolerance 1e-6", "½ 1.0\n", "½ 1.5\n",
			`line 1, column 3 of output (line 1 of answer): "1.5" too far from "1.0"`},
		{"not a float", "float_tolerance 1e-6", "1.0\n", "\n  x\n",
			`line 2, column 3 of output (line 1 of answer): expected a number like "1.0", got "x"`},
		{"white space: extra space", "space_change_sensitive", "1 2\n", "1  2\n",
			`line 1, column 3 of output (line 1 of answer): white space differs: expected " ", got "  "`},
		{"white space: space before the newline", "space_change_sensitive", "é\n2\n", "é \n2\n",
			`line 1, column 2 of output (line 1 of answer): white space differs: expected "\n", got " \n"`},
		{"white space: missing newline", "space_change_sensitive", "1\n\n2\n", "1\n2\n",
			`line 2, column 1 of output (line 2 of answer): white space differs: expected "\n\n", got "\n"`},
		{"white space: no final newline", "space_change_sensitive", "1 2\n", "1 2",
			`line 1, column 4 of output (line 1 of answer): white space differs: expected "\n", got ""`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFlags(strings.Fields(tc.args))
			if err != nil {
				t.Fatal(err)
			}
			got := CompareDefault([]byte(tc.ans), []byte(tc.out), f)
			if got.Verdict != problems.WA || !strings.HasPrefix(got.Message, tc.want) {
				t.Errorf("got %s %q\nwant WA %q", got.Verdict, got.Message, tc.want)
			}
		})
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args     string
		ok       bool
		abs, rel float64
	}{
		{"", true, -1, -1},
		{"float_tolerance 0.5", true, 0.5, 0.5},
		{"float_absolute_tolerance 1 float_relative_tolerance 2", true, 1, 2},
		{"float_tolerance 1 float_absolute_tolerance 2", false, 0, 0},
		{"float_relative_tolerance 1 float_relative_tolerance 2", false, 0, 0},
		{"float_tolerance", false, 0, 0},
		{"float_tolerance x", false, 0, 0},
		{"float_tolerance -1", false, 0, 0},
		{"bogus", false, 0, 0},
	}
	for _, tc := range tests {
		f, err := ParseFlags(strings.Fields(tc.args))
		if (err == nil) != tc.ok {
			t.Errorf("%q: err %v, want ok=%v", tc.args, err, tc.ok)
			continue
		}
		if tc.ok && (f.AbsTol != tc.abs || f.RelTol != tc.rel) {
			t.Errorf("%q: got %+v", tc.args, f)
		}
	}
}

// positioned matches a message that starts where the output and answer differ.
var positioned = regexp.MustCompile(`^line [1-9][0-9]*, column [1-9][0-9]* of output \(line [1-9][0-9]* of answer\): `)

// FuzzCompareDefault: the default validator answers AC or WA, accepts the answer
// against itself and names the position of every difference.
func FuzzCompareDefault(f *testing.F) {
	f.Add("1 2\n", "1 2\n", "")
	f.Add("1.5\n", "1.50001", "float_tolerance 1e-3")
	f.Add("Yes", "yes ", "case_sensitive space_change_sensitive")
	f.Add("1e308", "-1e308", "float_relative_tolerance 1")
	f.Fuzz(func(t *testing.T, ans, out, args string) {
		flags, err := ParseFlags(strings.Fields(args))
		if err != nil {
			return
		}
		got := CompareDefault([]byte(ans), []byte(out), flags)
		if got.Verdict != problems.AC && got.Verdict != problems.WA {
			t.Fatalf("verdict %s", got.Verdict)
		}
		if got.Verdict == problems.WA && !positioned.MatchString(got.Message) {
			t.Fatalf("message names no position: %q", got.Message)
		}
		if self := CompareDefault([]byte(ans), []byte(ans), flags); self.Verdict != problems.AC {
			t.Fatalf("answer rejected against itself: %s", self.Message)
		}
	})
}

// chunkReader reads b at most n bytes at a time, so that a comparison crosses
// the ends of its reads anywhere in the answer.
type chunkReader struct {
	b []byte
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.n)], r.b)
	r.b = r.b[n:]
	return n, nil
}

// repeatByte returns b with its byte at offset at (modulo its length) repeated
// n times more: a long token, number or run of white space from a short input.
func repeatByte(b []byte, at, n int) []byte {
	if len(b) == 0 || n == 0 {
		return b
	}
	at %= len(b)
	return slices.Concat(b[:at], bytes.Repeat(b[at:at+1], n), b[at:])
}

// FuzzCompareDefaultStream: the default validator that reads the answer as it
// goes, in reads of any size, answers exactly what the one that held it whole
// (compareDefaultOld) answered: verdict, message, details and score.
func FuzzCompareDefaultStream(f *testing.F) {
	long := strings.Repeat("x", 50)
	digits := strings.Repeat("1", 900)
	for _, s := range []struct {
		ans, out  string
		flags     uint8
		abs, rel  float64
		chunk     uint8
		grow, got uint16
	}{
		{"1 2\n3\n", "1 2\n3\n", 0, 0, 0, 1, 0, 0},
		{"Yes\r\nNo\r\n", "yes\nno", 0, 0, 0, 2, 0, 0},
		{"Yes\r\n", "yes\n", 3, 0, 0, 3, 0, 0},
		{"a" + long + "\n", "a" + long + "b\n", 0, 0, 0, 7, 0, 0},
		{long + "\n", "x\n", 0, 0, 0, 5, 0, 0},
		{"1 " + long, "1", 0, 0, 0, 5, 0, 0},
		{"1" + strings.Repeat(" ", 60) + "2", "1 2", 2, 0, 0, 9, 0, 0},
		{"1\n\n\n 2", "1\n\n\t2", 2, 0, 0, 1, 0, 0},
		{"1 2\n", "1 2", 2, 0, 0, 1, 0, 0},
		{"\x00\xff\xfe é\n", "\x00\xff\xfe É\n", 0, 0, 0, 1, 0, 0},
		{"1.5 x\n", "1.50001 X", 4, 1e-3, 0, 1, 0, 0},
		{"1e400\n", "2e400", 8, 0, 1e-6, 2, 0, 0},
		{"-0.0\n", "0", 12, 0, 0, 3, 0, 0},
		{"0." + digits + "\n", "0.1111111", 12, 1e-9, 1e-9, 64, 0, 0},
		{"1" + digits + "e-899\n", "1.1111111111", 4, 1e-9, 0, 64, 0, 0},
		{"9007199254740993" + strings.Repeat("0", 900) + "1e-900\n", "9007199254740994e-900", 12, 0, 0, 100, 0, 0},
		{"12345.6789e-3 abc\n", "12.3456789 abd", 4, 0, 0, 1, 3, 2},
		{"3.\n", ".5e1", 8, 0.5, 0.5, 1, 0, 0},
		{"1" + long + "\n", "1" + long + "\n", 4, 0.1, 0, 7, 0, 0},
		{"x 1.5\n", "x 1.5", 4, 1e-9, 0, 16, 2 | 1000<<4, 0},  // a long number
		{"1 2\n", "1 2\n", 2, 0, 0, 16, 1 | 50<<4, 1 | 49<<4}, // long white space
	} {
		f.Add([]byte(s.ans), []byte(s.out), s.flags, s.abs, s.rel, s.chunk, s.grow, s.got)
	}
	f.Fuzz(func(t *testing.T, ans, out []byte, flags uint8, abs, rel float64, chunk uint8, grow, got uint16) {
		fl := Flags{CaseSensitive: flags&1 != 0, SpaceChangeSensitive: flags&2 != 0, AbsTol: -1, RelTol: -1}
		for _, tol := range []struct {
			on  bool
			v   float64
			dst *float64
		}{{flags&4 != 0, abs, &fl.AbsTol}, {flags&8 != 0, rel, &fl.RelTol}} {
			if tol.on {
				if math.IsNaN(tol.v) || math.IsInf(tol.v, 0) {
					return // ParseFlags takes no such tolerance
				}
				*tol.dst = math.Abs(tol.v)
			}
		}
		ans = repeatByte(ans, int(grow), int(grow>>4))
		out = repeatByte(out, int(got), int(got>>4))
		want := compareDefaultOld(ans, out, fl)
		o, err := CompareDefaultReader(&chunkReader{ans, int(chunk) + 1}, out, fl)
		if err != nil {
			t.Fatalf("error reading the answer: %v", err)
		}
		if !reflect.DeepEqual(o, want) {
			t.Fatalf("flags %+v:\ngot  %+v\nwant %+v", fl, o, want)
		}
	})
}

// FuzzParseFloatToken: a token read as a number a byte at a time, holding only
// its first digits, has the value ParseFloat gives the whole token, long or not.
func FuzzParseFloatToken(f *testing.F) {
	for _, s := range []string{"1", "-0.5e-3", "+.5", "5.", "1e99999999", "0.000e5", "1.2.3", "1e", "e1", ".", "-", "12345678901234567890123"} {
		f.Add([]byte(s), uint16(0))
	}
	f.Add([]byte("9007199254740993"), uint16(15|1000<<4)) // a halfway point, and a 0 later
	f.Add([]byte("0.1"), uint16(2|900<<4))
	f.Fuzz(func(t *testing.T, tok []byte, grow uint16) {
		tok = repeatByte(tok, int(grow&15), int(grow>>4))
		v, ok := parseFloatToken(tok)
		w, wok := parseFloatTokenOld(tok)
		if ok != wok || math.Float64bits(v) != math.Float64bits(w) {
			t.Fatalf("%q: %v %v, want %v %v", tok, v, ok, w, wok)
		}
	})
}

// TestParseFloatTokenLong holds long numbers to the value ParseFloat gives them
// whole: digits past those floatToken keeps that decide a halfway point, and
// exponents strconv stops counting, digits before the point strconv's exact
// path does not count.
func TestParseFloatTokenLong(t *testing.T) {
	zeros := strings.Repeat("0", 1000)
	ones := strings.Repeat("1", 2000)
	// Digits before the point past floatDigits: floatExcessMax of them and one more.
	excessMax := strings.Repeat("0", floatDigits+floatExcessMax-1)
	for _, tok := range []string{
		ones + ".5",
		"1" + zeros[:900] + "e-880",                   // strconv's fast path: 1e20
		"1" + zeros + "e-1000",                        // strconv's exact path: 1e-201
		"1" + strings.Repeat("0", 100000) + "e-99999", // its exact path: 0
		"1" + zeros + "." + zeros + "1e-1001",
		"1" + excessMax + "e-99999",
		"1" + excessMax + "0e-99999",
		"1" + excessMax + "1e-99999",
		"-1" + excessMax + "e-99200",
		"1" + excessMax + "e+99999",
		"1" + excessMax + "e-99999999999",
		"1" + excessMax + "e-800",                       // strconv's exact path: 0.1
		"1" + excessMax + "0e-800",                      // the same, its fast path not tried
		"1" + strings.Repeat("0", 99990) + "e-99999999", // 1e-9: the exponent read as -99999
		"9007199254740993" + zeros + "1",                // above the halfway point: up
		"9007199254740993" + zeros,                      // at it: to even
		"-9007199254740995" + zeros + "e-1016",
		"0." + zeros + "1",
		"0." + zeros + "1e1003",
		zeros + "1." + zeros,
		ones,
		ones + "e-2000",
		ones + "e-99999999999",
		"." + ones + "e-10300",
		"-" + ones + "." + ones + "E+00000000000000000000000000001",
		"1" + zeros + "e-1000",
		"1" + zeros + "e-1309",
		"1" + zeros + "e-1400",
		"4.9406564584124654e-324" + zeros,
		"2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125001",
	} {
		v, ok := parseFloatToken([]byte(tok))
		w, wok := parseFloatTokenOld([]byte(tok))
		if ok != wok || math.Float64bits(v) != math.Float64bits(w) {
			t.Errorf("%.40q… (%d bytes, ends %q): %v %v, want %v %v", tok, len(tok), tok[max(0, len(tok)-12):], v, ok, w, wok)
		}
	}
}

// TestCompareDefaultReaderError: a read of the answer that fails before the
// outcome is known is the comparison's error; a difference found before it
// is the outcome.
func TestCompareDefaultReaderError(t *testing.T) {
	fail := errors.New("disk on fire")
	for _, tt := range []struct {
		out string
		err error
	}{{"1 2 3\n", fail}, {"1 2\n", fail}, {"1 x\n", nil}} {
		answer := io.MultiReader(strings.NewReader("1 2 "), iotest.ErrReader(fail))
		o, err := CompareDefaultReader(answer, []byte(tt.out), Flags{AbsTol: -1, RelTol: -1})
		if err != tt.err || (err == nil) != (o.Verdict == problems.WA) {
			t.Errorf("output %q: %s %q, %v; want error %v or else WA", tt.out, o.Verdict, o.Message, err, tt.err)
		}
	}
}

// patternReader reads its pattern over and over, left bytes in all: a large
// answer that takes neither memory nor disk.
type patternReader struct {
	pattern []byte
	off     int
	left    int64
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.left)]
	for n := 0; n < len(p); {
		c := copy(p[n:], r.pattern[r.off:])
		n += c
		r.off = (r.off + c) % len(r.pattern)
	}
	r.left -= int64(len(p))
	return len(p), nil
}

// allocated returns how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCompareDefaultReaderMemory compares large answers, read as they go, with
// outputs that match them, white space around a few tokens and one long
// number: the comparison allocates far less than the answer (a buffer).
func TestCompareDefaultReaderMemory(t *testing.T) {
	const mib = 1 << 20
	page := append([]byte("7"), bytes.Repeat([]byte(" \r\n\t"), mib/4)[:mib-1]...)
	tests := []struct {
		name, args string
		answer     func() io.Reader
		output     string
		size       int64
	}{
		{"white space", "", func() io.Reader { return &patternReader{pattern: page, left: 256 * mib} }, strings.Repeat("7\n", 256), 256 * mib},
		{"a long number", "float_tolerance 1e-9", func() io.Reader {
			return io.MultiReader(strings.NewReader("0."), &patternReader{pattern: bytes.Repeat([]byte("0"), 4096), left: 16*mib - 4}, strings.NewReader("1\n"))
		}, "0\n", 16 * mib},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseFlags(strings.Fields(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			answer := tt.answer()
			var o problems.Outcome
			n := allocated(func() { o, err = CompareDefaultReader(answer, []byte(tt.output), f) })
			if err != nil || o.Verdict != problems.AC {
				t.Fatalf("%s %q, %v", o.Verdict, o.Message, err)
			}
			if n > uint64(tt.size/16) {
				t.Errorf("%d bytes allocated comparing an answer of %d", n, tt.size)
			}
			t.Logf("%d bytes allocated comparing an answer of %d", n, tt.size)
		})
	}
}
