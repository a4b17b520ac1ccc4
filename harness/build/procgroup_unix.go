//go:build unix

package build

import (
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
