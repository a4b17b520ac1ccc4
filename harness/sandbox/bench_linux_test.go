package sandbox

import (
	"context"
	"os"
	"os/exec"
	"sort"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkSpawnOverhead measures the cost per run of starting a trivial C program
// three ways, interleaved so that they share the machine's noise: a bare os/exec,
// the direct runner and the supervised runner (with a cgroup where one can be made).
// It reports the median of each and the runners' overhead over the bare start.
// Run it with at least 500 iterations: go test -bench SpawnOverhead -benchtime 600x.
func BenchmarkSpawnOverhead(b *testing.B) {
	prog := cProgram(b, "true")
	// JUDGE_BENCH_SUPERVISOR names the binary to use as the supervisor (make bench
	// passes bin/judge, the real one); by default it is this test binary.
	sup, err := NewRunner(os.Getenv("JUDGE_BENCH_SUPERVISOR"))
	if err != nil {
		b.Fatal(err)
	}
	direct := NewDirectRunner()
	out, err := os.Create(os.DevNull)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	limits := problems.Limits{Time: time.Second, Memory: 64 * problems.MiB, Output: 1 * problems.MiB, Processes: 4}
	spec := Spec{Argv: []string{prog}, Stdout: out, Limits: limits, AddressSpace: true}
	var bare, dir, supd []time.Duration
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		cmd := exec.Command(prog)
		cmd.Stdout = out
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		bare = append(bare, time.Since(t))

		t = time.Now()
		if _, err := direct.Run(ctx, spec); err != nil {
			b.Fatal(err)
		}
		dir = append(dir, time.Since(t))

		t = time.Now()
		if _, err := sup.Run(ctx, spec); err != nil {
			b.Fatal(err)
		}
		supd = append(supd, time.Since(t))
	}
	b.StopTimer()
	mb, md, ms := median(bare), median(dir), median(supd)
	b.ReportMetric(float64(mb.Microseconds())/1000, "bare-ms")
	b.ReportMetric(float64(md.Microseconds())/1000, "direct-ms")
	b.ReportMetric(float64(ms.Microseconds())/1000, "supervised-ms")
	b.ReportMetric(float64((md-mb).Microseconds())/1000, "direct-overhead-ms")
	b.ReportMetric(float64((ms-mb).Microseconds())/1000, "supervised-overhead-ms")
	b.Logf("backend %s, supervisor %s, %d runs each", sup.Guarantees().Backend, sup.Guarantees().Supervisor, b.N)
}
