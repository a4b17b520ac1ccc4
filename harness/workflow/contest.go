package workflow

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/contest"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
)

// ContestPlan is a contest file with its problems opened, their limits overridden
// and every entrant's submission built.
type ContestPlan struct {
	Contest *contest.Contest
	Entries []Entry
	Config  RunConfig
}

// slugClaims are the problems of a contest by slug, as they are opened.
type slugClaims map[string]contest.Problem

// claim records that cp, listed in file, opened as the problem slug, or
// refuses it when another listed problem has that slug: two folders whose
// names differ only in case or punctuation (a package's slug is its folder
// name, lower-cased).
func (c slugClaims) claim(file string, cp contest.Problem, slug string) error {
	if first, dup := c[slug]; dup {
		return fmt.Errorf("%s:%d:%d: problem %q has the slug %q of %q (line %d): rename one folder",
			file, cp.Line, cp.Column, cp.Key(), slug, first.Key(), first.Line)
	}
	c[slug] = cp
	return nil
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
	var jobs []buildJob
	slugs := slugClaims{}
	for _, cp := range def.Problems {
		name := cp.Slug
		if name == "" {
			name = def.Resolve(cp.Path)
		}
		p, err := e.OpenProblem(ctx, name, true)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:%d: %w", file, cp.Line, cp.Column, err)
		}
		meta := p.Meta()
		if err := slugs.claim(file, cp, meta.Slug); err != nil {
			return nil, err
		}
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
			if sub, ok := ent.For(cp.Key()); ok {
				jobs = append(jobs, buildJob{entry: len(plan.Entries), slug: meta.Slug, entrant: ent.Name, sub: sub})
			}
		}
		plan.Entries = append(plan.Entries, entry)
	}
	progs, err := e.buildAll(ctx, def, jobs)
	if err != nil {
		return nil, err
	}
	for i, j := range jobs {
		plan.Entries[j.entry].Programs[j.entrant] = progs[i]
	}
	return plan, nil
}

// buildJob is one entrant's submission to one problem of a contest.
type buildJob struct {
	entry   int // index in ContestPlan.Entries
	slug    string
	entrant string
	sub     contest.Submission
}

// buildAll builds the contest's submissions, as many at once as there are CPUs
// (compilers are mostly single-threaded), and returns each job's program named
// after its entrant. Each finished build is logged as it ends; the first error
// stops the rest.
func (e *Env) buildAll(ctx context.Context, def *contest.Contest, jobs []buildJob) ([]*build.Program, error) {
	progs := make([]*build.Program, len(jobs))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	var logMu sync.Mutex
	for i, j := range jobs {
		g.Go(func() error {
			start := time.Now()
			var prog *build.Program
			var err error
			if j.sub.Command != "" {
				prog, err = e.Builder.Command(j.sub.Command)
			} else {
				prog, err = e.Builder.BuildAs(ctx, def.Resolve(j.sub.Path), j.sub.Language)
			}
			if err != nil {
				return fmt.Errorf("%s:%d:%d: %s: %w", def.File, j.sub.Line, j.sub.Column, j.entrant, err)
			}
			status := "ready"
			if prog.CompileError != "" {
				status = "compile error"
			}
			logMu.Lock()
			e.logf("building %s for %s: %s (%s) %s in %.1fs", j.entrant, j.slug, prog.Language, short(prog.Hash), status, time.Since(start).Seconds())
			logMu.Unlock()
			named := *prog
			named.Name = j.entrant
			progs[i] = &named
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return progs, nil
}

// Tasks lists every job of the contest not already in done.
func (plan *ContestPlan) Tasks(done map[store.Key]bool) []judging.Task {
	return Plan(plan.Entries, plan.Config.Entrants, done)
}

// LazyTasks lists the jobs left in a resumed lazy run of the contest, given the
// run's stored results: see LazyPlan, which removes from done the jobs it plans
// again.
func (plan *ContestPlan) LazyTasks(done map[store.Key]bool, stored []problems.Result) []judging.Task {
	return LazyPlan(plan.Entries, plan.Config.Entrants, done, stored)
}
