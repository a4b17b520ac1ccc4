package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func TestMain(m *testing.M) {
	if IsSupervisor() {
		Supervise()
	}
	code := m.Run()
	if cPrograms.dir != "" {
		os.RemoveAll(cPrograms.dir)
	}
	os.Exit(code)
}

// cPrograms compiles the C programs of testdata once per test binary.
var cPrograms = struct {
	once sync.Once
	dir  string
	err  error
}{}

func cProgram(t testing.TB, name string) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	cPrograms.once.Do(func() {
		cPrograms.dir, cPrograms.err = os.MkdirTemp("", "judge-harness-test-")
		if cPrograms.err != nil {
			return
		}
		srcs, _ := filepath.Glob("testdata/*.c")
		for _, src := range srcs {
			out := filepath.Join(cPrograms.dir, strings.TrimSuffix(filepath.Base(src), ".c"))
			if b, err := exec.Command("gcc", "-O1", "-o", out, src).CombinedOutput(); err != nil {
				cPrograms.err = &exec.Error{Name: src, Err: os.ErrInvalid}
				_ = b
				return
			}
		}
	})
	if cPrograms.err != nil {
		t.Fatalf("compiling test programs: %v", cPrograms.err)
	}
	return filepath.Join(cPrograms.dir, name)
}

func runners(t *testing.T) map[string]Runner {
	t.Helper()
	sup, err := NewRunner("")
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The supervisor without a cgroup: the fallback where cgroups cannot be made.
	rlimitsOnly := &supervisedRunner{self: exe, cgErr: "disabled for the test"}
	return map[string]Runner{"supervised": sup, "rlimits": rlimitsOnly, "direct": NewDirectRunner()}
}

func outFile(t *testing.T) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	// A zombie is dead for our purposes.
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	fields := strings.Fields(string(data))
	return len(fields) > 2 && fields[2] != "Z"
}

func TestRunLimits(t *testing.T) {
	base := problems.Limits{Time: time.Second, Memory: 256 * problems.MiB, Output: 1 * problems.MiB, Processes: 16}
	tests := []struct {
		prog  string
		check func(t *testing.T, m Measure)
	}{
		{"true", func(t *testing.T, m Measure) {
			if m.ExitCode != 0 || m.TimedOut || m.CPUExceeded || m.MemoryExceeded || m.OutputExceeded {
				t.Errorf("true: %+v", m)
			}
		}},
		{"spin", func(t *testing.T, m Measure) {
			// On a loaded machine the wall limit may strike first; either is TLE.
			if !m.CPUExceeded && !m.TimedOut {
				t.Errorf("spin: no time limit reported: %+v", m)
			}
		}},
		{"hog", func(t *testing.T, m Measure) {
			// Skipped for the direct runner, whose limits race with the program.
			if m.ExitCode == 0 {
				t.Errorf("hog: allocated 1 GiB under a 256 MiB limit: %+v", m)
			}
		}},
		{"flood", func(t *testing.T, m Measure) {
			if !m.OutputExceeded {
				t.Errorf("flood: output limit not reported: %+v", m)
			}
		}},
		{"quietflood", func(t *testing.T, m Measure) {
			if !m.OutputExceeded {
				t.Errorf("quietflood: output limit not reported: %+v", m)
			}
		}},
		{"exactout", func(t *testing.T, m Measure) {
			if m.ExitCode != 0 || m.OutputExceeded {
				t.Errorf("exactout: 1 MiB under a 1 MiB limit: %+v", m)
			}
		}},
	}
	for name, r := range runners(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.prog, func(t *testing.T) {
				if name == "direct" && tt.prog == "hog" {
					t.Skip("the direct runner sets RLIMIT_AS after start, which a fast program can beat")
				}
				m, err := r.Run(context.Background(), Spec{Argv: []string{cProgram(t, tt.prog)}, Stdout: outFile(t), Limits: base, AddressSpace: true})
				if err != nil {
					t.Fatal(err)
				}
				tt.check(t, m)
			})
		}
	}
}

