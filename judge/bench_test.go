package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/testfiles"
)

// benchPackage makes a problem package (problemtools layout, default output
// validation) with n trivial datasets in its secret group and one sample, and
// returns its folder: a program that copies its input passes every dataset.
func benchPackage(b *testing.B, n int) string {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "echo")
	files := map[string]string{"problem.yaml": "problem_format_version: 2023-07-draft\nname: Echo\nlimits:\n  time_limit: 1\n",
		"data/sample/1.in": "1\n", "data/sample/1.ans": "1\n"}
	for i := 0; i < n; i++ {
		files[fmt.Sprintf("data/secret/%03d.in", i)] = "1\n"
		files[fmt.Sprintf("data/secret/%03d.ans", i)] = "1\n"
	}
	testfiles.Write(b, dir, files)
	return dir
}

// benchProjectRoot makes an empty project root for the judge's state and
// reports (the problem is a package given by its folder).
func benchProjectRoot(b *testing.B) string {
	b.Helper()
	root := b.TempDir()
	if err := os.Mkdir(filepath.Join(root, "problems"), 0o755); err != nil {
		b.Fatal(err)
	}
	return root
}

// benchProgram compiles a C program into dir and returns the binary's path.
func benchProgram(b *testing.B, dir, name, src string) string {
	b.Helper()
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, name)
	if out, err := exec.Command("gcc", "-O2", "-o", bin, c).CombinedOutput(); err != nil {
		b.Skipf("gcc: %v\n%s", err, out)
	}
	return bin
}

// benchJailInit makes the jail's inits the stand-alone init that
// JUDGE_BENCH_JAIL_INIT names (make bench gives bin/judge-jail), as bin/judge
// uses the judge-jail beside it: a link of that name beside the test binary,
// removed when the benchmark ends. Without the variable the test binary
// starts every init itself, which takes a few milliseconds longer (a larger
// binary, and every test package's initialisation).
func benchJailInit(b *testing.B) {
	b.Helper()
	initBin := os.Getenv("JUDGE_BENCH_JAIL_INIT")
	if initBin == "" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	link := filepath.Join(filepath.Dir(exe), sandbox.JailInitName)
	if _, err := os.Lstat(link); err == nil {
		b.Fatalf("%s exists: the benchmark would not know which init it measures", link)
	}
	if err := os.Symlink(initBin, link); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.Remove(link) })
}

// judgeQuiet runs the CLI in-process, as judge does, outside a test.
func judgeQuiet(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"judge"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkRunOverhead compares judging 178 trivial datasets of a C echo program
// with `judge run -j 1` against a shell loop running the same binary 178 times
// with input redirection, interleaved; it reports both medians and their ratio
// (the target is a ratio of at most 1.6). Every run is judged in full and
// accepted: the datasets are a package's, checked by its default validator.
// Use 15 iterations or more (make bench does): on a busy machine the median
// of five moved by 0.1 from one run of the benchmark to the next.
func BenchmarkRunOverhead(b *testing.B) {
	const n = 178
	benchJailInit(b)
	pkg := benchPackage(b, n)
	root := benchProjectRoot(b)
	echo := benchProgram(b, b.TempDir(), "echo", "#include <stdio.h>\nint main(void){int c;while((c=getchar())!=EOF)putchar(c);return 0;}\n")
	state := b.TempDir()
	loop := fmt.Sprintf("for f in %s/data/secret/*.in; do %s < \"$f\" > /dev/null; done", pkg, echo)
	judgeOnce := func() time.Duration {
		start := time.Now()
		code, out, errOut := judgeQuiet("--root", root, "--state", state, "run", "--json", "-j", "1", "-g", "secret", pkg, echo)
		if code != 0 {
			b.Fatalf("judge run: exit %d\n%s\n%s", code, out, errOut)
		}
		if want := fmt.Sprintf(`"AC": %d`, n); !strings.Contains(out, want) {
			b.Fatalf("judge run: not every run accepted (no %s)\n%s", want, errOut)
		}
		return time.Since(start)
	}
	loopOnce := func() time.Duration {
		start := time.Now()
		if out, err := exec.Command("sh", "-c", loop).CombinedOutput(); err != nil {
			b.Fatalf("loop: %v\n%s", err, out)
		}
		return time.Since(start)
	}
	judgeOnce() // builds and warms the jail's slots
	var js, ls []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		js = append(js, judgeOnce())
		ls = append(ls, loopOnce())
	}
	b.StopTimer()
	jm, lm := median(js), median(ls)
	b.ReportMetric(float64(jm.Milliseconds()), "judge-ms")
	b.ReportMetric(float64(lm.Milliseconds()), "loop-ms")
	b.ReportMetric(float64(jm)/float64(lm), "ratio")
}

// BenchmarkParallelSpeedup judges 16 datasets of a program that burns 100 ms of
// CPU with -j 1 and with -j 2, interleaved, and reports the speed-up of -j 2 (the
// target is at least 1.7 on two idle cores).
func BenchmarkParallelSpeedup(b *testing.B) {
	const n = 16
	benchJailInit(b)
	pkg := benchPackage(b, n)
	root := benchProjectRoot(b)
	spin := benchProgram(b, b.TempDir(), "spin", `#include <stdio.h>
#include <time.h>
int main(void){clock_t s=clock();volatile unsigned long x=0;while(clock()-s<CLOCKS_PER_SEC/10)x++;puts("1");return 0;}
`)
	state := b.TempDir()
	once := func(jobs string) time.Duration {
		start := time.Now()
		code, out, errOut := judgeQuiet("--root", root, "--state", state, "run", "--json", "-j", jobs, "-g", "secret", pkg, spin)
		if code != 0 {
			b.Fatalf("judge run -j %s: exit %d\n%s\n%s", jobs, code, out, errOut)
		}
		if want := fmt.Sprintf(`"AC": %d`, n); !strings.Contains(out, want) {
			b.Fatalf("judge run -j %s: not every run accepted (no %s)\n%s", jobs, want, errOut)
		}
		return time.Since(start)
	}
	once("2")
	var one, two []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		one = append(one, once("1"))
		two = append(two, once("2"))
	}
	b.StopTimer()
	m1, m2 := median(one), median(two)
	b.ReportMetric(float64(m1.Milliseconds()), "j1-ms")
	b.ReportMetric(float64(m2.Milliseconds()), "j2-ms")
	b.ReportMetric(float64(m1)/float64(m2), "speedup")
}
