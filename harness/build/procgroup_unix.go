//go:build unix

package build

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own and makes its cancellation
// kill the whole group: the Go toolchain's compile and link processes too, not
// only the go command that started them.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// lockFile takes an exclusive lock on path (made if missing), waiting for other
// processes that hold it, and returns its release.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
