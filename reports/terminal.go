package reports

import (
	"fmt"
	"io"
	"strconv"
)

// rankingTable lays out a problem ranking: one row per entry.
func rankingTable(pr ProblemRanking, color bool) ([]Column, [][]string) {
	scoreName := "score"
	if pr.Rule == RulePenalty {
		scoreName = "penalty"
	}
	cols := []Column{
		{Name: "rank", Numeric: true}, {Name: "submission"}, {Name: "lang"}, {Name: "passed", Numeric: true},
		{Name: "verdicts"}, {Name: scoreName, Numeric: true}, {Name: "relative", Numeric: true},
		{Name: "cpu_ms", Numeric: true}, {Name: "wall_ms", Numeric: true}, {Name: "peak_kib", Numeric: true},
	}
	var rows [][]string
	for _, e := range pr.Entries {
		if e.Missing {
			rows = append(rows, []string{rankText(e.Rank, e.Tied), e.Submission,
				dash, dash, dash, dash, dash, dash, dash, dash})
			continue
		}
		rows = append(rows, []string{
			rankText(e.Rank, e.Tied), e.Submission, e.Language,
			fmt.Sprintf("%d/%d", e.Passed, e.Datasets),
			verdictSummary(e.Verdicts, color), num(e.Score), num(e.Relative),
			ms(e.CPU), ms(e.Wall), strconv.FormatInt(e.PeakKiB, 10),
		})
	}
	return cols, rows
}

// standingsTable lays out the standings: the rule's figures, then one cell per
// problem with the entrant's rank there and datasets passed.
func standingsTable(st Standings) ([]Column, [][]string) {
	cols := []Column{{Name: "rank", Numeric: true}, {Name: "entrant"}}
	switch st.Rule {
	case Relative:
		cols = append(cols, Column{Name: "relative", Numeric: true}, Column{Name: "solved", Numeric: true})
	case MacTech:
		cols = append(cols, Column{Name: "points", Numeric: true}, Column{Name: "solved", Numeric: true})
	default:
		cols = append(cols, Column{Name: "solved", Numeric: true}, Column{Name: "cpu_ms", Numeric: true})
	}
	for _, p := range st.Problems {
		cols = append(cols, Column{Name: p})
	}
	var rows [][]string
	for _, s := range st.Rows {
		row := []string{rankText(s.Rank, s.Tied), s.Entrant}
		switch st.Rule {
		case Relative:
			row = append(row, num(s.Relative), strconv.Itoa(s.Solved))
		case MacTech:
			row = append(row, strconv.Itoa(s.Points), strconv.Itoa(s.Solved))
		default:
			row = append(row, strconv.Itoa(s.Solved), ms(s.CPU))
		}
		for _, e := range s.Cells {
			if e.Missing {
				row = append(row, dash)
				continue
			}
			cell := fmt.Sprintf("#%d %d/%d", e.Rank, e.Passed, e.Datasets)
			if st.Rule == MacTech && e.Passed > 0 && MacTechPoints(e.Rank) > 0 {
				cell += fmt.Sprintf(" +%d", MacTechPoints(e.Rank))
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return cols, rows
}

// WriteRankingTable writes the ranking of one problem as a terminal table. color
// turns on ANSI colours for verdicts; pass true only when w is a terminal.
func WriteRankingTable(w io.Writer, pr ProblemRanking, color bool) error {
	title := pr.Meta.Slug
	if pr.Meta.Title != "" {
		title += ": " + pr.Meta.Title
	}
	if _, err := fmt.Fprintf(w, "%s (ranked by %s)\n", title, pr.Rule); err != nil {
		return err
	}
	cols, rows := rankingTable(pr, color)
	return WriteTable(w, ASCII, cols, rows)
}

// WriteStandingsTable writes the standings as a terminal table.
func WriteStandingsTable(w io.Writer, st Standings) error {
	if _, err := fmt.Fprintf(w, "standings (%s)\n", st.Rule); err != nil {
		return err
	}
	cols, rows := standingsTable(st)
	return WriteTable(w, ASCII, cols, rows)
}
