package jail

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/judgehq/judge/harness/gate"

	"github.com/judgehq/judge/internal/dirlock"
)

// systemPaths are bound read-only into every jail when present: what compilers and
// runtimes need, and nothing of the judge's.
var systemPaths = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
	"/etc/java-17-openjdk", "/etc/java-21-openjdk", "/etc/localtime", "/etc/mime.types"}

// Jail starts jailed runs. Each slot keeps a jail's init alive between runs (a
// pool of pre-forked jails: the namespaces, the root and the mounts are made once),
// so a run costs little more than a fork and an exec; an init killed at a limit
// is replaced on the slot's next run. Close ends them all. A Jail is safe for
// concurrent use by up to Options.Slots runs at once (more wait for a free slot).
type Jail struct {
	self string
	// userns: each slot is a user namespace of its own, without cgroups
	// (see userns_linux.go): the judge is not root, or it is and has no
	// cgroup v1 hierarchies (or was asked to do without).
	userns bool
	// nonce makes the names of this jail's cgroups its own.
	nonce string
	root  string // empty folder that each init mounts its new root on
	h     hierarchies
	// free are the slots no run holds, the one freed last on top, so that a
	// run takes a slot whose init is started (which takes 10–30 ms) before one
	// never used; avail holds a token per free slot.
	free  []*slot
	avail chan struct{}
	// warming is the background start of the first slots' inits (warm), and
	// cleaning the removal of what dead judges left (removeStale): Close
	// waits for both.
	warming  sync.WaitGroup
	cleaning sync.WaitGroup
	all      []*slot
	mu       sync.Mutex
	// extra are host folders bound read-only beside systemPaths (an interpreter
	// installed outside them); gen counts their changes, so that a slot's init
	// made before a change is replaced on its next run.
	extra []string
	gen   int
	// copies are sealed in-memory copies of host files already sent to a jail,
	// by the file's identity, so that a program run many times is read from
	// the disk once (see copyOf).
	copies    map[fileID]*os.File
	copyBytes int64
	// progs is a folder only root can enter, of copies of executables the
	// judge wrote, by the file's identity in progKeys; each init sees it
	// read-only and binds a program from it into the work folder (see progOf).
	progs     string
	progKeys  map[fileID]string
	progBytes int64
	// unlock releases the locks held on root and progs.
	unlock []func()
}

// fileID names one version of a host file.
type fileID struct {
	dev, ino   uint64
	size, mtim int64
}

// The copies kept: files up to copyMax bytes, copiesMax bytes in all, in
// memory; progsMax bytes in all in the program folder, on disk.
const (
	copyMax   = 32 << 20
	copiesMax = 256 << 20
	progsMax  = 1 << 30
)

type slot struct {
	index int // in Jail.all
	uid   int
	group *group // nil in a jail without cgroups, or before the slot's first use
	// hostUID and hostGID are what root of the slot's user namespace is
	// outside (a jail without cgroups).
	hostUID, hostGID int
	worker           *worker
	gen              int // the Jail's gen when worker started
	// emptied is closed when the group's page cache from the last run is gone
	// (nil before the first run).
	emptied chan struct{}
	// warmed is closed when the background start of the slot's init (warm)
	// is over, ready or not; nil when there is none to wait for. Until then
	// the start owns worker and group, whoever holds the slot.
	warmed chan struct{}
}

// awaitWarm waits until the slot's background start is over; the caller holds s.
func (s *slot) awaitWarm() {
	if s.warmed != nil {
		<-s.warmed
		s.warmed = nil
	}
}

// settle waits until the slot's group is emptied of the last run's page cache.
func (s *slot) settle() {
	if s.emptied != nil {
		<-s.emptied
	}
}

// empty empties the slot's group in the background, after a run, when the run
// left more than leftoverMax charged to it.
func (s *slot) empty() {
	if s.group == nil || s.group.leftover() <= leftoverMax {
		s.emptied = nil
		return
	}
	ch := make(chan struct{})
	s.emptied = ch
	go func() {
		s.group.forceEmpty()
		close(ch)
	}()
}

// worker is one slot's running init and its control socket.
type worker struct {
	cmd    *exec.Cmd
	conn   *net.UnixConn
	limits []rlimit      // the init's own rlimits, which it cannot raise
	msgs   chan report   // closed when the socket ends
	dead   chan struct{} // closed when the init has exited
}

// CanJail reports why jails cannot be made here, or nil when they can: as root
// with the cgroup v1 memory, pids and cpuacct hierarchies, or else where the
// kernel lets this user make user namespaces (a jail without cgroups; see
// UserNS).
func CanJail() error {
	if os.Geteuid() == 0 {
		if _, err := findHierarchies(); err == nil {
			return nil
		} else if uerr := usernsUsable(); uerr != nil {
			return fmt.Errorf("%w: %v, and %v", ErrUnsupported, err, uerr)
		}
		return nil
	}
	if err := usernsUsable(); err != nil {
		return fmt.Errorf("%w: jails need root or unprivileged user namespaces (running as uid %d: %v)",
			ErrUnsupported, os.Geteuid(), err)
	}
	return nil
}

// UserNS reports whether the jail's slots are user namespaces without
// cgroups: made by a judge that is not root (rootless), or by root without the
// cgroup v1 hierarchies (or with Options.NoCgroup).
func (j *Jail) UserNS() bool { return j.userns }

