//go:build linux

package jail

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/judgehq/judge/harness/gate"
)

// TestGateHoldsTheProgram runs two programs through a gate of one room on two
// slots, side by side: one gets its slot ready while the other runs, and its
// program starts only once the other's has ended. Its wall time is its own,
// not the wait.
func TestGateHoldsTheProgram(t *testing.T) {
	j := newTestJail(t, 2)
	g := gate.New(1)
	res := twoThroughGate(t, j, g, "sleep 0.5", "sleep 0.2")
	for i := range res {
		if res[i].Wall > []time.Duration{690 * time.Millisecond, 490 * time.Millisecond}[i] { // waiting adds 200 ms or more
			t.Errorf("run %d: wall time %v holds the wait at the gate", i, res[i].Wall)
		}
	}
	oneAfterOther(t, res)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.Enter(done); err != nil {
		t.Errorf("the room is still taken")
	}
}

// TestGateCanceledWhileHeld cancels a run that waits at a full gate: it comes
// back canceled, nothing of it ran, and the slot serves the next run.
func TestGateCanceledWhileHeld(t *testing.T) {
	requireJail(t)
	j := oneSlot(t)
	g := gate.New(1)
	if err := g.Enter(context.Background()); err != nil { // full
		t.Fatal(err)
	}
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := j.Run(ctx, Config{Argv: []string{"/bin/sh", "-c", "echo ran"}, Limits: limits, Gate: g})
	if !errors.Is(err, context.DeadlineExceeded) || !res.Canceled {
		t.Fatalf("waiting at a full gate: %+v %v", res, err)
	}
	g.Leave()
	res, err = j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", "true"}, Limits: limits, Gate: g})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("the next run: %+v %v", res, err)
	}
}

// TestRunsWaitForWarmSlots starts two runs as soon as the jail is made, while
// the two slots on top are still starting their inits: the runs wait for
// those, and no other slot starts an init of its own (before, the runs took
// the cold slots below and started two more inits, the first run of a command
// waiting 15-20 ms longer).
func TestRunsWaitForWarmSlots(t *testing.T) {
	requireJail(t)
	j, err := New(Options{Slots: 4, UIDBase: testUIDBase, Warm: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"},
				Limits: Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}})
			if err == nil && res.ExitCode != 0 {
				err = fmt.Errorf("exit %d", res.ExitCode)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	j.warming.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	for i, s := range j.all {
		if warm := i < 2; (s.worker != nil) != warm {
			t.Errorf("slot %d has an init: %v, want %v", i, s.worker != nil, warm)
		}
	}
}

