package judging

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
)

// gateRunner stands for a jail: it readies each run (a pause) before it enters
// the run's gate, and counts how many runs are in hand and how many programs
// run at once.
type gateRunner struct {
	want                  int // runs in hand the first program waits for (up to 5 s)
	started               bool
	mu                    sync.Mutex
	inHand, running       int
	maxInHand, maxRunning int
	ungated               int
}

func (r *gateRunner) Run(ctx context.Context, spec sandbox.Spec) (sandbox.Measure, error) {
	r.mu.Lock()
	r.inHand++
	r.maxInHand = max(r.maxInHand, r.inHand)
	if spec.Gate == nil {
		r.ungated++
	}
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.inHand--
		r.mu.Unlock()
	}()
	time.Sleep(5 * time.Millisecond) // getting ready
	if spec.Gate != nil {
		if err := spec.Gate.Enter(ctx); err != nil {
			return sandbox.Measure{Canceled: true}, err
		}
		defer spec.Gate.Leave()
	}
	r.mu.Lock()
	r.running++
	r.maxRunning = max(r.maxRunning, r.running)
	first := !r.started
	r.started = true
	r.mu.Unlock()
	time.Sleep(10 * time.Millisecond) // the program
	// The first waits for the rest of the pool to get its runs ready, however
	// slowly a loaded machine lets it.
	for deadline := time.Now().Add(5 * time.Second); first && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		r.mu.Lock()
		n := r.inHand
		r.mu.Unlock()
		if n >= r.want {
			break
		}
	}
	r.mu.Lock()
	r.running--
	r.mu.Unlock()
	return sandbox.Measure{}, nil
}

func (r *gateRunner) Guarantees() sandbox.Guarantees { return sandbox.Guarantees{Jail: true} }
func (r *gateRunner) Close() error                   { return nil }

// TestJobsBoundPrograms judges 12 datasets with one and with two jobs: the
// pool has twice as many runs in hand as jobs (the next gets ready while a
// program runs), yet never more programs running at once than jobs, and every
// submission's run passes the gate.
func TestJobsBoundPrograms(t *testing.T) {
	root, _ := filepath.Abs("../..")
	p, err := registry.Open(root, "sudoku")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := p.Datasets("secret")
	if err != nil || len(ds) < 12 {
		t.Fatalf("%d datasets, %v", len(ds), err)
	}
	prog := &build.Program{Name: "a", Argv: []string{"/bin/true"}}
	var tasks []Task
	for _, d := range ds[:12] {
		tasks = append(tasks, Task{Problem: p, Program: prog, Dataset: d, Limits: problems.Limits{Time: time.Second}})
	}
	for _, jobs := range []int{1, 2} {
		r := &gateRunner{want: 2 * jobs}
		j := &Judge{Runner: r, Scratch: t.TempDir(), Jobs: jobs}
		res := j.Judge(context.Background(), tasks, nil)
		if len(res) != len(tasks) {
			t.Fatalf("%d results", len(res))
		}
		if r.maxRunning != jobs || r.maxInHand != 2*jobs || r.ungated > 0 {
			t.Errorf("jobs %d: %d programs at once (want %d), %d runs in hand (want %d), %d runs without the gate",
				jobs, r.maxRunning, jobs, r.maxInHand, 2*jobs, r.ungated)
		}
	}
}
