package reports

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/judgehq/judge/problems"
)

//go:embed html/report.html.tmpl html/report.css html/report.js
var htmlFiles embed.FS

// htmlTemplate is parsed once, when a report is first written (not when the
// binary starts: every command would pay for it); it holds no state.
var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
		"lower": strings.ToLower,
	}).ParseFS(htmlFiles, "html/report.html.tmpl"))
})

// PictureFunc draws a result as an SVG document (see problems.Visualiser); ok is
// false when there is nothing to draw. The report package never imports a problem:
// the caller, who knows the problems, supplies this.
type PictureFunc func(r problems.Result) (svg []byte, ok bool)

// HTMLOptions are the optional parts of report.html.
type HTMLOptions struct {
	// Picture, when set, draws each result's picture into its details.
	Picture PictureFunc
	// Stderr, when set, returns the tail of a result's standard error stream.
	Stderr func(r problems.Result) string
	// PictureBudget caps the bytes of pictures in one page (0: DefaultPictureBudget),
	// shared evenly among the problems; results past a problem's share say that their
	// picture was left out.
	PictureBudget int
	// Live, when not empty, is the URL of a version counter (see reports/live) the
	// page polls every second, swapping in fresh content when it changes.
	Live string
	// Note is a line shown under the title, e.g. that the standings are frozen.
	Note string
}

// DefaultPictureBudget is the picture bytes a page holds when HTMLOptions says
// nothing: enough for every picture of a demo contest, small enough to open.
const DefaultPictureBudget = 24 << 20

// maxPicture is the largest single picture a page takes; a larger one is left out
// with a note (judge view draws it on its own).
const maxPicture = 2 << 20

// maxDetailText bounds each block of text (details, diff, stderr) in the page.
const maxDetailText = 16 << 10

type htmlTable struct {
	Cols []Column
	Rows [][]string
}

type htmlCell struct {
	ID, Verdict, CPU, Title string
	Missing                 bool
}

type htmlRow struct {
	Submission string
	Cells      []htmlCell
}

type htmlDetail struct {
	ID, Submission, Dataset, Verdict  string
	Message, Score, CPU, Wall, Peak   string
	Metrics                           []problems.Metric
	Details, Diff, Stderr, PictureGap string
	Picture                           template.HTML
}

type htmlDataset struct{ Name, Short string }

type htmlProblem struct {
	Anchor, Slug, Title, Rule string
	Ranking                   htmlTable
	Datasets                  []htmlDataset
	Matrix                    []htmlRow
	Details                   []htmlDetail
}

type htmlPage struct {
	Title, Run, Generated, Rule, Note, Live string
	Standings                               htmlTable
	Problems                                []htmlProblem
	Verdicts                                []problems.Verdict
	CSS                                     template.CSS
	JS                                      template.JS
}

