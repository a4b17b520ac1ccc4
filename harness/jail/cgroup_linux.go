package jail

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// hierarchies are the cgroup v1 folders (this process's own groups) under which
// the jail makes one group per slot: memory, pids and cpuacct, and cpu where it
// is mounted.
type hierarchies struct {
	memory, pids, cpuacct string
	// cpu is the cpu controller's folder ("" where it is not mounted; the
	// cpuacct folder where the two are mounted together): a slot's group there
	// gives its programs programShares (see group.weigh).
	cpu   string
	memsw bool
	// tcpmem: the memory hierarchy has memory.kmem.tcp.limit_in_bytes, whose
	// limit makes a group's socket buffers count (they do not otherwise).
	tcpmem bool
}

// findHierarchies locates this process's v1 memory, pids and cpuacct groups.
func findHierarchies() (hierarchies, error) {
	own := map[string]string{}
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return hierarchies{}, fmt.Errorf("reading /proc/self/cgroup: %w", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			own[c] = parts[2]
		}
	}
	mounts, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return hierarchies{}, fmt.Errorf("reading mounts: %w", err)
	}
	defer mounts.Close()
	var h hierarchies
	sc := bufio.NewScanner(mounts)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 || g[0] != "cgroup" {
			continue
		}
		for _, o := range strings.Split(g[2], ",") {
			dir := func() string {
				rel := own[o]
				if f[3] != "/" {
					rel = strings.TrimPrefix(rel, f[3])
				}
				return filepath.Join(f[4], rel)
			}
			switch o {
			case "memory":
				h.memory = dir()
			case "pids":
				h.pids = dir()
			case "cpuacct":
				h.cpuacct = dir()
			case "cpu":
				h.cpu = dir()
			}
		}
	}
	if h.memory == "" || h.pids == "" || h.cpuacct == "" {
		return h, errors.New("cgroup v1 memory, pids and cpuacct hierarchies are not all mounted")
	}
	_, err = os.Stat(filepath.Join(h.memory, "memory.memsw.limit_in_bytes"))
	h.memsw = err == nil
	_, err = os.Stat(filepath.Join(h.memory, "memory.kmem.tcp.limit_in_bytes"))
	h.tcpmem = err == nil
	return h, nil
}

// group is one slot's cgroup in the three hierarchies, reused run after run. Its
// control files stay open from its creation to its removal: a run then costs a
// few reads and writes at offset 0, not an open and a close for each.
type group struct {
	h hierarchies
	// dirs are the group's folders: memory, pids, cpuacct, and cpu when it
	// has a folder of its own there ("" otherwise; see weigh).
	dirs    [4]string
	ctl     [ctlCount]*os.File
	oomBase int64
	// swappiness is set when memory.swappiness has been set to 0.
	swappiness bool
	// limit is the memory limit last written (limitSet: one was), which only
	// the judge ever writes: nothing inside a jail can reach the group's
	// files (they are not in its root, and not its uid's).
	limit    int64
	limitSet bool
}

// The control files a group keeps open, in ctl.
const (
	ctlMemLimit = iota
	ctlMemswLimit
	ctlMaxUsage
	ctlFailcnt
	ctlSwappiness
	ctlForceEmpty
	ctlOOM
	ctlPidsMax
	ctlCPUUsage
	ctlUsage
	ctlTCPLimit
	ctlStat
	ctlCount
)

// ctlFiles names each control file: the hierarchy (index in dirs) and the file.
var ctlFiles = [ctlCount]struct {
	dir  int
	name string
}{
	ctlMemLimit:   {0, "memory.limit_in_bytes"},
	ctlMemswLimit: {0, "memory.memsw.limit_in_bytes"},
	ctlMaxUsage:   {0, "memory.max_usage_in_bytes"},
	ctlFailcnt:    {0, "memory.failcnt"},
	ctlSwappiness: {0, "memory.swappiness"},
	ctlForceEmpty: {0, "memory.force_empty"},
	ctlOOM:        {0, "memory.oom_control"},
	ctlPidsMax:    {1, "pids.max"},
	ctlCPUUsage:   {2, "cpuacct.usage"},
	ctlUsage:      {0, "memory.usage_in_bytes"},
	ctlTCPLimit:   {0, "memory.kmem.tcp.limit_in_bytes"},
	ctlStat:       {0, "memory.stat"},
}

