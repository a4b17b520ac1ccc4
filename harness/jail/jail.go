// Package jail runs untrusted programs and compilers in a jail: fresh PID,
// network (loopback only), mount, IPC and UTS namespaces, a minimal read-only root
// made of bind mounts of the system folders, a private size-limited work folder
// and /tmp, an unprivileged uid/gid per parallel slot without capabilities and
// with no_new_privs, and a cgroup owned by the judge that the program can neither
// see nor write. CPU time and peak memory come from that cgroup, so every process
// of a run counts.
//
// Each parallel slot re-executes the judge's own binary once in new namespaces
// (see Main); that process is the namespace's init, prepares the mounts and then
// serves run after run (a pool of pre-forked jails): for each it forks the program
// under the slot's uid and, at its end, kills and reaps everything the program
// left. At a limit the judge kills the init, and with it every process of the
// namespace. The program's parent is therefore that init, never the judge: it
// cannot signal, stop, trace or read the judge. See README.md for the wiring.
//
// The jail needs Linux, and root with the cgroup v1 memory, pids and cpuacct
// hierarchies; for a judge that is not root (rootless), or root without those
// hierarchies, New makes jails in user namespaces where the kernel allows them:
// the same namespaces, root and seccomp filter, with the program as root of its
// own user namespace without capabilities, and rlimits and the judge's watch of
// /proc instead of cgroups (see README.md).
// Elsewhere New refuses with ErrUnsupported, and Check says what is missing.
package jail

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/judgehq/judge/harness/gate"
)

// ErrUnsupported is returned where a jail cannot be made on this system.
var ErrUnsupported = errors.New("jail: not supported on this system")

// Limits are the resource limits of one jailed run. Zero means the default noted.
type Limits struct {
	CPU       time.Duration // CPU time of every process of the run; 0: none
	Wall      time.Duration // elapsed time; 0: 2 × CPU + 1 s (10 s without CPU)
	Memory    int64         // bytes of memory (cgroup); 0: none
	Output    int64         // bytes per output stream (stdout, stderr), counted by the judge; 0: none
	Processes int64         // processes and threads at once (pids cgroup); 0: 64
	Disk      int64         // bytes the work folder may hold (tmpfs size); 0: 64 MiB
	Tmp       int64         // bytes /tmp may hold (tmpfs size); 0: 16 MiB
}

// WallLimit returns the wall-clock limit with its default applied.
func (l Limits) WallLimit() time.Duration {
	switch {
	case l.Wall > 0:
		return l.Wall
	case l.CPU > 0:
		return 2*l.CPU + time.Second
	}
	return 10 * time.Second
}

// File is one file put into the run's work folder before the program starts.
type File struct {
	Name       string // a plain name inside the work folder (no slashes)
	Src        string // host file to copy; must be a regular file, symlinks are refused
	Data       []byte // contents when Src is ""
	Executable bool   // mode 0755 instead of 0644
	// Shared files (with Src) are bound read-only from the judge's program
	// folder, as executables are, instead of copied for each run: for large
	// files that many runs only read.
	Shared bool
}

// Config is one program to run in a jail.
type Config struct {
	// Argv is the program and its arguments; Argv[0] is a path inside the jail
	// (for example "./main" in the work folder or "/usr/bin/python3").
	Argv []string
	// Env is the program's whole environment; nil means DefaultEnv.
	Env []string
	// Files are copied into the work folder (the program's working directory).
	Files []File
	// Collect names work-folder files copied, after the run, into CollectDir on
	// the host (regular files only, at most CollectMax bytes each) when the
	// program exited by itself, with any exit code. A larger file is left
	// behind, named in Result.Oversize, and the others are collected still. A
	// name may be a pattern ("*.class") that stands for every file it matches.
	Collect []string
	// CollectNew collects too every regular file of the work folder that is
	// not one of Files: what the program made (a validator's own state, kept
	// from one pass to the next).
	CollectNew bool
	CollectDir string
	CollectMax int64
	// Stdin is the input: a regular file is fed through a pipe, so the program
	// never holds the dataset's own file; nil means /dev/null.
	Stdin *os.File
	// Stdout and Stderr receive the program's output; nil means /dev/null.
	Stdout, Stderr *os.File
	// CloseStdout closes Stdout as soon as the program's output ends (it closed
	// its standard output, or exited), not when the run returns: for a pipe to
	// another program, which then reads the end of its input at once.
	CloseStdout bool
	Limits      Limits
	// Gate, when set, bounds how many programs run at once among the runs that
	// share it. A run gets its slot ready (work folder, files, limits,
	// counters) before it enters the gate and leaves it the moment its program
	// has ended, so that the next run's preparation overlaps the program before
	// it and starts as soon as that one ends (the run that leaves tells the
	// next one's init to start).
	Gate *gate.Gate
}

