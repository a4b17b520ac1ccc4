package reports

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func sampleReport() Report {
	metas, rs := contest()
	rs[5].Diff = UnifiedDiff("expected", "output", []byte("1\n2\n3\n"), []byte("1\nTWO\n3\n"), 0)
	rs[5].Outcome.Metrics = []problems.Metric{{Name: "moves", Value: 12}, {Name: "cpu_ms", Value: 1}}
	rs[0].Started = time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	rs = append(rs, res("s", "a|b", "1", problems.JE, 0, 0))
	return Build(Input{Run: "run-1", Contest: "Demo", Generated: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Rule: ICPC, Problems: metas, Entrants: []string{"a", "b", "c", "d", "zed"}, Results: rs,
		ChallengeLog: []string{"d"}})
}

func TestWriteTable(t *testing.T) {
	cols := []Column{{Name: "rank", Numeric: true}, {Name: "name_x"}, {Name: "cpu_ms", Numeric: true}}
	var b bytes.Buffer
	if err := WriteTable(&b, ASCII, cols, [][]string{{"1", "alice", "12.5"}, {"10", "bob"}}); err != nil {
		t.Fatal(err)
	}
	want := `+------+--------+--------+
| rank | name_x | cpu_ms |
+------+--------+--------+
|    1 | alice  |   12.5 |
|   10 | bob    |        |
+------+--------+--------+
`
	if b.String() != want {
		t.Errorf("ascii table:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteTable(&b, Markdown, cols, [][]string{{"1", "a|b\nc", "2"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `a\|b c`) || !strings.Contains(b.String(), "|-----:|") {
		t.Errorf("markdown table:\n%s", b.String())
	}
	if err := WriteTable(&b, ASCII, cols, [][]string{{"1", "2", "3", "4"}}); err == nil {
		t.Error("row wider than the header: no error")
	}
}

// TestWrappedColumn checks that a column of prose given a Wrap keeps the table
// within the width Room computed, and that every word of it is still printed.
func TestWrappedColumn(t *testing.T) {
	prose := "each slot has its own PID namespace; the program's parent is the slot's init, never the judge, and dies with it"
	rows := [][]string{{"pid namespace", "holds", prose}, {"uid", "does not hold", "short"}}
	for _, tc := range []struct {
		total, wrap int
	}{
		{total: 80, wrap: 80 - (1 + 16 + 16 + 3)},
		{total: 60, wrap: 60 - (1 + 16 + 16 + 3)},
		{total: 40, wrap: 20}, // never less than 20
		{total: 200, wrap: 200 - (1 + 16 + 16 + 3)},
	} {
		cols := []Column{{Name: "guarantee"}, {Name: "status"}, {Name: "how"}}
		if got := Room(cols, rows, 2, tc.total); got != tc.wrap {
			t.Errorf("Room(%d) = %d, want %d", tc.total, got, tc.wrap)
		}
		cols[2].Wrap = tc.wrap
		var b bytes.Buffer
		if err := WriteTable(&b, ASCII, cols, rows); err != nil {
			t.Fatal(err)
		}
		var words []string
		for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if n := len([]rune(line)); n > max(tc.total, 1+16+16+3+20) {
				t.Errorf("total %d: a line of %d characters: %q", tc.total, n, line)
			}
			if cells := strings.Split(line, "|"); len(cells) == 5 && !strings.Contains(line, "how") {
				words = append(words, strings.Fields(cells[3])...)
			}
		}
		if got := strings.Join(words, " "); got != prose+" short" {
			t.Errorf("total %d: wrapped text %q, want %q", tc.total, got, prose+" short")
		}
	}
	// Markdown ignores Wrap: a row stays one line.
	var b bytes.Buffer
	cols := []Column{{Name: "guarantee"}, {Name: "status"}, {Name: "how", Wrap: 20}}
	if err := WriteTable(&b, Markdown, cols, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), prose) {
		t.Errorf("markdown table wrapped its prose:\n%s", b.String())
	}
}

