//go:build linux

package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/judgehq/judge/harness/gate"
	"github.com/judgehq/judge/harness/supervise"
	"github.com/judgehq/judge/problems"
)

// rlimitsFor turns limits into rlimits (all but RLIMIT_AS).
func rlimitsFor(l problems.Limits) []supervise.Rlimit {
	rl := []supervise.Rlimit{{Resource: unix.RLIMIT_CORE}}
	if l.Time > 0 {
		// A backstop only: the watchdog ends a program at the limit itself. The
		// margin covers the supervisor's own start and the watchdog's poll.
		secs := uint64(math.Ceil(l.Time.Seconds())) + 1
		rl = append(rl, supervise.Rlimit{Resource: unix.RLIMIT_CPU, Cur: secs, Max: secs + 1})
	}
	if l.Output > 0 {
		// One byte more than the limit: a file that reaches it went past the
		// limit (pastOutputLimit), even when the program ignores SIGXFSZ (as
		// Python does) and the kernel only cuts its writes short.
		size := uint64(l.Output.Bytes()) + 1
		rl = append(rl, supervise.Rlimit{Resource: unix.RLIMIT_FSIZE, Cur: size, Max: size})
	}
	stack := uint64(unix.RLIM_INFINITY)
	if l.Memory > 0 {
		stack = uint64(l.Memory.Bytes())
	}
	rl = append(rl, supervise.Rlimit{Resource: unix.RLIMIT_STACK, Cur: stack, Max: stack},
		supervise.Rlimit{Resource: unix.RLIMIT_NOFILE, Cur: 1024, Max: 1024})
	return rl
}

// NewRunner returns the strongest runner this machine supports: the supervisor with
// a cgroup when one can be made, else the supervisor with rlimits alone. self is the
// judge binary ("" for os.Executable); when a judge-supervisor binary lies beside it,
// that starts faster and is used instead of re-executing self.
func NewRunner(self string) (Runner, error) {
	if self == "" {
		var err error
		if self, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("finding the judge binary for the supervisor: %w", err)
		}
	}
	companion := filepath.Join(filepath.Dir(self), SupervisorName)
	if st, err := os.Stat(companion); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		self = companion
	}
	r := &supervisedRunner{self: self}
	cg, err := detectCgroups()
	if err != nil {
		r.cgErr = err.Error()
	} else {
		r.cg = cg
	}
	return r, nil
}

// NewDirectRunner returns a runner without the supervisor: os/exec, rlimits applied
// right after start (racy: a fast program may run briefly without them) and the
// process group killed at the end. It is the cheapest and weakest backend.
func NewDirectRunner() Runner { return directRunner{} }

type supervisedRunner struct {
	self  string
	cg    *cgroups
	cgErr string
}

func (r *supervisedRunner) Guarantees() Guarantees {
	g := Guarantees{Backend: "supervised", Supervisor: r.self, LimitsAtStart: true,
		MemoryLimit:  "RLIMIT_AS (C, C++, Python; none for Go and Java)",
		PeakMemory:   "ru_maxrss: exact when above the judge's own size, else an upper bound",
		ProcessLimit: "none (RLIMIT_NPROC counts every process of the user, so it is not used)",
		TreeKill:     "process group (a program that calls setsid can escape)",
		CgroupError:  r.cgErr}
	if r.cg != nil {
		v := fmt.Sprintf("cgroup v%d", r.cg.version)
		g.Backend = "supervised+" + fmt.Sprintf("cgroup-v%d", r.cg.version)
		g.MemoryLimit = v + " memory limit (OOM kill)"
		g.PeakMemory = v + " memory high-water mark (exact)"
		g.ProcessLimit = v + " pids.max"
		g.TreeKill = v + " (every process of the run, setsid or not)"
	}
	return g
}

func (r *supervisedRunner) Close() error {
	if r.cg != nil {
		r.cg.close()
	}
	return nil
}

