package sudoku

import (
	"bytes"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
)

const sampleIn = `1-- 489 --6
73- --- -4-
--- --1 295

--7 12- 6--
5-- 7-3 --8
--6 -95 7--

914 6-- ---
-2- --- -37
8-- 512 --4
`

const sampleAns = `The original puzzle:

1-- 489 --6
73- --- -4-
--- --1 295

--7 12- 6--
5-- 7-3 --8
--6 -95 7--

914 6-- ---
-2- --- -37
8-- 512 --4

Solution:

152 489 376
739 256 841
468 371 295

387 124 659
591 763 428
246 895 713

914 637 582
625 948 137
873 512 964

The puzzle was solved.
`

// unsolvableIn has no clashing givens but no solution: row 2, column 7 must be 8.
var unsolvableIn = strings.Replace(sampleIn, "73- --- -4-", "73- --- 14-", 1)

var unsolvableAns = strings.Replace(sampleAns[:strings.Index(sampleAns, "Solution:")], "73- --- -4-", "73- --- 14-", 1) +
	"The puzzle is unsolvable.\n"

// multiIn has many solutions: the sample with its first two bands emptied.
const multiIn = "---------\n---------\n---------\n---------\n---------\n---------\n914637582\n625948137\n873512964\n"

func dataset(in, ans string) problems.Dataset {
	return problems.Dataset{Name: "test", Input: []byte(in), Answer: []byte(ans)}
}

