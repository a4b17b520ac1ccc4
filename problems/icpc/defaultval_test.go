package icpc

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
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
		// Through a reader that hands over a byte at a time, as a file may.
		streamed, err := CompareDefaultReader(iotest.OneByteReader(strings.NewReader(ans)), []byte(out), flags)
		if want := compareDefaultWhole([]byte(ans), []byte(out), flags); err != nil || !reflect.DeepEqual(streamed, want) || !reflect.DeepEqual(got, want) {
			t.Fatalf("streamed %+v (%v), whole %+v", streamed, err, want)
		}
	})
}

// compareDefaultWhole is the default validator as it was when it held the
// whole answer: the streaming one must say exactly what it says.
func compareDefaultWhole(answer, output []byte, f Flags) problems.Outcome {
	ans := scanner{b: answer}
	out := scanner{b: output}
	where := func(ooff, aoff int) string {
		oline, ocol := lineCol(output, ooff)
		aline, _ := lineCol(answer, aoff)
		return fmt.Sprintf("line %d, column %d of output (line %d of answer)", oline, ocol, aline)
	}
	for n := 1; ; n++ {
		aspace, atok, aat := ans.next()
		ospace, otok, oat := out.next()
		if f.SpaceChangeSensitive && string(aspace) != string(ospace) {
			k := firstDiff(aspace, ospace)
			return problems.Rejected(problems.WA, "%s: white space differs: expected %s, got %s",
				where(oat-len(ospace)+k, aat-len(aspace)+k), show(aspace), show(ospace))
		}
		switch {
		case len(atok) == 0 && len(otok) == 0:
			return problems.Accepted(1, "%d tokens match", n-1)
		case len(atok) == 0:
			return problems.Rejected(problems.WA, "%s: trailing output %s", where(oat, aat), show(otok))
		case len(otok) == 0:
			return problems.Rejected(problems.WA, "%s: output ends, expected %s", where(oat, aat), show(atok))
		}
		if f.Floats() {
			if a, ok := parseFloatToken(atok); ok {
				s, ok := parseFloatToken(otok)
				if !ok {
					return problems.Rejected(problems.WA, "%s: expected a number like %s, got %s", where(oat, aat), show(atok), show(otok))
				}
				if !floatClose(a, s, f) {
					return problems.Rejected(problems.WA, "%s: %s too far from %s (absolute error %.3g, relative %.3g)",
						where(oat, aat), show(otok), show(atok), math.Abs(s-a), math.Abs(s-a)/math.Abs(a))
				}
				continue
			}
		}
		same := string(atok) == string(otok)
		if !same && !f.CaseSensitive {
			same = equalFoldASCII(atok, otok)
		}
		if !same {
			return problems.Rejected(problems.WA, "%s: expected %s, got %s", where(oat, aat), show(atok), show(otok))
		}
	}
}

// TestDefaultValidatorStreamsTheAnswer compares outputs with a 64 MiB answer
// (one token of NUL bytes, a sparse file) read as a package's case is, when
// judged: the comparison allocates a small part of that, whether it must read
// the answer to its end (a float tolerance, under which the token is compared
// as text past 1 MiB) or not.
func TestDefaultValidatorStreamsTheAnswer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "1.ans")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(64 << 20); err != nil {
		t.Skip(err)
	}
	f.Close()
	ds := problems.Dataset{Name: "secret/1", AnsPath: path, ReadMax: MaxDataFile}
	for _, args := range []string{"", "float_tolerance 1e-6"} {
		flags, err := ParseFlags(strings.Fields(args))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ds.OpenAnswer()
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		o, err := CompareDefaultReader(r, []byte("0\n"), flags)
		runtime.ReadMemStats(&after)
		r.Close()
		if err != nil || o.Verdict != problems.WA || !strings.Contains(o.Message, `expected "\x00\x00`) {
			t.Errorf("%q: %+v, %v", args, o, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%q: comparing allocated %d bytes for a 64 MiB answer", args, alloc)
		}
	}
}