func (r *supervisedRunner) Run(ctx context.Context, spec Spec) (Measure, error) {
	leave, err := gate.EnterAny(ctx, spec.Gate)
	if err != nil {
		return Measure{Canceled: true}, err
	}
	defer leave()
	var cg *cgroup
	if r.cg != nil {
		var err error
		if cg, err = r.cg.acquire(spec.Limits.Memory.Bytes(), int64(spec.Limits.Processes)); err != nil {
			return Measure{}, fmt.Errorf("creating the run's cgroup: %w", err)
		}
		defer r.cg.release(cg)
	}
	cfg := supervise.Config{Argv: spec.Argv, Env: spec.Env, Dir: spec.Dir, Rlimits: rlimitsFor(spec.Limits)}
	if cg != nil {
		cfg.Procs = cg.procsFiles()
	} else if spec.AddressSpace && spec.Limits.Memory > 0 {
		cfg.AS = uint64(spec.Limits.Memory.Bytes())
	}
	blob, err := json.Marshal(cfg)
	if err != nil {
		return Measure{}, fmt.Errorf("encoding supervisor config: %w", err)
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return Measure{}, fmt.Errorf("status pipe: %w", err)
	}
	defer statusR.Close()
	cmd := &exec.Cmd{
		Path:        r.self,
		Args:        []string{"judge-supervisor"},
		Env:         []string{supervise.Env + "=" + string(blob), "GOGC=off"},
		Stdin:       reader(spec.Stdin),
		Stdout:      writer(spec.Stdout),
		Stderr:      writer(spec.Stderr),
		ExtraFiles:  []*os.File{statusW},
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	}
	var m Measure
	reports := make(chan supervise.Report, 1)
	var rep supervise.Report
	var repErr error
	readDone := make(chan struct{})
	var offset atomic.Int64
	err = startAndWait(ctx, cmd, spec.Limits, &m, func() {
		statusW.Close()
		go func() {
			defer close(readDone)
			rep, repErr = readReports(statusR, reports)
		}()
	}, func() {
		if cg != nil {
			cg.killAll()
		}
	}, func() time.Duration {
		select {
		case r := <-reports:
			offset.Store(r.CPUus)
		default:
		}
		return time.Duration(offset.Load()) * time.Microsecond
	})
	statusW.Close()
	if err != nil {
		return m, err
	}
	<-readDone
	if repErr != nil {
		if m.Canceled || m.TimedOut {
			// Stopped by us (the caller's context, the wall limit) before the program
			// started: the measurement says so; it is not a failure to run.
			return m, nil
		}
		return m, repErr
	}
	if rep.Error != "" {
		return m, fmt.Errorf("starting %s: %s: %s", spec.Argv[0], rep.Failure, rep.Error)
	}
	m.CPU -= time.Duration(rep.CPUus) * time.Microsecond
	if m.CPU < 0 {
		m.CPU = 0
	}
	if cg != nil {
		if peak, ok := cg.peakKiB(); ok {
			m.PeakKiB, m.PeakExact = peak, true
		}
		m.MemoryExceeded = m.ExitCode != 0 && cg.memoryExceeded(spec.Limits.Memory.Bytes())
	} else {
		m.PeakExact = m.PeakKiB > rep.MaxRSS
	}
	if spec.Limits.Time > 0 && m.CPU > spec.Limits.Time {
		m.CPUExceeded = true
	}
	if pastOutputLimit(spec.Limits.Output, spec.Stdout, spec.Stderr) {
		m.OutputExceeded = true
	}
	return m, nil
}

// pastOutputLimit reports whether a stream the program wrote into a regular file
// holds more than limit bytes (0: none).
func pastOutputLimit(limit problems.Size, streams ...*os.File) bool {
	for _, f := range streams {
		if f == nil || limit <= 0 {
			continue
		}
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit.Bytes() {
			return true
		}
	}
	return false
}

// readReports reads the supervisor's status lines until EOF (the program's exec, or
// the supervisor's exit) and returns the last that counts; the first is also sent
// on first, for the CPU watchdog. The supervisor closes the pipe at exec, so a read
// that lasts long means something holds its write end: a deadline ends it.
func readReports(f *os.File, first chan<- supervise.Report) (supervise.Report, error) {
	_ = f.SetReadDeadline(time.Now().Add(30 * time.Second))
	var rep supervise.Report
	sc := bufio.NewScanner(f)
	got := false
	for sc.Scan() {
		var r supervise.Report
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return rep, fmt.Errorf("supervisor status %q: %w", sc.Text(), err)
		}
		if !got {
			first <- r
		}
		if r.Error != "" || !got {
			rep = r
		}
		got = true
	}
	if !got {
		return rep, errors.New("the supervisor died before starting the program")
	}
	return rep, sc.Err()
}

// cpuPoll is how often the CPU watchdog looks at a running program.
const cpuPoll = 25 * time.Millisecond