// WriteHTML writes report.html: one self-contained page (inline CSS, inline SVG
// pictures and a small inline script that sorts tables; nothing is fetched) with
// the standings, each problem's ranking, the submission × dataset matrix coloured
// by verdict with CPU times, and per result its details: message, figures, the
// checker's details, the diff, the stderr tail and the picture. The tables are the
// same rows the terminal and Markdown reports show.
func WriteHTML(w io.Writer, rep Report, opt HTMLOptions) error {
	css, err := htmlFiles.ReadFile("html/report.css")
	if err != nil {
		return fmt.Errorf("report.html: %w", err)
	}
	js, err := htmlFiles.ReadFile("html/report.js")
	if err != nil {
		return fmt.Errorf("report.html: %w", err)
	}
	// Every text of the page passes through Printable: names of contests,
	// problems, datasets and submissions may come from a package or a
	// program, and a control character in them would act on a terminal
	// that shows the page's source.
	page := htmlPage{
		Title: Printable(rep.Contest), Run: rep.Run, Rule: string(rep.Standings.Rule), Note: Printable(opt.Note), Live: opt.Live,
		Verdicts: problems.Verdicts,
		CSS:      template.CSS(css),
		JS:       template.JS(js),
	}
	if page.Title == "" {
		page.Title = "Judging run"
	}
	if !rep.Generated.IsZero() {
		page.Generated = rep.Generated.UTC().Format(time.RFC3339)
	}
	cols, rows := standingsTable(rep.Standings)
	page.Standings = htmlTable{printableCols(cols), printableRows(rows)}
	total := opt.PictureBudget
	if total <= 0 {
		total = DefaultPictureBudget
	}
	for pi, pr := range rep.Rankings {
		budget := total / len(rep.Rankings) // each problem gets its share of pictures
		hp := htmlProblem{Anchor: fmt.Sprintf("p%d", pi), Slug: Printable(pr.Meta.Slug), Title: Printable(pr.Meta.Title), Rule: string(pr.Rule)}
		for _, ds := range pr.Datasets {
			short := ds[strings.LastIndexByte(ds, '/')+1:]
			if strings.HasPrefix(ds, "sample/") {
				short = "s" + short
			}
			hp.Datasets = append(hp.Datasets, htmlDataset{Printable(ds), Printable(short)})
		}
		c, r := rankingTable(pr, false)
		hp.Ranking = htmlTable{printableCols(c), printableRows(r)}
		for ei, e := range pr.Entries {
			sub := Printable(e.Submission)
			row := htmlRow{Submission: sub}
			byDataset := map[string]problems.Result{}
			for _, res := range e.Results {
				byDataset[res.Dataset] = res
			}
			for di, ds := range pr.Datasets {
				res, ok := byDataset[ds]
				if !ok {
					row.Cells = append(row.Cells, htmlCell{Missing: true})
					continue
				}
				id := fmt.Sprintf("p%d-e%d-d%d", pi, ei, di)
				row.Cells = append(row.Cells, htmlCell{ID: id, Verdict: string(res.Outcome.Verdict), CPU: ms(res.Usage.CPU),
					Title: Printable(fmt.Sprintf("%s on %s: %s %s", e.Submission, ds, res.Outcome.Verdict, res.Outcome.Message))})
				d := htmlDetail{ID: id, Submission: sub, Dataset: Printable(ds), Verdict: string(res.Outcome.Verdict),
					Message: Printable(res.Outcome.Message), Score: num(res.Outcome.Score), CPU: ms(res.Usage.CPU), Wall: ms(res.Usage.Wall),
					Peak: strconv.FormatInt(res.Usage.PeakKiB, 10), Metrics: printableMetrics(res.Outcome.Metrics),
					Details: clipText(res.Outcome.Details), Diff: clipText(res.Diff)}
				if opt.Stderr != nil {
					d.Stderr = clipText(opt.Stderr(res))
				}
				if opt.Picture != nil {
					if svg, ok := opt.Picture(res); ok {
						switch {
						case len(svg) > maxPicture:
							d.PictureGap = fmt.Sprintf("picture left out: %d KiB is too large for this page (judge view %s %s draws it)", len(svg)>>10, res.Problem, ds)
						case len(svg) <= budget:
							budget -= len(svg)
							d.Picture = template.HTML(svg) // drawn by the problem's own code, text escaped there
						default:
							d.PictureGap = "picture left out: the page's picture budget is spent"
						}
					}
				}
				hp.Details = append(hp.Details, d)
			}
			hp.Matrix = append(hp.Matrix, row)
		}
		page.Problems = append(page.Problems, hp)
	}
	if err := htmlTemplate().Execute(w, page); err != nil {
		return fmt.Errorf("report.html: %w", err)
	}
	return nil
}

// clipText keeps the end of a long text (the end of a stderr or diff says most),
// valid UTF-8, and shows what a browser would hide or reorder through Printable
// (a carriage return in a diff shows as \r).
func clipText(s string) string {
	if len(s) <= maxDetailText {
		return Printable(strings.ToValidUTF8(s, "?"))
	}
	return "[… " + strconv.Itoa(len(s)-maxDetailText) + " bytes cut …]\n" + Printable(strings.ToValidUTF8(s[len(s)-maxDetailText:], "?"))
}

// printableCols is cols with every name through Printable (a standings
// table's columns are problem names).
func printableCols(cols []Column) []Column {
	out := slices.Clone(cols)
	for i := range out {
		out[i].Name = Printable(out[i].Name)
	}
	return out
}

// printableMetrics is ms with every name through Printable.
func printableMetrics(ms []problems.Metric) []problems.Metric {
	out := make([]problems.Metric, len(ms))
	for i, m := range ms {
		out[i] = problems.Metric{Name: Printable(m.Name), Value: m.Value}
	}
	return out
}

// printableRows passes every cell of rows through Printable: names and
// messages may come from programs.
func printableRows(rows [][]string) [][]string {
	for _, r := range rows {
		for i := range r {
			r[i] = Printable(r[i])
		}
	}
	return rows
}
