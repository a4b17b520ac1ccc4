package jail

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// initEnv carries the init's configuration and marks a process as a jail's init.
const initEnv = "JUDGE_JAIL_INIT"

// statusFD is the init's status pipe to the judge; collectFD, when files are
// collected, the host folder they go to (opened by the judge).
const (
	statusFD  = 3
	collectFD = 4
)

// initConfig is what the init needs; the judge fills it in.
type initConfig struct {
	Root       string     `json:"root"`  // empty host folder to mount the new root on
	Binds      []bind     `json:"binds"` // read-only system paths
	Files      []initFile `json:"files"`
	WorkSize   int64      `json:"work_size"`
	TmpSize    int64      `json:"tmp_size"`
	UID        int        `json:"uid"`
	Argv       []string   `json:"argv"`
	Env        []string   `json:"env"`
	Procs      []string   `json:"procs"`     // cgroup.procs files to join before the fork
	CPUUsage   string     `json:"cpu_usage"` // the group's cpuacct.usage
	PidsMax    string     `json:"pids_max"`  // the group's pids.max
	Processes  int64      `json:"processes"` // the program's process limit
	Rlimits    []rlimit   `json:"rlimits"`
	Collect    []string   `json:"collect"`
	CollectDir string     `json:"collect_dir"`
	CollectMax int64      `json:"collect_max"`
}

type bind struct {
	Path string `json:"p"`
}

type initFile struct {
	Name string `json:"n"`
	Src  string `json:"s,omitempty"`
	Data []byte `json:"d,omitempty"`
	Exec bool   `json:"x,omitempty"`
}

type rlimit struct {
	Resource int    `json:"r"`
	Value    uint64 `json:"v"`
}

// report is a line the init writes on the status pipe.
type report struct {
	Started   bool   `json:"started,omitempty"`
	Exited    bool   `json:"exited,omitempty"`
	Status    int    `json:"status,omitempty"` // wait status
	CPUns     int64  `json:"cpu_ns,omitempty"` // the group's CPU from fork to the end
	ExecError string `json:"exec_error,omitempty"`
	Error     string `json:"error,omitempty"`
}

func init() {
	if os.Getenv(initEnv) != "" {
		Main()
	}
}

// Main is the jail's init. A binary that uses this package runs it from the
// package's init when started by a Jail; it never returns then. Called in any
// other process it returns at once.
func Main() {
	blob := os.Getenv(initEnv)
	if blob == "" {
		return
	}
	// Inherited descriptors must not reach the program.
	syscall.CloseOnExec(statusFD)
	syscall.CloseOnExec(collectFD)
	status := os.NewFile(statusFD, "status")
	send := func(r report) {
		b, _ := json.Marshal(r)
		_, _ = status.Write(append(b, '\n'))
	}
	var cfg initConfig
	if err := json.Unmarshal([]byte(blob), &cfg); err != nil {
		send(report{Error: "reading config: " + err.Error()})
		os.Exit(125)
	}
	_ = os.Unsetenv(initEnv)
	if err := runInit(&cfg, send); err != nil {
		send(report{Error: err.Error()})
		os.Exit(125)
	}
	os.Exit(0)
}

