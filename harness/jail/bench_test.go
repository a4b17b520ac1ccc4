//go:build linux

package jail

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
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
// judge's BenchmarkRunOverhead builds it: dynamically linked), one after another
// on a jail of two slots (as `judge run -j 1` makes), with a shell loop running
// the same binary 178 times with input redirection; it reports the medians and
// their ratio. This measures the jail alone, without the rest of the judge's
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
	j, err := New(Options{Slots: 2})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	limits := Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 4}
	script := `i=0; while [ $i -lt 178 ]; do "$0" < "$1" > /dev/null; i=$((i+1)); done`
	var loops, jails []time.Duration
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if out, err := exec.Command("sh", "-c", script, bin, in).CombinedOutput(); err != nil {
			b.Fatalf("%v %s", err, out)
		}
		loops = append(loops, time.Since(t))
		t = time.Now()
		for k := 0; k < 178; k++ {
			f, err := os.Open(in)
			if err != nil {
				b.Fatal(err)
			}
			out, err := os.Create(filepath.Join(dir, "out"))
			if err != nil {
				b.Fatal(err)
			}
			res, err := j.Run(ctx, Config{Argv: []string{"./echo"}, Files: []File{{Name: "echo", Src: bin, Executable: true}},
				Stdin: f, Stdout: out, Limits: limits})
			f.Close()
			out.Close()
			if err != nil || res.ExitCode != 0 {
				b.Fatalf("%+v %v", res, err)
			}
		}
		jails = append(jails, time.Since(t))
	}
	b.StopTimer()
	ml, mj := median(loops), median(jails)
	b.ReportMetric(float64(ml.Milliseconds()), "loop-ms")
	b.ReportMetric(float64(mj.Milliseconds()), "jailed-ms")
	b.ReportMetric(float64(mj)/float64(ml), "ratio")
}
