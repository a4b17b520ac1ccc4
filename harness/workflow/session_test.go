package workflow

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
)

// fakeProblem is a problem whose programs never run: the tests below judge
// programs that did not compile, so no process starts.
type fakeProblem struct{}

func (fakeProblem) Meta() problems.Meta {
	return problems.Meta{Slug: "fake", Kind: problems.PassFail, Limits: problems.DefaultLimits()}
}
func (fakeProblem) Datasets(...string) ([]problems.Dataset, error) { return nil, nil }
func (fakeProblem) Validate([]byte) error                          { return nil }
func (fakeProblem) Check(problems.Dataset, problems.Output) problems.Outcome {
	return problems.Outcome{Verdict: problems.AC}
}

func TestSessionStoresEveryResult(t *testing.T) {
	tests := []struct {
		name       string
		programs   int
		datasets   int
		jobs       int
		background bool // OpenSession, not NewSession
	}{
		{name: "one job", programs: 1, datasets: 1, jobs: 1},
		{name: "many jobs, few workers", programs: 3, datasets: 7, jobs: 2},
		{name: "more workers than jobs", programs: 2, datasets: 2, jobs: 8},
		{name: "history opened beside the judging", programs: 3, datasets: 7, jobs: 2, background: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var s *Session
			if tt.background {
				s = OpenSession(ctx, func(context.Context) (*store.Store, error) { return st, nil }, "run", nil, "", RunConfig{Entrants: []string{"x"}})
			} else if s, err = NewSession(ctx, st, "run", nil, "", RunConfig{Entrants: []string{"x"}}); err != nil {
				t.Fatal(err)
			}
			var progs []*build.Program
			for i := 0; i < tt.programs; i++ {
				progs = append(progs, &build.Program{Name: fmt.Sprintf("p%d", i), CompileError: "no"})
			}
			var ds []problems.Dataset
			for i := 0; i < tt.datasets; i++ {
				ds = append(ds, problems.Dataset{Name: fmt.Sprintf("d%d", i)})
			}
			tasks := Tasks(fakeProblem{}, problems.DefaultLimits(), progs, ds, false, 1)
			shown := 0
			results, err := s.Judge(ctx, &judging.Judge{Jobs: tt.jobs}, tasks, func(problems.Result) { shown++ })
			if err != nil {
				t.Fatal(err)
			}
			if got, err := s.Wait(); got != st || err != nil {
				t.Fatalf("Wait() = %p, %v; want the store", got, err)
			}
			if err := s.Finish(ctx, false); err != nil {
				t.Fatal(err)
			}
			want := tt.programs * tt.datasets
			if len(results) != want || shown != want {
				t.Fatalf("%d results, %d shown; want %d", len(results), shown, want)
			}
			for i, r := range results {
				if r.Run != s.ID || r.Outcome.Verdict != problems.CE || r.Dataset != tasks[i].Dataset.Name || r.Submission != tasks[i].Program.Name {
					t.Errorf("result %d = %+v", i, r.Result)
				}
			}
			stored, err := st.Results(ctx, s.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(stored) != want {
				t.Errorf("%d results stored, want %d", len(stored), want)
			}
			done, err := st.Done(ctx, s.ID)
			if err != nil {
				t.Fatal(err)
			}
			if left := Plan([]Entry{{Problem: fakeProblem{}, Datasets: ds, Programs: map[string]*build.Program{"p0": progs[0]}}}, []string{"p0"}, done); len(left) != 0 {
				t.Errorf("resume plans %d jobs, want none", len(left))
			}
		})
	}
}

// TestOpenSessionWithoutHistory judges in a session whose history cannot be
// opened: judging stops, and both Judge and Wait say why.
func TestOpenSessionWithoutHistory(t *testing.T) {
	ctx := context.Background()
	broken := errors.New("history: no such disk")
	s := OpenSession(ctx, func(context.Context) (*store.Store, error) { return nil, broken }, "run", nil, "", RunConfig{})
	var progs []*build.Program
	for i := 0; i < 50; i++ {
		progs = append(progs, &build.Program{Name: fmt.Sprintf("p%d", i), CompileError: "no"})
	}
	tasks := Tasks(fakeProblem{}, problems.DefaultLimits(), progs, []problems.Dataset{{Name: "d"}}, false, 1)
	results, err := s.Judge(ctx, &judging.Judge{Jobs: 1}, tasks, nil)
	if !errors.Is(err, broken) {
		t.Errorf("Judge: %v, want %v", err, broken)
	}
	if st, err := s.Wait(); st != nil || !errors.Is(err, broken) {
		t.Errorf("Wait() = %v, %v; want no store and %v", st, err, broken)
	}
	if len(results) != len(tasks) {
		t.Errorf("%d results for %d tasks", len(results), len(tasks))
	}
}

func TestSessionInterruptedIsNotStored(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := NewSession(ctx, nil, "", nil, "", RunConfig{})
	if err != nil {
		t.Fatal(err)
	}
	tasks := Tasks(fakeProblem{}, problems.DefaultLimits(), []*build.Program{{Name: "p", CompileError: "no"}}, []problems.Dataset{{Name: "d"}}, false, 1)
	shown := 0
	results, err := s.Judge(ctx, &judging.Judge{Jobs: 1}, tasks, func(problems.Result) { shown++ })
	if err != nil {
		t.Fatal(err)
	}
	if shown != 0 || len(Results(results)) != 0 || !results[0].Interrupted {
		t.Errorf("shown %d, results %+v: an interrupted task must be neither shown nor kept", shown, results)
	}
}

// TestResumeWhileJudgedIsRefused resumes a run that a session is judging
// (started, not finished): refused, since both would judge every job left;
// once the first session finishes, the resume goes ahead.
func TestResumeWhileJudgedIsRefused(t *testing.T) {
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
	if _, _, err := Resume(ctx, st, s.ID, "contest", "c"); !errors.Is(err, store.ErrRunBusy) {
		t.Fatalf("resume while judged: %v, want ErrRunBusy", err)
	}
	if err := s.Finish(ctx, true); err != nil {
		t.Fatal(err)
	}
	again, _, err := Resume(ctx, st, s.ID, "contest", "c")
	if err != nil {
		t.Fatalf("resume after the first finished: %v", err)
	}
	if err := again.Finish(ctx, false); err != nil {
		t.Fatal(err)
	}
}