func newGroup(h hierarchies, name string) (*group, error) {
	g := &group{h: h, dirs: [4]string{filepath.Join(h.memory, name), filepath.Join(h.pids, name), filepath.Join(h.cpuacct, name)}}
	for _, d := range g.dirs[:3] {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			g.remove()
			return nil, fmt.Errorf("creating cgroup %s: %w", d, err)
		}
	}
	for i, c := range ctlFiles {
		if i == ctlMemswLimit && !h.memsw || i == ctlTCPLimit && !h.tcpmem {
			continue
		}
		flag := os.O_RDWR
		if i == ctlUsage || i == ctlStat {
			flag = os.O_RDONLY
		}
		f, err := os.OpenFile(filepath.Join(g.dirs[c.dir], c.name), flag, 0)
		if err != nil {
			g.remove()
			return nil, fmt.Errorf("opening cgroup file: %w", err)
		}
		g.ctl[i] = f
	}
	g.weigh(name)
	return g, nil
}

// programShares is the cpu.shares of a slot's group: ten times a process's
// (1024). Between two runs the judge reads the last result, checks and stores
// it, while the next program starts: with the same weight as the judge's
// threads, the new program waited behind them for its CPU about half the time
// (seen in the scheduler's trace: 100 µs and more between its fork and its
// first instruction). With ten times the weight the judge's work waits for
// the program instead, on the CPU the program wants. It changes no
// measurement: CPU time is the program's own either way.
const programShares = "10240"

// weigh gives the group's programs programShares, in a cpu group of the
// group's name (or in its cpuacct group where the two controllers are mounted
// together). It is a best effort: where the cpu controller is not mounted or
// refuses, the programs keep a process's default weight and nothing else
// changes.
func (g *group) weigh(name string) {
	switch {
	case g.h.cpu == "":
		return
	case g.h.cpu == g.h.cpuacct:
		_ = os.WriteFile(filepath.Join(g.dirs[2], "cpu.shares"), []byte(programShares), 0)
		return
	}
	dir := filepath.Join(g.h.cpu, name)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, "cpu.shares"), []byte(programShares), 0); err != nil {
		_ = syscall.Rmdir(dir)
		return
	}
	g.dirs[3] = dir
}

// tasks lists the tasks files the init's thread joins (see initConfig.Tasks).
func (g *group) tasks() []string {
	var out []string
	for _, d := range g.dirs {
		if d != "" {
			out = append(out, filepath.Join(d, "tasks"))
		}
	}
	return out
}

// set writes val to a control file.
func (g *group) set(c int, val string) error {
	if _, err := g.ctl[c].WriteAt([]byte(val), 0); err != nil {
		return fmt.Errorf("setting %s: %w", g.ctl[c].Name(), err)
	}
	return nil
}

// get reads a control file whole (they are all small): one pread, where
// ReadAt reads again to see the end.
func (g *group) get(c int) string {
	var buf [512]byte
	n, err := unix.Pread(int(g.ctl[c].Fd()), buf[:], 0)
	if err != nil || n < 0 {
		return ""
	}
	return string(buf[:n])
}

// getInt reads a control file holding one number.
func (g *group) getInt(c int) int64 {
	n, _ := strconv.ParseInt(strings.TrimSpace(g.get(c)), 10, 64)
	return n
}

// forceEmpty drops the page cache the last run left charged to the group (a few
// hundred KiB to a MiB after a small program), which would count against the next
// run and in its peak. It takes about half a millisecond, so the jail does it
// between runs, off the next run's path.
func (g *group) forceEmpty() { _ = g.set(ctlForceEmpty, "0") }

// leftover is what a run left charged to the group that the next run may have
// to live with, in bytes: the page cache of files the program read, kernel
// objects. A small program leaves 0.5–1 MiB, which costs nothing (page cache is
// reclaimed at the limit if the next run needs the room, and the peak is
// counted from it); emptying the group takes 0.5–1.5 ms of CPU, so it is done
// only above leftoverMax.
//
// The anonymous memory of the group's processes is not part of it: after a run
// that is the slot's init alone, whose heap grows over thousands of runs past
// leftoverMax, and which emptying cannot reclaim (there is no swap to put it
// in) but tries to, at a cost of milliseconds, after every run.
func (g *group) leftover() int64 {
	usage := g.getInt(ctlUsage)
	if usage <= leftoverMax {
		return usage // memory.stat costs more to read: only when it matters
	}
	var buf [4096]byte
	n, _ := g.ctl[ctlStat].ReadAt(buf[:], 0)
	return usage - statField(buf[:n], "rss")
}

