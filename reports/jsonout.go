package reports

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// Schema is the JSON Schema (draft 2020-12) that results.json follows.
//
//go:embed results.schema.json
var Schema []byte

// SchemaVersion is the version of the results.json layout; it changes when a field
// is renamed or removed.
const SchemaVersion = 1

// The results.json layout. Times are integers in microseconds, memory in KiB.
type (
	jsonReport struct {
		Schema    int           `json:"schema"`
		Run       string        `json:"run"`
		Contest   string        `json:"contest"`
		Generated string        `json:"generated,omitempty"`
		Standings jsonStandings `json:"standings"`
		Problems  []jsonProblem `json:"problems"`
		Results   []jsonResult  `json:"results"`
	}
	jsonStandings struct {
		Rule     string         `json:"rule"`
		Problems []string       `json:"problems"`
		Rows     []jsonStanding `json:"rows"`
	}
	jsonStanding struct {
		Rank     int     `json:"rank"`
		Tied     bool    `json:"tied"`
		Entrant  string  `json:"entrant"`
		Solved   int     `json:"solved"`
		CPUus    int64   `json:"cpu_us"`
		Relative float64 `json:"relative"`
		Points   int     `json:"points"`
	}
	jsonProblem struct {
		Slug      string      `json:"slug"`
		Title     string      `json:"title"`
		Kind      string      `json:"kind"`
		Direction string      `json:"direction"`
		Rule      string      `json:"rule"`
		Datasets  []string    `json:"datasets"`
		Entries   []jsonEntry `json:"entries"`
	}
	jsonEntry struct {
		Rank       int            `json:"rank"`
		Tied       bool           `json:"tied"`
		Submission string         `json:"submission"`
		Missing    bool           `json:"missing"`
		Language   string         `json:"language"`
		Hash       string         `json:"hash"`
		Datasets   int            `json:"datasets"`
		Passed     int            `json:"passed"`
		Solved     bool           `json:"solved"`
		Score      float64        `json:"score"`
		Relative   float64        `json:"relative"`
		CPUus      int64          `json:"cpu_us"`
		Wallus     int64          `json:"wall_us"`
		PeakKiB    int64          `json:"peak_kib"`
		Verdicts   map[string]int `json:"verdicts"`
	}
	jsonResult struct {
		Run        string            `json:"run"`
		Problem    string            `json:"problem"`
		Submission string            `json:"submission"`
		Source     string            `json:"source"`
		Hash       string            `json:"hash"`
		Language   string            `json:"language"`
		Dataset    string            `json:"dataset"`
		Attempt    int               `json:"attempt"`
		Verdict    string            `json:"verdict"`
		Score      float64           `json:"score"`
		Message    string            `json:"message"`
		Details    string            `json:"details,omitempty"`
		Metrics    []problems.Metric `json:"metrics"`
		CPUus      int64             `json:"cpu_us"`
		Wallus     int64             `json:"wall_us"`
		PeakKiB    int64             `json:"peak_kib"`
		Started    string            `json:"started,omitempty"`
		DiffFile   string            `json:"diff_file,omitempty"`
	}
)

