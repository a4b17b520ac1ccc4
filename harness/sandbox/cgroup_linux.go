package sandbox

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/judgehq/judge/problems"
)

// cgroups creates one control group per run for memory and process limits. It
// speaks cgroup v1 (separate memory and pids hierarchies) and v2 (one unified
// hierarchy); which one is chosen at start-up by probing what the kernel offers and
// what this process may create.
type cgroups struct {
	version  int    // 1 or 2
	memory   string // v1: memory hierarchy folder new groups go under; v2: the unified parent
	pids     string // v1: pids hierarchy folder; v2: same as memory
	memsw    bool   // v1: memory.memsw.limit_in_bytes exists (swap accounting on)
	prefix   string
	sequence atomic.Int64

	mu       sync.Mutex
	free     []*cgroup // emptied groups kept for the next run
	emptying sync.WaitGroup
}

// cgroup is one run's control group.
type cgroup struct {
	sys     *cgroups
	dirs    []string // v1: memory then pids folder; v2: one folder
	oomBase int64    // the oom_kill counter when the run started
}

// mountInfo is one cgroup mount from /proc/self/mountinfo.
type mountInfo struct {
	root, point, fstype string
	options             []string
}

func readCgroupMounts() ([]mountInfo, error) {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	var out []mountInfo
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		// id parent major:minor root mountpoint options [optional...] - fstype source superoptions
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		f, g := strings.Fields(pre), strings.Fields(post)
		if len(f) < 5 || len(g) < 3 || (g[0] != "cgroup" && g[0] != "cgroup2") {
			continue
		}
		out = append(out, mountInfo{root: f[3], point: f[4], fstype: g[0], options: strings.Split(g[2], ",")})
	}
	return out, sc.Err()
}

// ownCgroups maps controller names ("" for v2) to this process's cgroup path.
func ownCgroups() (map[string]string, error) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			out[""] = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			out[c] = parts[2]
		}
	}
	return out, nil
}

// hostPath turns a cgroup path of this process into a folder under the mount.
func hostPath(m mountInfo, path string) string {
	rel := path
	if m.root != "/" {
		rel = strings.TrimPrefix(path, m.root)
	}
	return filepath.Join(m.point, rel)
}

// detectCgroups finds a hierarchy where this process can create groups with memory
// and pids limits, preferring v2 when it has both controllers, else v1.
func detectCgroups() (*cgroups, error) {
	mounts, err := readCgroupMounts()
	if err != nil {
		return nil, fmt.Errorf("reading mounts: %w", err)
	}
	own, err := ownCgroups()
	if err != nil {
		return nil, fmt.Errorf("reading own cgroup: %w", err)
	}
	var nonce [4]byte
	_, _ = rand.Read(nonce[:])
	prefix := fmt.Sprintf("judge-%d-%x-", os.Getpid(), nonce)
	var errs []error
	for _, m := range mounts {
		if m.fstype != "cgroup2" {
			continue
		}
		cg, err := setupV2(hostPath(m, own[""]), prefix)
		if err == nil {
			return cg, nil
		}
		errs = append(errs, fmt.Errorf("v2 at %s: %w", m.point, err))
	}
	var memDir, pidsDir string
	for _, m := range mounts {
		if m.fstype != "cgroup" {
			continue
		}
		for _, o := range m.options {
			switch o {
			case "memory":
				memDir = hostPath(m, own["memory"])
			case "pids":
				pidsDir = hostPath(m, own["pids"])
			}
		}
	}
	if memDir != "" && pidsDir != "" {
		sweepStale(memDir)
		sweepStale(pidsDir)
		cg := &cgroups{version: 1, memory: memDir, pids: pidsDir, prefix: prefix}
		_, err := os.Stat(filepath.Join(memDir, "memory.memsw.limit_in_bytes"))
		cg.memsw = err == nil
		probe, err := cg.create((64 * problems.MiB).Bytes(), 8)
		if err == nil {
			probe.remove()
			return cg, nil
		}
		errs = append(errs, fmt.Errorf("v1: %w", err))
	} else {
		errs = append(errs, errors.New("v1: no memory and pids hierarchies mounted"))
	}
	return nil, errors.Join(errs...)
}