// Path is the fixed PATH of jailed programs: the system's own program folders,
// which every jail shows read-only.
const Path = "/usr/local/bin:/usr/bin:/bin"

// DefaultEnv is the fixed environment of jailed programs.
var DefaultEnv = []string{"PATH=" + Path, "HOME=/work", "LANG=C.UTF-8", "TMPDIR=/tmp"}

// Limit names the limit that ended a run.
type Limit string

// The limits a run can hit.
const (
	NoLimit     Limit = ""
	CPULimit    Limit = "cpu"
	WallLimit   Limit = "wall"
	MemoryLimit Limit = "memory"
	OutputLimit Limit = "output"
)

// Result is what a jailed run consumed and how it ended.
type Result struct {
	CPU       time.Duration // every process of the run (cgroup cpuacct; without cgroups: their rusage)
	Wall      time.Duration // from the program's start to its end
	PeakBytes int64         // memory high-water mark of the run's cgroup (without: see README.md)
	// PeakUpperBound: PeakBytes is only an upper bound (a rootless jail, where
	// a program's largest resident size counts its init's, from which it was
	// forked, and the program stayed below that).
	PeakUpperBound bool
	// Ended is when the program ended (its init reaped it), to tell which of
	// two runs side by side ended first. OutputClosed is, with CloseStdout,
	// when Stdout was closed because the program's output ended (at its exit,
	// or before if it closed its standard output).
	Ended, OutputClosed time.Time
	ExitCode            int   // -1 when killed by a signal
	Signal              int   // the signal that ended the program, 0 if none
	Limit               Limit // the limit that ended the run, NoLimit if none
	// ExecError is set when the program could not be started for a reason that is
	// the program's own fault (not an executable, wrong architecture): a runtime
	// error, not a judge error.
	ExecError string
	Canceled  bool // the caller's context ended the run
	// Oversize names the files to collect that were larger than CollectMax and
	// were left behind (the rest were collected); Limit is then OutputLimit
	// unless another limit ended the run first.
	Oversize []string
	// early: a held run started on the end of the run before it (armMsg),
	// before its go.
	early bool
	// startedNS and exitedNS are the init's CLOCK_MONOTONIC readings just
	// before the fork and when it reaped the program (0: unknown): one clock
	// for every slot, where Ended is converted to the judge's (a conversion
	// that a goroutine paused between its two readings shifts).
	startedNS, exitedNS int64
}

// Options configure a Jail.
type Options struct {
	// Self is the binary re-executed as the jail's init; "" means this one. It
	// must run Main early (the package's init does when it is linked in).
	Self string
	// UIDBase is the uid (and gid) of slot 0; slot i runs as UIDBase+i. 0: 60000.
	UIDBase int
	// Slots is how many runs may go at once; 0: 1.
	Slots int
	// ReadOnly are host paths shown read-only, at the same place, in every jail
	// besides the system folders (see Jail.AddReadOnly).
	ReadOnly []string
	// NoCgroup makes a jail in user namespaces, without cgroups, even as root
	// with the cgroup v1 hierarchies (as root without them it is the only kind
	// there is): each slot's init and program run as UIDBase+slot outside.
	NoCgroup bool
	// Warm is how many slots get their init started at once, side by side in
	// the background (starting one takes 10–30 ms), so that the first runs,
	// made while the judge loads and builds, find them ready; the others start
	// at their first run.
	Warm int
}

// Guarantee is one property the jail promises, and whether it holds here.
type Guarantee struct {
	Name  string `json:"name"`
	Holds bool   `json:"holds"`
	Why   string `json:"why"`
}

// guaranteeNames are the guarantees Check reports, in order.
var guaranteeNames = []string{"uid", "pid namespace", "network namespace", "mount namespace",
	"ipc and uts namespaces", "cgroup owned by the judge", "cpu time of all processes",
	"work folder quota", "compile limits", "go builds"}

// InstallRoot is the folder a runtime at path needs to work, to be shown with
// Jail.AddReadOnly: for .../bin/NAME the folder above bin (where its libraries
// live), else the file's own folder. Symbolic links are followed first.
func InstallRoot(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "bin" {
		return filepath.Dir(dir)
	}
	return dir
}