// checkWeight checks that the programs of g's slot get programShares: the
// group's cpu folder (its own, or its cpuacct one where the controllers are
// mounted together) has that weight and holds the init's one thread, from
// which the programs inherit it. Where the cpu controller is not mounted there
// is nothing to check.
func checkWeight(t *testing.T, g *group) {
	t.Helper()
	dir := g.dirs[3]
	switch {
	case g.h.cpu == "":
		return
	case g.h.cpu == g.h.cpuacct:
		dir = g.dirs[2]
	case dir == "":
		t.Errorf("the cpu controller is mounted at %s, but the slot has no group there", g.h.cpu)
		return
	}
	shares, err := os.ReadFile(filepath.Join(dir, "cpu.shares"))
	if got := strings.TrimSpace(string(shares)); err != nil || got != programShares {
		t.Errorf("%s: cpu.shares %q (%v), want %s", dir, got, err, programShares)
	}
	tasks, err := os.ReadFile(filepath.Join(dir, "tasks"))
	if n := len(strings.Fields(string(tasks))); err != nil || n != 1 {
		t.Errorf("%s: tasks %q (%v), want the init's one thread", dir, tasks, err)
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
		if warmed && s.group != nil {
			// Only the init's thread that forks the programs joined the
			// slot's groups (initConfig.Tasks), not its other threads.
			b, err := os.ReadFile(filepath.Join(s.group.dirs[1], "pids.current"))
			if got := strings.TrimSpace(string(b)); err != nil || got != "1" {
				t.Errorf("slot %d: pids.current %q (%v), want 1: the init's one thread", i, got, err)
			}
			checkWeight(t, s.group)
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

// TestEarlyStart runs two programs through a gate of one room on two slots:
// the one that waits is armed with the end pipe of the one that runs, and its
// init starts it as soon as the other's run is over, before the judge has
// heard of that and sent the go. Exactly one of the two starts so, never before
// the other has ended, and both slots serve a next run (the go owed to the
// early one is read, not taken for the next run's).
func TestEarlyStart(t *testing.T) {
	j := newTestJail(t, 2)
	g := gate.New(1)
	for round := 0; round < 2; round++ {
		first, second := oneAfterOther(t, twoThroughGate(t, j, g, "sleep 0.4", "sleep 0.4"))
		if first.early || !second.early {
			t.Errorf("round %d: early starts %v and %v, want the second run's only", round, first.early, second.early)
		}
	}
}

// twoThroughGate runs the two shell scripts side by side, each on a slot of
// j, through g, and returns their results; a run that fails fails the test.
func twoThroughGate(t *testing.T, j *Jail, g *gate.Gate, a, b string) [2]Result {
	t.Helper()
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	var res [2]Result
	var errs [2]error
	var wg sync.WaitGroup
	for i, script := range []string{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], errs[i] = j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", script}, Limits: limits, Gate: g})
		}()
	}
	wg.Wait()
	for i := range res {
		if errs[i] != nil || res[i].ExitCode != 0 {
			t.Fatalf("run %d: %+v %v", i, res[i], errs[i])
		}
	}
	return res
}

// oneAfterOther returns the two results in the order their programs ended,
// and fails the test when the second started before the first had ended.
func oneAfterOther(t *testing.T, res [2]Result) (first, second Result) {
	t.Helper()
	first, second = res[0], res[1]
	for _, r := range res {
		if r.startedNS == 0 || r.exitedNS == 0 {
			t.Fatalf("a run without the init's times: %+v", r)
		}
	}
	if second.exitedNS < first.exitedNS {
		first, second = second, first
	}
	// The init's own clock readings (Ended and Wall, converted to the
	// judge's clock, shift by however long the judge's goroutine paused
	// between two readings: 750 µs was seen under the race detector).
	if second.startedNS < first.exitedNS {
		t.Errorf("a program started %v before the other ended", time.Duration(first.exitedNS-second.startedNS))
	}
	return first, second
}

// TestGateOfTwoNeverThree runs twelve programs of 100 ms from twelve
// goroutines through a gate of two rooms on five slots, so that runs wait,
// get armed with the ends of the two holding room and start early: at no
// moment do more than two run, and runs did start early.
func TestGateOfTwoNeverThree(t *testing.T) {
	j := newTestJail(t, 5)
	g := gate.New(2)
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	const n = 12
	var res [n]Result
	var errs [n]error
	var wg sync.WaitGroup
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], errs[i] = j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", "sleep 0.1"}, Limits: limits, Gate: g})
		}()
	}
	wg.Wait()
	type edge struct {
		at    int64 // the init's CLOCK_MONOTONIC (see oneAfterOther)
		delta int
	}
	var edges []edge
	early := 0
	for i, r := range res {
		if errs[i] != nil || r.ExitCode != 0 {
			t.Fatalf("run %d: %+v %v", i, r, errs[i])
		}
		if r.early {
			early++
		}
		if r.startedNS == 0 || r.exitedNS == 0 {
			t.Fatalf("run %d without the init's times: %+v", i, r)
		}
		edges = append(edges, edge{r.startedNS, +1}, edge{r.exitedNS, -1})
	}
	slices.SortFunc(edges, func(a, b edge) int {
		if c := cmp.Compare(a.at, b.at); c != 0 {
			return c
		}
		return a.delta - b.delta // an end before a start at the same instant
	})
	running, most := 0, 0
	for _, e := range edges {
		running += e.delta
		most = max(most, running)
	}
	if most > 2 {
		t.Errorf("%d programs ran at once through a gate of two", most)
	}
	if early == 0 {
		t.Error("no run started early")
	}
	t.Logf("%d of %d runs started early; at most %d at once", early, n, most)
}

// newTestJail returns a jail of n slots for the test, closed when it ends; it
// skips the test where no jail can be made.
func newTestJail(tb testing.TB, n int) *Jail {
	tb.Helper()
	requireJail(tb)
	j, err := New(Options{Slots: n, UIDBase: testUIDBase})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { j.Close() })
	return j
}

// TestEarlyStartExecFails: a run that starts early on the end of the run
// before it and cannot even exec its program (a garbage executable) still
// reads the go the judge sends it, so that its slot's next run is not taken
// for that go and fails.
func TestEarlyStartExecFails(t *testing.T) {
	j := newTestJail(t, 2)
	g := gate.New(1)
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	var wg sync.WaitGroup
	var sleeper, garbage Result
	var errs [2]error
	wg.Add(2)
	go func() {
		defer wg.Done()
		sleeper, errs[0] = j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", "sleep 0.3"}, Limits: limits, Gate: g})
	}()
	time.Sleep(100 * time.Millisecond) // the sleeper holds the room
	go func() {
		defer wg.Done()
		garbage, errs[1] = j.Run(context.Background(), Config{Argv: []string{"./bad"},
			Files: []File{{Name: "bad", Data: []byte("not a program\n"), Executable: true}}, Limits: limits, Gate: g})
	}()
	wg.Wait()
	if errs[0] != nil || sleeper.ExitCode != 0 {
		t.Fatalf("the sleeper: %+v %v", sleeper, errs[0])
	}
	if errs[1] != nil || garbage.ExecError == "" {
		t.Fatalf("the garbage: %+v %v, want an exec error", garbage, errs[1])
	}
	for i := 0; i < 3; i++ { // on either slot, the one used last first
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"}, Limits: limits, Gate: g})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d after: %+v %v", i, res, err)
		}
	}
}

// TestStrayArmBetweenRuns: an arming message that reaches an init between runs
// (the judge never sends one then) is dropped, and the slot's next run is
// served.
func TestStrayArmBetweenRuns(t *testing.T) {
	j := newTestJail(t, 1)
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}
	run := func() {
		t.Helper()
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"}, Limits: limits})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("%+v %v", res, err)
		}
	}
	run()
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	if _, _, err := j.free[0].worker.conn.WriteMsgUnix([]byte{armMsg}, unix.UnixRights(p[0]), nil); err != nil {
		t.Fatal(err)
	}
	run()
}
