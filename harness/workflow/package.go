package workflow

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/problems/registry"
)

// OpenProblem opens a problem by slug or folder as registry.Open does, or an
// ICPC/Kattis problem package by its folder (icpc.IsPackage). A package's custom
// output validator, or its interactive validator, then runs through this Env's
// builder and runner, in the jail like every submission. With timeLimit set, a
// package that states no time limit gets one from its accepted submissions,
// timed here first as problemtools does (the limit and where it came from are in
// PackageOf(p).TimeLimitSource()); a caller that judges no submission, or infers
// the limit itself (icpcrun's Verify), leaves it unset.
func (e *Env) OpenProblem(ctx context.Context, name string, timeLimit bool) (problems.Problem, error) {
	if icpc.IsPackage(name) {
		return e.openPackage(ctx, name, timeLimit)
	}
	return registry.Open(e.Root, name)
}

func (e *Env) openPackage(ctx context.Context, dir string, timeLimit bool) (problems.Problem, error) {
	pkg, err := icpc.Load(dir)
	if err != nil {
		return nil, err
	}
	// Tolerated faults (unknown keys, malformed entries) are read past, as the
	// format asks, but said.
	for _, w := range pkg.Warnings {
		e.logf("warning: %s", w)
	}
	x := e.Packages()
	if l, ok := e.Inferred[pkg.Meta().Slug]; ok && timeLimit && pkg.NeedsTimeLimit() && l.Time > 0 {
		pkg.KeepTimeLimit(l)
		e.logf("%s states no time limit: %s, as the run being resumed inferred", dir, l.Time)
	} else if timeLimit && pkg.NeedsTimeLimit() {
		e.logf("%s states no time limit: timing its accepted submissions", dir)
		start := time.Now()
		slowest, err := x.SetTimeLimit(ctx, pkg)
		if err != nil {
			return nil, fmt.Errorf("time limit of %s: %w", dir, err)
		}
		e.logf("slowest accepted run %.3fs (timed in %.1fs): time limit %s", slowest.Seconds(), time.Since(start).Seconds(), pkg.Meta().Limits.Time)
	}
	return x.Bind(ctx, pkg), nil
}

// Packages returns what runs a package's own programs (validators, example
// submissions) with this Env's builder and runner.
func (e *Env) Packages() *icpcrun.Env {
	return &icpcrun.Env{Builder: e.Builder, Runner: e.Runner, Scratch: filepath.Join(e.State, "tmp")}
}

// PackageOf returns the ICPC package behind a problem OpenProblem opened, or nil
// for one of the judge's own problems.
func PackageOf(p problems.Problem) *icpc.Package {
	for {
		switch q := p.(type) {
		case *icpc.Package:
			return q
		case interface{ Unwrap() problems.Problem }:
			p = q.Unwrap()
		default:
			return nil
		}
	}
}
