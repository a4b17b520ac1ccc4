//go:build linux

package jail

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/gate"
)

// TestInitWakesLittle runs a trivial program many times on one slot, held for
// the go as the judge runs submissions, and counts how often the threads of the
// slot's init other than its main one gave up the CPU to wait. An init that
// blocks in ordinary system calls hands its scheduler over on every wait, and
// the Go runtime's other threads then wake each other about eight times a run;
// one that waits in raw calls leaves them asleep (the main thread's own waits,
// about four a run, are the work). The fewest of five batches counts: a loaded
// machine can only add wake-ups.
func TestInitWakesLittle(t *testing.T) {
	requireJail(t)
	j, err := New(Options{Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	g := gate.New(1)
	run := func() {
		t.Helper()
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"}, Limits: limits, Gate: g})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("%+v %v", res, err)
		}
	}
	run() // starts the init
	pid := j.free[0].worker.cmd.Process.Pid
	const batches, runs = 5, 20
	fewest := -1.0
	for b := 0; b < batches; b++ {
		before := helperSwitches(t, pid)
		for i := 0; i < runs; i++ {
			run()
		}
		per := float64(helperSwitches(t, pid)-before) / runs
		if fewest < 0 || per < fewest {
			fewest = per
		}
	}
	t.Logf("the init's other threads: %.2f voluntary context switches per run (fewest of %d batches)", fewest, batches)
	if fewest > 3 {
		t.Errorf("the init's other threads waited %.2f times per run, want at most 3", fewest)
	}
}

// helperSwitches is the sum of the voluntary context switches of the threads
// of process pid but its main thread.
func helperSwitches(t *testing.T, pid int) int {
	t.Helper()
	tasks, err := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "status"))
	if err != nil || len(tasks) == 0 {
		t.Fatalf("the init's threads: %v", err)
	}
	main := filepath.Join("/proc", strconv.Itoa(pid), "task", strconv.Itoa(pid), "status")
	sum := 0
	for _, p := range tasks {
		if p == main {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			continue // a thread that ended
		}
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "voluntary_ctxt_switches:"); ok {
				n, _ := strconv.Atoi(strings.TrimSpace(v))
				sum += n
			}
		}
	}
	return sum
}