// setupV2 prepares a parent group under own for per-run groups. The v2 rule that a
// group with controllers enabled for its children holds no processes means this
// process first moves itself into a leaf of its own.
func setupV2(own, prefix string) (*cgroups, error) {
	ctrl, err := os.ReadFile(filepath.Join(own, "cgroup.controllers"))
	if err != nil {
		return nil, err
	}
	have := strings.Fields(string(ctrl))
	if !contains(have, "memory") || !contains(have, "pids") {
		return nil, fmt.Errorf("controllers %q lack memory or pids", strings.TrimSpace(string(ctrl)))
	}
	sub := filepath.Join(own, "cgroup.subtree_control")
	if err := os.WriteFile(sub, []byte("+memory +pids"), 0); err != nil {
		// Our own group holds processes: move into a leaf, then try again.
		leaf := filepath.Join(own, prefix+"judge")
		if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(strconv.Itoa(os.Getpid())), 0); err != nil {
			return nil, fmt.Errorf("moving into a leaf group: %w", err)
		}
		if err := os.WriteFile(sub, []byte("+memory +pids"), 0); err != nil {
			return nil, fmt.Errorf("enabling memory and pids: %w", err)
		}
	}
	sweepStale(own)
	cg := &cgroups{version: 2, memory: own, pids: own, prefix: prefix}
	probe, err := cg.create((64 * problems.MiB).Bytes(), 8)
	if err != nil {
		return nil, err
	}
	probe.remove()
	return cg, nil
}

var staleName = regexp.MustCompile(`^judge-(\d+)-[0-9a-f]+-\d+$`)