func TestCheck(t *testing.T) {
	p := &Problem{}
	multiAns := func() string {
		g, _ := grid.Parse([]byte(multiIn))
		n, sol := Solutions(g, 2)
		if n < 2 {
			t.Fatal("multiIn has a single solution")
		}
		return Answer(g, &sol)
	}()
	// multiOther swaps the first two rows of the solution: another valid completion.
	i := strings.Index(multiAns, "Solution:\n\n") + len("Solution:\n\n")
	rows := strings.SplitN(multiAns[i:], "\n", 3)
	multiOther := multiAns[:i] + rows[1] + "\n" + rows[0] + "\n" + rows[2]

	tests := []struct {
		name    string
		in, ans string
		out     string
		verdict problems.Verdict
		msg     string // a piece of the message
	}{
		{"exact answer", sampleIn, sampleAns, sampleAns, problems.AC, "solved"},
		{"trailing spaces as in the assignment", sampleIn, sampleAns, strings.ReplaceAll(sampleAns, "376\n", "376         \n"), problems.AC, ""},
		{"CRLF line ends", sampleIn, sampleAns, strings.ReplaceAll(sampleAns, "\n", "\r\n"), problems.AC, ""},
		{"no final newline", sampleIn, sampleAns, strings.TrimSuffix(sampleAns, "\n"), problems.AC, ""},
		{"extra empty lines at the end", sampleIn, sampleAns, sampleAns + "\n\n\n", problems.AC, ""},
		{"unsolvable declared", unsolvableIn, unsolvableAns, unsolvableAns, problems.AC, "declared unsolvable"},
		{"another solution of a multi-solution puzzle", multiIn, multiAns, multiOther, problems.AC, ""},

		{"wrong digit", sampleIn, sampleAns, strings.Replace(sampleAns, "873 512 964", "873 512 946", 1), problems.WA, "line 27, column 11: solution row 9, column 9: 6 replaces the given 4"},
		{"digits swapped in free cells", sampleIn, sampleAns, strings.Replace(sampleAns, "152 489 376", "125 489 376", 1), problems.WA, "line 26, column 2: solution row 8, column 2: 2 appears twice in column 2 (also at row 1, column 2)"},
		{"broken given", sampleIn, sampleAns, strings.Replace(strings.Replace(sampleAns, "152 489 376", "152 489 736", 1), "739 256 841", "379 256 841", 1), problems.WA, "line 18, column 1: solution row 2, column 1: 3 replaces the given 7"},
		{"incomplete solution", sampleIn, sampleAns, strings.Replace(sampleAns, "152 489 376", "1-2 489 376", 1), problems.WA, "line 17, column 2: '-' at row 1, column 2 of the solution"},
		{"solvable declared unsolvable", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "Solution:")] + "The puzzle is unsolvable.\n", problems.WA, "line 15, column 1: the output declares the puzzle unsolvable, but it has a solution"},
		{"unsolvable given a solution", unsolvableIn, unsolvableAns, strings.Replace(sampleAns, "73- --- -4-", "73- --- 14-", 1), problems.WA, "line 29, column 1: the output says the puzzle was solved, but it has no solution"},
		{"unsolvable declared solved", unsolvableIn, unsolvableAns, strings.Replace(unsolvableAns, "is unsolvable", "was solved", 1), problems.WA, "has no solution"},
		{"solved without a solution", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "Solution:")] + "The puzzle was solved.\n", problems.WA, "gives no \"Solution:\" block"},
		{"wrong echo", sampleIn, sampleAns, strings.Replace(sampleAns, "73- --- -4-", "73- --- 84-", 1), problems.WA, "line 4, column 9: the echo shows '8' at row 2, column 7, but the input has '-'"},
		{"echo of the solution", sampleIn, sampleAns, strings.Replace(sampleAns, sampleIn, sampleAns[strings.Index(sampleAns, "152"):strings.Index(sampleAns, "\nThe puzzle was")], 1), problems.WA, "the echo shows '5' at row 1, column 2"},
		{"no header", sampleIn, sampleAns, sampleAns[strings.Index(sampleAns, "Solution:"):], problems.WA, `line 1, column 1: expected "The original puzzle:", found "Solution:"`},
		{"misspelt status", sampleIn, sampleAns, strings.Replace(sampleAns, "was solved", "is solved", 1), problems.WA, "line 29, column 1: expected the status line"},
		{"no status", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "The puzzle was")], problems.WA, "line 29, column 1: output ends where the status line"},
		{"cut inside the solution", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "591")], problems.WA, "line 22, column 1: output ends inside the solution (row 5, column 1)"},
		{"cut inside a row of the solution", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "591")+2], problems.WA, "line 22, column 3: output ends inside the solution (row 5, column 3)"},
		{"cut inside the echo", sampleIn, sampleAns, sampleAns[:strings.Index(sampleAns, "5-- 7-3")+5], problems.WA, "line 8, column 6: output ends inside the echo of the puzzle (row 5, column 5)"},
		{"cut after the header", sampleIn, sampleAns, "The original puzzle:\n\n", problems.WA, "line 3, column 1: output ends inside the echo of the puzzle (row 1, column 1)"},
		{"trailing garbage", sampleIn, sampleAns, sampleAns + "Done!\n", problems.WA, `line 30, column 1: unexpected output after the status line: "Done!"`},
		{"empty", sampleIn, sampleAns, "", problems.WA, "empty output"},
		{"blank", sampleIn, sampleAns, " \n\n", problems.WA, "empty output"},
		{"garbage", sampleIn, sampleAns, "\x00\xff\xfe garbage", problems.WA, `line 1, column 1: expected "The original puzzle:", found "\x00\xff\xfe garbage"`},
		{"huge", sampleIn, sampleAns, sampleAns + strings.Repeat("1-- 489 --6\n", 90000), problems.WA, "line 30, column 1: unexpected output"},

		{"compact grids", sampleIn, sampleAns, compactAnswer(sampleAns), problems.PE, `line 3, column 4: layout: expected "1-- 489 --6", found "1--489--6"`},
		{"no blank line after the header", sampleIn, sampleAns, strings.Replace(sampleAns, "puzzle:\n\n", "puzzle:\n", 1), problems.PE, `line 2, column 1: layout: expected "", found "1-- 489 --6"`},
		{"header split", sampleIn, sampleAns, strings.Replace(sampleAns, "The original", "The\noriginal", 1), problems.PE, `line 1, column 4: layout: expected "The original puzzle:", found "The"`},
		{"leading blank line", sampleIn, sampleAns, "\n" + sampleAns, problems.PE, `line 1, column 1: layout: expected "The original puzzle:", found ""`},
		{"double space in the echo", sampleIn, sampleAns, strings.Replace(sampleAns, "--- --1 295", "---  --1 295", 1), problems.PE, `line 5, column 5: layout: expected "--- --1 295", found "---  --1 295"`},
		{"tab in the solution", sampleIn, sampleAns, strings.Replace(sampleAns, "625 948 137", "625 948\t137", 1), problems.PE, `line 26, column 8: layout: expected "625 948 137", found "625 948\t137"`},
		{"space before the status", sampleIn, sampleAns, strings.Replace(sampleAns, "The puzzle was", " The puzzle was", 1), problems.PE, `line 29, column 1: layout: expected "The puzzle was solved.", found " The puzzle was solved."`},
		{"status on the last row", sampleIn, sampleAns, strings.Replace(sampleAns, "964\n\nThe", "964 The", 1), problems.PE, `line 27, column 12: layout: expected "873 512 964", found "873 512 964 The puzzle was sol"…`},
		{"partial grid before unsolvable", unsolvableIn, unsolvableAns, strings.Replace(unsolvableAns, "The puzzle is", "Solution:\n\n"+strings.Replace(unsolvableIn, "1-- 489", "100 489", 1)+"\nThe puzzle is", 1), problems.PE, "line 15, column 1: the status is right, but an unsolvable puzzle takes no \"Solution:\" block"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := p.Check(dataset(tt.in, tt.ans), problems.Output{Stdout: []byte(tt.out)})
			if o.Verdict != tt.verdict || !strings.Contains(o.Message, tt.msg) {
				t.Errorf("got %s %q\nwant %s …%s…", o.Verdict, o.Message, tt.verdict, tt.msg)
			}
			if strings.ContainsAny(o.Message, "\n\r") {
				t.Errorf("message spans lines: %q", o.Message)
			}
			if o.Verdict == problems.AC && o.Score != 1 || o.Verdict != problems.AC && o.Score != 0 {
				t.Errorf("score %v for %s", o.Score, o.Verdict)
			}
			if o.Verdict == problems.PE && !strings.HasPrefix(o.Details, "--- ") {
				t.Errorf("no diff in Details: %q", o.Details)
			}
		})
	}
}

