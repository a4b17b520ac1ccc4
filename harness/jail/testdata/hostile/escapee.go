// expect: OK
// Starts a setsid child that would write a marker long after the run.
package main

import (
	"fmt"
	"os"
	"syscall"
)

func main() {
	if len(os.Args) > 1 {
		for i := 0; i < 100; i++ {
			syscall.Nanosleep(&syscall.Timespec{Sec: 0, Nsec: 100e6}, nil)
		}
		os.WriteFile("/tmp/jail-escape-marker", []byte("late"), 0o644)
		return
	}
	pid, err := syscall.ForkExec(os.Args[0], []string{os.Args[0], "child"},
		&syscall.ProcAttr{Sys: &syscall.SysProcAttr{Setsid: true}})
	fmt.Println("child", pid, err)
}
