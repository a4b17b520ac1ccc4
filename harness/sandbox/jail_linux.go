//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/problems"
)

// JailAvailable reports why programs cannot be jailed on this machine, or nil.
func JailAvailable() error { return jail.CanJail() }

// NewJailRunner returns a runner that starts every program in a jail (see
// harness/jail): its own PID, mount, network, IPC and UTS namespaces, a read-only
// root of the system folders, a private work folder, a per-slot uid and a cgroup
// the program cannot touch. slots is how many runs may go at once (more wait).
// self is the binary that serves as each slot's init ("" for judge-jail beside
// this binary when there is one, else this one); it must link harness/jail.
// warm is how many slots start their init at once, in the background (see
// jail.Options.Warm).
func NewJailRunner(self string, slots, uidBase, warm int) (Runner, error) {
	if self == "" {
		self = jailCompanion()
	}
	j, err := jail.New(jail.Options{Self: self, Slots: slots, UIDBase: uidBase, Warm: warm})
	if err != nil {
		return nil, err
	}
	return &jailRunner{j: j}, nil
}

// JailInitName is the file name of the stand-alone jail init
// (harness/jail/cmd/judge-jail) that the judge prefers, when it lies beside the
// judge's own binary, to re-executing itself in every slot: it starts in about
// half the time.
const JailInitName = "judge-jail"

// jailCompanion returns the judge-jail binary beside this one, or "" (this one).
func jailCompanion() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	p := filepath.Join(filepath.Dir(exe), JailInitName)
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		return p
	}
	return ""
}

type jailRunner struct{ j *jail.Jail }

// Jail returns the runner's jail, for compiles in the same kind of jail.
func (r *jailRunner) Jail() *jail.Jail { return r.j }

// InstallRoot is the folder a runtime at path needs (see jail.InstallRoot).
func InstallRoot(path string) string { return jail.InstallRoot(path) }

func (r *jailRunner) Close() error { return r.j.Close() }

func (r *jailRunner) Guarantees() Guarantees {
	if r.j.UserNS() {
		return Guarantees{Backend: "jail (user namespaces, no cgroup)", LimitsAtStart: true,
			MemoryLimit:  "the resident size, watched from /proc (RLIMIT_DATA at the limit + 1 GiB or more as a cap)",
			PeakMemory:   "ru_maxrss of the run's processes (an upper bound below the jail init's own size)",
			ProcessLimit: "RLIMIT_NPROC of the user namespace (counts only the jail's processes)",
			TreeKill:     "the slot's PID namespace: its init and every process in it",
			Jail:         true}
	}
	return Guarantees{Backend: "jail", LimitsAtStart: true,
		MemoryLimit:  "cgroup v1 memory limit of the run's own group (OOM kill)",
		PeakMemory:   "cgroup v1 memory high-water mark (exact)",
		ProcessLimit: "cgroup v1 pids.max",
		TreeKill:     "the slot's PID namespace: its init and every process in it",
		Jail:         true}
}

// workDir is the program's working folder inside a jail.
const workDir = "/work"

func (r *jailRunner) Run(ctx context.Context, spec Spec) (Measure, error) {
	if len(spec.Argv) == 0 {
		return Measure{}, fmt.Errorf("running: empty command")
	}
	r.j.AddReadOnly(spec.ReadOnly...)
	cfg := jail.Config{Stdin: spec.Stdin, Stdout: spec.Stdout, Stderr: spec.Stderr, CloseStdout: spec.CloseStdout,
		Limits: jailLimits(spec.Limits), Gate: spec.Gate} // with a gate, the slot gets ready first, then waits
	names := map[string]string{} // host path → name in the work folder
	used := map[string]bool{}
	add := func(host string, exec bool) error {
		name := filepath.Base(host)
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%d-%s", i, filepath.Base(host))
		}
		used[name] = true
		names[host] = name
		cfg.Files = append(cfg.Files, jail.File{Name: name, Src: host, Executable: exec})
		return nil
	}
	for _, f := range spec.Files {
		st, err := os.Lstat(f)
		if err != nil {
			return Measure{}, fmt.Errorf("program file %s: %w", f, err)
		}
		if !st.Mode().IsRegular() {
			return Measure{}, fmt.Errorf("program file %s: not a regular file", f)
		}
		_ = add(f, st.Mode()&0o111 != 0)
	}
	// Input files a file-I/O problem wrote into the working folder go in too.
	if spec.Dir != "" {
		entries, err := os.ReadDir(spec.Dir)
		if err != nil {
			return Measure{}, fmt.Errorf("working folder: %w", err)
		}
		for _, e := range entries {
			if e.Type().IsRegular() {
				_ = add(filepath.Join(spec.Dir, e.Name()), false)
			}
		}
	}
	cfg.Argv = make([]string, len(spec.Argv))
	for i, a := range spec.Argv {
		cfg.Argv[i] = a
		switch name, ok := names[a]; {
		case ok:
			cfg.Argv[i] = workDir + "/" + name
		case spec.ProgramDir != "" && a == spec.ProgramDir, spec.Dir != "" && a == spec.Dir:
			cfg.Argv[i] = workDir
		case spec.Dir != "" && a == spec.Dir+"/":
			cfg.Argv[i] = workDir + "/" // a feedback folder, as validators are given it
		}
	}
	if len(spec.Collect) > 0 {
		cfg.Collect, cfg.CollectNew, cfg.CollectDir, cfg.CollectMax = spec.Collect, spec.CollectNew, spec.Dir, spec.Limits.Output.Bytes()
		if cfg.CollectMax <= 0 {
			cfg.CollectMax = 64 << 20
		}
	}
	res, err := r.j.Run(ctx, cfg)
	m := Measure{CPU: res.CPU, Wall: res.Wall, PeakKiB: res.PeakBytes / 1024, PeakExact: !res.PeakUpperBound,
		ExitCode: res.ExitCode, Canceled: res.Canceled, Ended: res.Ended, OutputClosed: res.OutputClosed,
		TimedOut: res.Limit == jail.WallLimit, CPUExceeded: res.Limit == jail.CPULimit,
		MemoryExceeded: res.Limit == jail.MemoryLimit, OutputExceeded: res.Limit == jail.OutputLimit,
		Oversize: res.Oversize}
	if res.Signal != 0 {
		m.Signal = unix.SignalName(syscall.Signal(res.Signal))
	}
	if res.ExecError != "" {
		// Not an executable, the wrong architecture: the program's fault.
		m.ExitCode, m.ExecError = 127, res.ExecError
	}
	if err != nil && res.Canceled {
		return m, nil
	}
	return m, err
}

// jailLimits maps a run's limits onto the jail's.
func jailLimits(l problems.Limits) jail.Limits {
	return jail.Limits{CPU: l.Time, Wall: l.WallLimit(), Memory: l.Memory.Bytes(),
		Output: l.Output.Bytes(), Processes: int64(l.Processes)}
}
