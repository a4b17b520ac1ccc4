package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// htmlDoc is what a test learns from parsing a page: elements by tag and class,
// ids, link targets and every attribute that could load something.
type htmlDoc struct {
	tags    map[string]int
	classes map[string]int
	ids     map[string]bool
	hrefs   []string
	srcs    []string
}

// parseHTML reads a page with the XML decoder in its lenient HTML mode and fails on
// anything that does not nest.
func parseHTML(t *testing.T, page []byte) htmlDoc {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	doc := htmlDoc{tags: map[string]int{}, classes: map[string]int{}, ids: map[string]bool{}}
	var stack []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("page does not parse: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			stack = append(stack, e.Name.Local)
			doc.tags[e.Name.Local]++
			for _, a := range e.Attr {
				switch a.Name.Local {
				case "class":
					for _, c := range strings.Fields(a.Value) {
						doc.classes[c]++
					}
				case "id":
					if doc.ids[a.Value] {
						t.Errorf("id %q twice", a.Value)
					}
					doc.ids[a.Value] = true
				case "href":
					doc.hrefs = append(doc.hrefs, a.Value)
				case "src":
					doc.srcs = append(doc.srcs, a.Value)
				}
			}
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1] != e.Name.Local {
				t.Fatalf("</%s> closes %v", e.Name.Local, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Fatalf("unclosed elements %v", stack)
	}
	return doc
}

func TestWriteHTML(t *testing.T) {
	rep := sampleReport()
	rep.Rankings[0].Entries[0].Results[0].Outcome.Message = `<script>alert("x")</script>`
	pictures := 0
	var b bytes.Buffer
	err := WriteHTML(&b, rep, HTMLOptions{
		Picture: func(r problems.Result) ([]byte, bool) {
			if r.Problem != "s" {
				return nil, false
			}
			pictures++
			return []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" class="pic"><rect width="5" height="5"/></svg>`), true
		},
		Stderr: func(r problems.Result) string {
			if r.Outcome.Verdict == problems.WA {
				return "stderr tail of " + r.Submission
			}
			return ""
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	page := b.Bytes()
	doc := parseHTML(t, page)
	// Every counted result is one matrix cell and one details section.
	counted := 0
	for _, pr := range rep.Rankings {
		for _, e := range pr.Entries {
			counted += len(e.Results)
		}
	}
	if doc.classes["detail"] != counted {
		t.Errorf("%d details sections, want %d", doc.classes["detail"], counted)
	}
	cells := 0
	for _, h := range doc.hrefs {
		if strings.HasPrefix(h, "#p") {
			if !doc.ids[h[1:]] {
				t.Errorf("link %s has no target", h)
			}
			if strings.Contains(h, "-e") {
				cells++
			}
		}
	}
	if cells != counted {
		t.Errorf("%d matrix links, want %d", cells, counted)
	}
	if doc.classes["pic"] != pictures || pictures == 0 {
		t.Errorf("%d pictures in the page, %d drawn", doc.classes["pic"], pictures)
	}
	if doc.tags["table"] != 1+2*len(rep.Rankings) {
		t.Errorf("%d tables, want standings + 2 per problem = %d", doc.tags["table"], 1+2*len(rep.Rankings))
	}
	if len(doc.srcs) != 0 {
		t.Errorf("the page loads %v", doc.srcs)
	}
	for _, h := range doc.hrefs {
		if !strings.HasPrefix(h, "#") {
			t.Errorf("link %q leaves the page", h)
		}
	}
	s := string(page)
	for _, want := range []string{"stderr tail of c", "&lt;script&gt;alert", "@media print", "judgeSortable", "Standings"} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, `<script>alert`) {
		t.Error("a message was not escaped")
	}
	if strings.Contains(s, "judgeLive(") && strings.Count(s, "judgeLive(") != 1 {
		t.Error("a static page starts the live updates")
	}
}

func TestWriteHTMLBudgetAndLive(t *testing.T) {
	rep := sampleReport()
	big := []byte(`<svg xmlns="http://www.w3.org/2000/svg" class="pic">` + strings.Repeat(" ", 1000) + `</svg>`)
	var b bytes.Buffer
	err := WriteHTML(&b, rep, HTMLOptions{
		Picture:       func(problems.Result) ([]byte, bool) { return big, true },
		PictureBudget: 2 * 2500, // two problems: two pictures each
		Live:          "version",
		Note:          "standings frozen",
	})
	if err != nil {
		t.Fatal(err)
	}
	doc := parseHTML(t, b.Bytes())
	if doc.classes["pic"] != 4 {
		t.Errorf("%d pictures within a budget of two per problem", doc.classes["pic"])
	}
	s := b.String()
	for _, want := range []string{"picture budget is spent", `judgeLive("version")`, "standings frozen"} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestClipText(t *testing.T) {
	long := strings.Repeat("a", maxDetailText) + "END"
	got := clipText(long)
	if !strings.HasSuffix(got, "END") || !strings.HasPrefix(got, "[… 3 bytes cut …]") {
		t.Errorf("clipText kept %q…", got[:30])
	}
	if clipText("x\xffy") != "x?y" {
		t.Error("invalid UTF-8 kept")
	}
	if got := clipText("12\r\n\x1b[2J\u202e"); got != `12\r`+"\n"+`\x1b[2J\u202e` {
		t.Errorf("clipText shows %q: control characters and bidirectional marks hidden", got)
	}
}

func TestWritePicturePage(t *testing.T) {
	var b bytes.Buffer
	svg := `<svg xmlns="http://www.w3.org/2000/svg" class="pic"><text>a &lt; b</text></svg>`
	if err := WritePicturePage(&b, "sudoku <sample/1>", []byte(svg)); err != nil {
		t.Fatal(err)
	}
	doc := parseHTML(t, b.Bytes())
	if doc.classes["pic"] != 1 || !strings.Contains(b.String(), "sudoku &lt;sample/1&gt;") {
		t.Errorf("page:\n%s", b.String())
	}
}

// TestWriteHTMLInert: control characters in every name a package or a
// program may choose (contest, problem, dataset, submission, message,
// metric) reach report.html escaped, so that showing the page's source on a
// terminal acts on none of them.
func TestWriteHTMLInert(t *testing.T) {
	const esc = "\x1b[31m\x7f\u009b\u202e"
	res := problems.Result{Run: "r", Problem: "p" + esc, Submission: "s" + esc + ".c", Dataset: "secret/" + esc + "red",
		Outcome: problems.Outcome{Verdict: problems.WA, Message: "m" + esc, Details: "d" + esc,
			Metrics: []problems.Metric{{Name: "moves" + esc, Value: 3}}}}
	rep := Build(Input{Run: "r", Contest: "c" + esc, Problems: []problems.Meta{{Slug: "p" + esc, Title: "T" + esc, Kind: problems.PassFail}},
		Entrants: []string{res.Submission}, Results: []problems.Result{res}})
	var b bytes.Buffer
	if err := WriteHTML(&b, rep, HTMLOptions{Note: "n" + esc, Stderr: func(problems.Result) string { return "e" + esc }}); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(b.String(), "\n") {
		if needsEscape(line) {
			t.Errorf("report.html line %d holds a character a terminal acts on: %q", i+1, line)
		}
	}
}
