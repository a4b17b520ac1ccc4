package harness

import (
	"encoding/json"
	"os"
	"runtime/debug"
	"strconv"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// IsSupervisor reports whether this process was started as a run's supervisor. The
// judge's main (and a test binary's TestMain) must then call Supervise before
// anything else.
func IsSupervisor() bool { return os.Getenv(supervisorEnv) != "" }

// Supervise is the supervisor: it joins the run's cgroup, sets the rlimits, reports
// its own CPU use so far on the status pipe (fd 3, closed on exec) and replaces itself
// with the program. Limits therefore hold from the program's first instruction. It
// never returns.
func Supervise() {
	// ExtraFiles reach the child without close-on-exec; the status pipe must close
	// when the program starts, or processes it leaves behind would hold it open.
	unix.CloseOnExec(3)
	status := os.NewFile(3, "status")
	fail := func(step string, err error) {
		b, _ := json.Marshal(supervisorReport{Failure: step, Error: err.Error()})
		_, _ = status.Write(append(b, '\n'))
		os.Exit(127)
	}
	var cfg superviseConfig
	if err := json.Unmarshal([]byte(os.Getenv(supervisorEnv)), &cfg); err != nil {
		fail("reading config", err)
	}
	if len(cfg.Argv) == 0 {
		fail("reading config", syscall.EINVAL)
	}
	self := []byte(strconv.Itoa(os.Getpid()))
	for _, p := range cfg.Procs {
		if err := os.WriteFile(p, self, 0); err != nil {
			fail("joining cgroup", err)
		}
	}
	for _, r := range cfg.Rlimits {
		if err := unix.Prlimit(0, r.Resource, &unix.Rlimit{Cur: r.Cur, Max: r.Max}, nil); err != nil {
			fail("setting rlimit "+strconv.Itoa(r.Resource), err)
		}
	}
	if cfg.Dir != "" {
		if err := os.Chdir(cfg.Dir); err != nil {
			fail("entering working directory", err)
		}
	}
	argv0, err := syscall.BytePtrFromString(cfg.Argv[0])
	if err != nil {
		fail("preparing exec", err)
	}
	argv, err := syscall.SlicePtrFromStrings(cfg.Argv)
	if err != nil {
		fail("preparing exec", err)
	}
	envv, err := syscall.SlicePtrFromStrings(cfg.Env)
	if err != nil {
		fail("preparing exec", err)
	}
	var ru unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_SELF, &ru)
	cpu := ru.Utime.Sec*1e6 + ru.Utime.Usec + ru.Stime.Sec*1e6 + ru.Stime.Usec
	b, _ := json.Marshal(supervisorReport{Ready: true, CPUus: cpu, MaxRSS: ru.Maxrss})
	_, _ = status.Write(append(b, '\n'))
	// From here on nothing may allocate: RLIMIT_AS below the Go runtime's
	// reservations would make any allocation fail.
	debug.SetGCPercent(-1)
	if cfg.AS > 0 {
		as := unix.Rlimit{Cur: cfg.AS, Max: cfg.AS}
		_, _, _ = unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, unix.RLIMIT_AS, uintptr(unsafe.Pointer(&as)), 0, 0, 0)
	}
	_, _, errno := unix.RawSyscall(unix.SYS_EXECVE, uintptr(unsafe.Pointer(argv0)),
		uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	if cfg.AS > 0 {
		inf := unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}
		_, _, _ = unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, unix.RLIMIT_AS, uintptr(unsafe.Pointer(&inf)), 0, 0, 0)
	}
	fail("exec "+cfg.Argv[0], errno)
}
