// expect: OK
// Kills and stops its parent and tries to read its memory.
package main

import (
	"fmt"
	"os"
	"syscall"
)

func main() {
	ppid := os.Getppid()
	fmt.Println("stop", syscall.Kill(ppid, syscall.SIGSTOP))
	fmt.Println("kill", syscall.Kill(ppid, syscall.SIGKILL))
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", ppid))
	fmt.Println(string(b), err)
	err = syscall.PtraceAttach(ppid)
	fmt.Println("ptrace", err)
}
