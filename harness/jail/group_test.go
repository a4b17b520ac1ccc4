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
	bin := gccBinary(t, "testdata/touch.c")
	j := oneSlot(t)
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

// TestProgramBoundReadOnly runs a shell script as the run's executable file: it is
// bound read-only into the work folder from the judge's program folder, which
// the program cannot look into, and it can neither change nor remove it.
func TestProgramBoundReadOnly(t *testing.T) {
	requireJail(t)
	script := filepath.Join(t.TempDir(), "prog")
	body := "#!/bin/sh\n" +
		"grep -q ' /work/prog ro,' /proc/self/mountinfo && echo bound-ro\n" +
		"ls /.judge/progs >/dev/null 2>&1 && echo ESCAPED-listed\n" +
		"ls /.judge >/dev/null 2>&1 && echo ESCAPED-listed-parent\n" +
		"rm -f /work/prog 2>/dev/null; [ -e /work/prog ] && echo kept\n" +
		"echo x 2>/dev/null >> /work/prog && echo ESCAPED-written\n" +
		"chmod 777 /work/prog 2>/dev/null && echo ESCAPED-chmod\n" +
		"echo done\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	j := oneSlot(t)
	for run := 1; run <= 2; run++ {
		out, err := os.CreateTemp(t.TempDir(), "out")
		if err != nil {
			t.Fatal(err)
		}
		res, err := j.Run(context.Background(), Config{Argv: []string{"./prog"},
			Files:  []File{{Name: "prog", Src: script, Executable: true}},
			Stdout: out, Limits: Limits{CPU: 2 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 8}})
		out.Close()
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d: %+v %v", run, res, err)
		}
		got, _ := os.ReadFile(out.Name())
		if string(got) != "bound-ro\nkept\ndone\n" {
			t.Errorf("run %d printed %q", run, got)
		}
	}
	if got, _ := os.ReadFile(script); string(got) != body {
		t.Errorf("the host file changed: %q", got)
	}
}

// TestStaleInitIsReplaced starts a jail whose init binary speaks another
// protocol (a judge-jail left from an older build): the jail notices and runs
// its slots with this binary instead.
func TestStaleInitIsReplaced(t *testing.T) {
	requireJail(t)
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	stale := filepath.Join(t.TempDir(), "judge-jail")
	if b, err := exec.Command("go", "build", "-o", stale, "./testdata/staleinit").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	j, err := New(Options{Self: stale, Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"},
		Limits: Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("%+v %v", res, err)
	}
}

// gccBinary compiles the C source src with gcc -O1 (skipping the test without
// gcc) and returns the binary's path.
func gccBinary(t *testing.T, src string) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	bin := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(src), ".c"))
	if b, err := exec.Command("gcc", "-O1", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	return bin
}

// oneSlot returns a jail of one slot, closed at the test's end.
func oneSlot(t *testing.T) *Jail {
	t.Helper()
	j, err := New(Options{Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

// TestWallCountsFromTheFork checks a run's wall time by the init's clock:
// from the fork to the reaping, whenever the judge reads the reports. A script
// that computes, then sleeps, runs one process at a time, so its wall time is
// at least its CPU time and the sleep.
func TestWallCountsFromTheFork(t *testing.T) {
	requireJail(t)
	j := oneSlot(t)
	script := "i=0; while [ $i -lt 3000 ]; do i=$((i+1)); done; sleep 0.2"
	for i := 0; i < 3; i++ {
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", script},
			Limits: Limits{CPU: 5 * time.Second, Wall: 20 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d: %+v %v", i, res, err)
		}
		if res.Wall < 200*time.Millisecond || res.Wall < res.CPU || res.Wall > 15*time.Second {
			t.Errorf("run %d: wall %v with CPU %v, want at least the 200 ms slept and the CPU time", i, res.Wall, res.CPU)
		}
	}
}
