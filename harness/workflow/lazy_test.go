package workflow

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
)

// scripted is a problem judged by JudgeCase from a script, with no process: each
// job's verdict is listed by "PROGRAM/DATASET" (AC when absent). A run can be
// interrupted at a chosen job (see stopper).
type scripted struct {
	slug     string
	kind     problems.Kind
	verdicts map[string]problems.Verdict
	stop     *stopper
}

// stopper interrupts a run at job at ("SLUG/PROGRAM/DATASET"): the job ends the
// run itself, or, with wait, holds its worker until the trigger, a job appended
// last to the task list, ends it, so that every job between them has finished
// on the other workers first.
type stopper struct {
	at     string
	wait   bool
	cancel context.CancelFunc
}

func (p *scripted) Meta() problems.Meta {
	return problems.Meta{Slug: p.slug, Kind: p.kind, Limits: problems.DefaultLimits()}
}
func (p *scripted) Datasets(...string) ([]problems.Dataset, error) { return nil, nil }
func (p *scripted) Validate([]byte) error                          { return nil }
func (p *scripted) Check(problems.Dataset, problems.Output) problems.Outcome {
	return problems.Outcome{Verdict: problems.AC}
}

func (p *scripted) JudgeCase(ctx context.Context, prog *build.Program, ds problems.Dataset, _ problems.Limits) (judging.CaseRun, error) {
	if s := p.stop; s != nil {
		switch {
		case p.slug == "trigger":
			s.cancel()
		case s.at == p.slug+"/"+prog.Name+"/"+ds.Name && s.wait:
			<-ctx.Done()
		case s.at == p.slug+"/"+prog.Name+"/"+ds.Name:
			s.cancel()
		}
	}
	v, ok := p.verdicts[prog.Name+"/"+ds.Name]
	if !ok {
		v = problems.AC
	}
	return judging.CaseRun{Outcome: problems.Outcome{Verdict: v}}, nil
}

// TestLazyResume interrupts a lazy contest run at every job in turn, with one
// and two workers: the interrupting job ends the run at once, or only once every
// later job has finished, or the run ends right after it (the later jobs never
// handed out). Then it resumes the run, interrupts it again at the next job and
// resumes it to the end. The run must end with the verdicts of a lazy run never
// interrupted, and no result stored along the way may differ from them.
func TestLazyResume(t *testing.T) {
	var ds []problems.Dataset
	for i := 0; i < 6; i++ {
		ds = append(ds, problems.Dataset{Name: fmt.Sprintf("d%d", i)})
	}
	progs := map[string]*build.Program{}
	for _, name := range []string{"a", "b", "c", "d"} {
		progs[name] = &build.Program{Name: name}
	}
	progs["d"].CompileError = "syntax error"
	lazy := &scripted{slug: "lazy", kind: problems.PassFail, verdicts: map[string]problems.Verdict{
		"a/d3": problems.WA, "a/d5": problems.TLE, "c/d2": problems.JE, "c/d4": problems.TLE}}
	scoring := &scripted{slug: "scoring", kind: problems.Scoring, verdicts: map[string]problems.Verdict{
		"a/d1": problems.WA}}
	entries := []Entry{
		{Problem: lazy, Limits: problems.DefaultLimits(), Datasets: ds, Programs: progs},
		{Problem: scoring, Limits: problems.DefaultLimits(), Datasets: ds[:3], Programs: map[string]*build.Program{"a": progs["a"], "b": progs["b"]}},
	}
	entrants := []string{"a", "b", "c", "d"}
	// What a lazy run never interrupted gives: on the pass-fail problem NJ after
	// each entrant's first failure (d's compile error on d0), in full on the other.
	want := map[store.Key]problems.Verdict{}
	var jobs []string
	for _, e := range entries {
		for _, name := range entrants {
			if _, ok := e.Programs[name]; !ok {
				continue
			}
			failed := false
			for _, d := range e.Datasets {
				s := e.Problem.(*scripted)
				v, ok := s.verdicts[name+"/"+d.Name]
				if !ok {
					v = problems.AC
				}
				if name == "d" {
					v = problems.CE
				}
				if failed && s.kind == problems.PassFail {
					v = problems.NJ
				}
				failed = failed || v != problems.AC
				want[store.Key{Problem: s.slug, Submission: name, Dataset: d.Name}] = v
				jobs = append(jobs, s.slug+"/"+name+"/"+d.Name)
			}
		}
	}
	trigger := judging.Task{Problem: &scripted{slug: "trigger", kind: problems.Scoring}, Program: progs["b"], Dataset: ds[0]}

	modes := []struct {
		name  string
		jobs  int
		wait  bool // the interrupting job waits for the trigger
		after bool // the run ends after the job, not in it
	}{{"j1", 1, false, false}, {"j2", 2, false, false}, {"j2 wait", 2, true, false}, {"j1 after", 1, false, true}, {"j2 after", 2, false, true}}
	for _, m := range modes {
		for i, at := range jobs {
			t.Run(m.name+" "+at, func(t *testing.T) {
				ctx := context.Background()
				st, err := store.Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
				if err != nil {
					t.Fatal(err)
				}
				defer st.Close()
				s, err := NewSession(ctx, st, "contest", nil, "c", RunConfig{})
				if err != nil {
					t.Fatal(err)
				}
				j := &judging.Judge{Jobs: m.jobs, Lazy: true}
				done := map[store.Key]bool{}
				var stored []problems.Result
				for part, stop := range []string{at, jobs[(i+1)%len(jobs)], ""} {
					if part > 0 {
						if s, done, err = Resume(ctx, st, s.ID, "contest", "c"); err != nil {
							t.Fatal(err)
						}
					}
					tasks := LazyPlan(entries, entrants, done, stored)
					pctx, cancel := context.WithCancel(ctx)
					var stp *stopper
					interrupted := false
					switch {
					case stop != "" && m.after:
						// The jobs after it are never handed out.
						for k, task := range tasks {
							if task.Problem.Meta().Slug+"/"+task.Program.Name+"/"+task.Dataset.Name == stop {
								interrupted = k+1 < len(tasks)
								tasks = tasks[:k+1]
								break
							}
						}
					case stop != "":
						stp = &stopper{at: stop, wait: m.wait, cancel: cancel}
						if m.wait {
							tasks = append(tasks, trigger)
						}
					}
					lazy.stop, scoring.stop, trigger.Problem.(*scripted).stop = stp, stp, stp
					_, err := s.Judge(pctx, j, tasks, nil)
					interrupted = interrupted || pctx.Err() != nil
					cancel()
					if err != nil {
						t.Fatal(err)
					}
					if err := s.Finish(ctx, interrupted); err != nil {
						t.Fatal(err)
					}
					if stored, err = st.Results(ctx, s.ID); err != nil {
						t.Fatal(err)
					}
					for _, r := range stored {
						if v := want[store.KeyOf(r)]; r.Outcome.Verdict != v {
							t.Errorf("part %d stored %s/%s/%s %s, want %s", part, r.Problem, r.Submission, r.Dataset, r.Outcome.Verdict, v)
						}
					}
				}
				if len(stored) != len(want) {
					var got []string
					for _, r := range stored {
						got = append(got, r.Problem+"/"+r.Submission+"/"+r.Dataset)
					}
					t.Errorf("%d results stored, want %d: %s", len(stored), len(want), strings.Join(got, " "))
				}
			})
		}
	}
}

