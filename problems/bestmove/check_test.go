package bestmove

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

const sample1 = "Analyzing 2 data set(s)\nData Set 1\nBest Move Value: 24 at G4\nData Set 2\nBest Move Value: 22 at C3, F3, H3, C4, H5\n"

func dataset(answer string) problems.Dataset {
	return problems.Dataset{Name: "sample/1", Group: "sample", AnsPath: "data/sample/1.ans", Answer: []byte(answer)}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		verdict problems.Verdict
		msg     string // part of the message
	}{
		{"exact", sample1, problems.AC, "2 data sets right"},
		{"re-spaced", "  Analyzing   2  data   set(s)  \nData  Set 1\n  Best  Move Value :24   at G4\nData Set 2\nBest Move Value: 22 at C3 ,F3,H3 , C4,   H5", problems.AC, ""},
		{"no spaces at all", "Analyzing2datasets\nDataSet1\nBestMoveValue:24atG4\nDataSet2\nBestMoveValue:22atC3,F3,H3,C4,H5\n", problems.AC, ""},
		{"upper case", strings.ToUpper(sample1), problems.AC, ""},
		{"lower case", strings.ToLower(sample1), problems.AC, ""},
		{"data sets", strings.Replace(sample1, "data set(s)", "data sets", 1), problems.AC, ""},
		{"data set", strings.Replace(sample1, "data set(s)", "data set", 1), problems.AC, ""},
		{"spaced (s)", strings.Replace(sample1, "data set(s)", "data set ( s )", 1), problems.AC, ""},
		{"blank lines and CRLF", "\n\r\n" + strings.ReplaceAll(sample1, "\n", "\r\n\r\n") + "\n\n", problems.AC, ""},
		{"tabs", strings.ReplaceAll(sample1, " ", "\t"), problems.AC, ""},
		{"leading zeros", strings.Replace(sample1, "G4", "G04", 1), problems.AC, ""},

		{"changed value", strings.Replace(sample1, "22 at", "21 at", 1), problems.WA, "line 5, column 18: data set 2: value 21, expected 22"},
		{"missing square", strings.Replace(sample1, ", H5", "", 1), problems.WA, "line 5, column 38: data set 2: square H5 missing"},
		{"extra square", strings.Replace(sample1, "G4", "G4, A1", 1), problems.WA, "line 3, column 28: data set 1: square A1 is not a best move"},
		{"extra square first", strings.Replace(sample1, "C3, F3", "A1, C3, F3", 1), problems.WA, "line 5, column 24: data set 2: square A1 is not a best move"},
		{"swapped order", strings.Replace(sample1, "C3, F3", "F3, C3", 1), problems.WA, "line 5, column 24: data set 2: squares out of order"},
		{"repeated square", strings.Replace(sample1, "G4", "G4, G4", 1), problems.WA, "line 3, column 28: data set 1: squares listed more than once"},
		{"wrong square", strings.Replace(sample1, "G4", "G5", 1), problems.WA, "line 3, column 24: data set 1: square G4 missing"},
		{"wrong count", strings.Replace(sample1, "Analyzing 2", "Analyzing 3", 1), problems.WA, "line 1, column 11: header: analyzing 3 data sets, expected 2"},
		{"wrong label", strings.Replace(sample1, "Data Set 2", "Data Set 3", 1), problems.WA, "line 4, column 10: data set 2: labelled Data Set 3"},
		{"wrong value, free spacing", "Analyzing 2 data set(s)\n\n  data set 1\n\tBEST MOVE VALUE:23 AT G4\r\nData Set 2\nBest Move Value: 22 at C3, F3, H3, C4, H5\n", problems.WA, "line 4, column 18: data set 1: value 23, expected 24"},
		{"missing data set", "Analyzing 2 data set(s)\nData Set 1\nBest Move Value: 24 at G4\n", problems.WA, "line 4, column 1: data set 2: missing"},
		{"missing data set, no final newline", "Analyzing 2 data set(s)\nData Set 1\nBest Move Value: 24 at G4", problems.WA, "line 3, column 26: data set 2: missing"},
		{"extra data set", sample1 + "  Data Set 3\nBest Move Value: 1 at A1\n", problems.WA, "line 6, column 3: data set 3: not in the input"},
		{"empty", "", problems.WA, "line 1, column 1: header: output ends early"},
		{"binary", "\x00\xff\xfe\x01garbage\x80", problems.WA, "line 1, column 13: header: output ends early"},
		{"half a line", "Analyzing 2 data set(s)\nData Set 1\nBest Move Value: 24", problems.WA, "line 3, column 20: data set 1: output ends early (line 3, column 20: expected"},
		{"malformed and wrong", strings.Replace(sample1, "Best Move Value: 22", "Best Move 21", 1), problems.WA, "line 5, column 11: data set 2: found 21 where 22 was expected (line 5, column 11: expected"},
		{"malformed, extra number", sample1 + "7\n", problems.WA, "line 6, column 1: extra output after data set 2: 7"},
		{"accented word, wrong value", strings.Replace(sample1, "Value: 24", "Valüe: 23", 1), problems.WA, "line 3, column 18: data set 1: found 23 where 24 was expected (line 3, column 14: expected"},
		{"accented word, ends early", "Analyzing 2 data set(s)\nData Set 1\nBest Move Valüe: 24", problems.WA, "line 3, column 20: data set 1: output ends early"},
		{"dash, extra number", sample1 + "Fertig — 7\n", problems.WA, "line 6, column 10: extra output after data set 2: 7"},

		{"missing colon", strings.Replace(sample1, "Value: 24", "Value 24", 1), problems.PE, "right values, malformed layout: line 3, column 17: expected \"Best Move Value: V at SQUARES\" for data set 1"},
		{"merged lines", strings.Replace(sample1, "Data Set 1\n", "Data Set 1 ", 1), problems.PE, "line 2, column 12: expected \"Data Set 1\""},
		{"extra text line", sample1 + "All done.\n", problems.PE, "line 6, column 1: expected \"Data Set 3\""},
		{"other words", strings.ReplaceAll(sample1, "Best Move Value:", "Best value"), problems.PE, "right values, malformed layout: line 3, column 6: expected"},
		{"no header words", strings.Replace(sample1, "Analyzing 2 data set(s)", "2", 1), problems.PE, "line 1, column 1: expected \"Analyzing N data sets\""},
		{"accented word", strings.Replace(sample1, "Value: 24", "Valüe: 24", 1), problems.PE, "line 3, column 14: expected \"Best Move Value"},
		{"mark after the squares", strings.Replace(sample1, "G4\n", "G4 ✓\n", 1), problems.PE, "line 3, column 27: expected \"Best Move Value"},
		{"header stops short", strings.Replace(sample1, "2 data set(s)", "2 data", 1), problems.PE, "line 1, column 17: expected \"Analyzing N data sets\""},
		{"header stops short, CRLF", strings.Replace(strings.ReplaceAll(sample1, "\n", "\r\n"), "2 data set(s)", "2 data", 1), problems.PE, "line 1, column 17: expected \"Analyzing N data sets\""},
		{"ten-digit label", strings.Replace(sample1, "Data Set 1\n", "Data Set 0000000001\n", 1), problems.PE, "line 2, column 19: expected \"Data Set 1\""},
		{"no Best Move line at the end", sample1 + "Data Set 3\n", problems.WA, "line 6, column 10: extra output after data set 2: 3 (line 7, column 1: data set 3 has no"},
	}
	pr := &Problem{}
	ds := dataset(sample1)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := pr.Check(ds, problems.Output{Stdout: []byte(tc.out)})
			if o.Verdict != tc.verdict || !strings.Contains(o.Message, tc.msg) {
				t.Fatalf("got %s %q, want %s containing %q", o.Verdict, o.Message, tc.verdict, tc.msg)
			}
			switch {
			case o.Verdict == problems.AC && (o.Score != 1 || o.Details != ""):
				t.Errorf("AC with score %v, details %q", o.Score, o.Details)
			case o.Verdict != problems.AC && !strings.Contains(o.Details, "--- expected"):
				t.Errorf("no diff in details: %q", o.Details)
			case strings.Contains(o.Message, "\n"):
				t.Errorf("message has more than one line: %q", o.Message)
			}
		})
	}
}

