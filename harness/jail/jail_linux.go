package jail

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// systemPaths are bound read-only into every jail when present: what compilers and
// runtimes need, and nothing of the judge's.
var systemPaths = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
	"/etc/java-17-openjdk", "/etc/java-21-openjdk", "/etc/localtime", "/etc/mime.types"}

// Jail starts jailed runs. It keeps one cgroup per slot for its whole life; Close
// removes them. It is safe for concurrent use by up to Options.Slots runs at once
// (more wait for a free slot).
type Jail struct {
	self  string
	root  string // empty folder that each init mounts its new root on
	h     hierarchies
	slots chan *slot
	all   []*slot
	mu    sync.Mutex
}

type slot struct {
	uid   int
	group *group
}

// CanJail reports why jails cannot be made here, or nil when they can: it needs
// root (for the namespaces, the mounts and the per-slot uids) and the cgroup v1
// memory, pids and cpuacct hierarchies.
func CanJail() error {
	if os.Geteuid() != 0 {
		return fmt.Errorf("%w: jails need root (running as uid %d)", ErrUnsupported, os.Geteuid())
	}
	if _, err := findHierarchies(); err != nil {
		return fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	return nil
}

// New prepares a jail: it checks the machine and makes a cgroup for each slot.
func New(opt Options) (*Jail, error) {
	if err := CanJail(); err != nil {
		return nil, err
	}
	h, _ := findHierarchies()
	self := opt.Self
	if self == "" {
		var err error
		if self, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("finding the binary to start jails with: %w", err)
		}
	}
	if opt.UIDBase <= 0 {
		opt.UIDBase = 60000
	}
	if opt.Slots <= 0 {
		opt.Slots = 1
	}
	root, err := os.MkdirTemp("", "judge-jail-")
	if err != nil {
		return nil, fmt.Errorf("making the jail's mount point: %w", err)
	}
	j := &Jail{self: self, root: root, h: h, slots: make(chan *slot, opt.Slots)}
	var nonce [4]byte
	_, _ = rand.Read(nonce[:])
	for i := 0; i < opt.Slots; i++ {
		g, err := newGroup(h, fmt.Sprintf("judge-jail-%d-%x-%d", os.Getpid(), nonce, i))
		if err != nil {
			j.Close()
			return nil, err
		}
		s := &slot{uid: opt.UIDBase + i, group: g}
		j.all = append(j.all, s)
		j.slots <- s
	}
	return j, nil
}

// Close kills whatever is left in the jail's cgroups and removes them.
func (j *Jail) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, s := range j.all {
		s.group.remove()
	}
	j.all = nil
	if j.root != "" {
		_ = os.Remove(j.root)
		j.root = ""
	}
	return nil
}

// Run runs one program in a fresh jail and returns what it consumed. An error
// means the judge could not run it; everything the program did wrong (crash, limit,
// not an executable) is in the Result.
func (j *Jail) Run(ctx context.Context, c Config) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("jail: empty argv")
	}
	var s *slot
	select {
	case s = <-j.slots:
	case <-ctx.Done():
		return Result{Canceled: true}, ctx.Err()
	}
	defer func() { j.slots <- s }()
	return j.run(ctx, s, c)
}

