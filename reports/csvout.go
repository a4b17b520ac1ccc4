package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

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
		rec := []string{CSVText(r.Run), CSVText(r.Problem), CSVText(r.Submission), CSVText(r.Source), r.Hash, CSVText(r.Language), CSVText(r.Dataset),
			strconv.Itoa(r.Attempt), string(r.Outcome.Verdict),
			strconv.FormatFloat(r.Outcome.Score, 'g', -1, 64),
			strconv.FormatInt(r.Usage.CPU.Microseconds(), 10),
			strconv.FormatInt(r.Usage.Wall.Microseconds(), 10),
			strconv.FormatInt(r.Usage.PeakKiB, 10), CSVText(r.Outcome.Message), rfc3339(r.Started)}
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

// CSVText makes a text cell of a CSV file safe to open in a spreadsheet: what
// a terminal would act on is escaped (Printable), and a cell that a spreadsheet
// would take for a formula (starting with =, +, -, @, a tab or a carriage
// return: a submission named "=HYPERLINK(…)", a program's message) gets a
// leading apostrophe, which spreadsheets read as "text" and do not show.
// UnCSVText undoes it. Numbers are written as they are, not through it.
func CSVText(s string) string {
	s = Printable(s)
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// UnCSVText returns the text CSVText made s from (s itself when CSVText left it
// unchanged), for a program reading back a CSV file it wrote.
func UnCSVText(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@\t\r", rune(s[1])) {
		return s[1:]
	}
	return s
}
