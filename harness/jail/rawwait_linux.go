package jail

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The init spends nearly all its life blocked in three system calls: reading
// the judge's next request, waiting for the go (or the end of the run before,
// pollRaw), and waiting for the program.
// Made the ordinary way, each hands the init's only P over to the Go runtime
// while it blocks, and the runtime's monitor then wakes every 20 µs, takes the
// P back, starts another thread to look for work and puts it to sleep again:
// about 25 context switches a run, more than the rest of the run together.
// Made raw, the blocked call keeps its P and the monitor backs off to one
// look every 10 ms. That is safe only because the init has one goroutine
// that allocates (nothing else can start a collection that would wait for
// it) and runs with GOMAXPROCS=1 and asynchronous preemption off, so the
// monitor never interrupts the calls either.

// recvRaw is recvmsg(2) on fd into p and oob, with MSG_CMSG_CLOEXEC, made
// without telling the Go scheduler. It returns the bytes and the control
// bytes received.
func recvRaw(fd int, p, oob []byte) (n, oobn int, err error) {
	var iov unix.Iovec
	if len(p) > 0 {
		iov.Base = &p[0]
		iov.SetLen(len(p))
	}
	var msg unix.Msghdr
	msg.Iov = &iov
	msg.SetIovlen(1)
	if len(oob) > 0 {
		msg.Control = &oob[0]
		msg.SetControllen(len(oob))
	}
	r, _, e := unix.RawSyscall(unix.SYS_RECVMSG, uintptr(fd), uintptr(unsafe.Pointer(&msg)), unix.MSG_CMSG_CLOEXEC)
	if e != 0 {
		return 0, 0, e
	}
	return int(r), int(msg.Controllen), nil
}

// wait4Raw is wait4(2) made without telling the Go scheduler.
func wait4Raw(pid int, ws *syscall.WaitStatus, options int, ru *syscall.Rusage) (int, error) {
	r, _, e := unix.RawSyscall6(unix.SYS_WAIT4, uintptr(pid), uintptr(unsafe.Pointer(ws)), uintptr(options), uintptr(unsafe.Pointer(ru)), 0, 0)
	if e != 0 {
		return 0, e
	}
	return int(r), nil
}

// pollRaw is ppoll(2) on fds without a timeout, made without telling the Go
// scheduler.
func pollRaw(fds []unix.PollFd) error {
	_, _, e := unix.RawSyscall6(unix.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), uintptr(len(fds)), 0, 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