func TestCheckDiffShowsChange(t *testing.T) {
	o := (&Problem{}).Check(dataset(sample1), problems.Output{Stdout: []byte(strings.Replace(sample1, "24 at", "23 at", 1))})
	if !strings.Contains(o.Details, "-Best Move Value: 24 at G4\n+Best Move Value: 23 at G4\n") {
		t.Errorf("diff does not show the change:\n%s", o.Details)
	}
	if !strings.Contains(o.Details, " Data Set 1\n") {
		t.Errorf("diff lacks context lines:\n%s", o.Details)
	}
}

func TestCheckBadAnswerFile(t *testing.T) {
	for _, ans := range []string{
		"nonsense",
		"Analyzing 1 data set\nData Set 1\nBest Move Value: 1 at " + strings.Repeat("A1, ", 200) + "A1\n",
	} {
		o := (&Problem{}).Check(dataset(ans), problems.Output{Stdout: []byte(sample1)})
		if o.Verdict != problems.JE {
			t.Errorf("answer %.40q: got %s %q, want JE", ans, o.Verdict, o.Message)
		}
	}
}

// TestCheckMessageBounded gives outputs of megabytes whose faults quote them (a
// list of millions of squares, a number of millions of digits) and expects short
// messages that still say what is wrong and where.
func TestCheckMessageBounded(t *testing.T) {
	manyA1 := "A1" + strings.Repeat(", A1", 3000000) // a 12 MB line
	tests := []struct {
		name    string
		out     string
		verdict problems.Verdict
		msg     string // the message's start
	}{
		{"millions of squares", strings.Replace(sample1, "at G4", "at "+manyA1, 1), problems.WA, "line 3, column 24: data set 1: square"},
		{"a best square millions of times", strings.Replace(sample1, "at G4", "at G4"+strings.Repeat(", G4", 3000000), 1), problems.WA, "line 3, column 28: data set 1: squares listed more than once: G4 again, of 3000001 listed (expected G4)"},
		{"millions of squares, then the best", strings.Replace(sample1, "at G4", "at "+manyA1+", G4", 1), problems.WA, "line 3, column 24: data set 1: square"},
		{"a count of millions of digits", "Analyzing " + strings.Repeat("7", 5000000) + " data sets\n" + sample1[strings.IndexByte(sample1, '\n')+1:], problems.WA, "line 1, column 11: header: found 7777777777777777…77777777 (5000000 characters) where 2 was expected"},
		{"a square of millions of digits", strings.Replace(sample1, "at G4", "at G"+strings.Repeat("4", 5000000), 1), problems.WA, "line 3, column 24: data set 1: found G444444444444444…44444444 (5000001 characters) where G4 was expected"},
		{"millions of digits after the answer", sample1 + strings.Repeat("9", 16<<20), problems.WA, "line 6, column 1: extra output after data set 2: 9999999999999999…99999999 (16777216 characters)"},
	}
	pr := &Problem{}
	ds := dataset(sample1)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := pr.Check(ds, problems.Output{Stdout: []byte(tc.out)})
			if o.Verdict != tc.verdict || !strings.HasPrefix(o.Message, tc.msg) {
				t.Errorf("got %s %.300q, want %s starting %q", o.Verdict, o.Message, tc.verdict, tc.msg)
			}
			if len(o.Message) > 400 {
				t.Errorf("message of %d bytes: %.300q…", len(o.Message), o.Message)
			}
		})
	}
}

