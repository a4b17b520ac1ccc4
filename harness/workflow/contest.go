package workflow

import (
	"context"
	"fmt"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/contest"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
)

// ContestPlan is a contest file with its problems opened, their limits overridden
// and every entrant's submission built.
type ContestPlan struct {
	Contest *contest.Contest
	Entries []Entry
	Config  RunConfig
}

// PlanContest reads a contest file, opens its problems under e.Root and builds
// every submission once. Errors name the file and line.
func PlanContest(ctx context.Context, e *Env, file string) (*ContestPlan, error) {
	def, err := contest.Load(file)
	if err != nil {
		return nil, err
	}
	plan := &ContestPlan{Contest: def,
		Config: RunConfig{File: file, Name: def.Name, Rule: def.Standings, Entrants: def.EntrantNames(),
			Fingerprints: map[string]string{}, Languages: languagesFingerprint(e.Builder.Languages)}}
	for _, cp := range def.Problems {
		name := cp.Slug
		if name == "" {
			name = def.Resolve(cp.Path)
		}
		p, err := registry.Open(e.Root, name)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, cp.Line, err)
		}
		meta := p.Meta()
		ds, err := p.Datasets()
		if err != nil {
			return nil, fmt.Errorf("datasets of %s: %w", meta.Slug, err)
		}
		entry := Entry{Problem: p, Limits: cp.Limits.Apply(meta.Limits), Datasets: ds, Programs: map[string]*build.Program{}}
		plan.Config.Problems = append(plan.Config.Problems, meta)
		plan.Config.Fingerprints[meta.Slug] = fingerprint(meta, entry.Limits, ds)
		if meta.Score.Ranking == problems.RankPenalty {
			plan.Config.ChallengeLog = append(plan.Config.ChallengeLog, meta.Slug)
		}
		for _, ent := range def.Entrants {
			sub, ok := ent.For(cp.Key())
			if !ok {
				continue
			}
			var prog *build.Program
			start := time.Now()
			if sub.Command != "" {
				prog, err = e.Builder.Command(sub.Command)
			} else {
				prog, err = e.Builder.BuildAs(ctx, def.Resolve(sub.Path), sub.Language)
			}
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", file, sub.Line, ent.Name, err)
			}
			status := "ready"
			if prog.CompileError != "" {
				status = "compile error"
			}
			e.logf("building %s for %s: %s (%s) %s in %.1fs", ent.Name, meta.Slug, prog.Language, short(prog.Hash), status, time.Since(start).Seconds())
			named := *prog
			named.Name = ent.Name
			entry.Programs[ent.Name] = &named
		}
		plan.Entries = append(plan.Entries, entry)
	}
	return plan, nil
}

// Tasks lists every job of the contest not already in done.
func (plan *ContestPlan) Tasks(done map[store.Key]bool) []judging.Task {
	return Plan(plan.Entries, plan.Config.Entrants, done)
}
