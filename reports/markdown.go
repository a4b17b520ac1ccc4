package reports

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// WriteStandingsMarkdown writes standings.md: the contest's standings and a link to
// each problem's page.
func WriteStandingsMarkdown(w io.Writer, rep Report) error {
	title := rep.Contest
	if title == "" {
		title = "Judging run"
	}
	ew := &errWriter{w: w}
	ew.printf("# %s: standings\n\n", mdText(title))
	if rep.Run != "" {
		ew.printf("Run `%s`", rep.Run)
		if !rep.Generated.IsZero() {
			ew.printf(", %s", rep.Generated.UTC().Format(time.RFC3339))
		}
		ew.printf(". ")
	}
	ew.printf("Ranked by the %s rule; equal ranks are ties, marked `=`.\n\n", rep.Standings.Rule)
	if ew.err != nil {
		return ew.err
	}
	cols, rows := standingsTable(rep.Standings)
	if err := WriteTable(w, Markdown, cols, rows); err != nil {
		return err
	}
	ew.printf("\n## Problems\n\n")
	for _, pr := range rep.Rankings {
		ew.printf("- [%s](%s)", mdText(pr.Meta.Slug), problemPage(pr.Meta.Slug))
		if pr.Meta.Title != "" {
			ew.printf(": %s", mdText(pr.Meta.Title))
		}
		ew.printf(" (ranked by %s)\n", pr.Rule)
	}
	return ew.err
}

// WriteProblemMarkdown writes PROBLEM.md: the problem's ranking and every counted
// result, with a link to its diff file where there is one.
func WriteProblemMarkdown(w io.Writer, pr ProblemRanking) error {
	ew := &errWriter{w: w}
	ew.printf("# %s", mdText(pr.Meta.Slug))
	if pr.Meta.Title != "" {
		ew.printf(": %s", mdText(pr.Meta.Title))
	}
	ew.printf("\n\nRanked by %s", pr.Rule)
	if pr.Meta.Score.Direction != "" {
		ew.printf(" (better scores are %s)", map[bool]string{true: "smaller", false: "larger"}[pr.Meta.Score.Direction == "min"])
	}
	ew.printf("; equal ranks are ties, marked `=`.\n\n")
	if ew.err != nil {
		return ew.err
	}
	cols, rows := rankingTable(pr, false)
	if err := WriteTable(w, Markdown, cols, rows); err != nil {
		return err
	}
	ew.printf("\n## Results\n\n")
	if ew.err != nil {
		return ew.err
	}
	// The problem's own metrics get a column each, in order of first appearance,
	// unless a standard column already has the name.
	var metrics []string
	seen := map[string]bool{"submission": true, "dataset": true, "verdict": true, "score": true,
		"cpu_ms": true, "wall_ms": true, "peak_kib": true, "message": true, "diff": true}
	for _, e := range pr.Entries {
		for _, r := range e.Results {
			for _, m := range r.Outcome.Metrics {
				if !seen[m.Name] {
					seen[m.Name] = true
					metrics = append(metrics, m.Name)
				}
			}
		}
	}
	cols = []Column{{Name: "submission"}, {Name: "dataset"}, {Name: "verdict"}, {Name: "score", Numeric: true}}
	for _, m := range metrics {
		cols = append(cols, Column{Name: m, Numeric: true})
	}
	cols = append(cols, Column{Name: "cpu_ms", Numeric: true}, Column{Name: "wall_ms", Numeric: true}, Column{Name: "peak_kib", Numeric: true},
		Column{Name: "message"}, Column{Name: "diff"})
	rows = nil
	for _, e := range pr.Entries {
		for _, r := range e.Results {
			row := []string{e.Submission, r.Dataset, string(r.Outcome.Verdict), num(r.Outcome.Score)}
			for _, name := range metrics {
				cell := ""
				for _, m := range r.Outcome.Metrics {
					if m.Name == name {
						cell = num(m.Value)
					}
				}
				row = append(row, cell)
			}
			diff := ""
			if r.Diff != "" {
				// Relative to the report folder, where this page lives.
				diff = fmt.Sprintf("[diff](%s)", DiffPath(r))
			}
			rows = append(rows, append(row, ms(r.Usage.CPU), ms(r.Usage.Wall),
				strconv.FormatInt(r.Usage.PeakKiB, 10), r.Outcome.Message, diff))
		}
	}
	if len(rows) == 0 {
		ew.printf("No results.\n")
		return ew.err
	}
	return WriteTable(w, Markdown, cols, rows)
}

// errWriter keeps the first write error so that a page is written without a check
// after every line.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