func (j *Jail) run(ctx context.Context, s *slot, c Config) (Result, error) {
	l := c.Limits
	if l.Processes <= 0 {
		l.Processes = 64
	}
	if l.Disk <= 0 {
		l.Disk = 64 << 20
	}
	if l.Tmp <= 0 {
		l.Tmp = 16 << 20
	}
	if err := s.group.reset(l.Memory, l.Processes); err != nil {
		s.group.killAll()
		if err = s.group.reset(l.Memory, l.Processes); err != nil {
			return Result{}, fmt.Errorf("preparing the run's cgroup: %w", err)
		}
	}
	cfg := initConfig{Root: j.root, TmpSize: l.Tmp, WorkSize: l.Disk, UID: s.uid, Argv: c.Argv,
		Env: c.Env, Procs: s.group.procs(), CPUUsage: s.group.usageFile(),
		PidsMax: filepath.Join(s.group.dirs[1], "pids.max"), Processes: l.Processes, Collect: c.Collect, CollectMax: c.CollectMax}
	if cfg.Env == nil {
		cfg.Env = DefaultEnv
	}
	for _, p := range systemPaths {
		cfg.Binds = append(cfg.Binds, bind{Path: p})
	}
	for _, f := range c.Files {
		if f.Name == "" || strings.ContainsRune(f.Name, '/') || f.Name == "." || f.Name == ".." {
			return Result{}, fmt.Errorf("jail: file name %q is not a plain name", f.Name)
		}
		if f.Src != "" {
			st, err := os.Lstat(f.Src)
			if err != nil {
				return Result{}, fmt.Errorf("jail: %w", err)
			}
			if !st.Mode().IsRegular() {
				return Result{}, fmt.Errorf("jail: %s is not a regular file (symlinks and devices are refused)", f.Src)
			}
		}
		cfg.Files = append(cfg.Files, initFile{Name: f.Name, Src: f.Src, Data: f.Data, Exec: f.Executable})
	}
	cfg.Rlimits = rlimits(l)
	blob, err := json.Marshal(cfg)
	if err != nil {
		return Result{}, fmt.Errorf("encoding the jail's config: %w", err)
	}

	var closers []io.Closer
	defer func() {
		for _, f := range closers {
			f.Close()
		}
	}()
	stdin, stdout, stderr := c.Stdin, c.Stdout, c.Stderr
	var feed *os.File
	if stdin != nil {
		if st, err := stdin.Stat(); err == nil && st.Mode().IsRegular() {
			// The program gets a pipe, never the dataset's own file.
			pr, pw, err := os.Pipe()
			if err != nil {
				return Result{}, fmt.Errorf("input pipe: %w", err)
			}
			closers = append(closers, pr)
			stdin, feed = pr, pw
		}
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return Result{}, fmt.Errorf("status pipe: %w", err)
	}
	closers = append(closers, statusR)
	extra := []*os.File{statusW}
	if len(c.Collect) > 0 {
		dir, err := os.Open(c.CollectDir)
		if err != nil {
			statusW.Close()
			return Result{}, fmt.Errorf("opening the folder to collect into: %w", err)
		}
		closers = append(closers, dir)
		extra = append(extra, dir)
	}
	cmd := &exec.Cmd{
		Path:       j.self,
		Args:       []string{"judge-jail"},
		Env:        []string{initEnv + "=" + string(blob), "GOGC=off", "GOMAXPROCS=1"},
		Stdin:      stdin,
		Stdout:     stdout,
		Stderr:     stderr,
		ExtraFiles: extra,
		SysProcAttr: &syscall.SysProcAttr{
			Cloneflags: syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWNET |
				syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
			Pdeathsig: syscall.SIGKILL,
		},
	}
	if err := cmd.Start(); err != nil {
		statusW.Close()
		if feed != nil {
			feed.Close()
		}
		return Result{}, fmt.Errorf("starting the jail: %w", err)
	}
	statusW.Close()
	if feed != nil {
		go func() {
			_, _ = io.Copy(feed, c.Stdin)
			feed.Close()
		}()
	}
	// The judge's own timers: nothing in the jail can stop them.
	var res Result
	var mu sync.Mutex
	kill := func(why Limit) {
		mu.Lock()
		if res.Limit == NoLimit && !res.Canceled {
			if why == "canceled" {
				res.Canceled = true
			} else {
				res.Limit = why
			}
		}
		mu.Unlock()
		_ = cmd.Process.Kill()
	}
	reports := make(chan report, 4)
	go func() {
		defer close(reports)
		sc := bufio.NewScanner(statusR)
		for sc.Scan() {
			var r report
			if json.Unmarshal(sc.Bytes(), &r) == nil {
				reports <- r
			}
		}
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var started, ended time.Time
	var last report
	wall := time.NewTimer(l.WallLimit())
	defer wall.Stop()
	tick := time.NewTicker(cpuPoll(l.CPU))
	defer tick.Stop()
	var waitErr error
	running := true
	for running || reports != nil {
		select {
		case r, ok := <-reports:
			if !ok {
				reports = nil
				continue
			}
			if r.Started {
				started = time.Now()
				wall.Reset(l.WallLimit())
			}
			if r.Exited && ended.IsZero() {
				ended = time.Now()
			}
			if r.Started || r.Exited || r.Error != "" || r.ExecError != "" {
				last = mergeReport(last, r)
			}
		case waitErr = <-waited:
			running = false
			if ended.IsZero() {
				ended = time.Now()
			}
			waited = nil
			wall.Stop()
		case <-wall.C:
			kill(WallLimit)
		case <-tick.C:
			if l.CPU > 0 && s.group.cpu() > l.CPU {
				kill(CPULimit)
			}
		case <-ctx.Done():
			kill("canceled")
		}
		if !running && waited == nil && reports == nil {
			break
		}
	}
	s.group.killAll()
	_ = waitErr
	if started.IsZero() {
		started = ended
	}
	res.Wall = ended.Sub(started)
	res.CPU = s.group.cpu()
	if last.Exited && last.CPUns > 0 && time.Duration(last.CPUns) < res.CPU {
		// The init's count leaves out its own start and exit.
		res.CPU = time.Duration(last.CPUns)
	}
	res.PeakBytes = s.group.peak()
	if last.Error != "" && !last.Exited {
		if res.Limit != NoLimit || res.Canceled {
			res.ExitCode, res.Signal = -1, int(syscall.SIGKILL)
			return res, nil
		}
		return res, fmt.Errorf("jail: %s", last.Error)
	}
	if last.ExecError != "" {
		res.ExecError = last.ExecError
		res.ExitCode = 127
		return res, nil
	}
	switch ws := syscall.WaitStatus(last.Status); {
	case !last.Exited:
		// Killed by the judge (a limit) before the program ended.
		res.ExitCode, res.Signal = -1, int(syscall.SIGKILL)
		if res.Limit == NoLimit && !res.Canceled {
			return res, errors.New("jail: the init ended without reporting the program's end")
		}
	case ws.Signaled():
		res.ExitCode, res.Signal = -1, int(ws.Signal())
		if ws.Signal() == syscall.SIGXFSZ && res.Limit == NoLimit {
			res.Limit = OutputLimit
		}
		if ws.Signal() == syscall.SIGXCPU && res.Limit == NoLimit {
			res.Limit = CPULimit
		}
	default:
		res.ExitCode = ws.ExitStatus()
	}
	if last.Error != "" {
		return res, fmt.Errorf("jail: %s", last.Error)
	}
	if res.Limit == NoLimit && l.CPU > 0 && res.CPU > l.CPU {
		res.Limit = CPULimit
	}
	// A program thrashing at its memory limit until the wall timer ends it ran out
	// of memory, not of time.
	if (res.Limit == NoLimit || res.Limit == WallLimit) && res.ExitCode != 0 && s.group.memoryExceeded(l.Memory) {
		res.Limit = MemoryLimit
	}
	return res, nil
}

func mergeReport(a, b report) report {
	if b.Started {
		a.Started = true
	}
	if b.Exited {
		a.Exited, a.Status, a.CPUns = true, b.Status, b.CPUns
	}
	if b.Error != "" {
		a.Error = b.Error
	}
	if b.ExecError != "" {
		a.ExecError = b.ExecError
	}
	return a
}

// cpuPoll is how often the CPU watchdog reads the cgroup.
func cpuPoll(limit time.Duration) time.Duration {
	if limit <= 0 {
		return time.Hour
	}
	return max(5*time.Millisecond, min(limit/20, 50*time.Millisecond))
}

// rlimits are set in the init and inherited by the program.
func rlimits(l Limits) []rlimit {
	rl := []rlimit{{Resource: unix.RLIMIT_CORE, Value: 0}, {Resource: unix.RLIMIT_NOFILE, Value: 1024}}
	if l.CPU > 0 {
		// A backstop for one process; the cgroup watchdog ends the run itself.
		rl = append(rl, rlimit{Resource: unix.RLIMIT_CPU, Value: uint64(math.Ceil(l.CPU.Seconds())) + 1})
	}
	if l.Output > 0 {
		rl = append(rl, rlimit{Resource: unix.RLIMIT_FSIZE, Value: uint64(l.Output)})
	}
	stack := uint64(unix.RLIM_INFINITY)
	if l.Memory > 0 {
		stack = uint64(l.Memory)
	}
	return append(rl, rlimit{Resource: unix.RLIMIT_STACK, Value: stack})
}