func TestTerminalTables(t *testing.T) {
	rep := sampleReport()
	for _, color := range []bool{false, true} {
		var b bytes.Buffer
		for _, pr := range rep.Rankings {
			if err := WriteRankingTable(&b, pr, color); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteStandingsTable(&b, rep.Standings); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if hasEsc := strings.Contains(out, "\x1b["); hasEsc != color {
			t.Errorf("color=%v but escapes present=%v:\n%s", color, hasEsc, out)
		}
		for _, want := range []string{"s: S (ranked by pass-fail)", "standings (icpc)", "| zed ", "1 " + Verdict(problems.AC, color) + ", 1 "} {
			if !strings.Contains(out, want) {
				t.Errorf("color=%v: output lacks %q:\n%s", color, want, out)
			}
		}
	}
}

func TestVerdictSummary(t *testing.T) {
	tests := []struct {
		counts map[problems.Verdict]int
		want   string
	}{
		{map[problems.Verdict]int{problems.AC: 3}, "AC"},
		{map[problems.Verdict]int{problems.TLE: 1, problems.AC: 2, problems.WA: 1}, "2 AC, 1 WA, 1 TLE"},
		{map[problems.Verdict]int{"XX": 1}, "1 XX"},
		{nil, ""},
	}
	for _, tc := range tests {
		if got := verdictSummary(tc.counts, false); got != tc.want {
			t.Errorf("verdictSummary(%v) = %q, want %q", tc.counts, got, tc.want)
		}
	}
	if got := Verdict(problems.WA, true); got != "\x1b[31mWA\x1b[0m" {
		t.Errorf("coloured WA = %q", got)
	}
}

func TestFormatting(t *testing.T) {
	tests := []struct{ got, want string }{
		{num(1.5), "1.5"}, {num(2), "2"}, {num(1.23456), "1.235"}, {num(-0.0001), "0"},
		{ms(1234567 * time.Microsecond), "1234.6"}, {rankText(2, true), "2="}, {rankText(3, false), "3"},
		{safeName("a-b.c_d"), "a-b.c_d"},
		{problemPage("sudoku"), "sudoku.md"}, {problemPage("standings"), "standings-problem.md"},
	}
	for i, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("case %d: %q, want %q", i, tc.got, tc.want)
		}
	}
}

// TestSafeNameIsOneToOne checks that names made safe for files keep what is
// safe, replace the rest, and never give two names one file (a dataset "8 space"
// beside "8_space" lost its diff file to the other's).
func TestSafeNameIsOneToOne(t *testing.T) {
	names := []string{"8 space", "8_space", "8?space", "secret/07 x", "secret_07_x", "..", "__", ".", "_", "a~b", "a_b", "ä", "_~"}
	seen := map[string]string{}
	for _, n := range names {
		got := safeName(n)
		if strings.Trim(got, "._-~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" || strings.Trim(got, ".") == "" {
			t.Errorf("safeName(%q) = %q: not a safe file name", n, got)
		}
		if prev, ok := seen[got]; ok {
			t.Errorf("safeName(%q) = safeName(%q) = %q", n, prev, got)
		}
		seen[got] = n
	}
	if got := safeName("secret/07 x"); !strings.HasPrefix(got, "secret_07_x~") {
		t.Errorf("safeName(secret/07 x) = %q, want the safe part first", got)
	}
}

func TestJSONValidatesAgainstSchema(t *testing.T) {
	schema := decodeNumbers(t, Schema).(map[string]any)
	for _, rep := range []Report{sampleReport(), Build(Input{})} {
		var b bytes.Buffer
		if err := WriteJSON(&b, rep); err != nil {
			t.Fatal(err)
		}
		if err := validate(schema, schema, decodeNumbers(t, b.Bytes()), "$"); err != nil {
			t.Errorf("results.json does not validate: %v\n%s", err, b.String())
		}
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleReport()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"diff_file": "s/c/2.diff"`, `"cpu_us": 10000`, `"started": "2026-01-02T03:04:05.000006Z"`, `"name": "moves"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("results.json lacks %s", want)
		}
	}
}

