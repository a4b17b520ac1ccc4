//go:build linux

package jail

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"
)

// chanGate is a Gate of cap(g) rooms.
type chanGate chan struct{}

func (g chanGate) Enter(ctx context.Context) error {
	select {
	case g <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g chanGate) Leave() { <-g }

// TestGateHoldsTheProgram runs two programs through a gate of one room on two
// slots: the second gets its slot ready while the first runs, and its program
// starts only once the first has ended. Its wall time is its own, not the
// wait.
func TestGateHoldsTheProgram(t *testing.T) {
	requireJail(t)
	j, err := New(Options{Slots: 2, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	gate := make(chanGate, 1)
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	run := func(script string) (Result, error) {
		return j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", script}, Limits: limits, Gate: gate})
	}
	var first Result
	var firstErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		first, firstErr = run("sleep 0.5")
	}()
	for len(gate) == 0 { // the first program runs
		time.Sleep(time.Millisecond)
	}
	second, err := run("true")
	wg.Wait()
	if err != nil || firstErr != nil || first.ExitCode != 0 || second.ExitCode != 0 {
		t.Fatalf("%+v %v / %+v %v", first, firstErr, second, err)
	}
	if start := second.Ended.Add(-second.Wall); start.Before(first.Ended) {
		t.Errorf("the second program started %v before the first ended", first.Ended.Sub(start))
	}
	if second.Wall >= 400*time.Millisecond {
		t.Errorf("the second program's wall time %v holds the wait at the gate", second.Wall)
	}
	if len(gate) != 0 {
		t.Errorf("%d rooms still taken", len(gate))
	}
}

// TestGateCanceledWhileHeld cancels a run that waits at a full gate: it comes
// back canceled, nothing of it ran, and the slot serves the next run.
func TestGateCanceledWhileHeld(t *testing.T) {
	requireJail(t)
	j := oneSlot(t)
	gate := make(chanGate, 1)
	gate <- struct{}{} // full
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := j.Run(ctx, Config{Argv: []string{"/bin/sh", "-c", "echo ran"}, Limits: limits, Gate: gate})
	if !errors.Is(err, context.DeadlineExceeded) || !res.Canceled {
		t.Fatalf("waiting at a full gate: %+v %v", res, err)
	}
	<-gate
	res, err = j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", "true"}, Limits: limits, Gate: gate})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("the next run: %+v %v", res, err)
	}
}

// TestWarmAndLazySlots makes a jail of four slots that warms two: once warmed,
// the two on top have their init and cgroups, the others neither; a run takes
// the slot on top, and Close leaves none of the groups behind.
func TestWarmAndLazySlots(t *testing.T) {
	requireJail(t)
	j, err := New(Options{Slots: 4, UIDBase: testUIDBase, Warm: 2})
	if err != nil {
		t.Fatal(err)
	}
	j.warming.Wait()
	for i, s := range j.all {
		warmed := i < 2
		if (s.worker != nil) != warmed || !j.userns && (s.group != nil) != warmed {
			t.Errorf("slot %d: init %v, group %v; want both %v", i, s.worker != nil, s.group != nil, warmed)
		}
	}
	first := j.all[0].worker
	res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"},
		Limits: Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("%+v %v", res, err)
	}
	if j.all[0].worker != first {
		t.Errorf("the run did not take the warm slot on top")
	}
	var dirs []string
	for _, s := range j.all {
		if s.group != nil {
			dirs = append(dirs, s.group.dirs[:]...)
		}
	}
	j.Close()
	for _, d := range dirs {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("%s is left", d)
		}
	}
}