// New prepares a jail: it checks the machine and makes a cgroup for each slot.
func New(opt Options) (*Jail, error) {
	if err := CanJail(); err != nil {
		return nil, err
	}
	asRoot := os.Geteuid() == 0
	userns := !asRoot || opt.NoCgroup
	var h hierarchies
	if !userns {
		var err error
		if h, err = findHierarchies(); err != nil {
			userns = true // root on a machine without cgroup v1
		}
	}
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
	root, err := os.MkdirTemp("", jailFolderPrefix("jail"))
	if err != nil {
		return nil, fmt.Errorf("making the jail's mount point: %w", err)
	}
	progs, err := os.MkdirTemp("", jailFolderPrefix("progs"))
	if err != nil {
		os.Remove(root)
		return nil, fmt.Errorf("making the jail's program folder: %w", err)
	}
	if userns && asRoot {
		// The inits run as UIDBase+slot outside, in group UIDBase: they must
		// reach the mount point and the program folder (never its files' names
		// for anyone else), and exec their binary from there (initBinary).
		err := os.Chmod(root, 0o755)
		if err == nil {
			err = os.Chown(progs, 0, opt.UIDBase)
		}
		if err == nil {
			err = os.Chmod(progs, 0o750)
		}
		if err != nil {
			os.Remove(root)
			os.Remove(progs)
			return nil, fmt.Errorf("opening the jail's folders to its uids: %w", err)
		}
	}
	// Held while the jail lives: another judge's jail leaves both folders alone
	// (removeStale), and takes them once this judge is gone, killed or not.
	var unlock []func()
	for _, dir := range []string{root, progs} {
		if release, ok, err := dirlock.Try(dir); err == nil && ok {
			unlock = append(unlock, release)
		}
	}
	var nonce [4]byte
	_, _ = rand.Read(nonce[:])
	j := &Jail{self: self, userns: userns, nonce: fmt.Sprintf("%x", nonce), root: root, progs: progs, h: h,
		avail: make(chan struct{}, opt.Slots), unlock: unlock}
	j.AddReadOnly(opt.ReadOnly...)
	// What jails of dead judges left goes in the background (it never takes
	// a living judge's, this one's among them): 0.6-0.9 ms here, which the
	// first init's start no longer waits for. Close waits for it.
	j.cleaning.Add(1)
	go func() {
		defer j.cleaning.Done()
		if userns {
			removeStale(nil, os.TempDir())
		} else {
			removeStale(&h, os.TempDir())
		}
	}()
	for i := 0; i < opt.Slots; i++ {
		s := &slot{index: i, uid: opt.UIDBase + i}
		if userns {
			// The namespace's root, the only uid there is: the judge's own
			// uid outside, or as root one per slot.
			s.uid, s.hostUID, s.hostGID = 0, os.Getuid(), os.Getgid()
			if asRoot {
				s.hostUID, s.hostGID = opt.UIDBase+i, opt.UIDBase
			}
		}
		j.all = append(j.all, s)
	}
	if !userns {
		// The first slot's groups now, so that a jail that cannot make them
		// fails here; the others' at their first use (a jail may have
		// hundreds of slots that a command never uses).
		if err := j.ensureGroup(j.all[0]); err != nil {
			j.Close()
			return nil, err
		}
	}
	for i := len(j.all) - 1; i >= 0; i-- {
		j.putSlot(j.all[i]) // the first on top
	}
	if opt.Warm > 0 {
		j.warm(opt.Warm)
	}
	return j, nil
}

// AddReadOnly makes host paths visible read-only, at the same place, in every
// jail started from now on (each slot's init is replaced before its next run).
// It is for runtimes installed outside the system folders, such as an
// interpreter under a user's home. Relative, missing and already visible paths
// are ignored, and so are "/" and paths under the jail's own /work, /tmp, /proc
// and /dev.
func (j *Jail) AddReadOnly(paths ...string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			continue
		}
		p = filepath.Clean(p)
		// The jail's own folders would cover a bind under them.
		if p == "/" || visible(p, []string{"/work", "/tmp", "/proc", "/dev"}) {
			continue
		}
		if _, err := os.Stat(p); err != nil || visible(p, append(systemPaths, j.extra...)) {
			continue
		}
		j.extra = append(j.extra, p)
		j.gen++
	}
}

// visible reports whether p lies at or under one of the bound paths.
func visible(p string, bound []string) bool {
	for _, b := range bound {
		if p == b || strings.HasPrefix(p, b+"/") {
			return true
		}
	}
	return false
}

// Close ends every slot's init, kills whatever is left in the jail's cgroups and
// removes them.
func (j *Jail) Close() error {
	j.warming.Wait()
	j.cleaning.Wait()
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, s := range j.all {
		if s.worker != nil {
			// All at once: an init takes milliseconds to die (its
			// namespaces go with it).
			_ = s.worker.cmd.Process.Kill()
		}
	}
	for _, s := range j.all {
		if s.worker != nil {
			s.worker.stop()
			s.worker = nil
		}
		s.settle()
		if s.group != nil {
			s.group.remove()
		}
	}
	j.all = nil
	for _, f := range j.copies {
		f.Close()
	}
	j.copies, j.copyBytes = nil, 0
	if j.progs != "" {
		_ = os.RemoveAll(j.progs)
		j.progs, j.progKeys, j.progBytes = "", nil, 0
	}
	if j.root != "" {
		_ = os.Remove(j.root)
		j.root = ""
	}
	for _, release := range j.unlock {
		release()
	}
	j.unlock = nil
	return nil
}

// Run runs one program in a jail and returns what it consumed. An error means
// the judge could not run it; everything the program did wrong (crash, limit, not
// an executable) is in the Result.
func (j *Jail) Run(ctx context.Context, c Config) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("jail: empty argv")
	}
	select {
	case <-j.avail:
	case <-ctx.Done():
		return Result{Canceled: true}, ctx.Err()
	}
	s := j.popSlot()
	defer j.putSlot(s)
	return j.run(ctx, s, c)
}

// popSlot takes the free slot on top; the caller holds a token of avail.
func (j *Jail) popSlot() *slot {
	j.mu.Lock()
	defer j.mu.Unlock()
	s := j.free[len(j.free)-1]
	j.free = j.free[:len(j.free)-1]
	return s
}