func TestSupervisedMemory(t *testing.T) {
	r, err := NewRunner("")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Guarantees().Backend, "cgroup") {
		t.Skipf("no cgroup on this machine: %s", r.Guarantees().CgroupError)
	}
	m, err := r.Run(context.Background(), Spec{Argv: []string{cProgram(t, "hog")}, Stdout: outFile(t),
		Limits: problems.Limits{Time: 2 * time.Second, Wall: 30 * time.Second, Memory: 256 * problems.MiB, Processes: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if !m.MemoryExceeded || !m.PeakExact || m.PeakKiB < 200<<10 || m.PeakKiB > 260<<10 {
		t.Errorf("hog under a cgroup: %+v", m)
	}
	m, err = r.Run(context.Background(), Spec{Argv: []string{cProgram(t, "true")}, Stdout: outFile(t),
		Limits: problems.Limits{Time: time.Second, Memory: 256 * problems.MiB, Processes: 4}})
	if err != nil {
		t.Fatal(err)
	}
	// The ru_maxrss trap: the peak must be the program's, not the judge's.
	if m.PeakKiB > 4096 {
		t.Errorf("true reports a peak of %d KiB; that is not its own", m.PeakKiB)
	}
}

func TestTreeKilled(t *testing.T) {
	for name, r := range runners(t) {
		t.Run(name, func(t *testing.T) {
			out := outFile(t)
			_, err := r.Run(context.Background(), Spec{Argv: []string{cProgram(t, "escape")}, Stdout: out,
				Limits: problems.Limits{Time: time.Second, Processes: 16}})
			if err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(out.Name())
			pids := strings.Fields(string(data))
			if len(pids) != 3 {
				t.Fatalf("escape printed %q", data)
			}
			strong := strings.Contains(r.Guarantees().TreeKill, "cgroup")
			allowed := 2
			if strong {
				allowed = 0
			}
			// A killed process takes a moment to die, longer on a loaded
			// machine: the survivors are counted once that moment has passed.
			var survivors []string
			for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				survivors = survivors[:0]
				for _, p := range pids {
					if pid, _ := strconv.Atoi(p); alive(pid) {
						survivors = append(survivors, p)
					}
				}
				if len(survivors) <= allowed || time.Now().After(deadline) {
					break
				}
			}
			for _, p := range survivors {
				pid, _ := strconv.Atoi(p)
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			if strong && len(survivors) > 0 {
				t.Errorf("processes outlived the run: %v", survivors)
			}
			// Without a cgroup only the processes that left the group with setsid
			// (the first child and its child) may survive.
			if !strong && len(survivors) > 2 {
				t.Errorf("more than the setsid processes outlived the run: %v", survivors)
			}
		})
	}
}

func TestRunCanceled(t *testing.T) {
	r, err := NewRunner("")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	m, err := r.Run(ctx, Spec{Argv: []string{cProgram(t, "spin")}, Stdout: outFile(t), Limits: problems.Limits{Time: 10 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Canceled || m.Wall > 2*time.Second {
		t.Errorf("cancel: %+v", m)
	}
}

func TestExecFailure(t *testing.T) {
	r, err := NewRunner("")
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Run(context.Background(), Spec{Argv: []string{"/nonexistent/program"}, Limits: problems.Limits{Time: time.Second}})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/program") {
		t.Errorf("err = %v, want one naming the program", err)
	}
}

// TestStandardStreamsOpen: a stream the spec leaves nil reaches the program
// as /dev/null, never as a closed descriptor (which the program's first open
// file would then take: a Python program opened its script as descriptor 2
// and exited 1).
func TestStandardStreamsOpen(t *testing.T) {
	script := `for fd in 0 2; do printf "$fd:%s " "$(readlink /proc/self/fd/$fd || echo closed)"; done`
	for name, r := range runners(t) {
		t.Run(name, func(t *testing.T) {
			out := outFile(t)
			spec := Spec{Argv: []string{"/bin/sh", "-c", script}, Limits: problems.DefaultLimits()}
			spec.Stdout = out
			if _, err := r.Run(context.Background(), spec); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(out.Name())
			if err != nil {
				t.Fatal(err)
			}
			for _, fd := range []string{"0:", "2:"} {
				if !strings.Contains(string(got), fd+"/dev/null") {
					t.Errorf("descriptor %s of the program: %q, want /dev/null", strings.TrimSuffix(fd, ":"), got)
				}
			}
		})
	}
}