func TestWriteCSV(t *testing.T) {
	rep := sampleReport()
	var b bytes.Buffer
	if err := WriteCSV(&b, rep.Results); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(rep.Results)+1 || strings.Join(recs[0], ",") != strings.Join(csvHeader, ",") {
		t.Fatalf("csv: %d records, header %v", len(recs), recs[0])
	}
	if r := recs[1]; r[1] != "d" || r[2] != "a" || r[8] != "AC" || r[10] != "5000" {
		t.Errorf("first row = %v", r)
	}
}

func TestWriteJUnit(t *testing.T) {
	rep := sampleReport()
	var b bytes.Buffer
	if err := WriteJUnit(&b, "Demo", rep.Results); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("junit.xml does not parse: %v\n%s", err, b.String())
	}
	// 11 results: WA on d/b and s/c/2 are failures, JE on s/a|b an error.
	if doc.Tests != 11 || doc.Failures != 2 || doc.Errors != 1 {
		t.Errorf("tests %d failures %d errors %d", doc.Tests, doc.Failures, doc.Errors)
	}
	var diffText string
	cases := 0
	for _, s := range doc.Suites {
		cases += len(s.Cases)
		for _, c := range s.Cases {
			if c.Failure != nil && c.Classname == "s.c" {
				diffText = c.Failure.Text
			}
		}
	}
	if cases != 11 || !strings.Contains(diffText, "+TWO\n") {
		t.Errorf("cases %d, failure text %q", cases, diffText)
	}
}

// TestWriteJUnitControlCharacters gives a failure the bytes a hostile program
// may print (an OSC title sequence, a bell, a byte that is not UTF-8, a
// character XML forbids) in its diff and message: junit.xml must still parse,
// with each shown as an escape.
func TestWriteJUnitControlCharacters(t *testing.T) {
	rs := []problems.Result{res("d", "a", "secret/1", problems.WA, 1, 1)}
	hostile := "\x1b]0;pwned\x07\x1b[31mred\xff\uffff ]]> end\n"
	rs[0].Outcome.Message = "line 1: " + hostile
	rs[0].Diff = UnifiedDiff("expected", "output", []byte("1\n"), []byte(hostile), 0)
	var b bytes.Buffer
	if err := WriteJUnit(&b, "Demo", rs); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("junit.xml does not parse: %v\n%q", err, b.String())
	}
	f := doc.Suites[0].Cases[0].Failure
	for _, want := range []string{`\x1b]0;pwned\a`, `\xff`, `\uffff`, "]]> end"} {
		if !strings.Contains(f.Text, want) || !strings.Contains(f.Message, want) {
			t.Errorf("failure lacks %q:\nmessage %q\ntext %q", want, f.Message, f.Text)
		}
	}
}

func TestWriteChallengeLog(t *testing.T) {
	rs := []problems.Result{
		res("d", "a", "secret/2", problems.AC, 1, 7), res("d", "a", "secret/1", problems.AC, 1, 3),
		withAttempt(res("d", "a", "secret/2", problems.AC, 1, 9), 1),
	}
	rs[1].Usage.CPU = 3456789 * time.Nanosecond
	var b bytes.Buffer
	if err := WriteChallengeLog(&b, rs); err != nil {
		t.Fatal(err)
	}
	if b.String() != "3456\n9000\n" {
		t.Errorf("challenge.log = %q", b.String())
	}
	var names bytes.Buffer
	if err := WriteChallengeNames(&names, rs); err != nil {
		t.Fatal(err)
	}
	if names.String() != "secret/1\nsecret/2\n" {
		t.Errorf("challenge.names = %q, want the datasets in the log's order", names.String())
	}
	rs = append(rs, res("d", "b", "secret/1", problems.AC, 1, 1))
	if err := WriteChallengeLog(&b, rs); err == nil {
		t.Error("mixed submissions: no error")
	}
}

func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	return names
}