// ensureGroup makes slot s's cgroups if the jail uses cgroups and s has none
// yet. The caller holds s.
func (j *Jail) ensureGroup(s *slot) error {
	if j.userns || s.group != nil {
		return nil
	}
	g, err := newGroup(j.h, fmt.Sprintf("judge-jail-%d-%s-%d", os.Getpid(), j.nonce, s.index))
	if err != nil {
		return err
	}
	s.group = g
	return nil
}

// warm starts the inits of the n free slots on top, side by side, in the
// background. The slots stay free meanwhile: a run that takes one waits until
// its init is ready (see slot.warmed), which is never later than starting an
// init of its own. A slot whose init fails to start is left to its first run,
// which says why. The caller holds no slot and nothing else does yet.
func (j *Jail) warm(n int) {
	j.mu.Lock()
	var taken []*slot
	for i := len(j.free) - 1; i >= 0 && len(taken) < n; i-- {
		s := j.free[i]
		s.warmed = make(chan struct{})
		taken = append(taken, s)
	}
	j.mu.Unlock()
	for _, s := range taken {
		j.warming.Add(1)
		go func(done chan struct{}) {
			defer j.warming.Done()
			defer close(done)
			if j.ensureGroup(s) != nil {
				return
			}
			w, err := j.startWorker(s)
			if errors.Is(err, errStaleInit) && j.selfInit() {
				w, err = j.startWorker(s)
			}
			if err == nil {
				s.worker = w
			}
		}(s.warmed)
	}
}

// putSlot gives slot s back, on top of the free ones.
func (j *Jail) putSlot(s *slot) {
	j.mu.Lock()
	j.free = append(j.free, s)
	j.mu.Unlock()
	j.avail <- struct{}{}
}

// startWorker starts a slot's init in new namespaces and waits until it is ready.
func (j *Jail) startWorker(s *slot) (*worker, error) {
	cfg := initConfig{Root: j.root, Progs: j.progs, UID: s.uid, UserNS: j.userns}
	if g := s.group; g != nil {
		cfg.Tasks, cfg.CPUUsage = g.tasks(), g.usageFile()
		cfg.PidsMax, cfg.PidsCurrent = filepath.Join(g.dirs[1], "pids.max"), filepath.Join(g.dirs[1], "pids.current")
		cfg.MemUsage = filepath.Join(g.dirs[0], "memory.usage_in_bytes")
		cfg.MemMaxUsage = filepath.Join(g.dirs[0], "memory.max_usage_in_bytes")
	}
	j.mu.Lock()
	for _, p := range append(slices.Clone(systemPaths), j.extra...) {
		cfg.Binds = append(cfg.Binds, bind{Path: p})
	}
	s.gen = j.gen
	self := j.self
	j.mu.Unlock()
	blob, err := json.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("encoding the jail's config: %w", err)
	}
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	mine, theirs := os.NewFile(uintptr(pair[0]), "control"), os.NewFile(uintptr(pair[1]), "control")
	defer theirs.Close()
	fc, err := net.FileConn(mine)
	mine.Close()
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	w := &worker{conn: fc.(*net.UnixConn), msgs: make(chan report, 4), dead: make(chan struct{})}
	flags := uintptr(syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWNET |
		syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS)
	// The init leads a session of its own, never the judge's process group:
	// a signal to a process group (kill(0, ...)) reaches processes outside the
	// caller's PID namespace, and a program of the judge's uid (a jail
	// without cgroups) could end or stop the judge and whatever it runs with.
	attr := &syscall.SysProcAttr{Cloneflags: flags, Pdeathsig: syscall.SIGKILL, Setsid: true}
	if j.userns {
		attr = usernsAttr(flags, s.hostUID, s.hostGID)
		var err error
		if self, err = j.initBinary(self); err != nil {
			w.conn.Close()
			return nil, err
		}
	}
	w.cmd = &exec.Cmd{
		Path:        self,
		Args:        []string{"judge-jail"},
		Env:         []string{initEnv + "=" + string(blob), "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1"},
		ExtraFiles:  []*os.File{theirs},
		SysProcAttr: attr,
	}
	if err := w.cmd.Start(); err != nil {
		w.conn.Close()
		return nil, fmt.Errorf("starting the jail: %w", err)
	}
	go func() {
		_ = w.cmd.Wait()
		close(w.dead)
	}()
	go func() {
		defer close(w.msgs)
		buf := make([]byte, 64<<10)
		oob := make([]byte, unix.CmsgSpace(4*64))
		for {
			n, oobn, _, _, err := w.conn.ReadMsgUnix(buf, oob)
			if err != nil || n == 0 {
				return
			}
			var r report
			if msgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
				for _, m := range msgs {
					if got, err := unix.ParseUnixRights(&m); err == nil {
						r.fds = append(r.fds, got...)
					}
				}
			}
			if json.Unmarshal(buf[:n], &r) == nil {
				w.msgs <- r
			} else {
				closeAll(r.fds)
			}
		}
	}()
	select {
	case r, ok := <-w.msgs:
		if ok && r.Ready {
			if want := protocolDigest(); r.Protocol != want {
				w.stop()
				return nil, fmt.Errorf("%w: %s is from another build of judge (jail protocol %q, this judge's %q)",
					errStaleInit, self, r.Protocol, want)
			}
			return w, nil
		}
		w.stop()
		if r.Error != "" {
			return nil, fmt.Errorf("starting the jail: %s", r.Error)
		}
		return nil, errors.New("starting the jail: the init ended before it was ready")
	case <-time.After(30 * time.Second):
		w.stop()
		return nil, errors.New("starting the jail: the init was not ready after 30 s")
	}
}

// runEnd is the read end of a gated run's end pipe, as its gate.Entry.End.
type runEnd int

// errStaleInit: the init binary does not speak this judge's protocol.
var errStaleInit = errors.New("stale jail init")

