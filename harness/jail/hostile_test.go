//go:build linux

package jail

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

const testUIDBase = 61000

// hostileProgram is one program of testdata/hostile, built and ready to run.
type hostileProgram struct {
	name   string
	expect string   // OK, RTE, TLE, MLE, OLE; or two, as in "TLE|MLE
	want   []string // lines the output must contain
	// rootlessExpect and rootlessWant replace expect and want in a jail
	// without cgroups (user namespaces), where the program is the root of its
	// user namespace (without capabilities), when they are given.
	rootlessExpect string
	rootlessWant   []string
	files          []File
	argv           []string
	limits         Limits
}

// header reads the "expect:", "want:", "rootless-expect:", "rootless-want:" and
// "cpu:" lines of a source's leading comments.
func header(t *testing.T, src string) (expect, rootlessExpect string, want, rootlessWant []string, cpu time.Duration) {
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "// ")
		if !ok {
			rest, ok = strings.CutPrefix(line, "# ")
		}
		if !ok {
			break
		}
		if v, ok := strings.CutPrefix(rest, "expect: "); ok {
			expect = v
		}
		if v, ok := strings.CutPrefix(rest, "want: "); ok {
			want = append(want, v)
		}
		if v, ok := strings.CutPrefix(rest, "rootless-expect: "); ok {
			rootlessExpect = v
		}
		if v, ok := strings.CutPrefix(rest, "rootless-want: "); ok {
			rootlessWant = append(rootlessWant, v)
		}
		if v, ok := strings.CutPrefix(rest, "cpu: "); ok {
			d, err := time.ParseDuration(v)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			cpu = d
		}
	}
	if expect == "" {
		t.Fatalf("%s: no expect: line", src)
	}
	return expect, rootlessExpect, want, rootlessWant, cpu
}

func requireJail(t testing.TB) {
	t.Helper()
	if err := CanJail(); err != nil {
		t.Skipf("cannot make jails here: %v", err)
	}
}

// buildHostile builds every program of testdata/hostile whose toolchain exists,
// or takes them from the folder named by builtEnv, where an earlier call built
// them (TestHostileRootless).
func buildHostile(t *testing.T) []hostileProgram {
	if dir := os.Getenv(builtEnv); dir != "" {
		return hostilePrograms(t, dir, false)
	}
	return hostilePrograms(t, t.TempDir(), true)
}

// hostilePrograms lists the programs of testdata/hostile whose toolchain
// exists, with their binaries in dir, building them first when build is set.
func hostilePrograms(t *testing.T, dir string, build bool) []hostileProgram {
	srcs, _ := filepath.Glob("testdata/hostile/*")
	base := Limits{CPU: 500 * time.Millisecond, Wall: 2 * time.Second, Memory: 128 << 20, Output: 1 << 20,
		Processes: 32, Disk: 8 << 20, Tmp: 4 << 20}
	var out []hostileProgram
	missing := map[string]bool{}
	var builds []*exec.Cmd // run side by side below
	for _, src := range srcs {
		ext := filepath.Ext(src)
		name := strings.TrimSuffix(filepath.Base(src), ext)
		expect, rootlessExpect, want, rootlessWant, cpu := header(t, src)
		p := hostileProgram{name: filepath.Base(src), expect: expect, rootlessExpect: rootlessExpect, want: want,
			rootlessWant: rootlessWant, limits: base}
		if cpu > 0 {
			p.limits.CPU, p.limits.Wall = cpu, 2*cpu+time.Second
		}
		if testing.Short() && ext != ".c" {
			continue // -short (the race pass): the C programs; the full run takes every language
		}
		tool := map[string]string{".c": "gcc", ".py": "python3", ".java": "javac", ".go": "go"}[ext]
		if _, err := exec.LookPath(tool); err != nil {
			missing[tool] = true
			continue
		}
		switch ext {
		case ".c":
			bin := filepath.Join(dir, name)
			builds = append(builds, exec.Command("gcc", "-O1", "-o", bin, src))
			p.files, p.argv = []File{{Name: name, Src: bin, Executable: true}}, []string{"./" + name}
		case ".go":
			bin := filepath.Join(dir, name+"-go")
			cmd := exec.Command("go", "build", "-o", bin, src)
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
			builds = append(builds, cmd)
			p.files, p.argv = []File{{Name: name, Src: bin, Executable: true}}, []string{"./" + name}
		case ".py":
			if _, err := os.Stat("/usr/bin/python3"); err != nil {
				missing["/usr/bin/python3"] = true
				continue
			}
			p.files, p.argv = []File{{Name: "main.py", Src: src}}, []string{"/usr/bin/python3", "main.py"}
		case ".java":
			cd := filepath.Join(dir, name+"-java")
			if err := os.Mkdir(cd, 0o755); err != nil && build {
				t.Fatal(err)
			}
			builds = append(builds, exec.Command("javac", "-d", cd, src))
			p.files = []File{{Name: "Main.class", Src: filepath.Join(cd, "Main.class")}}
			p.argv = []string{"/usr/bin/java", "-Xmx64m", "-Xss8m", "-XX:+UseSerialGC", "-Xshare:auto", "Main"}
			p.limits.Memory, p.limits.Processes = 512<<20, 64
			p.limits.CPU, p.limits.Wall = 2*time.Second, 5*time.Second
		default:
			t.Fatalf("%s: unknown language", src)
		}
		out = append(out, p)
	}
	if !build {
		builds = nil
	}
	errs := make([]error, len(builds))
	var wg sync.WaitGroup
	limit := make(chan struct{}, 4)
	for i, cmd := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			limit <- struct{}{}
			defer func() { <-limit }()
			if b, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, b)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("building the hostile programs: %v", err)
	}
	// Not executables at all: garbage, and an ELF header for another machine.
	garbage := make([]byte, 4096)
	_, _ = rand.Read(garbage)
	arm := append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 56)...)
	arm[16], arm[18] = 2, 183 // ET_EXEC, EM_AARCH64
	for name, data := range map[string][]byte{"garbage": garbage, "wrong-arch": arm, "script-without-interpreter": []byte("#!/nonexistent\n")} {
		out = append(out, hostileProgram{name: name, expect: "RTE", limits: base,
			files: []File{{Name: "prog", Data: data, Executable: true}}, argv: []string{"./prog"}})
	}
	for m := range missing {
		t.Logf("skipping the programs that need %s: not installed", m)
	}
	return out
}

