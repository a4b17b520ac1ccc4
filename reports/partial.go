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
	if err := WriteTable(w, ASCII, matrixColumns(subs), matrixRows(subs, datasets, bySub, "not judged", color)); err != nil {
		return fmt.Errorf("partial table: %w", err)
	}
	return nil
}
