package workflow

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// storedSeeds are stored configurations as the judge writes them, from the
// problems' own metadata: a run of one problem, and a contest of all of them.
func storedSeeds(f *testing.F) [][]byte {
	f.Helper()
	var metas []problems.Meta
	for _, slug := range []string{"sudoku", "defrag", "trimines", "bestmove", "battleships", "fleetcount"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "problems", slug, "problem.yaml"))
		if err != nil {
			f.Fatal(err)
		}
		m, err := problems.ParseMeta(data)
		if err != nil {
			f.Fatalf("%s: %v", slug, err)
		}
		metas = append(metas, m)
	}
	var out [][]byte
	for _, cfg := range []RunConfig{
		{Problems: metas[:1], Entrants: []string{"alice", "bob"}},
		{Problems: metas[1:2], Entrants: []string{"alice"}, ChallengeLog: []string{"defrag"}, Details: true},
		{File: "c.yaml", Name: "Demo", Rule: "mactech", Problems: metas, Entrants: []string{"alice", "bob", "carol"},
			Fingerprints: map[string]string{"sudoku": "ab"}, Sources: map[string]string{"sudoku/alice": "cd"}},
		{Name: "Relative", Rule: "relative", Problems: metas[2:4], Entrants: []string{"bob"}},
	} {
		b, err := json.Marshal(cfg)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// fuzzResults makes results of entrants on the problems of a stored
// configuration from a few bytes: a verdict, a score and times per result.
func fuzzResults(cfg []byte, spec []byte) []problems.Result {
	var c RunConfig
	_ = json.Unmarshal(cfg, &c)
	verdicts := []problems.Verdict{problems.AC, problems.WA, problems.TLE, problems.RTE, problems.JE, problems.CE, problems.PE, problems.MLE, "??"}
	subs := append(c.Entrants, "stranger")
	slugs := []string{"unknown"}
	for _, m := range c.Problems {
		slugs = append(slugs, m.Slug)
	}
	var out []problems.Result
	for i := 0; i+2 < len(spec) && len(out) < 64; i += 3 {
		r := problems.Result{Run: "r", Problem: slugs[int(spec[i])%len(slugs)], Submission: subs[int(spec[i+1])%len(subs)],
			Dataset: []string{"sample/1", "secret/1", "secret/2", "secret/g/3"}[int(spec[i+2])%4]}
		r.Outcome.Verdict = verdicts[int(spec[i])%len(verdicts)]
		r.Outcome.Score = float64(int8(spec[i+1])) / 4
		r.Outcome.Message = "m"
		if spec[i+2]%5 == 0 {
			r.Outcome.Metrics = []problems.Metric{{Name: "moves", Value: float64(spec[i+2])}, {Name: problems.ValidatorScoreMetric, Value: -1}}
		}
		r.Usage.CPU = time.Duration(spec[i+2]) * time.Millisecond
		r.Attempt = int(spec[i+1] % 3)
		out = append(out, r)
	}
	return out
}

// FuzzStoredReport feeds StoredReport whatever a damaged database could hold as
// a run's configuration, with results made from the input: it must never panic,
// and a report it builds must render in every form a report is written in.
func FuzzStoredReport(f *testing.F) {
	for _, s := range storedSeeds(f) {
		f.Add(s, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
		f.Add(s, []byte{})
	}
	f.Add([]byte(`{"problems":[{"slug":"x","kind":"scored","score":{"ranking":"penalty","direction":"minimize"}}],"entrants":["a","a"]}`), []byte{1, 0, 0, 1, 0, 1})
	f.Add([]byte(`{"problems":[{"slug":""},{"slug":""}],"entrants":[],"rule":"mactech"}`), []byte{1, 1, 1})
	f.Add([]byte(`{"problems":null,"entrants":null}`), []byte{0, 0, 0})
	f.Add([]byte(`{"rule":"nonsense"}`), []byte{})
	f.Add([]byte(`[]`), []byte{})
	f.Add([]byte(``), []byte{})
	f.Fuzz(func(t *testing.T, cfg, spec []byte) {
		run := store.Run{ID: "20261127-000000-abcd", Command: "contest", Config: cfg, Started: time.Unix(1, 0)}
		c, rep, err := StoredReport(run, fuzzResults(cfg, spec))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "run "+run.ID+": ") {
				t.Fatalf("error %q does not name the run", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := reports.WriteJSON(&buf, rep); err != nil {
			t.Fatalf("WriteJSON: %v", err)
		}
		if !json.Valid(buf.Bytes()) {
			t.Fatalf("WriteJSON wrote no JSON:\n%s", buf.Bytes())
		}
		_ = reports.WriteHTML(&buf, rep, rep.HTML)
		_ = reports.WriteStandingsMarkdown(&buf, rep)
		_ = reports.WriteStandingsTable(&buf, rep.Standings)
		for _, pr := range rep.Rankings {
			_ = reports.WriteRankingTable(&buf, pr, true)
			_ = reports.WriteProblemMarkdown(&buf, pr)
		}
		if len(c.Problems) == 1 {
			_ = reports.WriteRunTables(&buf, c.Problems[0], c.Entrants, rep.Results, c.Details, false)
		}
		_ = reports.WriteCSV(&buf, rep.Results)
		_ = reports.WriteJUnit(&buf, c.Name, rep.Results)
		_ = reports.WriteChallengeLog(&buf, rep.Results)
	})
}
