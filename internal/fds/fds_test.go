//go:build linux

package fds

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestCloseOnExecFrom opens a descriptor without close-on-exec, as a caller
// would hand one down, and checks that a child no longer sees it afterwards
// while this process can still use it.
func TestCloseOnExecFrom(t *testing.T) {
	dir := t.TempDir()
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	link := "/proc/self/fd/" + strconv.Itoa(fd)
	child := func() string {
		out, err := exec.Command("/bin/sh", "-c", "readlink "+link+" || true").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	if got := child(); got != dir {
		t.Fatalf("before: the child sees %q at descriptor %d, want %q (the test's premise)", got, fd, dir)
	}
	if err := CloseOnExecFrom(3); err != nil {
		t.Fatal(err)
	}
	if got := child(); got == dir {
		t.Errorf("after: the child still sees the folder at descriptor %d", fd)
	}
	if _, err := os.Readlink(link); err != nil {
		t.Errorf("this process lost its descriptor: %v", err)
	}
}