// TestLazyPlan checks what a resumed lazy run plans from stored results.
func TestLazyPlan(t *testing.T) {
	var ds []problems.Dataset
	for i := 0; i < 5; i++ {
		ds = append(ds, problems.Dataset{Name: fmt.Sprintf("d%d", i)})
	}
	p := &build.Program{Name: "a"}
	tests := []struct {
		name   string
		kind   problems.Kind
		stored string // per dataset: a verdict, or . for none
		want   string // per dataset: . kept, run, or NJ (planned as FailedBefore)
	}{
		{"nothing stored", problems.PassFail, ". . . . .", "run run run run run"},
		{"all passed", problems.PassFail, "AC AC AC AC AC", ". . . . ."},
		{"stopped at a gap", problems.PassFail, "AC . AC WA NJ", ". run run run run"},
		{"failure stored", problems.PassFail, "AC WA NJ . .", ". . . NJ NJ"},
		{"judge error judged again", problems.PassFail, "AC JE NJ NJ .", ". run run run run"},
		{"NJ with no failure before", problems.PassFail, "AC NJ . . .", ". run run run run"},
		{"judged in full before", problems.PassFail, "TLE AC WA AC .", ". NJ NJ NJ NJ"},
		{"not pass-fail", problems.Scoring, "AC . WA AC .", ". run . . run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prob := &scripted{slug: "x", kind: tt.kind}
			done := map[store.Key]bool{}
			var stored []problems.Result
			for i, v := range strings.Fields(tt.stored) {
				if v == "." {
					continue
				}
				r := problems.Result{Problem: "x", Submission: "a", Dataset: ds[i].Name, Outcome: problems.Outcome{Verdict: problems.Verdict(v)}}
				stored = append(stored, r)
				if v != "JE" { // as store.Done does: judge errors are judged again
					done[store.KeyOf(r)] = true
				}
			}
			tasks := LazyPlan([]Entry{{Problem: prob, Datasets: ds, Programs: map[string]*build.Program{"a": p}}}, []string{"a"}, done, stored)
			got := strings.Fields(". . . . .")
			for _, task := range tasks {
				i := strings.TrimPrefix(task.Dataset.Name, "d")[0] - '0'
				got[i] = "run"
				if task.FailedBefore {
					got[i] = "NJ"
				}
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("planned %s, want %s", g, tt.want)
			}
			for i, g := range got {
				if k := (store.Key{Problem: "x", Submission: "a", Dataset: ds[i].Name}); done[k] != (g == ".") {
					t.Errorf("%s: in done %v, planned %s", ds[i].Name, done[k], g)
				}
			}
		})
	}
}
