//go:build linux

package jail

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/gate"
)

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// staticEcho builds testdata/echo.c statically.
func staticEcho(tb testing.TB) string {
	tb.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		tb.Skip("gcc not installed")
	}
	bin := filepath.Join(tb.TempDir(), "echo")
	if b, err := exec.Command("gcc", "-O1", "-static", "-o", bin, "testdata/echo.c").CombinedOutput(); err != nil {
		tb.Skipf("static gcc build failed (static libc missing?): %v\n%s", err, b)
	}
	return bin
}

// BenchmarkSpawnOverhead runs the same static C program bare (os/exec, input
// redirected from a file) and in a jail, interleaved so both share the machine's
// noise, and reports the medians and the jail's overhead. Use at least 200
// iterations: go test -bench SpawnOverhead -benchtime 200x ./harness/jail/
func BenchmarkSpawnOverhead(b *testing.B) {
	requireJail(b)
	spawnOverhead(b, Options{})
}

// BenchmarkSpawnOverheadNoCgroup is BenchmarkSpawnOverhead in a jail without
// cgroups made by root (user namespaces: the program stops at its first
// instruction for its rlimits, and the judge watches /proc).
func BenchmarkSpawnOverheadNoCgroup(b *testing.B) {
	requireJail(b)
	if os.Geteuid() != 0 {
		b.Skip("as another user BenchmarkSpawnOverhead measures this kind")
	}
	spawnOverhead(b, Options{NoCgroup: true})
}

func spawnOverhead(b *testing.B, opt Options) {
	bin := staticEcho(b)
	j, err := New(opt)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	dir := b.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.WriteFile(in, []byte("42\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	limits := Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	var bare, jailed []time.Duration
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, err := os.Open(in)
		if err != nil {
			b.Fatal(err)
		}
		t := time.Now()
		cmd := exec.Command(bin)
		cmd.Stdin, cmd.Stdout = f, out
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		bare = append(bare, time.Since(t))
		_, _ = f.Seek(0, 0)

		t = time.Now()
		res, err := j.Run(ctx, Config{Argv: []string{"./echo"}, Files: []File{{Name: "echo", Src: bin, Executable: true}},
			Stdin: f, Stdout: out, Limits: limits})
		jailed = append(jailed, time.Since(t))
		f.Close()
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("%+v %v", res, err)
		}
	}
	b.StopTimer()
	mb, mj := median(bare), median(jailed)
	b.ReportMetric(float64(mb.Microseconds())/1000, "bare-ms")
	b.ReportMetric(float64(mj.Microseconds())/1000, "jailed-ms")
	b.ReportMetric(float64((mj-mb).Microseconds())/1000, "overhead-ms")
}

