// Package sandbox runs one program under limits and measures it: CPU and wall time,
// memory, output size and processes. A Runner starts the program (through the
// supervisor of harness/supervise, or directly) and says in its Guarantees which
// limits hold on this machine. Running submissions needs Linux: elsewhere the
// package builds, and its runners refuse every run with ErrUnsupported.
package sandbox

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/judgehq/judge/harness/gate"
	"github.com/judgehq/judge/harness/supervise"
	"github.com/judgehq/judge/problems"
)

// Spec is one process to run.
type Spec struct {
	Argv   []string // Argv[0] must be an absolute path
	Dir    string   // working directory; "" keeps the judge's
	Env    []string
	Stdin  *os.File // nil: /dev/null
	Stdout *os.File // nil: /dev/null
	Stderr *os.File // nil: /dev/null
	// Limits are the run's limits (0 fields: no limit; Wall 0: the default, see
	// problems.Limits.WallLimit).
	Limits problems.Limits
	// AddressSpace applies RLIMIT_AS = Limits.Memory when no memory cgroup is
	// available. Runtimes that reserve large virtual memory (Go, Java) must run
	// without it.
	AddressSpace bool
	// Files are host files the program needs in its working folder: its built
	// artefacts or its source. A jail copies each into its private work folder and
	// rewrites the arguments that name one (or ProgramDir, their folder) to the
	// copy; other runners run the program in place and ignore them.
	Files []string
	// ProgramDir is the folder Files come from ("" when they are loose files).
	ProgramDir string
	// ReadOnly are host folders a runtime outside the system folders needs (an
	// interpreter's installation); a jail shows them read-only.
	ReadOnly []string
	// Collect names the files of Dir the program writes (file-I/O problems): a
	// jail copies them back into Dir after the run; other runners write them there
	// directly.
	Collect []string
	// CollectNew, with Collect, also brings back every other file the program
	// made in Dir (a validator's own files, kept from one pass to the next).
	CollectNew bool
	// CloseStdout closes Stdout as soon as the program's output ends rather than
	// leaving it to the caller, so that a program reading that pipe sees the end
	// at once (an interactive validator that closes its output to say so). Only
	// a jail honours it; other runners hand the program Stdout itself.
	CloseStdout bool
	// Gate, when set, bounds how many programs with this gate run at once (see
	// Gate): set on a submission's runs, never on a program that runs beside
	// one and talks to it.
	Gate *gate.Gate
}

// Measure is what one run consumed and how it ended.
type Measure struct {
	CPU       time.Duration `json:"cpu"`
	Wall      time.Duration `json:"wall"`
	PeakKiB   int64         `json:"peak_kib"`
	PeakExact bool          `json:"peak_exact"` // false: an upper bound (no cgroup)
	ExitCode  int           `json:"exit_code"`  // -1 when killed by a signal
	// Ended is when the program ended, as its parent saw it: to tell which of
	// two runs side by side ended first (an interactive validator and its
	// submission). Zero when unknown; not part of the JSON.
	Ended time.Time `json:"-"`
	// OutputClosed is, with Spec.CloseStdout, when the runner closed Stdout as
	// the program's output ended (zero when unknown or not asked).
	OutputClosed time.Time `json:"-"`
	Signal       string    `json:"signal,omitempty"`
	// TimedOut: the wall limit ran out. CPUExceeded: the CPU limit did (or SIGXCPU).
	TimedOut    bool `json:"timed_out,omitempty"`
	CPUExceeded bool `json:"cpu_exceeded,omitempty"`
	// MemoryExceeded: the memory cgroup killed a process or refused memory.
	MemoryExceeded bool `json:"memory_exceeded,omitempty"`
	// OutputExceeded: a write went past the output limit (SIGXFSZ), or a
	// file to collect was larger than it.
	OutputExceeded bool `json:"output_exceeded,omitempty"`
	// Oversize names the files to collect (Spec.Collect) that a jail left
	// behind for being larger than the output limit; the others came back.
	Oversize []string `json:"oversize,omitempty"`
	// Canceled: the caller's context ended the run.
	Canceled bool `json:"canceled,omitempty"`
	// ExecError: the program could not be started for a reason of its own (not
	// an executable, the wrong architecture); a runtime error, not a judge error.
	ExecError string `json:"exec_error,omitempty"`
}

// Runner starts processes under limits. Implementations differ in how strongly the
// limits hold; Guarantees says which hold.
type Runner interface {
	Run(ctx context.Context, spec Spec) (Measure, error)
	Guarantees() Guarantees
	// Close releases what the runner keeps between runs (pooled cgroups).
	Close() error
}

// Guarantees describes what a runner enforces on this machine, for `judge doctor`.
type Guarantees struct {
	Backend       string `json:"backend"`         // "supervised+cgroup-v1", "supervised", "direct"
	Supervisor    string `json:"supervisor"`      // the binary that supervises runs ("" for direct)
	LimitsAtStart bool   `json:"limits_at_start"` // rlimits hold from the first instruction
	MemoryLimit   string `json:"memory_limit"`
	PeakMemory    string `json:"peak_memory"`
	ProcessLimit  string `json:"process_limit"`
	TreeKill      string `json:"tree_kill"`
	CgroupError   string `json:"cgroup_error,omitempty"` // why no cgroup is used
	// Jail: every run is in a jail (namespaces, private root, unprivileged uid).
	Jail bool `json:"jail"`
}

// IsSupervisor reports whether this process was started as a run's supervisor. The
// supervise package normally takes over in its init, before main; a main (or a test
// binary's TestMain) may still check and call Supervise, which never returns.
func IsSupervisor() bool { return supervise.Active() }

// Supervise runs the supervisor; it never returns.
func Supervise() { supervise.Main() }

// SupervisorName is the file name of the stand-alone supervisor binary
// (harness/supervise/cmd/judge-supervisor) that the judge prefers when it lies beside
// the judge's own binary.
const SupervisorName = "judge-supervisor"

// ErrUnsupported is the error of every run on a system other than Linux.
var ErrUnsupported = errors.New("running submissions needs Linux")