func runInit(cfg *initConfig, send func(report)) error {
	// Nothing of this process may be read through /proc by the program.
	_ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
	if os.Getpid() != 1 {
		return fmt.Errorf("jail init is pid %d, not 1: no PID namespace", os.Getpid())
	}
	procs := make([]*os.File, 0, len(cfg.Procs))
	for _, p := range cfg.Procs {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("opening %s: %w", p, err)
		}
		procs = append(procs, f)
	}
	pidsMax, err := os.OpenFile(cfg.PidsMax, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("opening %s: %w", cfg.PidsMax, err)
	}
	usage, err := os.Open(cfg.CPUUsage)
	if err != nil {
		return fmt.Errorf("opening %s: %w", cfg.CPUUsage, err)
	}
	if err := buildRoot(cfg); err != nil {
		return err
	}
	if err := loopbackUp(); err != nil {
		return fmt.Errorf("bringing up loopback: %w", err)
	}
	_ = unix.Sethostname([]byte("jail"))
	for _, r := range cfg.Rlimits {
		lim := unix.Rlimit{Cur: r.Value, Max: r.Value}
		if err := unix.Setrlimit(r.Resource, &lim); err != nil {
			return fmt.Errorf("setting rlimit %d: %w", r.Resource, err)
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no_new_privs: %w", err)
	}
	for _, f := range procs {
		// "0" is the writing process itself, whatever its pid in this namespace.
		if _, err := f.Write([]byte("0")); err != nil {
			return fmt.Errorf("joining cgroup %s: %w", f.Name(), err)
		}
		f.Close()
	}
	// This process's threads count in the pids group: the program's limit comes
	// on top of them (and of two more the Go runtime may start while waiting).
	if tasks, err := os.ReadDir("/proc/self/task"); err == nil && cfg.Processes > 0 {
		if _, err := pidsMax.WriteString(fmt.Sprint(cfg.Processes + int64(len(tasks)) + 2)); err != nil {
			return fmt.Errorf("setting pids.max: %w", err)
		}
	}
	pidsMax.Close()
	base := readUsage(usage)
	uid := uint32(cfg.UID)
	pid, err := syscall.ForkExec(cfg.Argv[0], cfg.Argv, &syscall.ProcAttr{
		Dir:   "/work",
		Env:   cfg.Env,
		Files: []uintptr{0, 1, 2},
		Sys: &syscall.SysProcAttr{
			Credential: &syscall.Credential{Uid: uid, Gid: uid, Groups: []uint32{}},
			Pdeathsig:  syscall.SIGKILL,
		},
	})
	if err != nil {
		if err == syscall.ENOEXEC || err == syscall.EACCES || err == syscall.ENOENT || err == syscall.ELIBBAD {
			send(report{ExecError: fmt.Sprintf("exec %s: %v", cfg.Argv[0], err)})
			return nil
		}
		return fmt.Errorf("exec %s: %w", cfg.Argv[0], err)
	}
	send(report{Started: true})
	// Close our copies of the program's streams, so that output pipes see EOF
	// when the program's processes are gone.
	devnull, _ := os.Open("/dev/null")
	if devnull != nil {
		for _, fd := range []int{0, 1, 2} {
			_ = unix.Dup2(int(devnull.Fd()), fd)
		}
	}
	var ws syscall.WaitStatus
	for {
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("waiting for the program: %w", err)
		}
		if got == pid {
			break
		}
	}
	// Kill what the program left before collecting files, so nothing changes them,
	// and lift the program's file-size limit from this process.
	_ = syscall.Kill(-1, syscall.SIGKILL)
	cpu := readUsage(usage) - base
	inf := unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}
	_ = unix.Setrlimit(unix.RLIMIT_FSIZE, &inf)
	if !ws.Exited() || ws.ExitStatus() != 0 {
		cfg.Collect = nil // only a successful run's files are taken out
	}
	if err := collect(cfg); err != nil {
		send(report{Exited: true, Status: int(ws), CPUns: cpu, Error: err.Error()})
		return nil
	}
	send(report{Exited: true, Status: int(ws), CPUns: cpu})
	return nil
}

// readUsage reads a cpuacct.usage file opened before the jail's root was entered.
func readUsage(f *os.File) int64 {
	var buf [32]byte
	n, _ := f.ReadAt(buf[:], 0)
	var v int64
	for _, c := range buf[:n] {
		if c < '0' || c > '9' {
			break
		}
		v = v*10 + int64(c-'0')
	}
	return v
}

// buildRoot makes the jail's filesystem and enters it.
func buildRoot(cfg *initConfig) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	r := cfg.Root
	if err := unix.Mount("jail", r, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=1m,mode=0755"); err != nil {
		return fmt.Errorf("mounting the root tmpfs on %s: %w", r, err)
	}
	for _, b := range cfg.Binds {
		if err := bindInto(r, b.Path); err != nil {
			return err
		}
	}
	// /dev: the four harmless devices and the usual links.
	dev := filepath.Join(r, "dev")
	if err := os.Mkdir(dev, 0o755); err != nil {
		return err
	}
	if err := unix.Mount("jaildev", dev, "tmpfs", unix.MS_NOSUID|unix.MS_NOEXEC, "size=64k,mode=0755"); err != nil {
		return fmt.Errorf("mounting /dev: %w", err)
	}
	for _, d := range []string{"null", "zero", "random", "urandom"} {
		p := filepath.Join(dev, d)
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return err
		}
		if err := unix.Mount("/dev/"+d, p, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("binding /dev/%s: %w", d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(dev, name)); err != nil {
			return err
		}
	}
	if err := unix.Mount("", dev, "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("making /dev read-only: %w", err)
	}
	proc := filepath.Join(r, "proc")
	if err := os.Mkdir(proc, 0o555); err != nil {
		return err
	}
	if err := unix.Mount("proc", proc, "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	tmp := filepath.Join(r, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		return err
	}
	if err := unix.Mount("jailtmp", tmp, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV,
		fmt.Sprintf("size=%d,mode=1777,nr_inodes=4096", cfg.TmpSize)); err != nil {
		return fmt.Errorf("mounting /tmp: %w", err)
	}
	work := filepath.Join(r, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		return err
	}
	if err := unix.Mount("jailwork", work, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV,
		fmt.Sprintf("size=%d,mode=0755,uid=%d,gid=%d,nr_inodes=16384", cfg.WorkSize, cfg.UID, cfg.UID)); err != nil {
		return fmt.Errorf("mounting the work folder: %w", err)
	}
	for _, f := range cfg.Files {
		if err := placeFile(work, f, cfg.UID); err != nil {
			return err
		}
	}
	// Enter the new root; the old one is detached and gone from this namespace.
	if err := os.Chdir(r); err != nil {
		return err
	}
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the old root: %w", err)
	}
	if err := unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
		return fmt.Errorf("making the root read-only: %w", err)
	}
	return os.Chdir("/work")
}