// BenchmarkLoop178 compares 178 jailed runs of the echo program (built as the
// judge's BenchmarkRunOverhead builds it: dynamically linked) with a shell loop
// running the same binary 178 times with input redirection, and reports the
// medians and their ratios, for two ways of running: one run after another
// (jailed-ms), and as `judge run -j 1` runs them, two in hand with a gate of
// one room, so that the next run's slot gets ready while a program runs
// (gated-ms). This measures the jail alone, without the rest of the judge's
// pipeline: go test -bench Loop178 -benchtime 5x
func BenchmarkLoop178(b *testing.B) {
	requireJail(b)
	if _, err := exec.LookPath("sh"); err != nil {
		b.Skip("sh not installed")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		b.Skip("gcc not installed")
	}
	bin := filepath.Join(b.TempDir(), "echo")
	if out, err := exec.Command("gcc", "-O2", "-o", bin, "testdata/echo.c").CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v\n%s", err, out)
	}
	dir := b.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.WriteFile(in, []byte("42\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	j, err := New(Options{Slots: 4})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	limits := Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	script := `i=0; while [ $i -lt 178 ]; do "$0" < "$1" > /dev/null; i=$((i+1)); done`
	ctx := context.Background()
	// jailed runs the 178 runs from workers goroutines, through gate when set.
	jailed := func(workers int, g *gate.Gate) time.Duration {
		next := make(chan int)
		errs := make(chan error, workers)
		t := time.Now()
		for w := 0; w < workers; w++ {
			go func() {
				var failed error
				for range next {
					if failed != nil {
						continue
					}
					f, err := os.Open(in)
					if err != nil {
						failed = err
						continue
					}
					out, err := os.CreateTemp(dir, "out")
					if err != nil {
						f.Close()
						failed = err
						continue
					}
					res, err := j.Run(ctx, Config{Argv: []string{"./echo"}, Files: []File{{Name: "echo", Src: bin, Executable: true}},
						Stdin: f, Stdout: out, Limits: limits, Gate: g})
					f.Close()
					out.Close()
					os.Remove(out.Name())
					if err == nil && res.ExitCode != 0 {
						err = fmt.Errorf("%+v", res)
					}
					failed = err
				}
				errs <- failed
			}()
		}
		for k := 0; k < 178; k++ {
			next <- k
		}
		close(next)
		for w := 0; w < workers; w++ {
			if err := <-errs; err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(t)
	}
	var loops, seq, gated []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if out, err := exec.Command("sh", "-c", script, bin, in).CombinedOutput(); err != nil {
			b.Fatalf("%v %s", err, out)
		}
		loops = append(loops, time.Since(t))
		seq = append(seq, jailed(1, nil))
		gated = append(gated, jailed(2, gate.New(1)))
	}
	b.StopTimer()
	ml, ms, mg := median(loops), median(seq), median(gated)
	b.ReportMetric(float64(ml.Milliseconds()), "loop-ms")
	b.ReportMetric(float64(ms.Milliseconds()), "jailed-ms")
	b.ReportMetric(float64(mg.Milliseconds()), "gated-ms")
	b.ReportMetric(float64(ms)/float64(ml), "ratio")
	b.ReportMetric(float64(mg)/float64(ml), "gated-ratio")
}

// BenchmarkInitWakeups runs /bin/true on one slot, held for the go as the
// judge runs submissions, and reports how often per run the threads of the
// slot's init other than its main one gave up the CPU to wait
// ("helper-switches/run"). An init that blocks in the Go runtime's system call
// wrappers hands its scheduler over on every wait, and the runtime's other
// threads then wake each other about eight times a run on an idle machine;
// waiting in raw calls leaves them asleep (0.15 a run). A loaded machine adds
// wake-ups (the runtime's monitor looks more often after any slow call), which
// is why this is a benchmark and not a test.
func BenchmarkInitWakeups(b *testing.B) {
	j := newTestJail(b, 1)
	limits := Limits{CPU: 5 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	g := gate.New(1)
	run := func() {
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"}, Limits: limits, Gate: g})
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("%+v %v", res, err)
		}
	}
	run() // starts the init
	pid := j.free[0].worker.cmd.Process.Pid
	b.ResetTimer()
	before := helperSwitches(b, pid)
	for i := 0; i < b.N; i++ {
		run()
	}
	b.ReportMetric(float64(helperSwitches(b, pid)-before)/float64(b.N), "helper-switches/run")
}

// helperSwitches is the sum of the voluntary context switches of the threads
// of process pid but its main thread.
func helperSwitches(tb testing.TB, pid int) int {
	tb.Helper()
	tasks, err := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "status"))
	if err != nil || len(tasks) == 0 {
		tb.Fatalf("the init's threads: %v", err)
	}
	main := filepath.Join("/proc", strconv.Itoa(pid), "task", strconv.Itoa(pid), "status")
	sum := 0
	for _, p := range tasks {
		if p == main {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			continue // a thread that ended
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "voluntary_ctxt_switches:"); ok {
				n, _ := strconv.Atoi(strings.TrimSpace(v))
				sum += n
			}
		}
	}
	return sum
}

// BenchmarkFirstRun times what a command's first run waits for: a fresh jail
// that warms two slots (as `judge run -j 1` makes it), then one run of
// /bin/true, from New to the run's end; it reports the median of the
// iterations (each 15-30 ms). The inits are the test binary, or the
// stand-alone init JUDGE_BENCH_JAIL_INIT names (bin/judge-jail, which the
// judge uses when it lies beside it):
// go test -bench FirstRun -benchtime 15x ./harness/jail/
func BenchmarkFirstRun(b *testing.B) {
	requireJail(b)
	self := os.Getenv("JUDGE_BENCH_JAIL_INIT")
	limits := Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	var ds []time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		j, err := New(Options{Self: self, Slots: 4, UIDBase: testUIDBase, Warm: 2})
		if err != nil {
			b.Fatal(err)
		}
		res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/true"}, Limits: limits})
		ds = append(ds, time.Since(start))
		j.Close()
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("%+v %v", res, err)
		}
		time.Sleep(20 * time.Millisecond) // the last jail's namespaces go
	}
	b.ReportMetric(float64(median(ds).Microseconds())/1000, "first-run-ms")
}