// TestLayoutPosition holds layout to the line and column, counted in characters, of
// the first character that differs, and to where an output that runs out of lines
// ended.
func TestLayoutPosition(t *testing.T) {
	tests := []struct {
		name      string
		want, out string
		line, col int
		exp, got  string
	}{
		{"same", "ab\ncd\n", "ab  \r\ncd\n\n", 0, 0, "", ""},
		{"extra space", "--- --1 295\n", "---  --1 295\n", 1, 5, `"--- --1 295"`, `"---  --1 295"`},
		{"second line", "ab\ncd\n", "ab\nce\n", 2, 2, `"cd"`, `"ce"`},
		{"accented letters before the fault", "x\nçé 12\n", "x\nçé  12\n", 2, 4, `"çé 12"`, `"çé  12"`},
		{"wide characters before the fault", "日本語x\n", "日本語y\n", 1, 4, `"日本語x"`, `"日本語y"`},
		{"multi-byte character at the fault", "ab\n", "aé\n", 1, 2, `"ab"`, `"aé"`},
		{"invalid bytes count one column each", "\xff\xfeab\n", "\xff\xfeac\n", 1, 4, `"\xff\xfeab"`, `"\xff\xfeac"`},
		{"output line shorter", "abc\n", "ab\n", 1, 3, `"abc"`, `"ab"`},
		{"output line longer", "ab\n", "abc\n", 1, 3, `"ab"`, `"abc"`},
		{"extra line", "ab\n", "ab\ncd\n", 2, 1, "the end of the output", `"cd"`},
		{"ends after a newline", "ab\ncd\n", "ab\n", 2, 1, `"cd"`, "the end of the output"},
		{"ends after blank lines", "ab\ncd\n", "ab\n \n\n", 2, 1, `"cd"`, "the end of the output"},
		{"ends without a newline", "ab\ncd\n", "ab", 1, 3, `"cd"`, "the end of the output"},
		{"ends after trailing blanks", "é\ncd\n", "é \t", 1, 4, `"cd"`, "the end of the output"},
		{"blank output", "ab\n", " ", 1, 1, `"ab"`, "the end of the output"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, col, exp, got, ok := layout(tt.want, []byte(tt.out))
			if ok != (tt.line == 0) || line != tt.line || col != tt.col || exp != tt.exp || got != tt.got {
				t.Errorf("layout = line %d, column %d, %s, %s, %v; want line %d, column %d, %s, %s",
					line, col, exp, got, ok, tt.line, tt.col, tt.exp, tt.got)
			}
		})
	}
}