func verdict(r Result) string {
	switch {
	case r.Limit == CPULimit || r.Limit == WallLimit:
		return "TLE"
	case r.Limit == MemoryLimit:
		return "MLE"
	case r.Limit == OutputLimit:
		return "OLE"
	case r.ExitCode != 0 || r.Signal != 0 || r.ExecError != "":
		return "RTE"
	}
	return "OK"
}

// jailProcesses lists the host processes that run as a jail uid, leaving out
// the slots' inits (which run as one too in a jail without cgroups). For a
// rootless jail (lo < 0) they run as this process's uid: it lists those in a
// PID namespace below this one.
func jailProcesses(lo, hi int) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		ours, nested, init := false, false, false
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			switch {
			case len(f) > 1 && f[0] == "Uid:":
				uid, _ := strconv.Atoi(f[1])
				ours = uid >= lo && uid < hi || lo < 0 && uid == os.Getuid()
			case len(f) > 0 && f[0] == "NSpid:":
				nested = len(f) > 2
				init = len(f) == 3 && f[2] == "1"
			}
		}
		if ours && !init && (lo >= 0 || nested) {
			out = append(out, e.Name())
		}
	}
	return out
}

// leftovers returns the processes of j's slots left after a run (see lingering).
func leftovers(j *Jail, slots int) []string {
	if j.UserNS() && os.Geteuid() != 0 {
		return lingering(-1, -1)
	}
	return lingering(testUIDBase, testUIDBase+slots)
}