// statField is the value of the line "name value" in a memory.stat file (0 when
// there is none).
func statField(stat []byte, name string) int64 {
	for line := range strings.SplitSeq(string(stat), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}

// leftoverMax is the charge above which the group is emptied between runs.
const leftoverMax = 4 << 20

// reset prepares the group for a run: limits set, counters cleared.
func (g *group) reset(memory, processes int64) error {
	if err := g.setLimit(memory); err != nil {
		return err
	}
	// The peak (memory.max_usage_in_bytes) is the init's to restart, at the
	// fork, where it reads the run's base.
	if err := g.set(ctlFailcnt, "0"); err != nil {
		return err
	}
	if memory > 0 && !g.swappiness {
		g.swappiness = g.set(ctlSwappiness, "0") == nil
	}
	// The init lowers this to the program's limit once it has joined.
	if err := g.set(ctlPidsMax, strconv.FormatInt(processes+64, 10)); err != nil {
		return err
	}
	if err := g.set(ctlCPUUsage, "0"); err != nil {
		return err
	}
	g.oomBase = g.oomKills()
	return nil
}

// setLimit makes memory (0: none) the group's memory limit, unless it is
// already (see group.limit): three writes saved in every run of a problem.
func (g *group) setLimit(memory int64) error {
	if g.limitSet && g.limit == memory {
		return nil
	}
	g.limitSet = false
	mem := "-1"
	if memory > 0 {
		mem = strconv.FormatInt(memory, 10)
	}
	// memsw may never be below the plain limit: the order depends on the change.
	first := g.set(ctlMemLimit, mem)
	if g.h.memsw {
		if err := g.set(ctlMemswLimit, mem); err != nil {
			return err
		}
		if first != nil {
			first = g.set(ctlMemLimit, mem)
		}
	}
	if first != nil {
		return first
	}
	if g.h.tcpmem {
		// The run's socket buffers (TCP on its loopback) are bounded by the
		// memory limit too: cgroup v1 counts them apart, once a limit is set.
		if err := g.set(ctlTCPLimit, mem); err != nil {
			return err
		}
	}
	g.limit, g.limitSet = memory, true
	return nil
}

// cpu is the CPU time of every process that ran in the group since reset.
func (g *group) cpu() time.Duration { return time.Duration(g.getInt(ctlCPUUsage)) }

// usageFile is the group's cpuacct.usage.
func (g *group) usageFile() string { return filepath.Join(g.dirs[2], "cpuacct.usage") }

// peak is the memory high-water mark since reset.
func (g *group) peak() int64 { return g.getInt(ctlMaxUsage) }

// runPeak is the memory high-water mark of the run: the peak above base, what
// the group held at the fork (the init reports it; 0 when unknown).
func (g *group) runPeak(base int64) int64 { return max(0, g.peak()-base) }

func (g *group) oomKills() int64 {
	for _, line := range strings.Split(g.get(ctlOOM), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "oom_kill" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// memoryExceeded: the kernel killed for memory, or the group hit its limit with
// its peak at the limit.
func (g *group) memoryExceeded(limit int64) bool {
	if g.oomKills() > g.oomBase {
		return true
	}
	fails := g.getInt(ctlFailcnt)
	return limit > 0 && fails > 0 && g.peak() >= limit-limit/32
}

// killAll kills every process of the group until none is left.
func (g *group) killAll() {
	for i := 0; i < 500; i++ {
		left := false
		for _, d := range g.dirs {
			if d == "" {
				continue
			}
			data, _ := os.ReadFile(filepath.Join(d, "cgroup.procs"))
			for _, p := range strings.Fields(string(data)) {
				if pid, err := strconv.Atoi(p); err == nil {
					left = true
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
		if !left {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// remove deletes the group's folders.
func (g *group) remove() {
	for i, f := range g.ctl {
		if f != nil {
			f.Close()
			g.ctl[i] = nil
		}
	}
	g.killAll()
	for _, d := range g.dirs {
		if d == "" {
			continue
		}
		for i := 0; i < 100; i++ {
			err := syscall.Rmdir(d)
			if err == nil || errors.Is(err, syscall.ENOENT) {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
}