func compactAnswer(ans string) string {
	var b strings.Builder
	for _, l := range strings.Split(ans, "\n") {
		if len(l) == 11 && l[3] == ' ' {
			b.WriteString(strings.ReplaceAll(l, " ", "") + "\n")
		} else {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func TestCheckDetails(t *testing.T) {
	o := (&Problem{}).Check(dataset(sampleIn, sampleAns), problems.Output{Stdout: []byte(compactAnswer(sampleAns))})
	for _, want := range []string{"--- expected layout\n", "+++ output\n", "-873 512 964\n", "+873512964\n", " The puzzle was solved.\n"} {
		if !strings.Contains(o.Details, want) {
			t.Errorf("Details lack %q:\n%s", want, o.Details)
		}
	}
	huge := diffText("a", "b", sampleAns, bytes.Repeat([]byte("x\n"), 1<<20))
	if len(huge) > 16<<10 || !strings.Contains(huge, "output cut at 4 KiB") {
		t.Errorf("diff of a huge output: %d bytes", len(huge))
	}
}

// TestCheckAllocations holds what one Check allocates, garbage included, to a
// few times the size of the output for outputs of the output limit's size: blank
// lines are forgiven, and the layout pass must not split millions of them into
// strings. (The old layout pass allocated 16 times the size of 16 MiB of newlines.)
func TestCheckAllocations(t *testing.T) {
	tests := []struct {
		name    string
		out     []byte
		verdict problems.Verdict
	}{
		{"the answer, then 16 MiB of newlines", append([]byte(sampleAns), bytes.Repeat([]byte("\n"), 16<<20)...), problems.AC},
		{"the answer, then 16 MiB of blank lines", append([]byte(sampleAns), bytes.Repeat([]byte(" \r\n"), 16<<20/3)...), problems.AC},
		{"16 MiB of blank lines inside the answer", []byte(strings.Replace(sampleAns, "\n\n", strings.Repeat("\n", 16<<20), 1)), problems.PE},
		{"a 16 MiB line", bytes.Repeat([]byte("x"), 16<<20), problems.WA},
		{"the answer, then a 16 MiB line", append([]byte(sampleAns), bytes.Repeat([]byte("x"), 16<<20)...), problems.WA},
	}
	pr := &Problem{}
	ds := dataset(sampleIn, sampleAns)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			o := pr.Check(ds, problems.Output{Stdout: tc.out})
			runtime.ReadMemStats(&after)
			if o.Verdict != tc.verdict || len(o.Message) > 200 {
				t.Errorf("got %s %.200q (%d bytes), want %s", o.Verdict, o.Message, len(o.Message), tc.verdict)
			}
			limit := 2*uint64(len(tc.out)) + 8<<20
			if got := after.TotalAlloc - before.TotalAlloc; got > limit {
				t.Errorf("Check on %d bytes allocated %d MiB, more than %d MiB", len(tc.out), got>>20, limit>>20)
			}
		})
	}
}

func TestCheckBadDataset(t *testing.T) {
	o := (&Problem{}).Check(dataset("nonsense", ""), problems.Output{Stdout: []byte(sampleAns)})
	if o.Verdict != problems.JE {
		t.Errorf("invalid input: %s %s", o.Verdict, o.Message)
	}
}

// positioned matches a message that starts with the position of the fault.
var positioned = regexp.MustCompile(`^line [1-9][0-9]*, column [1-9][0-9]*: `)

// FuzzCheck: whatever the output, the checker returns AC, WA or PE with a one-line
// message that names the line and column of the fault (but for an empty output), and
// never panics.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(sampleAns), false)
	f.Add([]byte(unsolvableAns), true)
	f.Add([]byte(compactAnswer(sampleAns)), false)
	f.Add([]byte(strings.Replace(sampleAns, "873 512 964", "873 512 946", 1)), false)
	f.Add([]byte(""), false)
	f.Add([]byte("The original puzzle:\n\n\x00"), true)
	if b, err := os.ReadFile("data/secret/38-multi-empty-grid.ans"); err == nil {
		f.Add(b, false)
	}
	ds := dataset(sampleIn, sampleAns)
	dsNone := dataset(unsolvableIn, unsolvableAns)
	p := &Problem{}
	f.Fuzz(func(t *testing.T, out []byte, unsolvable bool) {
		d := ds
		if unsolvable {
			d = dsNone
		}
		o := p.Check(d, problems.Output{Stdout: out})
		switch o.Verdict {
		case problems.AC, problems.WA, problems.PE:
		default:
			t.Fatalf("verdict %s: %s", o.Verdict, o.Message)
		}
		if o.Message == "" || strings.ContainsAny(o.Message, "\n\r") {
			t.Fatalf("message %q", o.Message)
		}
		if o.Verdict != problems.AC && !strings.HasPrefix(o.Message, "empty output") && !positioned.MatchString(o.Message) {
			t.Fatalf("%s message names no line and column: %q", o.Verdict, o.Message)
		}
	})
}
