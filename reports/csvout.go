package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// csvHeader is the header row of results.csv.
var csvHeader = []string{"run", "problem", "submission", "source", "hash", "language", "dataset",
	"attempt", "verdict", "score", "cpu_us", "wall_us", "peak_kib", "message", "started"}

// WriteCSV writes results.csv: a header, then one row per result ordered by
// problem, submission, dataset and attempt. Times are integer microseconds.
func WriteCSV(w io.Writer, results []problems.Result) error {
	rows := sortedRows(results)
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	for _, r := range rows {
		rec := []string{r.Run, r.Problem, r.Submission, r.Source, r.Hash, r.Language, r.Dataset,
			strconv.Itoa(r.Attempt), string(r.Outcome.Verdict),
			strconv.FormatFloat(r.Outcome.Score, 'g', -1, 64),
			strconv.FormatInt(r.Usage.CPU.Microseconds(), 10),
			strconv.FormatInt(r.Usage.Wall.Microseconds(), 10),
			strconv.FormatInt(r.Usage.PeakKiB, 10), r.Outcome.Message, rfc3339(r.Started)}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("write csv: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}
