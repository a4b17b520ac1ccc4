package workflow

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// LoadReport rebuilds the report of stored run id from its configuration and
// results, for the reports package to render.
func LoadReport(ctx context.Context, st *store.Store, id string) (store.Run, RunConfig, reports.Report, error) {
	run, err := st.Run(ctx, id)
	if err != nil {
		return run, RunConfig{}, reports.Report{}, err
	}
	results, err := st.Results(ctx, run.ID)
	if err != nil {
		return run, RunConfig{}, reports.Report{}, fmt.Errorf("results of run %s: %w", run.ID, err)
	}
	cfg, rep, err := StoredReport(run, results)
	return run, cfg, rep, err
}

// StoredConfig decodes run's stored configuration (see StoredReport).
func StoredConfig(run store.Run) (RunConfig, error) {
	var cfg RunConfig
	if err := json.Unmarshal(run.Config, &cfg); err != nil {
		return cfg, fmt.Errorf("run %s: stored configuration: %w", run.ID, err)
	}
	return cfg, nil
}

// StoredReport decodes run's stored configuration and builds its report from
// results. The configuration comes from the database, which a crash, a full
// disk or a hand edit may have damaged: whatever it holds gives an error naming
// the run or a report, never a panic.
func StoredReport(run store.Run, results []problems.Result) (RunConfig, reports.Report, error) {
	cfg, err := StoredConfig(run)
	if err != nil {
		return cfg, reports.Report{}, err
	}
	rule := reports.StandingsRule(reports.ICPC)
	if cfg.Rule != "" {
		var err error
		if rule, err = reports.ParseStandingsRule(cfg.Rule); err != nil {
			return cfg, reports.Report{}, fmt.Errorf("run %s: %w", run.ID, err)
		}
	}
	rep := reports.Build(reports.Input{Run: run.ID, Contest: cfg.Name, Generated: run.Started, Rule: rule,
		Problems: cfg.Problems, Entrants: cfg.Entrants, Results: results, ChallengeLog: cfg.ChallengeLog})
	return cfg, rep, nil
}
