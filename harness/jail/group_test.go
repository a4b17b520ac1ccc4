//go:build linux

package jail

import (
	"bufio"
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
	return newTestJail(t, 1)
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

// TestLeftoverIsNotTheInitsHeap puts a process holding 8 MiB of anonymous
// memory in a group, as a slot's init holds its heap: that is not what a run
// left (emptying the group cannot reclaim it, and tried after every run once
// the init's heap had grown), while 8 MiB of page cache the process writes is.
func TestLeftoverIsNotTheInitsHeap(t *testing.T) {
	requireJail(t)
	if os.Geteuid() != 0 {
		t.Skip("cgroups need root")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	h, err := findHierarchies()
	if err != nil {
		t.Skipf("no cgroup v1 hierarchies: %v", err)
	}
	g, err := newGroup(h, "judge-test-leftover-"+strconv.Itoa(os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	defer g.remove()
	file := filepath.Join(t.TempDir(), "cache")
	cmd := exec.Command(py, "-c", `import sys
sys.stdin.readline()
heap = bytearray(8 << 20)
for i in range(0, len(heap), 4096): heap[i] = 1
print("heap", flush=True)
sys.stdin.readline()
with open(sys.argv[1], "wb") as f: f.write(b"x" * (8 << 20))
print("cache", flush=True)
sys.stdin.readline()
`, file)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(outPipe)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if err := os.WriteFile(filepath.Join(g.dirs[0], "cgroup.procs"), []byte(strconv.Itoa(cmd.Process.Pid)), 0); err != nil {
		t.Fatal(err)
	}
	step := func(want string) {
		t.Helper()
		if _, err := in.Write([]byte("\n")); err != nil {
			t.Fatal(err)
		}
		if line, err := out.ReadString('\n'); err != nil || line != want+"\n" {
			t.Fatalf("read %q, %v; want %q", line, err, want)
		}
	}
	step("heap")
	if usage, left := g.getInt(ctlUsage), g.leftover(); usage < 8<<20 || left > leftoverMax {
		t.Errorf("with 8 MiB of heap: usage %d, leftover %d (want at most %d)", usage, left, leftoverMax)
	}
	step("cache")
	if left := g.leftover(); left < 8<<20 {
		t.Errorf("with 8 MiB of page cache too: leftover %d, want at least %d", left, 8<<20)
	}
}
