//go:build linux

// Package supervise is the supervisor that starts each judged program: the judge
// binary re-executes itself with a configuration in the environment, and this
// package's init joins the run's cgroup, sets the rlimits, reports its own CPU use
// on a status pipe (fd 3, closed on exec) and replaces the process with the
// program, so that limits hold from the program's first instruction.
//
// It imports only standard packages that are initialised early anyway, so that Go
// initialises it before the judge's heavier packages (initialisation follows
// dependencies, then import path): a supervisor that waited for main would pay for
// every package's init on every run.
package supervise

import (
	"encoding/json"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// Env names the environment variable that carries a Config and marks a process as
// a supervisor.
const Env = "JUDGE_SUPERVISOR_CONFIG"

// StatusFD is the file descriptor of the status pipe in the supervisor.
const StatusFD = 3

// Config is what the supervisor needs to start the program.
type Config struct {
	Argv    []string `json:"argv"`
	Env     []string `json:"env"`
	Dir     string   `json:"dir"`
	Procs   []string `json:"procs"`   // cgroup.procs files to join
	Rlimits []Rlimit `json:"rlimits"` // set before exec
	AS      uint64   `json:"as"`      // RLIMIT_AS, set last; 0 = none
}

// Rlimit is one resource limit to set.
type Rlimit struct {
	Resource int    `json:"r"`
	Cur      uint64 `json:"c"`
	Max      uint64 `json:"m"`
}

// Report is a line the supervisor writes on the status pipe: Ready just before exec,
// with its own CPU time (µs) and ru_maxrss (KiB) so far, or Error when a step failed.
type Report struct {
	Ready   bool   `json:"ready,omitempty"`
	CPUus   int64  `json:"cpu_us,omitempty"`
	MaxRSS  int64  `json:"maxrss,omitempty"`
	Error   string `json:"error,omitempty"`
	Failure string `json:"failure,omitempty"`
}

func init() {
	if Active() {
		Main()
	}
}

// Active reports whether this process was started as a supervisor.
func Active() bool { return os.Getenv(Env) != "" }

// Main runs the supervisor. It never returns: it becomes the program or exits 127.
func Main() {
	// ExtraFiles reach the child without close-on-exec; the status pipe must close
	// when the program starts, or processes it leaves behind would hold it open.
	syscall.CloseOnExec(StatusFD)
	status := os.NewFile(StatusFD, "status")
	fail := func(step string, err error) {
		b, _ := json.Marshal(Report{Failure: step, Error: err.Error()})
		_, _ = status.Write(append(b, '\n'))
		os.Exit(127)
	}
	var cfg Config
	if err := json.Unmarshal([]byte(os.Getenv(Env)), &cfg); err != nil {
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
		if err := prlimit(r.Resource, r.Cur, r.Max); err != 0 {
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
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := ru.Utime.Sec*1e6 + ru.Utime.Usec + ru.Stime.Sec*1e6 + ru.Stime.Usec
	b, _ := json.Marshal(Report{Ready: true, CPUus: cpu, MaxRSS: ru.Maxrss})
	_, _ = status.Write(append(b, '\n'))
	// From here on nothing may allocate: RLIMIT_AS below the Go runtime's
	// reservations would make any allocation fail. (The judge starts supervisors
	// with GOGC=off, so no collection runs either; runtime/debug is not imported
	// because it would delay this package's init, see the package comment.)
	if cfg.AS > 0 {
		_ = prlimit(syscall.RLIMIT_AS, cfg.AS, cfg.AS)
	}
	_, _, errno := syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(argv0)),
		uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	if cfg.AS > 0 {
		_ = prlimit(syscall.RLIMIT_AS, ^uint64(0), ^uint64(0))
	}
	fail("exec "+cfg.Argv[0], errno)
}

// prlimit sets a limit of this process without allocating.
func prlimit(resource int, cur, max uint64) syscall.Errno {
	lim := [2]uint64{cur, max}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, 0, uintptr(resource), uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	return errno
}