// WriteJSON writes results.json: the standings, every problem's ranking and every
// result row, following Schema.
func WriteJSON(w io.Writer, rep Report) error {
	out := jsonReport{Schema: SchemaVersion, Run: rep.Run, Contest: rep.Contest,
		Generated: rfc3339(rep.Generated), Problems: []jsonProblem{}, Results: []jsonResult{}}
	out.Standings = jsonStandings{Rule: string(rep.Standings.Rule),
		Problems: nonNil(rep.Standings.Problems), Rows: []jsonStanding{}}
	for _, s := range rep.Standings.Rows {
		out.Standings.Rows = append(out.Standings.Rows, jsonStanding{Rank: s.Rank, Tied: s.Tied,
			Entrant: s.Entrant, Solved: s.Solved, CPUus: s.CPU.Microseconds(), Relative: s.Relative, Points: s.Points})
	}
	for _, pr := range rep.Rankings {
		jp := jsonProblem{Slug: pr.Meta.Slug, Title: pr.Meta.Title, Kind: string(pr.Meta.Kind),
			Direction: string(pr.Meta.Score.Direction), Rule: string(pr.Rule),
			Datasets: nonNil(pr.Datasets), Entries: []jsonEntry{}}
		for _, e := range pr.Entries {
			v := map[string]int{}
			for k, n := range e.Verdicts {
				v[string(k)] = n
			}
			jp.Entries = append(jp.Entries, jsonEntry{Rank: e.Rank, Tied: e.Tied, Submission: e.Submission,
				Missing: e.Missing, Language: e.Language, Hash: e.Hash, Datasets: e.Datasets, Passed: e.Passed,
				Solved: e.Solved, Score: e.Score, Relative: e.Relative, CPUus: e.CPU.Microseconds(),
				Wallus: e.Wall.Microseconds(), PeakKiB: e.PeakKiB, Verdicts: v})
		}
		out.Problems = append(out.Problems, jp)
	}
	rows := sortedRows(rep.Results)
	for _, r := range rows {
		jr := jsonResult{Run: r.Run, Problem: r.Problem, Submission: r.Submission, Source: r.Source,
			Hash: r.Hash, Language: r.Language, Dataset: r.Dataset, Attempt: r.Attempt,
			Verdict: string(r.Outcome.Verdict), Score: r.Outcome.Score, Message: r.Outcome.Message,
			Details: r.Outcome.Details, Metrics: r.Outcome.Metrics, CPUus: r.Usage.CPU.Microseconds(),
			Wallus: r.Usage.Wall.Microseconds(), PeakKiB: r.Usage.PeakKiB, Started: rfc3339(r.Started)}
		if jr.Metrics == nil {
			jr.Metrics = []problems.Metric{}
		}
		if r.Diff != "" {
			jr.DiffFile = DiffPath(r)
		}
		out.Results = append(out.Results, jr)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("encode results.json: %w", err)
	}
	if _, err := w.Write(escapeJSON(buf.Bytes())); err != nil {
		return fmt.Errorf("write results.json: %w", err)
	}
	return nil
}

// escapeJSON writes, in the JSON text js, every character Printable would
// escape that encoding/json leaves as it is (DEL, the C1 controls, the marks
// that reorder text) as a JSON escape, \u007f: the same string to a JSON
// reader, and nothing a terminal acts on or that a PrintableWriter must
// escape (its \x7f is no JSON). Outside strings JSON holds only ASCII
// punctuation, digits, letters and white space, so every such character is
// inside a string.
func escapeJSON(js []byte) []byte {
	if !needsEscape(string(js)) {
		return js
	}
	out := make([]byte, 0, len(js)+64)
	for i := 0; i < len(js); {
		r, size := utf8.DecodeRune(js[i:])
		if r >= 0x7f && escaped(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, js[i:i+size]...)
		}
		i += size
	}
	return out
}

// normalize truncates a result's times to the microsecond, the precision the store
// keeps, so that a report rendered from stored results is byte for byte the one
// rendered from the results as they were judged.
func normalize(r problems.Result) problems.Result {
	r.Usage.CPU = r.Usage.CPU.Truncate(time.Microsecond)
	r.Usage.Wall = r.Usage.Wall.Truncate(time.Microsecond)
	r.Started = r.Started.Truncate(time.Microsecond)
	return r
}

// sortedRows returns normalized copies of results ordered by problem, submission,
// dataset and attempt, the order of every flat listing (JSON, CSV, JUnit).
func sortedRows(results []problems.Result) []problems.Result {
	rows := make([]problems.Result, len(results))
	for i, r := range results {
		rows[i] = normalize(r)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		switch {
		case a.Problem != b.Problem:
			return a.Problem < b.Problem
		case a.Submission != b.Submission:
			return a.Submission < b.Submission
		case a.Dataset != b.Dataset:
			return a.Dataset < b.Dataset
		}
		return a.Attempt < b.Attempt
	})
	return rows
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
