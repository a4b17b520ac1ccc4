package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// caseResult builds a result row of problem p for a table test.
func caseResult(p, sub, ds string, v problems.Verdict, score float64, cpuMS int, metrics ...problems.Metric) problems.Result {
	return problems.Result{
		Problem: p, Submission: sub, Dataset: ds, Language: "Go", Hash: "h-" + sub,
		Outcome: problems.Outcome{Verdict: v, Score: score, Metrics: metrics},
		Usage:   problems.Usage{CPU: time.Duration(cpuMS) * time.Millisecond},
	}
}

// metric is shorthand for a problems.Metric.
func metric(name string, v float64) problems.Metric { return problems.Metric{Name: name, Value: v} }

// renderedTable returns the header and the data rows, as trimmed cells, of the ASCII
// table printed right after the line title in out; ok is false when there is none.
func renderedTable(out, title string) (header []string, rows [][]string, ok bool) {
	lines := strings.Split(out, "\n")
	start := -1
	for i, l := range lines {
		if l == title {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil, nil, false
	}
	for _, l := range lines[start:] {
		if strings.HasPrefix(l, "+") {
			continue
		}
		if !strings.HasPrefix(l, "|") {
			break
		}
		parts := strings.Split(strings.Trim(l, "|"), "|")
		cells := make([]string, len(parts))
		for i, c := range parts {
			cells[i] = strings.TrimSpace(c)
		}
		if header == nil {
			header = cells
			continue
		}
		rows = append(rows, cells)
	}
	return header, rows, true
}

func TestPrintRunTablesPerCase(t *testing.T) {
	const title = "figures per dataset, best first"
	minimize := problems.Meta{Slug: "defrag", Kind: problems.Scoring, Score: problems.Score{Direction: problems.Minimize, Ranking: problems.RankPoints}}
	maximize := problems.Meta{Slug: "trimines", Kind: problems.Scoring, Score: problems.Score{Direction: problems.Maximize, Ranking: problems.RankPoints}}
	passFail := problems.Meta{Slug: "sudoku", Kind: problems.PassFail, Score: problems.Score{Direction: problems.Maximize, Ranking: problems.RankPassFail}}
	subs := []string{"ref", "naive"}
	defragRows := []problems.Result{
		caseResult("defrag", "ref", "secret/01", problems.AC, 10, 5, metric("moves", 10), metric("lb", 8)),
		caseResult("defrag", "ref", "secret/02", problems.WA, 0, 6, metric("moves", 3)),
		caseResult("defrag", "ref", "secret/03", problems.AC, 7, 7, metric("moves", 7), metric("lb", 7)),
		caseResult("defrag", "naive", "secret/01", problems.AC, 12, 15, metric("moves", 12), metric("lb", 8), metric("penalty", 4)),
		caseResult("defrag", "naive", "secret/02", problems.AC, 9, 16, metric("moves", 9), metric("lb", 9)),
		caseResult("defrag", "naive", "secret/03", problems.AC, 7, 17, metric("moves", 7), metric("lb", 7)),
	}
	// cell names one cell of the per-case table by its row and column header.
	type cell struct {
		row  int
		col  string
		want string
	}
	tests := []struct {
		name    string
		meta    problems.Meta
		rows    []problems.Result
		details bool
		// header is the per-case table's header; nil means no per-case table.
		header []string
		// lead are the first four cells (dataset, rank, submission, verdict) of
		// every row of the per-case table, in order.
		lead   [][]string
		cells  []cell
		want   []string // substrings of the output
		absent []string // substrings the output must not hold
	}{
		{
			name:   "minimize, non-AC and tie",
			meta:   minimize,
			rows:   defragRows,
			header: []string{"dataset", "rank", "submission", "verdict", "score", "moves", "lb", "penalty", "cpu ms"},
			lead: [][]string{
				{"secret/01", "1", "ref", "AC"}, {"", "2", "naive", "AC"},
				{"secret/02", "1", "naive", "AC"}, {"", "2", "ref", "WA"},
				{"secret/03", "1", "ref", "AC"}, {"", "1", "naive", "AC"},
			},
			cells: []cell{
				{0, "score", "10"}, {0, "moves", "10"}, {0, "penalty", ""}, {0, "cpu ms", "5.0"},
				{1, "penalty", "4"}, {1, "cpu ms", "15.0"},
				{3, "moves", "3"}, {3, "lb", ""}, {3, "score", "0"},
			},
			absent: []string{"verdict and CPU ms per dataset"},
		},
		{
			name: "maximize",
			meta: maximize,
			rows: []problems.Result{
				caseResult("trimines", "ref", "win/01", problems.AC, 5, 1, metric("won", 5)),
				caseResult("trimines", "naive", "win/01", problems.AC, 7, 1, metric("won", 7)),
				caseResult("trimines", "ref", "win/02", problems.TLE, 0, 1),
				caseResult("trimines", "naive", "win/02", problems.RTE, 0, 1),
			},
			header: []string{"dataset", "rank", "submission", "verdict", "score", "won", "cpu ms"},
			lead: [][]string{
				{"win/01", "1", "naive", "AC"}, {"", "2", "ref", "AC"},
				{"win/02", "1", "ref", "TLE"}, {"", "1", "naive", "RTE"},
			},
			cells: []cell{{2, "won", ""}, {3, "won", ""}},
		},
		{
			name: "pass-fail has no score column",
			meta: passFail,
			rows: []problems.Result{
				caseResult("sudoku", "ref", "secret/01", problems.AC, 1, 2, metric("guesses", 0)),
				caseResult("sudoku", "naive", "secret/01", problems.WA, 0, 3),
			},
			header: []string{"dataset", "rank", "submission", "verdict", "guesses", "cpu ms"},
			lead:   [][]string{{"secret/01", "1", "ref", "AC"}, {"", "2", "naive", "WA"}},
			cells:  []cell{{0, "guesses", "0"}, {1, "guesses", ""}},
		},
		{
			name: "no metrics keeps the matrix",
			meta: minimize,
			rows: []problems.Result{
				caseResult("defrag", "ref", "secret/01", problems.AC, 10, 5),
				caseResult("defrag", "naive", "secret/01", problems.AC, 12, 15),
			},
			want:   []string{"verdict and CPU ms per dataset", "AC 5.0", "AC 15.0"},
			absent: []string{title},
		},
		{
			name:    "details keep one table per submission",
			meta:    minimize,
			rows:    defragRows,
			details: true,
			want:    []string{"ref on defrag (Go, h-ref)", "naive on defrag (Go, h-naive)"},
			absent:  []string{title, "verdict and CPU ms per dataset"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := reports.WriteRunTables(&b, tt.meta, subs, tt.rows, tt.details, false); err != nil {
				t.Fatalf("WriteRunTables: %v", err)
			}
			out := b.String()
			for _, s := range tt.want {
				if !strings.Contains(out, s) {
					t.Errorf("output lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(out, s) {
					t.Errorf("output holds %q:\n%s", s, out)
				}
			}
			header, rows, ok := renderedTable(out, title)
			if tt.header == nil {
				if ok {
					t.Errorf("unexpected per-case table:\n%s", out)
				}
				return
			}
			if !ok {
				t.Fatalf("no per-case table:\n%s", out)
			}
			if !reflect.DeepEqual(header, tt.header) {
				t.Fatalf("header = %q, want %q\n%s", header, tt.header, out)
			}
			if len(rows) != len(tt.lead) {
				t.Fatalf("%d rows, want %d:\n%s", len(rows), len(tt.lead), out)
			}
			for i, want := range tt.lead {
				if got := rows[i][:len(want)]; !reflect.DeepEqual(got, want) {
					t.Errorf("row %d starts %q, want %q", i, got, want)
				}
			}
			for _, c := range tt.cells {
				col := -1
				for i, h := range header {
					if h == c.col {
						col = i
					}
				}
				if col < 0 {
					t.Fatalf("no column %q in %q", c.col, header)
				}
				if got := rows[c.row][col]; got != c.want {
					t.Errorf("row %d, %s = %q, want %q", c.row, c.col, got, c.want)
				}
			}
			// The table comes before the ranked summary.
			if i, j := strings.Index(out, title), strings.Index(out, "(ranked by"); j < 0 || i > j {
				t.Errorf("per-case table after the summary:\n%s", out)
			}
		})
	}
}