// TestCheckAllocations holds what one Check allocates, garbage included, to a
// few times the size of the output, for outputs of the output limit's size: the
// whole text is never copied line by line or split into millions of strings, and
// only the data sets and squares a right answer could have are kept. (The bound
// is loose: the old reader allocated 20 times the size of 16 MiB of newlines.)
func TestCheckAllocations(t *testing.T) {
	tests := []struct {
		name    string
		out     []byte
		verdict problems.Verdict
	}{
		{"16 MiB of newlines", bytes.Repeat([]byte("\n"), 16<<20), problems.WA},
		{"16 MiB of blank lines", bytes.Repeat([]byte(" \r\n"), 16<<20/3), problems.WA},
		{"the answer, then 16 MiB of newlines", append([]byte(sample1), bytes.Repeat([]byte("\n"), 16<<20)...), problems.AC},
		{"a 12 MB list of squares", []byte(strings.Replace(sample1, "at G4", "at A1"+strings.Repeat(", A1", 3000000), 1)), problems.WA},
		{"16 MiB of data sets", append([]byte("Analyzing 2 data sets\n"), bytes.Repeat([]byte("Data Set 1\nBest Move Value: 24 at G4\n"), 16<<20/36)...), problems.WA},
		{"16 MiB of single-letter words", bytes.Repeat([]byte("a "), 8<<20), problems.WA},
		{"16 MiB of digits", bytes.Repeat([]byte("7"), 16<<20), problems.WA},
	}
	pr := &Problem{}
	ds := dataset(sample1)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			o := pr.Check(ds, problems.Output{Stdout: tc.out})
			runtime.ReadMemStats(&after)
			if o.Verdict != tc.verdict {
				t.Errorf("got %s %.200q, want %s", o.Verdict, o.Message, tc.verdict)
			}
			limit := 5*uint64(len(tc.out)) + 8<<20
			if got := after.TotalAlloc - before.TotalAlloc; got > limit {
				t.Errorf("Check on %d bytes allocated %d MiB, more than %d MiB", len(tc.out), got>>20, limit>>20)
			}
		})
	}
}