// selfInit makes this process's own binary the init of every slot from now on,
// in place of a stale judge-jail beside it, and reports whether that changed
// anything.
func (j *Jail) selfInit() bool {
	exe, err := os.Executable()
	j.mu.Lock()
	defer j.mu.Unlock()
	if err != nil || exe == j.self {
		return false
	}
	j.self = exe
	return true
}

// stop kills the init (and with it every process of its namespace).
func (w *worker) stop() {
	_ = w.cmd.Process.Kill()
	<-w.dead
	w.conn.Close()
}

// copyOf returns a sealed in-memory copy of the host file src (a regular file,
// opened without following links), kept for later runs when it is small enough;
// a copy not kept is added to closers. The init reads copies at offsets, so one
// copy serves several slots at once.
func (j *Jail) copyOf(src string, closers *[]io.Closer) (*os.File, error) {
	fd, err := unix.Open(src, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("jail: opening %s: %w (symlinks are refused)", src, err)
	}
	in := os.NewFile(uintptr(fd), src)
	defer in.Close()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, fmt.Errorf("jail: %s is not a regular file", src)
	}
	id := fileID{dev: st.Dev, ino: st.Ino, size: st.Size, mtim: st.Mtim.Nano()}
	j.mu.Lock()
	mem, ok := j.copies[id]
	j.mu.Unlock()
	if ok {
		return mem, nil
	}
	mfd, err := unix.MemfdCreate("jail-file", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil, fmt.Errorf("jail: memfd for %s: %w", src, err)
	}
	mem = os.NewFile(uintptr(mfd), filepath.Base(src))
	if _, err := io.Copy(mem, in); err != nil {
		mem.Close()
		return nil, fmt.Errorf("jail: copying %s: %w", src, err)
	}
	if _, err := unix.FcntlInt(uintptr(mfd), unix.F_ADD_SEALS, unix.F_SEAL_WRITE|unix.F_SEAL_SHRINK|unix.F_SEAL_GROW|unix.F_SEAL_SEAL); err != nil {
		mem.Close()
		return nil, fmt.Errorf("jail: sealing the copy of %s: %w", src, err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if old, ok := j.copies[id]; ok { // another run made it meanwhile
		mem.Close()
		return old, nil
	}
	if st.Size > copyMax || j.copyBytes+st.Size > copiesMax || j.root == "" {
		*closers = append(*closers, mem)
		return mem, nil
	}
	if j.copies == nil {
		j.copies = map[fileID]*os.File{}
	}
	j.copies[id], j.copyBytes = mem, j.copyBytes+st.Size
	return mem, nil
}

// progOf returns the name, in the program folder, of a copy of the executable
// src (a regular file, opened without following links), making the copy on
// first use; "" when the folder is full, and the file then goes as a copy in
// memory. An init binds the copy read-only into its work folder, so a program
// run many times is executed from the same pages: copying a 750 KB static
// binary into the work folder took 0.45 ms per run, and executing the fresh copy
// about 0.5 ms more than executing a file already in memory.
func (j *Jail) progOf(src string) (string, error) {
	// A copy made before, of the file as it is now, is found from the file's
	// status alone: the copy, not the file, is what the init binds.
	var lst unix.Stat_t
	if unix.Lstat(src, &lst) == nil && lst.Mode&unix.S_IFMT == unix.S_IFREG {
		j.mu.Lock()
		key, ok := j.progKeys[fileID{dev: lst.Dev, ino: lst.Ino, size: lst.Size, mtim: lst.Mtim.Nano()}]
		j.mu.Unlock()
		if ok {
			return key, nil
		}
	}
	fd, err := unix.Open(src, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", fmt.Errorf("jail: opening %s: %w (symlinks are refused)", src, err)
	}
	in := os.NewFile(uintptr(fd), src)
	defer in.Close()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return "", fmt.Errorf("jail: %s is not a regular file", src)
	}
	id := fileID{dev: st.Dev, ino: st.Ino, size: st.Size, mtim: st.Mtim.Nano()}
	j.mu.Lock()
	key, ok := j.progKeys[id]
	full := j.progs == "" || j.progBytes+st.Size > progsMax
	j.mu.Unlock()
	if ok || full {
		return key, nil
	}
	// No fork while the copy is open for writing: a child forked meanwhile
	// would hold it open until it execs, and a jail executing the copy in that
	// moment would fail with "text file busy".
	syscall.ForkLock.RLock()
	tmp, err := os.CreateTemp(j.progs, ".new-")
	if err != nil {
		syscall.ForkLock.RUnlock()
		return "", fmt.Errorf("jail: copying %s: %w", src, err)
	}
	_, err = io.Copy(tmp, in)
	if err == nil {
		err = tmp.Chmod(0o555)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("jail: copying %s: %w", src, err)
	}
	key = fmt.Sprintf("%x-%x-%x-%x", id.dev, id.ino, id.size, id.mtim)
	j.mu.Lock()
	defer j.mu.Unlock()
	if old, ok := j.progKeys[id]; ok { // another run made it meanwhile
		os.Remove(tmp.Name())
		return old, nil
	}
	if err := os.Rename(tmp.Name(), filepath.Join(j.progs, key)); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("jail: copying %s: %w", src, err)
	}
	if j.progKeys == nil {
		j.progKeys = map[fileID]string{}
	}
	j.progKeys[id], j.progBytes = key, j.progBytes+st.Size
	return key, nil
}