// processCPU reads a live process's user + system time from /proc.
func processCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name may hold spaces; the fields we need follow its ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, true
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat times: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// startAndWait starts cmd, enforces the wall limit, the CPU limit (a watchdog, since
// RLIMIT_CPU counts whole seconds) and ctx, kills the process group (and extra,
// e.g. a cgroup) at the end, and fills in m from the exit status. cpuOffset returns
// CPU time the process spent before it became the program (the supervisor's), when
// known.
func startAndWait(ctx context.Context, cmd *exec.Cmd, l problems.Limits, m *Measure, afterStart, killExtra func(), cpuOffset func() time.Duration) error {
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", cmd.Path, err)
	}
	afterStart()
	pid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(l.WallLimit())
	defer timer.Stop()
	var poll <-chan time.Time
	if l.Time > 0 {
		ticker := time.NewTicker(cpuPoll)
		defer ticker.Stop()
		poll = ticker.C
	}
	kill := func() {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		killExtra()
	}
	var waitErr error
wait:
	for {
		select {
		case waitErr = <-done:
			break wait
		case <-poll:
			if cpu, ok := processCPU(pid); ok && cpu-cpuOffset() > l.Time {
				m.CPUExceeded = true
				kill()
				waitErr = <-done
				break wait
			}
		case <-timer.C:
			m.TimedOut = true
			kill()
			waitErr = <-done
			break wait
		case <-ctx.Done():
			m.Canceled = true
			kill()
			waitErr = <-done
			break wait
		}
	}
	m.Ended = time.Now()
	m.Wall = m.Ended.Sub(start)
	kill() // leftovers: children the program started and left behind
	st := cmd.ProcessState
	if st == nil {
		return fmt.Errorf("waiting for %s: %w", cmd.Path, waitErr)
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		m.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		m.PeakKiB = ru.Maxrss
	}
	ws, _ := st.Sys().(syscall.WaitStatus)
	m.ExitCode = ws.ExitStatus()
	if ws.Signaled() {
		m.ExitCode = -1
		m.Signal = unix.SignalName(ws.Signal())
		switch ws.Signal() {
		case syscall.SIGXCPU:
			m.CPUExceeded = true // the RLIMIT_CPU backstop
		case syscall.SIGXFSZ:
			m.OutputExceeded = true
		}
	}
	if l.Time > 0 && m.CPU > l.Time {
		m.CPUExceeded = true
	}
	return nil
}

type directRunner struct{}

func (directRunner) Close() error { return nil }

func (directRunner) Guarantees() Guarantees {
	return Guarantees{Backend: "direct", LimitsAtStart: false,
		MemoryLimit:  "RLIMIT_AS set after start (racy; none for Go and Java)",
		PeakMemory:   "ru_maxrss (an upper bound that may include the judge's own size)",
		ProcessLimit: "none",
		TreeKill:     "process group (a program that calls setsid can escape)"}
}

func (directRunner) Run(ctx context.Context, spec Spec) (Measure, error) {
	leave, err := gate.EnterAny(ctx, spec.Gate)
	if err != nil {
		return Measure{Canceled: true}, err
	}
	defer leave()
	cmd := &exec.Cmd{
		Path: spec.Argv[0], Args: spec.Argv, Env: spec.Env, Dir: spec.Dir,
		Stdin: reader(spec.Stdin), Stdout: writer(spec.Stdout), Stderr: writer(spec.Stderr),
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	}
	var m Measure
	err = startAndWait(ctx, cmd, spec.Limits, &m, func() {
		for _, r := range rlimitsFor(spec.Limits) {
			_ = unix.Prlimit(cmd.Process.Pid, r.Resource, &unix.Rlimit{Cur: r.Cur, Max: r.Max}, nil)
		}
		if spec.AddressSpace && spec.Limits.Memory > 0 {
			lim := uint64(spec.Limits.Memory.Bytes())
			_ = unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_AS, &unix.Rlimit{Cur: lim, Max: lim}, nil)
		}
	}, func() {}, func() time.Duration { return 0 })
	if err == nil && pastOutputLimit(spec.Limits.Output, spec.Stdout, spec.Stderr) {
		m.OutputExceeded = true
	}
	return m, err
}

// reader is f as exec.Cmd's Stdin: a nil f is no reader at all, so that the
// command gets /dev/null. (A nil *os.File in the interface would be taken for
// a file, and its descriptor, -1, would leave the program's standard input
// closed: its first open file would then take descriptor 0.)
func reader(f *os.File) io.Reader {
	if f == nil {
		return nil
	}
	return f
}

// writer is f as exec.Cmd's Stdout or Stderr, as reader is for Stdin: a nil f
// gives the program /dev/null, not a closed descriptor (a Python program
// whose standard error was closed opened its own script as descriptor 2 and
// exited 1 without a word).
func writer(f *os.File) io.Writer {
	if f == nil {
		return nil
	}
	return f
}
