package workflow

import (
	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
)

// Tasks lists every program × dataset × attempt of one problem, programs outermost.
// keep asks the judge to keep every run's answer-bearing output (for verify and
// regen).
func Tasks(p problems.Problem, limits problems.Limits, progs []*build.Program, ds []problems.Dataset, keep bool, attempts int) []judging.Task {
	var tasks []judging.Task
	for _, prog := range progs {
		for _, d := range ds {
			for a := 0; a < attempts; a++ {
				tasks = append(tasks, judging.Task{Problem: p, Limits: limits, Program: prog, Dataset: d, Attempt: a, KeepOutput: keep})
			}
		}
	}
	return tasks
}

// Entry is one problem of a multi-problem plan (a contest): the problem, its limits,
// its datasets and the entrants' programs by entrant name (absent: no entry).
type Entry struct {
	Problem  problems.Problem
	Limits   problems.Limits
	Datasets []problems.Dataset
	Programs map[string]*build.Program
}

// Plan lists every job of the entries, problem by problem and, within a problem,
// entrant by entrant in the order of entrants, leaving out the jobs in done (those
// of a resumed run that already have a result).
func Plan(entries []Entry, entrants []string, done map[store.Key]bool) []judging.Task {
	var tasks []judging.Task
	for _, e := range entries {
		slug := e.Problem.Meta().Slug
		for _, name := range entrants {
			prog, ok := e.Programs[name]
			if !ok {
				continue
			}
			for _, d := range e.Datasets {
				if done[store.Key{Problem: slug, Submission: name, Dataset: d.Name}] {
					continue
				}
				tasks = append(tasks, judging.Task{Problem: e.Problem, Limits: e.Limits, Program: prog, Dataset: d})
			}
		}
	}
	return tasks
}

// LazyPlan is Plan for a resumed run judged lazily (judging.Judge.Lazy), given the
// run's stored results, so that it ends with the verdicts of a run never
// interrupted. Per entrant on a pass-fail problem, in dataset order, the stored
// results are kept up to the first dataset without one (or with a judge error,
// judged again); every later dataset is judged again, and its key is removed from
// done, since its result depended on the missing one. A stored failure keeps the
// stored NJ results after it, and the datasets after it left to judge are planned
// as FailedBefore: NJ without running. Jobs of other problems are planned as Plan
// does.
func LazyPlan(entries []Entry, entrants []string, done map[store.Key]bool, stored []problems.Result) []judging.Task {
	verdicts := make(map[store.Key]problems.Verdict, len(stored))
	for _, r := range stored {
		verdicts[store.KeyOf(r)] = r.Outcome.Verdict
	}
	var tasks []judging.Task
	for _, e := range entries {
		meta := e.Problem.Meta()
		for _, name := range entrants {
			prog, ok := e.Programs[name]
			if !ok {
				continue
			}
			failed, gap := false, false
			for _, d := range e.Datasets {
				k := store.Key{Problem: meta.Slug, Submission: name, Dataset: d.Name}
				kept := done[k]
				v, ok := verdicts[k]
				t := judging.Task{Problem: e.Problem, Limits: e.Limits, Program: prog, Dataset: d}
				switch {
				case meta.Kind != problems.PassFail:
				case failed:
					// NJ either way: a stored NJ stays, anything else
					// (judged by a run that was not lazy) becomes NJ.
					kept = kept && ok && v == problems.NJ
					t.FailedBefore = true
				case gap || !kept || !ok || v == problems.NJ:
					// After a dataset left to judge, or an NJ with no
					// failure stored before it: judged again.
					gap, kept = true, false
				case v != problems.AC:
					failed = true
				}
				if kept {
					continue
				}
				delete(done, k)
				tasks = append(tasks, t)
			}
		}
	}
	return tasks
}

// Results returns the judgements of js, leaving out interrupted tasks (which are no
// judgement).
func Results(js []judging.Judged) []problems.Result {
	out := make([]problems.Result, 0, len(js))
	for _, j := range js {
		if !j.Interrupted {
			out = append(out, j.Result)
		}
	}
	return out
}

// Names returns the programs' display names.
func Names(progs []*build.Program) []string {
	out := make([]string, len(progs))
	for i, p := range progs {
		out[i] = p.Name
	}
	return out
}
