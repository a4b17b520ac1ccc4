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
)

// hierarchies are the cgroup v1 folders (this process's own groups) under which
// the jail makes one group per slot: memory, pids and cpuacct.
type hierarchies struct {
	memory, pids, cpuacct string
	memsw                 bool
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
			}
		}
	}
	if h.memory == "" || h.pids == "" || h.cpuacct == "" {
		return h, errors.New("cgroup v1 memory, pids and cpuacct hierarchies are not all mounted")
	}
	_, err = os.Stat(filepath.Join(h.memory, "memory.memsw.limit_in_bytes"))
	h.memsw = err == nil
	return h, nil
}

// procs lists the judge's own cgroup.procs files, where a slot's init waits
// between runs.
func (h hierarchies) procs() []string {
	return []string{filepath.Join(h.memory, "cgroup.procs"), filepath.Join(h.pids, "cgroup.procs"),
		filepath.Join(h.cpuacct, "cgroup.procs")}
}

// group is one slot's cgroup in the three hierarchies, reused run after run.
type group struct {
	h       hierarchies
	dirs    [3]string // memory, pids, cpuacct
	oomBase int64
}

func newGroup(h hierarchies, name string) (*group, error) {
	g := &group{h: h, dirs: [3]string{filepath.Join(h.memory, name), filepath.Join(h.pids, name), filepath.Join(h.cpuacct, name)}}
	for _, d := range g.dirs {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			g.remove()
			return nil, fmt.Errorf("creating cgroup %s: %w", d, err)
		}
	}
	return g, nil
}

// procs lists the cgroup.procs files the init joins.
func (g *group) procs() []string {
	return []string{filepath.Join(g.dirs[0], "cgroup.procs"), filepath.Join(g.dirs[1], "cgroup.procs"),
		filepath.Join(g.dirs[2], "cgroup.procs")}
}

func writeFile(dir, file, val string) error {
	if err := os.WriteFile(filepath.Join(dir, file), []byte(val), 0); err != nil {
		return fmt.Errorf("setting %s: %w", filepath.Join(dir, file), err)
	}
	return nil
}

// reset prepares the group for a run: limits set, counters cleared.
// forceEmpty drops the page cache the last run left charged to the group, which
// would count against the next run and in its peak. It takes about half a
// millisecond, so the jail does it between runs, off the next run's path.
func (g *group) forceEmpty() { _ = writeFile(g.dirs[0], "memory.force_empty", "0") }

func (g *group) reset(memory, processes int64) error {
	mem := "-1"
	if memory > 0 {
		mem = strconv.FormatInt(memory, 10)
	}
	// memsw may never be below the plain limit: the order depends on the change.
	first := writeFile(g.dirs[0], "memory.limit_in_bytes", mem)
	if g.h.memsw {
		if err := writeFile(g.dirs[0], "memory.memsw.limit_in_bytes", mem); err != nil {
			return err
		}
		if first != nil {
			first = writeFile(g.dirs[0], "memory.limit_in_bytes", mem)
		}
	}
	if first != nil {
		return first
	}
	for _, f := range []string{"memory.max_usage_in_bytes", "memory.failcnt"} {
		if err := writeFile(g.dirs[0], f, "0"); err != nil {
			return err
		}
	}
	if memory > 0 {
		_ = writeFile(g.dirs[0], "memory.swappiness", "0")
	}
	// The init lowers this to the program's limit once it has joined.
	if err := writeFile(g.dirs[1], "pids.max", strconv.FormatInt(processes+64, 10)); err != nil {
		return err
	}
	if err := writeFile(g.dirs[2], "cpuacct.usage", "0"); err != nil {
		return err
	}
	g.oomBase = g.oomKills()
	return nil
}

func readInt(path string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n
}

// cpu is the CPU time of every process that ran in the group since reset.
func (g *group) cpu() time.Duration {
	return time.Duration(readInt(filepath.Join(g.dirs[2], "cpuacct.usage")))
}

// usageFile is the group's cpuacct.usage.
func (g *group) usageFile() string { return filepath.Join(g.dirs[2], "cpuacct.usage") }

// peak is the memory high-water mark since reset.
func (g *group) peak() int64 { return readInt(filepath.Join(g.dirs[0], "memory.max_usage_in_bytes")) }

func (g *group) oomKills() int64 {
	data, _ := os.ReadFile(filepath.Join(g.dirs[0], "memory.oom_control"))
	for _, line := range strings.Split(string(data), "\n") {
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
	fails := readInt(filepath.Join(g.dirs[0], "memory.failcnt"))
	return limit > 0 && fails > 0 && g.peak() >= limit-limit/32
}

// killAll kills every process of the group until none is left.
func (g *group) killAll() {
	for i := 0; i < 500; i++ {
		left := false
		for _, d := range g.dirs {
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
	g.killAll()
	for _, d := range g.dirs {
		for i := 0; i < 100; i++ {
			err := syscall.Rmdir(d)
			if err == nil || errors.Is(err, syscall.ENOENT) {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
}