// lingering returns the processes of the uids [lo, hi) still there after up to
// ten seconds (the kernel ends a dead namespace's processes asynchronously, and a
// busy machine may take a while), each with its state and command line.
func lingering(lo, hi int) []string {
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := jailProcesses(lo, hi)
		if len(left) == 0 || time.Now().After(deadline) {
			for i, pid := range left {
				status, _ := os.ReadFile(filepath.Join("/proc", pid, "status"))
				cmd, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
				state := ""
				for _, line := range strings.Split(string(status), "\n") {
					if strings.HasPrefix(line, "State:") || strings.HasPrefix(line, "PPid:") || strings.HasPrefix(line, "NSpid:") {
						state += " " + strings.Join(strings.Fields(line), " ")
					}
				}
				left[i] = fmt.Sprintf("%s (%s;%s)", pid, strings.ReplaceAll(string(cmd), "\x00", " "), state)
			}
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// escapeMarkers are the host paths the hostile programs try to create.
var escapeMarkers = []string{"/tmp/jail-escape-marker", "/jail-escape-marker", "/usr/jail-escape-marker",
	"/etc/jail-escape-marker", "/usr/lib/jail-escape-marker", "/dev/jail-escape-marker"}

// TestHostile runs every hostile program in a jail and checks, from outside, its
// verdict and that nothing escaped: no secret or host path in its output, no
// marker on the host, no connection reached the host, no process left, the
// judge's cgroup limit untouched, the data files unchanged.
func TestHostile(t *testing.T) {
	requireJail(t)
	hostileSuite(t, Options{UIDBase: testUIDBase, Slots: 2})
}

// TestHostileNoCgroup runs the hostile suite in jails without cgroups made by
// root (user namespaces mapped to the jail uids), as on a machine without the
// cgroup v1 hierarchies.
func TestHostileNoCgroup(t *testing.T) {
	requireJail(t)
	if os.Geteuid() != 0 {
		t.Skip("as another user every jail is one without cgroups: TestHostile is this test")
	}
	if testing.Short() {
		t.Skip("-short: in the full pass")
	}
	hostileSuite(t, Options{UIDBase: testUIDBase, Slots: 2, NoCgroup: true})
}

// hostileSuite is TestHostile with a jail made with opt (UIDBase and Slots set).
func hostileSuite(t *testing.T, opt Options) {
	for _, m := range escapeMarkers {
		if _, err := os.Lstat(m); err == nil {
			t.Fatalf("%s exists before the test: remove it", m)
		}
	}
	progs := buildHostile(t)
	if len(progs) < 30 {
		t.Logf("only %d hostile programs could be built", len(progs))
	}
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	secret := "SECRET-" + hex.EncodeToString(nonce[:])
	t.Setenv("JUDGE_TEST_SECRET", secret)

	var hits atomic.Int64
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(secret))
	})}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	var datagrams atomic.Int64
	go func() {
		buf := make([]byte, 512)
		for {
			if _, _, err := udp.ReadFrom(buf); err != nil {
				return
			}
			datagrams.Add(1)
		}
	}()

	data := filepath.Join(t.TempDir(), "dataset-"+hex.EncodeToString(nonce[:4]))
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(data, "1.in")
	answer := filepath.Join(data, "1.ans")
	inText := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port) + " " + strconv.Itoa(udp.LocalAddr().(*net.UDPAddr).Port) + "\n"
	if err := os.WriteFile(input, []byte(inText), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(answer, []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	forbidden := []string{secret, data, "ESCAPED"}
	if b, err := os.ReadFile("/etc/shadow"); err == nil {
		if first, _, _ := strings.Cut(string(b), "\n"); len(first) > 8 {
			forbidden = append(forbidden, first)
		}
	}
	if entries, err := os.ReadDir("/root"); err == nil {
		for _, e := range entries {
			if len(e.Name()) >= 6 {
				forbidden = append(forbidden, "/root/"+e.Name())
			}
		}
	}

	// A caller of the judge may hold any file open without close-on-exec, and
	// the jail's init is started with it: here the data folder, which
	// inheritedfds.c looks for.
	leak, err := syscall.Open(data, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(leak)

	slots := opt.Slots
	j, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	outDir := t.TempDir()
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			in, err := os.Open(input)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			outPath, errPath := filepath.Join(outDir, p.name+".out"), filepath.Join(outDir, p.name+".err")
			stdout, _ := os.Create(outPath)
			stderr, _ := os.Create(errPath)
			res, err := j.Run(context.Background(), Config{Argv: p.argv, Files: p.files, Stdin: in,
				Stdout: stdout, Stderr: stderr, Limits: p.limits})
			stdout.Close()
			stderr.Close()
			if err != nil {
				t.Fatalf("judge error: %v", err)
			}
			o, _ := os.ReadFile(outPath)
			e, _ := os.ReadFile(errPath)
			all := append(append([]byte{}, o...), e...)
			expect := p.expect
			if j.UserNS() && p.rootlessExpect != "" {
				expect = p.rootlessExpect
			}
			if got := verdict(res); !slices.Contains(strings.Split(expect, "|"), got) {
				t.Errorf("verdict %s, want %s (%+v)\nstdout: %.2000s\nstderr: %.2000s", got, expect, res, o, e)
			}
			want := p.want
			if j.UserNS() && len(p.rootlessWant) > 0 {
				want = p.rootlessWant
			}
			for _, w := range want {
				if !bytes.Contains(all, []byte(w)) {
					t.Errorf("output lacks %q:\n%.2000s", w, all)
				}
			}
			for _, f := range forbidden {
				if bytes.Contains(all, []byte(f)) {
					t.Errorf("ESCAPE: output contains %q:\n%.3000s", f, all)
				}
			}
			for _, m := range append(escapeMarkers, filepath.Join(filepath.Dir(data), "jail-escape-marker")) {
				if _, err := os.Lstat(m); err == nil {
					t.Errorf("ESCAPE: %s was created on the host", m)
					_ = os.Remove(m)
				}
			}
			if n := hits.Load(); n > 0 {
				t.Errorf("ESCAPE: the host's HTTP server got %d requests", n)
			}
			if n := datagrams.Load(); n > 0 {
				t.Errorf("ESCAPE: the host's UDP port got %d datagrams", n)
			}
			if left := leftovers(j, slots); len(left) > 0 {
				t.Errorf("leftover jail processes: %v", left)
			}
			if b, _ := os.ReadFile(answer); string(b) != secret+"\n" {
				t.Errorf("ESCAPE: the answer file changed to %q", b)
			}
			if entries, _ := os.ReadDir(data); len(entries) != 2 {
				t.Errorf("ESCAPE: the data folder holds %d files", len(entries))
			}
			for _, s := range j.all {
				if s.group == nil {
					continue // rootless: no cgroup
				}
				if lim := s.group.getInt(ctlMemLimit); lim != p.limits.Memory && lim < 1<<62 {
					// Only the slot that ran has this run's limit; the other keeps its own.
					if s.group.dirs[0] == j.all[0].group.dirs[0] {
						t.Errorf("the run's memory limit is %d, want %d", lim, p.limits.Memory)
					}
				}
			}
			if p.expect == "TLE" && res.Limit == CPULimit && res.CPU < p.limits.CPU {
				t.Errorf("CPU limit hit with only %v of CPU counted", res.CPU)
			}
		})
	}
}