// sweepStale removes the empty per-run groups that judges no longer alive left in
// dir (a judge killed with SIGKILL cannot remove its own).
func sweepStale(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		m := staleName.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		pid, _ := strconv.Atoi(m[1])
		if pid == os.Getpid() || syscall.Kill(pid, 0) == nil {
			continue // its judge is alive
		}
		_ = syscall.Rmdir(filepath.Join(dir, e.Name()))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// acquire returns an empty group with the given memory (bytes) and process limits,
// reusing one from an earlier run when it can: making and removing a group costs
// more than the rest of a run's start.
func (s *cgroups) acquire(memory, processes int64) (*cgroup, error) {
	s.mu.Lock()
	var c *cgroup
	if n := len(s.free); n > 0 {
		c, s.free = s.free[n-1], s.free[:n-1]
	}
	s.mu.Unlock()
	if c == nil {
		c, err := s.create(memory, processes)
		if err != nil {
			return nil, err
		}
		c.oomBase = c.oomKills()
		return c, nil
	}
	if err := c.reset(memory, processes); err != nil {
		c.remove()
		return s.create(memory, processes)
	}
	return c, nil
}

// release takes a group back after its run. In the background, off the run's
// critical path, the memory still charged to it (page cache of the files the
// program read) is reclaimed, so that it cannot inflate the next program's peak;
// the group is then kept for reuse, or removed when it cannot be emptied.
func (s *cgroups) release(c *cgroup) {
	s.emptying.Add(1)
	go func() {
		defer s.emptying.Done()
		if !c.empty() {
			c.remove()
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.free = append(s.free, c)
	}()
}

// empty reports whether the group has no process left and, after reclaiming, less
// than 64 KiB of memory charged.
func (c *cgroup) empty() bool {
	data, err := os.ReadFile(filepath.Join(c.dirs[len(c.dirs)-1], "cgroup.procs"))
	if err != nil || len(bytes.TrimSpace(data)) > 0 {
		return false
	}
	mem := c.dirs[0]
	usage := "memory.usage_in_bytes"
	if c.sys.version == 2 {
		usage = "memory.current"
		_ = os.WriteFile(filepath.Join(mem, "memory.reclaim"), []byte("1G"), 0)
	} else {
		_ = os.WriteFile(filepath.Join(mem, "memory.force_empty"), []byte("0"), 0)
	}
	n, ok := readInt(filepath.Join(mem, usage))
	return ok && n < 64<<10
}

// close removes the groups kept for reuse.
func (s *cgroups) close() {
	s.emptying.Wait()
	s.mu.Lock()
	free := s.free
	s.free = nil
	s.mu.Unlock()
	for _, c := range free {
		c.remove()
	}
}

// reset prepares a reused group for a new run: new limits, peak and failure
// counters cleared, the OOM counter's current value remembered.
func (c *cgroup) reset(memory, processes int64) error {
	mem := c.dirs[0]
	if c.sys.version == 2 {
		if err := os.WriteFile(filepath.Join(mem, "memory.peak"), []byte("0"), 0); err != nil {
			return err // this kernel cannot reset the peak: use a fresh group
		}
		if err := c.write(mem, "memory.max", memory); err != nil {
			return err
		}
	} else {
		if err := c.setV1Memory(memory); err != nil {
			return err
		}
		for _, f := range []string{"memory.max_usage_in_bytes", "memory.failcnt"} {
			if err := os.WriteFile(filepath.Join(mem, f), []byte("0"), 0); err != nil {
				return err
			}
		}
	}
	if err := c.write(c.dirs[len(c.dirs)-1], "pids.max", processes); err != nil {
		return err
	}
	c.oomBase = c.oomKills()
	return nil
}

// setV1Memory sets the memory and memory+swap limits; the second may never be below
// the first, so the order of the writes depends on the direction of the change.
func (c *cgroup) setV1Memory(memory int64) error {
	mem := c.dirs[0]
	if !c.sys.memsw {
		return c.write(mem, "memory.limit_in_bytes", memory)
	}
	if err := c.write(mem, "memory.limit_in_bytes", memory); err != nil {
		if err := c.write(mem, "memory.memsw.limit_in_bytes", memory); err != nil {
			return err
		}
		return c.write(mem, "memory.limit_in_bytes", memory)
	}
	return c.write(mem, "memory.memsw.limit_in_bytes", memory)
}

// create makes a new group with the given memory (bytes) and process limits.
func (s *cgroups) create(memory, processes int64) (*cgroup, error) {
	name := s.prefix + strconv.FormatInt(s.sequence.Add(1), 10)
	c := &cgroup{sys: s}
	if s.version == 2 {
		dir := filepath.Join(s.memory, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, err
		}
		c.dirs = []string{dir}
		if err := c.write(dir, "memory.max", memory); err != nil {
			c.remove()
			return nil, err
		}
		_ = os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
		if err := c.write(dir, "pids.max", processes); err != nil {
			c.remove()
			return nil, err
		}
		return c, nil
	}
	mem, pids := filepath.Join(s.memory, name), filepath.Join(s.pids, name)
	if err := os.Mkdir(mem, 0o755); err != nil {
		return nil, err
	}
	c.dirs = append(c.dirs, mem)
	if err := os.Mkdir(pids, 0o755); err != nil {
		c.remove()
		return nil, err
	}
	c.dirs = append(c.dirs, pids)
	err := c.setV1Memory(memory)
	if err == nil {
		err = c.write(pids, "pids.max", processes)
	}
	if err != nil {
		c.remove()
		return nil, err
	}
	return c, nil
}

func (c *cgroup) write(dir, file string, v int64) error {
	val := "max"
	if c.sys.version == 1 && strings.HasPrefix(file, "memory.") {
		val = "-1"
	}
	if v > 0 {
		val = strconv.FormatInt(v, 10)
	}
	if err := os.WriteFile(filepath.Join(dir, file), []byte(val), 0); err != nil {
		return fmt.Errorf("setting %s: %w", file, err)
	}
	return nil
}

// procsFiles lists the cgroup.procs files the supervisor joins before exec.
func (c *cgroup) procsFiles() []string {
	var out []string
	for _, d := range c.dirs {
		out = append(out, filepath.Join(d, "cgroup.procs"))
	}
	return out
}

func readInt(path string) (int64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n, err == nil
}

// peakKiB returns the group's memory high-water mark.
func (c *cgroup) peakKiB() (int64, bool) {
	file := "memory.max_usage_in_bytes"
	if c.sys.version == 2 {
		file = "memory.peak"
	}
	n, ok := readInt(filepath.Join(c.dirs[0], file))
	return n / 1024, ok
}

// oomKills reads the group's count of processes killed for memory.
func (c *cgroup) oomKills() int64 {
	file := "memory.oom_control"
	if c.sys.version == 2 {
		file = "memory.events"
	}
	data, err := os.ReadFile(filepath.Join(c.dirs[0], file))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "oom_kill" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// memoryExceeded reports whether, since the run started, the kernel killed a
// process of the group for memory, or the group hit its limit with its peak at the
// limit (a program thrashing at the limit until a timer kills it). Hitting the limit
// while reclaiming page cache, with the peak below it, does not count.
func (c *cgroup) memoryExceeded(limit int64) bool {
	if c.oomKills() > c.oomBase {
		return true
	}
	fails := "memory.failcnt"
	if c.sys.version == 2 {
		fails = "memory.events" // "max N": times the limit was hit
	}
	hit := false
	if c.sys.version == 1 {
		n, _ := readInt(filepath.Join(c.dirs[0], fails))
		hit = n > 0
	} else if data, err := os.ReadFile(filepath.Join(c.dirs[0], fails)); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[0] == "max" && f[1] != "0" {
				hit = true
			}
		}
	}
	peak, _ := c.peakKiB()
	return hit && limit > 0 && peak*1024 >= limit-limit/64
}

// killAll kills every process of the group until none is left (v2: cgroup.kill).
func (c *cgroup) killAll() {
	dir := c.dirs[len(c.dirs)-1]
	if c.sys.version == 2 {
		if os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0) == nil {
			return
		}
	}
	for i := 0; i < 200; i++ {
		data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
		pids := strings.Fields(string(data))
		if err != nil || len(pids) == 0 {
			return
		}
		for _, p := range pids {
			if pid, err := strconv.Atoi(p); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// remove deletes the group's folders, retrying briefly while killed processes are
// still being torn down.
func (c *cgroup) remove() {
	for _, d := range c.dirs {
		for i := 0; i < 50; i++ {
			err := syscall.Rmdir(d)
			if err == nil || errors.Is(err, syscall.ENOENT) {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
}