// openInputs opens what a run's request carries as descriptors. out are the
// program's standard output and error (see capped in run; -1: /dev/null). feed,
// when not -1, is the judge's end of the input pipe, for feedInput.
func (j *Jail) openInputs(c Config, out [2]int, closers *[]io.Closer) (fds []int, files []initFile, feed int, err error) {
	feed = -1
	null := func() (int, error) {
		f, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		if err != nil {
			return -1, err
		}
		*closers = append(*closers, f)
		return int(f.Fd()), nil
	}
	switch st, serr := statOf(c.Stdin); {
	case c.Stdin == nil:
		in, err := null()
		if err != nil {
			return nil, nil, feed, err
		}
		fds = append(fds, in)
	case serr == nil && st.Mode().IsRegular():
		// The program gets a pipe, never the dataset's own file.
		r, w, err := inputPipe()
		if err != nil {
			return nil, nil, feed, fmt.Errorf("input pipe: %w", err)
		}
		*closers = append(*closers, rawFD(r))
		fds, feed = append(fds, r), w
	default:
		fds = append(fds, int(c.Stdin.Fd()))
	}
	for _, fd := range out {
		if fd < 0 {
			if fd, err = null(); err != nil {
				return nil, nil, feed, err
			}
		}
		fds = append(fds, fd)
	}
	for _, f := range c.Files {
		if f.Name == "" || strings.ContainsRune(f.Name, '/') || f.Name == "." || f.Name == ".." {
			return nil, nil, feed, fmt.Errorf("jail: file name %q is not a plain name", f.Name)
		}
		if (f.Executable || f.Shared) && f.Src != "" {
			key, err := j.progOf(f.Src)
			if err != nil {
				return nil, nil, feed, err
			}
			if key != "" {
				files = append(files, initFile{Name: f.Name, Exec: f.Executable, Prog: key})
				continue
			}
		}
		// The jail gets a private copy in memory: never the host file itself.
		var mem *os.File
		if f.Src != "" {
			if mem, err = j.copyOf(f.Src, closers); err != nil {
				return nil, nil, feed, err
			}
		} else {
			mfd, err := unix.MemfdCreate("jail-file", unix.MFD_CLOEXEC)
			if err != nil {
				return nil, nil, feed, fmt.Errorf("jail: memfd for %s: %w", f.Name, err)
			}
			mem = os.NewFile(uintptr(mfd), f.Name)
			*closers = append(*closers, mem)
			if _, err := mem.Write(f.Data); err != nil {
				return nil, nil, feed, fmt.Errorf("jail: writing %s: %w", f.Name, err)
			}
		}
		fds = append(fds, int(mem.Fd()))
		files = append(files, initFile{Name: f.Name, Exec: f.Executable})
	}
	return fds, files, feed, nil
}

