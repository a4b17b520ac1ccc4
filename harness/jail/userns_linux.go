package jail

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A jail without cgroups has a user namespace of its own per slot, where the
// init is root: outside, the judge's uid (a rootless jail, made by a judge that
// is not root) or, made by root on a machine without the cgroup v1
// hierarchies, UIDBase+slot. It has every namespace a jail with cgroups has and
// the same root, work folder and /tmp, but a program's limits are hard rlimits
// set on it before its first instruction (CPU seconds per process, data
// segment, processes of the namespace, file size) and the judge's watch of
// /proc, and its CPU time and peak come from the processes the init reaps. The
// program runs as the namespace's root (the only uid mapped), which keeps no
// capability across its exec.

// usernsUsable reports why jails in user namespaces cannot be made here, or
// nil: it starts /bin/true in a user namespace with the other namespaces a
// jail makes.
func usernsUsable() error {
	if b, err := os.ReadFile("/proc/sys/user/max_user_namespaces"); err == nil && strings.TrimSpace(string(b)) == "0" {
		return fmt.Errorf("user namespaces are off (user.max_user_namespaces is 0)")
	}
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = usernsAttr(syscall.CLONE_NEWPID|syscall.CLONE_NEWNS|syscall.CLONE_NEWNET|
		syscall.CLONE_NEWIPC|syscall.CLONE_NEWUTS, os.Getuid(), os.Getgid())
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("this kernel refuses an unprivileged user namespace: %w", err)
	}
	return nil
}

// usernsAttr starts a process in a new user namespace (and the namespaces in
// flags) where root is uid and gid outside, and nothing else is mapped.
func usernsAttr(flags uintptr, uid, gid int) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | flags,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}},
		GidMappingsEnableSetgroups: false,
		// Root of the namespace before the exec, which then keeps its
		// capabilities there: a process root made still has host uid 0, which
		// the namespace does not map.
		Credential: &syscall.Credential{Uid: 0, Gid: 0, NoSetGroups: true},
		Pdeathsig:  syscall.SIGKILL,
		Setsid:     true, // see startWorker
	}
}

// initBinary is the binary a slot's init starts from: self, or when root
// makes a jail without cgroups, whose inits run as another uid that may not
// reach self, a copy of it in the program folder, which their group may read.
func (j *Jail) initBinary(self string) (string, error) {
	if os.Geteuid() != 0 {
		return self, nil
	}
	key, err := j.progOf(self)
	if err != nil {
		return "", err
	}
	if key == "" {
		return "", fmt.Errorf("jail: no room in the program folder for the init %s", self)
	}
	return filepath.Join(j.progs, key), nil
}

// Secure bits (linux/securebits.h): with noroot, an exec by root grants no
// capability; locked, no process of the namespace can undo it.
const (
	secbitNoroot       = 1 << 0
	secbitNorootLocked = 1 << 1
)