func TestWriteReport(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out", "run-1")
	rep := sampleReport()
	if err := WriteReport(context.Background(), dir, rep); err != nil {
		t.Fatal(err)
	}
	want := ".judge-report d.md d/a/challenge.log d/a/challenge.names d/b/challenge.log d/b/challenge.names " +
		"d/c/challenge.log d/c/challenge.names d/d/challenge.log d/d/challenge.names junit.xml " +
		"report.html results.csv results.json s.md s/c/2.diff standings.md"
	if got := strings.Join(listFiles(t, dir), " "); got != want {
		t.Errorf("files:\n%s\nwant:\n%s", got, want)
	}
	first, _ := os.ReadFile(filepath.Join(dir, "standings.md"))

	// Rendering again gives the same bytes; the report's files are replaced, a
	// file the user added stays.
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(context.Background(), dir, rep); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(dir, "standings.md"))
	if !bytes.Equal(first, again) {
		t.Error("standings.md differs between two renderings")
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "x" {
		t.Errorf("the user's file after rendering again: %q, %v", b, err)
	}
	want = strings.Replace(want, " report.html", " notes.txt report.html", 1)

	// A failed write leaves the old folder as it was and no temporary folder behind.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WriteReport(ctx, dir, Build(Input{Run: "other"})); err == nil {
		t.Fatal("cancelled write: no error")
	}
	if got := strings.Join(listFiles(t, dir), " "); got != want {
		t.Errorf("after failed write, files:\n%s", got)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "out"))
	if len(entries) != 1 {
		t.Errorf("leftovers beside the report: %v", entries)
	}
}

func TestBuildAddsUnknownProblems(t *testing.T) {
	rep := Build(Input{Results: []problems.Result{res("x", "a", "1", problems.AC, 1, 1)}})
	if len(rep.Rankings) != 1 || rep.Rankings[0].Meta.Slug != "x" || rep.Rankings[0].Rule != RulePassFail {
		t.Errorf("rankings = %+v", rep.Rankings)
	}
}

// A report rendered from results read back from the store (times kept to the
// microsecond) must be byte for byte the report of the results as judged.
func TestReportStableUnderStoragePrecision(t *testing.T) {
	fine := sampleReport().Input
	fine.Results = append([]problems.Result(nil), fine.Results...)
	stored := fine
	stored.Results = nil
	for i, r := range fine.Results {
		r.Usage.CPU += time.Duration(400+100*i) * time.Nanosecond // sub-µs parts that sum past 1 µs
		r.Usage.Wall += 999 * time.Nanosecond
		r.Started = r.Started.Add(789 * time.Nanosecond)
		fine.Results[i] = r
		r.Usage.CPU = r.Usage.CPU.Truncate(time.Microsecond)
		r.Usage.Wall = r.Usage.Wall.Truncate(time.Microsecond)
		r.Started = r.Started.Truncate(time.Microsecond)
		stored.Results = append(stored.Results, r)
	}
	a, err := Build(fine).Files()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(stored).Files()
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range a {
		if !bytes.Equal(content, b[name]) {
			t.Errorf("%s differs:\n%s\nvs\n%s", name, content, b[name])
		}
	}
	if len(a) != len(b) {
		t.Errorf("%d files vs %d", len(a), len(b))
	}
}

func TestMarkdownPages(t *testing.T) {
	rep := sampleReport()
	rep.Rule = MacTech
	rep = Build(rep.Input)
	files, err := rep.Files()
	if err != nil {
		t.Fatal(err)
	}
	s := string(files["s.md"])
	for _, want := range []string{"# s: S", "| submission | dataset | verdict | score | moves | cpu_ms | wall_ms |",
		"[diff](s/c/2.diff)", "|    12 |", "a\\|b"} {
		if !strings.Contains(s, want) {
			t.Errorf("s.md lacks %q:\n%s", want, s)
		}
	}
	st := string(files["standings.md"])
	for _, want := range []string{"# Demo: standings", "Run `run-1`, 2026-01-02T03:04:05Z.", "mactech",
		"#1 2/2 +20", "- [d](d.md): D (ranked by penalty)"} {
		if !strings.Contains(st, want) {
			t.Errorf("standings.md lacks %q:\n%s", want, st)
		}
	}
}
