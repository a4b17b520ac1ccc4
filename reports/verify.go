package reports

import (
	"fmt"
	"io"

	"github.com/judgehq/judge/problems"
)

// VerifyRow is one program's line in verify's table.
type VerifyRow struct {
	Program  string
	Expected problems.Verdict
	Results  []problems.Result
	OK       bool
}

// WriteVerifyTable writes verify's table: each program with the verdict its folder
// expects, its verdicts on the datasets of the default groups (datasets of them)
// and ok or FAIL.
func WriteVerifyTable(w io.Writer, datasets int, rows []VerifyRow) error {
	var table [][]string
	for _, r := range rows {
		status := "ok"
		if !r.OK {
			status = "FAIL"
		}
		table = append(table, []string{r.Program, string(r.Expected), resultTally(r.Results), status})
	}
	return WriteTable(w, ASCII, []Column{{Name: "program"}, {Name: "expected"},
		{Name: fmt.Sprintf("verdicts on %d datasets", datasets)}, {Name: "status"}}, table)
}

// resultTally counts the verdicts of rs (tallyText's form, "41 AC, 39 WA").
func resultTally(rs []problems.Result) string {
	counts := map[problems.Verdict]int{}
	for _, r := range rs {
		counts[r.Outcome.Verdict]++
	}
	return tallyText(counts, false)
}
