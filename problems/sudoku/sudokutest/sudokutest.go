// Package sudokutest helps the tests of the sudoku problem and its solutions: it finds
// the public benchmark lists in the project's shared folder and reads them.
package sudokutest

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

// RepoRoot returns the nearest ancestor of the working directory holding go.mod.
func RepoRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Benchmark reads ../shared/data/sudoku/NAME (relative to the repository root): one
// puzzle per line in the 81-character form, '#' lines skipped. It skips the test when
// the file is absent, as it is on a clone without the shared folder.
func Benchmark(tb testing.TB, name string) []grid.Grid {
	tb.Helper()
	path := filepath.Join(RepoRoot(tb), "..", "shared", "data", "sudoku", name)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("%s: not present", path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []grid.Grid
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := grid.ParseLine(line)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// Verify fails the test unless sol is a complete, valid grid that keeps every given of
// puzzle.
func Verify(tb testing.TB, puzzle, sol grid.Grid) {
	tb.Helper()
	if !sol.Complete() || !sol.Extends(puzzle) {
		tb.Fatalf("puzzle %s: %s is incomplete or drops a given", puzzle, sol)
	}
	if a, b, clash := sol.Conflict(); clash {
		tb.Fatalf("puzzle %s: solution %s repeats %d in %s", puzzle, sol, sol[b], grid.Unit(a, b))
	}
}

// CPUSince returns the CPU time (user + system) this process has used since the mark
// start, itself a value returned by CPUSince(0). Benchmarks report it beside wall time,
// which a loaded machine inflates.
func CPUSince(start time.Duration) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - start
}