// bindInto makes path (a host path) appear read-only at the same place under root;
// a symlink is recreated as a symlink.
func bindInto(root, path string) error {
	st, err := os.Lstat(path)
	if err != nil {
		return nil // absent on this system: nothing to show
	}
	dst := filepath.Join(root, path)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if st.Mode()&os.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	}
	if st.IsDir() {
		err = os.Mkdir(dst, 0o755)
	} else {
		err = os.WriteFile(dst, nil, 0o644)
	}
	if err != nil {
		return err
	}
	if err := unix.Mount(path, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("binding %s: %w", path, err)
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_RDONLY | unix.MS_NOSUID | unix.MS_NODEV)
	if err := unix.Mount("", dst, "", flags, ""); err != nil {
		return fmt.Errorf("making %s read-only: %w", path, err)
	}
	return nil
}

// placeFile copies one file into the work folder, owned by the jail's uid.
func placeFile(work string, f initFile, uid int) error {
	mode := os.FileMode(0o644)
	if f.Exec {
		mode = 0o755
	}
	dst := filepath.Join(work, f.Name)
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return fmt.Errorf("creating %s in the work folder: %w", f.Name, err)
	}
	defer out.Close()
	if f.Src != "" {
		in, err := os.OpenFile(f.Src, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
		if err != nil {
			return fmt.Errorf("opening %s: %w", f.Src, err)
		}
		defer in.Close()
		if _, err := io.Copy(out, in); err != nil {
			return fmt.Errorf("copying %s into the work folder: %w", f.Src, err)
		}
	} else if _, err := out.Write(f.Data); err != nil {
		return fmt.Errorf("writing %s into the work folder: %w", f.Name, err)
	}
	if err := out.Chmod(mode); err != nil {
		return err
	}
	return out.Chown(uid, uid)
}

// collect copies the named work-folder files out to the host folder the judge
// passed as collectFD: regular files only (opened without following links), at
// most CollectMax bytes each, never replacing a file there.
func collect(cfg *initConfig) error {
	for _, name := range cfg.Collect {
		if err := collectOne(name, cfg.CollectMax); err != nil {
			return err
		}
	}
	return nil
}

func collectOne(name string, max int64) error {
	if name == "" || name == "." || name == ".." || filepath.Base(name) != name {
		return fmt.Errorf("collecting %q: not a plain file name", name)
	}
	in, err := unix.Open(filepath.Join("/work", name), unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err == unix.ENOENT {
		return nil // the caller sees the file missing
	}
	if err != nil {
		return fmt.Errorf("collecting %s: %w", name, err)
	}
	src := os.NewFile(uintptr(in), name)
	defer src.Close()
	var st unix.Stat_t
	if err := unix.Fstat(in, &st); err != nil {
		return fmt.Errorf("collecting %s: %w", name, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fmt.Errorf("collecting %s: not a regular file", name)
	}
	if max > 0 && st.Size > max {
		return fmt.Errorf("collecting %s: %d bytes, more than %d", name, st.Size, max)
	}
	out, err := unix.Openat(collectFD, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(st.Mode&0o755))
	if err != nil {
		return fmt.Errorf("creating %s outside the jail: %w", name, err)
	}
	dst := os.NewFile(uintptr(out), name)
	defer dst.Close()
	if _, err := io.Copy(dst, io.LimitReader(src, st.Size)); err != nil {
		return fmt.Errorf("copying %s out of the jail: %w", name, err)
	}
	return nil
}

// loopbackUp sets the loopback interface of the new network namespace up.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return err
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}
