package reports

import (
	"fmt"
	"io"

	"github.com/judgehq/judge/problems"
)

// WritePartialRun writes what an interrupted run judged: a banner saying how many
// of the jobs finished, then a dataset × submission matrix in which every dataset
// that was not judged reads "not judged", so that a partial table never passes for
// a complete one. It writes no ranking: a ranking of unfinished submissions would
// compare programs on different datasets.
func WritePartialRun(w io.Writer, subs, datasets []string, rows []problems.Result, jobs int, color bool) error {
	fmt.Fprintf(w, "INTERRUPTED: %d of %d jobs judged; these results are partial and not ranked\n", len(rows), jobs)
	bySub := map[string][]problems.Result{}
	for _, r := range rows {
		bySub[r.Submission] = append(bySub[r.Submission], r)
	}
	cols := []Column{{Name: "dataset"}}
	cells := map[string]map[string]string{}
	for _, sub := range subs {
		cols = append(cols, Column{Name: sub})
		cells[sub] = map[string]string{}
		for _, r := range bySub[sub] {
			cells[sub][r.Dataset] = Verdict(r.Outcome.Verdict, color) + " " + ms(r.Usage.CPU)
		}
	}
	var table [][]string
	for _, d := range datasets {
		row := []string{d}
		for _, sub := range subs {
			cell, ok := cells[sub][d]
			if !ok {
				cell = "not judged"
			}
			row = append(row, cell)
		}
		table = append(table, row)
	}
	if err := WriteTable(w, ASCII, cols, table); err != nil {
		return fmt.Errorf("partial table: %w", err)
	}
	return nil
}
