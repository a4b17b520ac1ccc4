//go:build linux

package jail

import (
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestIPCCleared runs testdata/hostile/ipcleave.c twice on one slot: the second
// run must find none of the System V objects the first one left, and neither may
// make a POSIX message queue.
func TestIPCCleared(t *testing.T) {
	requireJail(t)
	bin := gccBinary(t, "testdata/hostile/ipcleave.c")
	j := oneSlot(t)
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

// TestIPCInUse checks the init's quick count of System V objects, one kind at a
// time, in an IPC namespace of the test's own.
func TestIPCInUse(t *testing.T) {
	requireJail(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		// The thread keeps its namespace and ends with the goroutine.
		runtime.LockOSThread()
		if err := unix.Unshare(unix.CLONE_NEWIPC); err != nil {
			t.Errorf("unshare: %v", err)
			return
		}
		if ipcInUse() {
			t.Error("a new IPC namespace counts as in use")
		}
		for _, kind := range []struct {
			name string
			make func() (int, error)
		}{
			{"shm", func() (int, error) { return unix.SysvShmGet(unix.IPC_PRIVATE, 4096, unix.IPC_CREAT|0o600) }},
			{"sem", func() (int, error) {
				id, _, e := unix.Syscall(unix.SYS_SEMGET, unix.IPC_PRIVATE, 1, unix.IPC_CREAT|0o600)
				return int(id), errnoErr(e)
			}},
			{"msg", func() (int, error) {
				id, _, e := unix.Syscall(unix.SYS_MSGGET, unix.IPC_PRIVATE, unix.IPC_CREAT|0o600, 0)
				return int(id), errnoErr(e)
			}},
		} {
			if _, err := kind.make(); err != nil {
				t.Errorf("%s: %v", kind.name, err)
				continue
			}
			if !ipcInUse() {
				t.Errorf("one %s object: not counted as in use", kind.name)
			}
			if err := clearIPC(); err != nil {
				t.Errorf("clearing %s: %v", kind.name, err)
			}
			if ipcInUse() {
				t.Errorf("after clearing %s: still in use", kind.name)
			}
		}
	}()
	<-done
}