func TestCheckHugeOutput(t *testing.T) {
	huge := strings.Repeat("Best Move Value: 1 at A1, B2\n", 200000)
	o := (&Problem{}).Check(dataset(sample1), problems.Output{Stdout: []byte(sample1 + huge)})
	if o.Verdict != problems.PE && o.Verdict != problems.WA {
		t.Fatalf("got %s", o.Verdict)
	}
	if len(o.Details) > 4*maxDiffBytes {
		t.Errorf("details of %d bytes", len(o.Details))
	}
}

// TestCheckSamplesAndSecret: every answer file is AC against itself.
func TestCheckAnswersAccepted(t *testing.T) {
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	dss, err := f.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	pr := New(f)
	for _, ds := range dss {
		if o := pr.Check(ds, problems.Output{Stdout: ds.Answer}); o.Verdict != problems.AC {
			t.Errorf("%s: %s %s", ds.Name, o.Verdict, o.Message)
		}
	}
}

// FuzzCheck: the checker never panics, whatever the output, and gives one of AC,
// WA and PE with a short one-line message that names the line and column of the
// fault.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(sample1))
	f.Add([]byte(strings.ToLower(sample1)))
	f.Add([]byte(strings.Replace(sample1, "Value: 24", "Value 24", 1)))
	f.Add([]byte("Analyzing 999999999999 data sets\nData Set 99999999999999\n"))
	f.Add([]byte("best move value: 1 at a1, b 2, c  3, j10, k1"))
	f.Add([]byte{0, 255, 10, 13, 'a', '1'})
	f.Add([]byte(""))
	f.Add([]byte(strings.Replace(sample1, "at G4", "at A1"+strings.Repeat(",A1", 200), 1)))
	f.Add([]byte(strings.Replace(sample1, "at G4", "at G4"+strings.Repeat(",G04", 200), 1)))
	f.Add([]byte("Analyzing " + strings.Repeat("2", 100) + " data sets"))
	if data, err := os.ReadFile("data/sample/2.ans"); err == nil {
		f.Add(data)
	}
	pr := &Problem{}
	ds := dataset(sample1)
	f.Fuzz(func(t *testing.T, out []byte) {
		o := pr.Check(ds, problems.Output{Stdout: out})
		switch o.Verdict {
		case problems.AC, problems.WA, problems.PE:
		default:
			t.Fatalf("verdict %s for output %q", o.Verdict, out)
		}
		if strings.Contains(o.Message, "\n") {
			t.Fatalf("multi-line message %q", o.Message)
		}
		if len(o.Message) > 400 {
			t.Fatalf("message of %d bytes: %q", len(o.Message), o.Message)
		}
		if o.Verdict != problems.AC && !positioned.MatchString(o.Message) {
			t.Fatalf("%s message names no line and column: %q", o.Verdict, o.Message)
		}
	})
}

// positioned matches a message that starts with the line and column of the fault
// (after the PE's "right values, malformed layout: ").
var positioned = regexp.MustCompile(`^(right values, malformed layout: )?line [1-9][0-9]*, column [1-9][0-9]*: `)

func BenchmarkCheck(b *testing.B) {
	pr := &Problem{}
	ds := dataset(sample1)
	wrong := []byte(strings.Replace(sample1, "Value: 24", "Value 23", 1))
	for b.Loop() {
		pr.Check(ds, problems.Output{Stdout: []byte(sample1)})
		pr.Check(ds, problems.Output{Stdout: wrong})
	}
}

// render writes an answer in the reference's layout.
func render(a answer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Analyzing %d data set(s)\n", a.count)
	for _, s := range a.sets {
		fmt.Fprintf(&b, "Data Set %d\nBest Move Value: %d at %s\n", s.label, s.value, strings.Join(s.squares, ", "))
	}
	return b.String()
}

// FuzzParseAnswer: the answer reader never panics; what it reads compares equal to
// itself, and in the reference's layout the loose reading finds the same content.
func FuzzParseAnswer(f *testing.F) {
	f.Add([]byte(sample1))
	f.Add([]byte("Analyzing 1 data set\nData Set 1\nBest Move Value: 3 at J10, A1\n"))
	f.Add([]byte("analyzing 0 data sets"))
	f.Add([]byte("Data Set 1\n\n\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		a, err := parseAnswer(text)
		if err != nil || a.beyond() {
			return // more data sets or squares than kept: no right answer, and refused as an answer file
		}
		if _, msg := compare(a, a); msg != "" {
			t.Fatalf("answer differs from itself: %s", msg)
		}
		canon := render(a)
		want, _ := tokensOf(a)
		toks, _ := tokens([]byte(canon), len(want)+1)
		var got []string
		for _, tk := range toks {
			got = append(got, tk.text)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("loose reading of %q: %v, want %v", canon, got, want)
		}
	})
}
