package workflow

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/reports"
)

// LoadReport rebuilds the report of stored run id from its configuration and
// results, for the reports package to render.
func LoadReport(ctx context.Context, st *store.Store, id string) (store.Run, RunConfig, reports.Report, error) {
	var cfg RunConfig
	run, err := st.Run(ctx, id)
	if err != nil {
		return run, cfg, reports.Report{}, err
	}
	if err := json.Unmarshal(run.Config, &cfg); err != nil {
		return run, cfg, reports.Report{}, fmt.Errorf("run %s: stored configuration: %w", run.ID, err)
	}
	results, err := st.Results(ctx, run.ID)
	if err != nil {
		return run, cfg, reports.Report{}, fmt.Errorf("results of run %s: %w", run.ID, err)
	}
	rule := reports.StandingsRule(reports.ICPC)
	if cfg.Rule != "" {
		if rule, err = reports.ParseStandingsRule(cfg.Rule); err != nil {
			return run, cfg, reports.Report{}, fmt.Errorf("run %s: %w", run.ID, err)
		}
	}
	rep := reports.Build(reports.Input{Run: run.ID, Contest: cfg.Name, Generated: run.Started, Rule: rule,
		Problems: cfg.Problems, Entrants: cfg.Entrants, Results: results, ChallengeLog: cfg.ChallengeLog})
	return run, cfg, rep, nil
}
