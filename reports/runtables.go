package reports

import (
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// WriteRunTables writes a single-problem run as `judge run` prints it: per-dataset
// figures (one table per submission with details or a single submission, else a
// per-case ranked table when any result has metrics and a dataset × submission
// matrix when none has) and the ranked summary. It reads only the result rows, so a stored run prints the same.
func WriteRunTables(w io.Writer, meta problems.Meta, subs []string, rows []problems.Result, details, color bool) error {
	bySub := map[string][]problems.Result{}
	var datasets []string
	seen := map[string]bool{}
	for _, r := range rows {
		bySub[r.Submission] = append(bySub[r.Submission], r)
		if !seen[r.Dataset] {
			seen[r.Dataset] = true
			datasets = append(datasets, r.Dataset)
		}
	}
	if details || len(subs) == 1 {
		for _, sub := range subs {
			rs := bySub[sub]
			if len(rs) == 0 {
				continue
			}
			fmt.Fprintf(w, "%s on %s (%s, %s)\n", sub, meta.Slug, rs[0].Language, rs[0].Hash)
			if err := writeDatasetTable(w, meta, rs, color); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
	} else if names := metricNames(rows); len(names) > 0 {
		if err := writeCaseTable(w, meta, subs, datasets, names, rows, color); err != nil {
			return err
		}
	} else if err := writeMatrix(w, subs, datasets, bySub, color); err != nil {
		return err
	}
	pr := RankProblem(meta, rows, subs)
	return WriteRankingTable(w, pr, color)
}

func writeDatasetTable(w io.Writer, meta problems.Meta, rows []problems.Result, color bool) error {
	cols := []Column{{Name: "dataset"}, {Name: "verdict"}}
	scoring := meta.Kind != problems.PassFail
	if scoring {
		cols = append(cols, Column{Name: "score", Numeric: true})
	}
	names := metricNames(rows)
	for _, n := range names {
		cols = append(cols, Column{Name: n, Numeric: true})
	}
	cols = append(cols, Column{Name: "cpu ms", Numeric: true}, Column{Name: "wall ms", Numeric: true},
		Column{Name: "peak KiB", Numeric: true}, Column{Name: "message"})
	var table [][]string
	if allCE(rows) {
		// A submission that did not compile ran on nothing: one row says so,
		// not one identical row per dataset.
		r := rows[0]
		row := []string{fmt.Sprintf("all %d datasets", len(rows)), Verdict(r.Outcome.Verdict, color)}
		if scoring {
			row = append(row, num(0))
		}
		row = append(row, metricCells(problems.Outcome{}, names)...)
		row = append(row, "-", "-", "-", Clip(r.Outcome.Message, 70))
		return WriteTable(w, ASCII, cols, [][]string{row})
	}
	for _, r := range rows {
		row := []string{r.Dataset, Verdict(r.Outcome.Verdict, color)}
		if scoring {
			row = append(row, num(r.Outcome.Score))
		}
		row = append(row, metricCells(r.Outcome, names)...)
		row = append(row, ms(r.Usage.CPU), ms(r.Usage.Wall), strconv.FormatInt(r.Usage.PeakKiB, 10), Clip(r.Outcome.Message, 70))
		table = append(table, row)
	}
	return WriteTable(w, ASCII, cols, table)
}

// allCE reports whether every row is a compile error (and there is one).
func allCE(rows []problems.Result) bool {
	for _, r := range rows {
		if r.Outcome.Verdict != problems.CE {
			return false
		}
	}
	return len(rows) > 0
}

// metricNames returns the names of the metrics of rows: their union, in order of
// first appearance.
func metricNames(rows []problems.Result) []string {
	var names []string
	seen := map[string]bool{}
	for _, r := range rows {
		for _, m := range r.Outcome.Metrics {
			if !seen[m.Name] {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		}
	}
	return names
}

// metricCells returns one table cell per name: the value of o's metric of that name,
// or blank where o has none.
func metricCells(o problems.Outcome, names []string) []string {
	cells := make([]string, len(names))
	for i, n := range names {
		for _, m := range o.Metrics {
			if m.Name == n {
				cells[i] = num(m.Value)
			}
		}
	}
	return cells
}

// writeCaseTable writes the per-case ranked table: for each dataset, in the order of
// datasets, one row per submission that has a result on it, ranked best first (see
// CompareOutcomes; equal results share a rank and keep the order of subs),
// with the verdict, the score (scoring problems only), the metrics and the CPU time.
// The dataset is named on the first row of its group only. When a submission has
// several attempts on a dataset, the highest counts.
func writeCaseTable(w io.Writer, meta problems.Meta, subs, datasets, names []string, rows []problems.Result, color bool) error {
	cols := []Column{{Name: "dataset"}, {Name: "rank", Numeric: true}, {Name: "submission"}, {Name: "verdict"}}
	scoring := meta.Kind != problems.PassFail
	if scoring {
		cols = append(cols, Column{Name: "score", Numeric: true})
	}
	for _, n := range names {
		cols = append(cols, Column{Name: n, Numeric: true})
	}
	cols = append(cols, Column{Name: "cpu ms", Numeric: true})
	latest := map[string]map[string]problems.Result{} // submission, dataset
	for _, r := range LatestAttempts("", rows) {
		if latest[r.Submission] == nil {
			latest[r.Submission] = map[string]problems.Result{}
		}
		latest[r.Submission][r.Dataset] = r
	}
	var table [][]string
	for _, d := range datasets {
		var group []problems.Result
		for _, sub := range subs {
			if r, ok := latest[sub][d]; ok {
				group = append(group, r)
			}
		}
		sort.SliceStable(group, func(i, j int) bool {
			return CompareOutcomes(meta.Score.Direction, group[i].Outcome, group[j].Outcome) < 0
		})
		rank := 0
		for i, r := range group {
			if i == 0 || CompareOutcomes(meta.Score.Direction, group[i-1].Outcome, r.Outcome) != 0 {
				rank = i + 1
			}
			name := ""
			if i == 0 {
				name = d
			}
			row := []string{name, strconv.Itoa(rank), r.Submission, Verdict(r.Outcome.Verdict, color)}
			if scoring {
				row = append(row, num(r.Outcome.Score))
			}
			row = append(row, metricCells(r.Outcome, names)...)
			table = append(table, append(row, ms(r.Usage.CPU)))
		}
	}
	fmt.Fprintln(w, "figures per dataset, best first")
	if err := WriteTable(w, ASCII, cols, table); err != nil {
		return fmt.Errorf("per-case table: %w", err)
	}
	fmt.Fprintln(w)
	return nil
}

func writeMatrix(w io.Writer, subs, datasets []string, bySub map[string][]problems.Result, color bool) error {
	fmt.Fprintln(w, "verdict and CPU ms per dataset")
	if err := WriteTable(w, ASCII, matrixColumns(subs), matrixRows(subs, datasets, bySub, "-", color)); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return nil
}

// matrixColumns are the columns of a dataset × submission matrix.
func matrixColumns(subs []string) []Column {
	cols := []Column{{Name: "dataset"}}
	for _, sub := range subs {
		cols = append(cols, Column{Name: sub})
	}
	return cols
}

// matrixRows are its rows: per dataset, each submission's verdict and CPU ms, or
// missing where the submission has no result on the dataset.
func matrixRows(subs, datasets []string, bySub map[string][]problems.Result, missing string, color bool) [][]string {
	cells := map[string]map[string]string{}
	for _, sub := range subs {
		cells[sub] = map[string]string{}
		for _, r := range bySub[sub] {
			cells[sub][r.Dataset] = Verdict(r.Outcome.Verdict, color)
			if r.Outcome.Verdict != problems.NJ { // a dataset not run has no time
				cells[sub][r.Dataset] += " " + ms(r.Usage.CPU)
			}
		}
	}
	var table [][]string
	for _, d := range datasets {
		row := []string{d}
		for _, sub := range subs {
			cell, ok := cells[sub][d]
			if !ok {
				cell = missing
			}
			row = append(row, cell)
		}
		table = append(table, row)
	}
	return table
}

// Clip shortens s to at most n characters, ending it with "…" when cut.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
