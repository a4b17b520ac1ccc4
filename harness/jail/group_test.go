//go:build linux

package jail

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRunPeakIsTheRunsOwn alternates a program that touches 48 MiB with one that
// touches nothing, on one slot: each run's peak is its own, whatever the run
// before it left charged to the slot's group, and the slot's init, which lives
// in that group, stays alone there between runs.
func TestRunPeakIsTheRunsOwn(t *testing.T) {
	requireJail(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	bin := filepath.Join(t.TempDir(), "touch")
	if b, err := exec.Command("gcc", "-O1", "-o", bin, "testdata/touch.c").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	j, err := New(Options{Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	const mib = 1 << 20
	for i, tc := range []struct {
		touch    string
		min, max int64
	}{
		{"0", 0, 4 * mib},
		{"48", 46 * mib, 56 * mib},
		{"0", 0, 4 * mib},
		{"48", 46 * mib, 56 * mib},
		{"0", 0, 4 * mib},
	} {
		res, err := j.Run(context.Background(), Config{Argv: []string{"./touch", tc.touch},
			Files:  []File{{Name: "touch", Src: bin, Executable: true}},
			Limits: Limits{CPU: 2 * time.Second, Memory: 128 * mib, Output: 1 << 20, Processes: 4}})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d (%s MiB): %+v %v", i, tc.touch, res, err)
		}
		if res.PeakBytes < tc.min || res.PeakBytes > tc.max {
			t.Errorf("run %d touching %s MiB: peak %.1f MiB, want %.0f–%.0f MiB", i, tc.touch,
				float64(res.PeakBytes)/mib, float64(tc.min)/mib, float64(tc.max)/mib)
		}
		data, err := os.ReadFile(filepath.Join(j.all[0].group.dirs[0], "cgroup.procs"))
		if err != nil {
			t.Fatal(err)
		}
		pids := strings.Fields(string(data))
		if len(pids) != 1 || pids[0] == strconv.Itoa(os.Getpid()) {
			t.Errorf("after run %d the slot's group holds %v, want only its init", i, pids)
		}
	}
}