// usernsLockdown makes sure the programs a rootless init starts have no
// capability: an empty bounding set and inheritable set, no ambient ones, and
// root granted nothing at exec. The init keeps its own, for the mounts of each
// run. It also forbids new user namespaces inside the jail where the kernel
// lets it.
func usernsLockdown() error {
	last := 63
	if b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap"); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			last = n
		}
	}
	for c := 0; c <= last; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EINVAL {
			return fmt.Errorf("dropping capability %d from the bounding set: %w", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && err != unix.EINVAL {
		return fmt.Errorf("clearing ambient capabilities: %w", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("reading capabilities: %w", err)
	}
	data[0].Inheritable, data[1].Inheritable = 0, 0
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("clearing inheritable capabilities: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, secbitNoroot|secbitNorootLocked, 0, 0, 0); err != nil {
		return fmt.Errorf("setting secure bits: %w", err)
	}
	_ = os.WriteFile("/proc/sys/user/max_user_namespaces", []byte("0"), 0)
	return nil
}

// startTraced takes a rootless program stopped at its first instruction (it
// asked to be traced before its exec), sets its hard limits and lets it go.
func startTraced(pid int, hard []rlimit) error {
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(pid, &ws, unix.WALL, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("waiting for the program's start: %w", err)
		}
		break
	}
	if !ws.Stopped() {
		return fmt.Errorf("the program did not stop at its start (wait status %#x)", uint32(ws))
	}
	for _, r := range hard {
		lim := unix.Rlimit{Cur: r.Value, Max: r.Value}
		if err := unix.Prlimit(pid, r.Resource, &lim, nil); err != nil {
			return fmt.Errorf("setting the program's rlimit %d: %w", r.Resource, err)
		}
	}
	if err := syscall.PtraceDetach(pid); err != nil {
		return fmt.Errorf("releasing the program: %w", err)
	}
	return nil
}

// rusageNS is the user and system time of a rusage, in nanoseconds.
func rusageNS(ru syscall.Rusage) int64 {
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// dataCap is the data segment limit of a rootless run with a memory limit:
// above the limit, which the judge's watchdog enforces on the resident size (as
// a cgroup would: an allocation beyond the limit succeeds, touching it ends the
// run as MLE), by the limit or 1 GiB, whichever is more, so that the
// watchdog's lag cannot let a program take the machine's memory.
func dataCap(limit int64) int64 { return limit + max(limit, 1<<30) }

// hardRlimits are the limits a rootless jail sets on the program itself: CPU
// seconds (each process; the judge's watchdog counts them all), the data
// segment (dataCap) and stack, the processes of the
// namespace (this user's processes there, the init's threads included) and
// the size of any file it writes. The init adds its own threads to the
// processes, which count with the program's.
func hardRlimits(l Limits) []rlimit {
	var rl []rlimit
	if l.CPU > 0 {
		secs := uint64(l.CPU.Seconds()) + 2 // SIGXCPU at the soft limit, then SIGKILL: the watchdog ends it first
		rl = append(rl, rlimit{Resource: unix.RLIMIT_CPU, Value: secs})
	}
	if l.Memory > 0 {
		rl = append(rl, rlimit{Resource: unix.RLIMIT_DATA, Value: uint64(dataCap(l.Memory))},
			rlimit{Resource: unix.RLIMIT_STACK, Value: uint64(l.Memory)})
	}
	if l.Processes > 0 {
		rl = append(rl, rlimit{Resource: unix.RLIMIT_NPROC, Value: uint64(l.Processes)})
	}
	size := max(l.Disk, l.Tmp, l.Output)
	if size > 0 {
		rl = append(rl, rlimit{Resource: unix.RLIMIT_FSIZE, Value: uint64(size)})
	}
	return rl
}

// clockTicks is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux architecture the judge runs on).
const clockTicks = 100

// liveUsage is what the processes below a rootless init use now, from /proc:
// their CPU time (their own and that of the children they reaped; the init's
// own and what it reaped are left out) and their memory. It serves the judge's
// watchdog, which has no cgroup to read there. The memory is the sum of their
// resident sizes, unless that passes over, where pages shared between them
// (a program's forks, a library's code) would count more than once as they
// would not in a cgroup: then it is the sum of their proportional sizes (Pss).
func liveUsage(initPid int, over int64) (cpu time.Duration, mem int64) {
	var ticks, pages int64
	seen := map[int]bool{initPid: true}
	var pids, rss []int64
	queue := children(initPid)
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		t, p := statUsage(pid)
		pids, rss = append(pids, int64(pid)), append(rss, p)
		ticks, pages = ticks+t, pages+p
		queue = append(queue, children(pid)...)
	}
	page := int64(os.Getpagesize())
	mem = pages * page
	if over > 0 && mem > over && len(pids) > 1 {
		var pss int64
		for i, pid := range pids {
			if kib, ok := pssKiB(int(pid)); ok {
				pss += kib << 10
			} else {
				pss += rss[i] * page // gone meanwhile, or unreadable: its resident size
			}
		}
		mem = pss
	}
	return time.Duration(ticks) * time.Second / clockTicks, mem
}

// pssKiB reads the proportional set size of a process (smaps_rollup, Linux 4.14).
func pssKiB(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
	if err != nil {
		return 0, false
	}
	return parsePss(b)
}

// parsePss finds the Pss line of smaps_rollup and returns its KiB.
func parsePss(b []byte) (int64, bool) {
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Pss:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, err := strconv.ParseInt(f[0], 10, 64)
				if err != nil || n < 0 {
					return 0, false
				}
				return n, true
			}
		}
	}
	return 0, false
}

// children lists the children of every thread of pid.
func children(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// statUsage reads utime + stime + cutime + cstime (clock ticks) and rss
// (pages) from /proc/PID/stat.
func statUsage(pid int) (ticks, pages int64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0
	}
	return parseStat(b)
}

// parseStat reads utime + stime + cutime + cstime and rss from the text of a
// /proc/PID/stat file (0 for what is missing or malformed). The command, in
// parentheses, may hold spaces and parentheses of its own, set by the program:
// the fields are read after the last ')'.
func parseStat(b []byte) (ticks, pages int64) {
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, 0
	}
	f := strings.Fields(string(b[i+1:]))
	// After the command, f[0] is the line's field 3 (state): utime is field 14
	// of the line, rss field 24.
	field := func(n int) int64 {
		if n-3 >= len(f) {
			return 0
		}
		v, _ := strconv.ParseInt(f[n-3], 10, 64)
		return v
	}
	return field(14) + field(15) + field(16) + field(17), field(24)
}
