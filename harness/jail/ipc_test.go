//go:build linux

package jail

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIPCCleared runs testdata/hostile/ipcleave.c twice on one slot: the second
// run must find none of the System V objects the first one left, and neither may
// make a POSIX message queue.
func TestIPCCleared(t *testing.T) {
	requireJail(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	bin := filepath.Join(t.TempDir(), "ipcleave")
	if b, err := exec.Command("gcc", "-O1", "-o", bin, "testdata/hostile/ipcleave.c").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	j, err := New(Options{Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for run := 1; run <= 2; run++ {
		out, err := os.CreateTemp(t.TempDir(), "out")
		if err != nil {
			t.Fatal(err)
		}
		res, err := j.Run(context.Background(), Config{Argv: []string{"./ipcleave"},
			Files:  []File{{Name: "ipcleave", Src: bin, Executable: true}},
			Stdout: out, Limits: Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d: %+v %v", run, res, err)
		}
		text, _ := os.ReadFile(out.Name())
		out.Close()
		got := string(text)
		if !strings.Contains(got, "no IPC object of an earlier run") || strings.Contains(got, "ESCAPED") {
			t.Errorf("run %d found what an earlier run left:\n%s", run, got)
		}
		if !strings.Contains(got, "shm yes") {
			t.Errorf("run %d could not make a shared memory segment (System V IPC should work within a run):\n%s", run, got)
		}
		if strings.Contains(got, "POSIX queue yes") {
			t.Errorf("run %d made a POSIX message queue:\n%s", run, got)
		}
	}
}