func (j *Jail) run(ctx context.Context, s *slot, c Config) (Result, error) {
	s.awaitWarm()
	if err := j.ensureGroup(s); err != nil {
		return Result{}, err
	}
	s.settle()
	defer s.empty()
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
	// The copiers end when the last write end of their pipes is closed: the
	// closers (ours) go first, on every return.
	var copiers sync.WaitGroup
	defer copiers.Wait()
	var closers []io.Closer
	defer func() {
		for _, f := range closers {
			f.Close()
		}
	}()
	// The output limit: the program writes into pipes, and the judge copies at
	// most l.Output bytes of each to the caller's file.
	exceeded := make(chan struct{}, 1)
	closedAt := make(chan time.Time, 1) // when CloseStdout closed Stdout
	var dsts []*os.File                 // the caller's files the copiers write to
	// capped returns the descriptor the program writes dst through: a pipe's
	// when the output is limited, dst's own when not, -1 for none.
	capped := func(dst *os.File, closeAtEnd bool) (int, error) {
		if dst == nil {
			return -1, nil
		}
		if l.Output <= 0 {
			return int(dst.Fd()), nil
		}
		dsts = append(dsts, dst)
		pr, pw, err := outputPipe()
		if err != nil {
			return -1, fmt.Errorf("output pipe: %w", err)
		}
		closers = append(closers, rawFD(pw))
		copiers.Add(1)
		go func() {
			defer copiers.Done()
			defer pr.Close()
			buf := getBuffer()
			defer putBuffer(buf)
			over, ended := copyCapped(dst, pr, l.Output, *buf)
			if over {
				select {
				case exceeded <- struct{}{}:
				default:
				}
			}
			if closeAtEnd {
				// Before draining: the reader downstream sees the end of the
				// stream as soon as the program closed it.
				closedAt <- time.Now()
				dst.Close()
			}
			for !ended {
				_, err := pr.Read(*buf)
				ended = err != nil
			}
		}()
		return pw, nil
	}
	var out [2]int
	var err error
	if out[0], err = capped(c.Stdout, c.CloseStdout); err != nil {
		return Result{}, err
	}
	if out[1], err = capped(c.Stderr, false); err != nil {
		return Result{}, err
	}
	fds, files, feed, err := j.openInputs(c, out, &closers)
	if feed >= 0 {
		closers = append(closers, rawFD(feed))
	}
	if err != nil {
		return Result{}, err
	}
	rl := rlimits(l)
	j.mu.Lock()
	stale := s.gen != j.gen
	j.mu.Unlock()
	if s.worker != nil && (stale || s.worker.limits != nil && !slices.Equal(s.worker.limits, rl)) {
		s.worker.stop()
		s.worker = nil
	}
	if s.worker == nil {
		s.worker, err = j.startWorker(s)
		if errors.Is(err, errStaleInit) && j.selfInit() {
			s.worker, err = j.startWorker(s)
		}
		if err != nil {
			return Result{}, err
		}
	}
	w := s.worker
	if s.group != nil {
		if err := s.group.reset(l.Memory, l.Processes); err != nil {
			return Result{}, fmt.Errorf("preparing the run's cgroup: %w", err)
		}
	}
	req := request{Argv: c.Argv, Env: c.Env, Files: files, WorkSize: l.Disk, TmpSize: l.Tmp,
		Rlimits: rl, Processes: l.Processes, Collect: c.Collect, CollectNew: c.CollectNew, CollectMax: c.CollectMax,
		Hold: c.Gate != nil}
	if j.userns {
		req.Hard = hardRlimits(l)
	}
	if req.Env == nil {
		req.Env = DefaultEnv
	}
	// A gated run brings the write end of its end pipe (request.End); the read
	// end is what the run next in line for the room watches (gate.Entry.End),
	// kept until this run has left the gate.
	end := [2]int{-1, -1}
	if c.Gate != nil {
		if err := unix.Pipe2(end[:], unix.O_CLOEXEC); err != nil {
			return Result{}, fmt.Errorf("end pipe: %w", err)
		}
		defer unix.Close(end[0])
		fds = append(fds, end[1])
		req.End = true
	}
	blob, err := json.Marshal(req)
	if err != nil {
		if end[1] >= 0 {
			unix.Close(end[1])
		}
		return Result{}, fmt.Errorf("encoding the run: %w", err)
	}
	_, _, err = w.conn.WriteMsgUnix(blob, unix.UnixRights(fds...), nil)
	if end[1] >= 0 {
		unix.Close(end[1]) // the init's now
	}
	if err != nil {
		w.stop()
		s.worker = nil
		return Result{}, fmt.Errorf("sending the run to the jail: %w", err)
	}
	w.limits = rl
	if feed >= 0 {
		// Our read end and the descriptors are the init's now.
		feedInput(feed, c.Stdin)
		closers = closers[:len(closers)-1]
	}
	for _, f := range closers {
		f.Close()
	}
	closers = nil
	leave := func() {}
	var letIn time.Time // when the gate let a held run in
	if c.Gate != nil {
		// The slot is ready: the program starts once there is room.
		var goErr error
		start := func() { _, goErr = w.conn.Write([]byte{goMsg}) }
		// First in line, the init watches the end pipes of the runs holding
		// the room and starts the program the moment one of them has ended,
		// without waiting for the judge to hear of it and send the go.
		arm := func(others []any) {
			var fds []int
			for _, o := range others {
				if e, ok := o.(runEnd); ok {
					fds = append(fds, int(e))
				}
			}
			if len(fds) > 0 {
				// Failing loses only the early start: the go still comes.
				_, _, _ = w.conn.WriteMsgUnix([]byte{armMsg}, unix.UnixRights(fds...), nil)
			}
		}
		ticket, err := c.Gate.Join(ctx, gate.Entry{Start: start, End: runEnd(end[0]), Arm: arm})
		if err != nil {
			w.stop()
			s.worker = nil
			return Result{Canceled: true}, err
		}
		letIn = time.Now()
		leave = sync.OnceFunc(ticket.Leave)
		defer leave()
		if goErr != nil {
			w.stop()
			s.worker = nil
			return Result{}, fmt.Errorf("starting the run in the jail: %w", goErr)
		}
	}

	// The judge's own timers: nothing in the jail can stop them.
	var res Result
	killed := false
	// spent is the CPU time of the run's processes: the cgroup's, or in a
	// jail without cgroups what the live processes have used (liveUsage), as last
	// seen, with rss their resident size.
	var spent time.Duration
	var rss int64
	usageNow := func() {
		if s.group != nil {
			spent = s.group.cpu()
			return
		}
		cpu, r := liveUsage(w.cmd.Process.Pid, l.Memory)
		spent, rss = max(spent, cpu), r
		res.PeakBytes = max(res.PeakBytes, rss)
	}
	kill := func(why Limit) {
		if killed {
			return
		}
		killed = true
		if s.group == nil {
			usageNow() // before the init and its processes are gone
		}
		if why == "canceled" {
			res.Canceled = true
		} else {
			res.Limit = why
		}
		w.stop()
		s.worker = nil
	}
	var started, ended time.Time
	var last report
	// Until the start, the wall timer allows for setting up; a held run has
	// done that before the gate let it in, and reports its start only with
	// its end: its wall time counts from there (its program starts at once,
	// or a moment before when armed).
	wall := time.NewTimer(l.WallLimit() + 5*time.Second)
	if !letIn.IsZero() {
		started = letIn
		wall.Reset(max(0, l.WallLimit()-time.Since(letIn)))
	}
	defer wall.Stop()
	poll := cpuPoll(l.CPU)
	if s.group == nil && l.Memory > 0 {
		poll = min(poll, 10*time.Millisecond) // the resident size is watched too
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	msgs := w.msgs
loop:
	for {
		select {
		case r, ok := <-msgs:
			if !ok {
				if ended.IsZero() {
					ended = time.Now()
				}
				break loop
			}
			if r.Started {
				res.early = r.Early
				// From the fork, by the init's clock: the report may have
				// waited while the judge was busy.
				started = time.Now()
				left := l.WallLimit()
				if now := monotonicNS(); r.StartedNS > 0 && now >= r.StartedNS {
					since := time.Duration(now - r.StartedNS)
					started, left = started.Add(-since), max(0, left-since)
				}
				wall.Reset(left)
			}
			last = mergeReport(last, r)
			if r.Exited || r.ExecError != "" || (r.Error != "" && !r.Started) {
				ended = time.Now()
				break loop
			}
		case <-wall.C:
			kill(WallLimit)
		case <-exceeded:
			kill(OutputLimit)
		case <-tick.C:
			if l.CPU > 0 || s.group == nil {
				usageNow()
				switch { // memory first: a cgroup would have stopped it at once
				case s.group == nil && l.Memory > 0 && rss > l.Memory:
					kill(MemoryLimit)
				case l.CPU > 0 && spent > l.CPU:
					kill(CPULimit)
				}
			}
		case <-ctx.Done():
			kill("canceled")
		}
	}
	leave() // the program has ended: the next may start
	// The program has ended. A copier may still be blocked writing to a
	// destination that is itself a pipe nobody reads (an interactive validator's
	// output to a submission that stopped reading): what it could not deliver
	// within a second is dropped, so that the run returns. Regular files take no
	// deadline and are written to the end.
	for _, d := range dsts {
		_ = d.SetWriteDeadline(time.Now().Add(time.Second))
	}
	if c.CloseStdout && c.Stdout != nil && l.Output > 0 {
		// Every process of the run is gone: the copier sees the end of the
		// output now, or within the deadline above.
		select {
		case res.OutputClosed = <-closedAt:
		case <-time.After(2 * time.Second):
		}
	}
	if killed || !last.Exited && last.ExecError == "" {
		// The init is gone (killed at a limit, or it failed): so is every process
		// of its namespace; make sure of it through the cgroup too.
		if s.worker != nil {
			s.worker.stop()
			s.worker = nil
		}
		if s.group != nil {
			s.group.killAll()
		}
	}
	if started.IsZero() {
		started = ended
	}
	res.Wall = ended.Sub(started)
	res.Ended = ended
	res.startedNS, res.exitedNS = last.StartedNS, last.ExitedNS
	if now := monotonicNS(); last.Exited && last.ExitedNS > 0 && now >= last.ExitedNS {
		// When the init reaped it, on this process's clock (the report came later).
		res.Ended = time.Now().Add(-time.Duration(now - last.ExitedNS))
		if last.StartedNS > 0 && last.ExitedNS >= last.StartedNS {
			res.Wall = time.Duration(last.ExitedNS - last.StartedNS)
		}
	}
	if s.group != nil {
		res.CPU = s.group.cpu()
		if last.Exited && last.CPUns > 0 && time.Duration(last.CPUns) < res.CPU {
			// The init's count leaves out its own work before and after the program.
			res.CPU = time.Duration(last.CPUns)
		}
		res.PeakBytes = s.group.runPeak(last.MemBase)
	} else {
		res.CPU, res.PeakBytes = spent, max(res.PeakBytes, last.PeakKiB<<10)
		if last.Exited {
			res.CPU = time.Duration(last.CPUns)
		}
		res.PeakUpperBound = res.PeakBytes <= last.InitKiB<<10
	}
	if len(last.fds) > 0 {
		err := collectOut(last.Collected, last.fds, c.CollectDir, c.CollectMax)
		closeAll(last.fds)
		if err != nil {
			return res, err
		}
	}
	if last.ExecError != "" {
		res.ExecError = last.ExecError
		res.ExitCode = 127
		return res, nil
	}
	switch ws := syscall.WaitStatus(last.Status); {
	case !last.Exited:
		res.ExitCode, res.Signal = -1, int(syscall.SIGKILL)
		if res.Limit == NoLimit && !res.Canceled {
			if last.Error != "" {
				return res, fmt.Errorf("jail: %s", last.Error)
			}
			if j.memoryExceeded(s, l.Memory, res.PeakBytes) {
				// The kernel ended the init at the run's memory limit: the
				// program's memory, in files no process holds, left the init
				// the largest process of the group.
				res.Limit = MemoryLimit
				return res, nil
			}
			return res, errors.New("jail: the init ended without reporting the program's end")
		}
	case ws.Signaled():
		res.ExitCode, res.Signal = -1, int(ws.Signal())
		if ws.Signal() == syscall.SIGXFSZ && res.Limit == NoLimit {
			res.Limit = OutputLimit
		}
	default:
		res.ExitCode = ws.ExitStatus()
	}
	if last.Error != "" {
		return res, fmt.Errorf("jail: %s", last.Error)
	}
	if s.group == nil && res.Limit != MemoryLimit && res.Limit != OutputLimit && l.Memory > 0 && res.PeakBytes > l.Memory && !res.PeakUpperBound {
		// Without cgroups: it passed the memory limit between two looks of the
		// watchdog, which a cgroup would have ended at once, before any other.
		res.Limit = MemoryLimit
	}
	if res.Limit == NoLimit && l.CPU > 0 && res.CPU > l.CPU {
		res.Limit = CPULimit
	}
	res.Oversize = last.Oversize
	if res.Limit == NoLimit && len(last.Oversize) > 0 {
		res.Limit = OutputLimit // a file to collect passed the output limit
	}
	if endedByMemory(res.Limit, res.ExitCode, func() bool { return j.memoryExceeded(s, l.Memory, res.PeakBytes) }) {
		res.Limit = MemoryLimit
	}
	if res.Canceled {
		return res, ctx.Err()
	}
	return res, nil
}

// endedByMemory reports whether a run that ended by limit (NoLimit when it
// ended by itself) with exit code exit ran out of memory rather than time: it
// failed, and exceeded says the memory limit was reached. A program thrashing
// at its memory limit until a timer ends it ran out of memory, whichever timer
// it was: the wall timer, or the CPU watchdog, since reclaim at the limit and
// page faults burn CPU (seen: a 1 GiB hog ended by the CPU watchdog at
// 1038 ms with its peak at the 256 MiB limit).
func endedByMemory(limit Limit, exit int, exceeded func() bool) bool {
	switch limit {
	case NoLimit, WallLimit, CPULimit:
		return exit != 0 && exceeded()
	}
	return false
}

// memoryExceeded reports whether a run that failed ran out of memory: the
// cgroup killed for memory or refused it at the limit; in a rootless jail, where
// the watchdog looks at the resident size only now and then and an allocation
// beyond the data segment limit fails, its peak came within an eighth of the
// limit or passed it.
func (j *Jail) memoryExceeded(s *slot, limit, peak int64) bool {
	if s.group != nil {
		return s.group.memoryExceeded(limit)
	}
	return limit > 0 && peak >= limit-limit/8
}

// buffers are the copy buffers of the output copiers and the input feed, kept
// from run to run.
var buffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

func getBuffer() *[]byte  { return buffers.Get().(*[]byte) }
func putBuffer(b *[]byte) { buffers.Put(b) }

// copyCapped copies src to dst until src ends or limit bytes have been copied,
// and reports whether src held more than limit bytes, and whether it was read
// to its end (nothing is left to drain then). After a write error it stops
// copying, as io.Copy does (the caller drains src).
func copyCapped(dst io.Writer, src io.Reader, limit int64, buf []byte) (exceeded, ended bool) {
	var n int64
	for n < limit {
		m, err := src.Read(buf[:min(int64(len(buf)), limit-n)])
		if m > 0 {
			if _, werr := dst.Write(buf[:m]); werr != nil {
				return false, false
			}
			n += int64(m)
		}
		if err != nil {
			return false, true
		}
	}
	m, err := src.Read(buf[:1])
	return m > 0, m == 0 && err != nil
}

// feedInput writes the input file into the pipe to the program (fd, the
// nonblocking write end inputPipe made) and closes it. What the pipe's buffer
// takes is written at once, without blocking (the whole input of most
// datasets); the rest goes from a goroutine, which ends when the input does or
// when the program's side of the pipe is gone.
func feedInput(fd int, in *os.File) {
	buf := getBuffer()
	var pending []byte
direct:
	for {
		m, rerr := in.Read(*buf)
		data := (*buf)[:m]
		for len(data) > 0 {
			n, werr := unix.Write(fd, data) // never waits: the program has not started
			if werr == unix.EINTR {
				continue
			}
			if werr == unix.EAGAIN {
				pending = data
				break direct
			}
			if werr != nil || n <= 0 {
				rerr = io.EOF // the program's side is gone
				break
			}
			data = data[n:]
		}
		if rerr != nil {
			putBuffer(buf)
			unix.Close(fd)
			return
		}
	}
	// Nonblocking, so the runtime's poller waits for room in the pipe.
	feed := os.NewFile(uintptr(fd), "|1")
	go func() {
		defer putBuffer(buf)
		defer feed.Close()
		if _, err := feed.Write(pending); err != nil {
			return
		}
		for {
			m, err := in.Read(*buf)
			if m > 0 {
				if _, err := feed.Write((*buf)[:m]); err != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
}

// rawFD is a descriptor the judge holds without an *os.File around it, for
// the closers of a run.
type rawFD int

// Close closes the descriptor.
func (f rawFD) Close() error { return unix.Close(int(f)) }

// statOf is f.Stat(), or an error for no file.
func statOf(f *os.File) (os.FileInfo, error) {
	if f == nil {
		return nil, os.ErrInvalid
	}
	return f.Stat()
}

// programPipe makes a pipe between a program and the judge: both ends
// nonblocking but the program's (end: 0 for the read end, 1 for the write
// end), blocking as a program expects of its standard streams. Both are bare
// descriptors: made *os.File (os.Pipe), they would be added to the runtime's
// poller and the program's set blocking again by Fd, some six system calls
// for nothing in every run.
func programPipe(end int) (p [2]int, err error) {
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		return p, err
	}
	if _, err := unix.FcntlInt(uintptr(p[end]), unix.F_SETFL, 0); err != nil {
		unix.Close(p[0])
		unix.Close(p[1])
		return p, err
	}
	return p, nil
}

// outputPipe makes the pipe a program writes an output through: the write end
// is the program's, the read end, in the runtime's poller, the copier's.
func outputPipe() (r *os.File, w int, err error) {
	p, err := programPipe(1)
	if err != nil {
		return nil, -1, err
	}
	return os.NewFile(uintptr(p[0]), "|0"), p[1], nil
}

// inputPipe makes the pipe a program reads its input from: the read end is
// the program's, the write end feedInput's.
func inputPipe() (r, w int, err error) {
	p, err := programPipe(0)
	if err != nil {
		return -1, -1, err
	}
	return p[0], p[1], nil
}

func mergeReport(a, b report) report {
	if b.Started {
		a.Started, a.StartedNS = true, b.StartedNS
	}
	if b.Exited {
		a.Exited, a.Status, a.CPUns, a.MemBase, a.PeakKiB, a.InitKiB = true, b.Status, b.CPUns, b.MemBase, b.PeakKiB, b.InitKiB
		a.ExitedNS = b.ExitedNS
	}
	if b.Error != "" {
		a.Error = b.Error
	}
	if b.ExecError != "" {
		a.ExecError = b.ExecError
	}
	if b.Exited {
		a.Collected, a.Oversize, a.fds = b.Collected, b.Oversize, b.fds
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

// rlimits are set in the init and inherited by the program. There is no
// RLIMIT_CPU (the init lives across runs and would accumulate it: the cgroup
// watchdog ends a run at its CPU limit) and no RLIMIT_FSIZE (the init could not
// lift it again: the judge counts the output it copies from pipes, and the work
// folder and /tmp are size-limited tmpfs).
func rlimits(l Limits) []rlimit {
	rl := []rlimit{{Resource: unix.RLIMIT_CORE, Value: 0}, {Resource: unix.RLIMIT_NOFILE, Value: 1024}}
	stack := uint64(unix.RLIM_INFINITY)
	if l.Memory > 0 {
		stack = uint64(l.Memory) // a program may raise it: memory is the cgroup's anyway
	}
	return append(rl, rlimit{Resource: unix.RLIMIT_STACK, Value: stack, SoftOnly: true})
}

// collectOut copies the files the init opened in the work folder into dir: the
// judge writes them, never the jail. Each is a new file (never replacing one) of
// at most max bytes.
func collectOut(names []string, fds []int, dir string, max int64) error {
	for i, fd := range fds {
		if i >= len(names) {
			break
		}
		name := names[i]
		if name == "" || strings.ContainsRune(name, '/') || name == "." || name == ".." {
			return fmt.Errorf("jail: collected file %q: not a plain name", name)
		}
		dup, err := unix.Dup(fd)
		if err != nil {
			return fmt.Errorf("jail: collecting %s: %w", name, err)
		}
		src := os.NewFile(uintptr(dup), name)
		out, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_NOFOLLOW, 0o755)
		if err != nil {
			src.Close()
			return fmt.Errorf("jail: collecting %s: %w", name, err)
		}
		var r io.Reader = src
		if max > 0 {
			r = io.LimitReader(src, max)
		}
		_, err = io.Copy(out, r)
		src.Close()
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("jail: collecting %s: %w", name, err)
		}
	}
	return nil
}
