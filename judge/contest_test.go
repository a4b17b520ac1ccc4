package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/internal/testfiles"
)

// cliEnv makes the test binary act as the judge CLI when re-executed, so that a test
// can kill a real judge process.
const cliEnv = "JUDGE_TEST_AS_CLI"

func init() {
	if os.Getenv(cliEnv) != "" {
		os.Exit(run(os.Args, os.Stdout, os.Stderr))
	}
}

// writeContest writes a small sudoku contest with two slow "entrants" (shell scripts
// that sleep, then echo the input: WA everywhere, but they take time).
func writeContest(t *testing.T, delay string) (file string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nsleep " + delay + "\ncat\n"
	for _, name := range []string{"slow1.sh", "slow2.sh"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file = filepath.Join(dir, "contest.yaml")
	body := "name: kill test\nstandings: icpc\nproblems:\n  - sudoku\nentrants:\n" +
		"  one:\n    sudoku: slow1.sh\n  two:\n    sudoku: slow2.sh\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func countResults(t *testing.T, db, run string) int {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, err := st.Results(context.Background(), run)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[store.Key]bool{}
	for _, r := range rs {
		k := store.KeyOf(r)
		if seen[k] {
			t.Errorf("duplicate result %+v", k)
		}
		seen[k] = true
	}
	return len(rs)
}

// TestKillAndResume kills the judge with SIGKILL in the middle of a contest, then
// resumes the run: no finished result may be lost or stored twice, and only the
// missing jobs may run again.
func TestKillAndResume(t *testing.T) {
	file := writeContest(t, "0.05")
	state := t.TempDir()
	db := filepath.Join(state, "judge.db")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The judge's stderr goes to a file, not a buffer: exec would fill a buffer from
	// its own goroutine while this one reads it.
	errPath := filepath.Join(t.TempDir(), "stderr")
	errFile, err := os.Create(errPath)
	if err != nil {
		t.Fatal(err)
	}
	defer errFile.Close()
	cmd := exec.Command(exe, "--state", state, "contest", file, "-j", "2", "--out", t.TempDir())
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	cmd.Stderr = errFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stderr := func() string { b, _ := os.ReadFile(errPath); return string(b) }
	// Wait for some results to be stored, then kill the judge outright.
	var runID string
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		if m := regexp.MustCompile(`run (\S+):`).FindStringSubmatch(stderr()); m != nil && runID == "" {
			runID = m[1]
		}
		if runID != "" && countResults(t, db, runID) >= 10 {
			break
		}
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if runID == "" {
		t.Fatalf("no run id in the judge's output: %s", stderr())
	}
	before := countResults(t, db, runID)
	if before < 10 {
		t.Fatalf("only %d results stored before the kill", before)
	}
	code, out, errOut := judge(t, "--state", state, "contest", file, "-j", "2", "--resume", runID, "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("resume: exit %d: %s\n%s", code, errOut, out)
	}
	total := countResults(t, db, runID)
	jobs := 0
	if m := regexp.MustCompile(`(\d+) jobs \((\d+) already done\)`).FindStringSubmatch(errOut); m != nil {
		fmt.Sscan(m[1], &jobs)
		var done int
		fmt.Sscan(m[2], &done)
		if done < before {
			t.Errorf("resume saw %d done, but %d were stored before it", done, before)
		}
	} else {
		t.Fatalf("no job count in %q", errOut)
	}
	if total != 2*47 && total != 2*countDatasets(t) {
		t.Errorf("after resume: %d results, want one per entrant and dataset", total)
	}
	if jobs+before < total || jobs >= total {
		t.Errorf("resume ran %d jobs with %d stored before and %d after: it should run only the missing ones", jobs, before, total)
	}
}

func countDatasets(t *testing.T) int {
	t.Helper()
	n := 0
	for _, g := range []string{"sample", "secret"} {
		m, _ := filepath.Glob(filepath.Join("..", "problems", "sudoku", "data", g, "*.in"))
		n += len(m)
	}
	return n
}

// TestReportReproducesContest checks that judge report prints a stored contest's
// tables byte for byte as the contest printed them.
func TestReportReproducesContest(t *testing.T) {
	file := writeContest(t, "0")
	state := t.TempDir()
	outDir := filepath.Join(t.TempDir(), "report")
	code, out, errOut := judge(t, "--state", state, "contest", file, "--out", outDir)
	if code != 0 {
		t.Fatalf("contest: exit %d: %s", code, errOut)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q", out)
	}
	tables, _, _ := strings.Cut(out, "report: ")
	code, again, errOut := judge(t, "--state", state, "report", m[1], "--no-write")
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errOut)
	}
	if again != tables {
		t.Errorf("report differs from the contest's output:\n--- contest\n%s\n--- report\n%s", tables, again)
	}
	for _, f := range []string{"standings.md", "sudoku.md", "results.json", "results.csv", "junit.xml"} {
		if _, err := os.Stat(filepath.Join(outDir, f)); err != nil {
			t.Errorf("report folder lacks %s: %v", f, err)
		}
	}
	diffs, _ := filepath.Glob(filepath.Join(outDir, "sudoku", "*", "*", "*.diff"))
	if len(diffs) == 0 {
		t.Error("no diff files for the WA results")
	}
}

// TestContestFileErrors runs judge contest on faulty contest files: each fault
// is one line naming the file, the line and (but for a syntax error) the column,
// and a pipe in place of the file is refused at once rather than waited on.
func TestContestFileErrors(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, body, want string }{
		{"syntax", "name: X\nstandings: icpc\nproblems: [sudoku\n", "c.yaml:3: did not find expected ',' or ']'"},
		{"unknown problem", "name: X\nproblems: [sudoku, nosuch]\nentrants:\n  a: {sudoku: a.c}\n", `c.yaml:2:20: unknown problem "nosuch"`},
		{"limit", "name: X\nproblems:\n  - slug: sudoku\n    limits: {time: abc}\nentrants:\n  a: {sudoku: a.c}\n", `c.yaml:4:20: limits.time: want a number, got "abc"`},
		{"missing submission", "name: X\nproblems: [sudoku]\nentrants:\n  a: {sudoku: none.c}\n", "c.yaml:4:7: a: submission "},
		{"pipe", "", fifo + ": not a regular file but a named pipe"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := fifo
			if tc.body != "" {
				file = filepath.Join(t.TempDir(), "c.yaml")
				if err := os.WriteFile(file, []byte(tc.body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, _, errOut := judge(t, "--state", t.TempDir(), "contest", file)
			want := tc.want
			if tc.body != "" {
				want = file[:len(file)-len("c.yaml")] + want
			}
			if code != exitUsage || !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Errorf("exit %d, stderr %q; want %d and one line with %q", code, errOut, exitUsage, want)
			}
		})
	}
}

// TestContestServeAddressFirst: a --serve address that cannot be listened on is
// refused before a submission is built or a run is stored.
func TestContestServeAddressFirst(t *testing.T) {
	state := t.TempDir()
	code, _, errOut := judge(t, "--state", state, "contest", filepath.Join("..", "examples", "contest.yaml"), "--serve", "nonsense")
	if code != exitUsage || !strings.Contains(errOut, "--serve nonsense") || !strings.Contains(errOut, "nothing was built") {
		t.Fatalf("exit %d, stderr %q; want 2 naming the address", code, errOut)
	}
	if built, _ := os.ReadDir(filepath.Join(state, "cache")); len(built) > 0 {
		t.Errorf("%d programs were built first", len(built))
	}
	if _, out, _ := judge(t, "--state", state, "history"); strings.Contains(out, "stopped") || strings.Contains(out, "running") {
		t.Errorf("a run was stored:\n%s", out)
	}
}

// TestContestPackageFolderNames runs a contest on a package whose folder name
// is no slug (capitals), as run judges one, and refuses a second folder whose
// name gives the same slug, naming both lines.
func TestContestPackageFolderNames(t *testing.T) {
	needTool(t, "python3")
	dir := t.TempDir()
	pkg := map[string]string{"problem.yaml": "name: Echo\nlimits:\n  time_limit: 1\n", "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
	for _, folder := range []string{"a/Hello_World", "b/hello_world"} {
		for name, text := range pkg {
			testfiles.Write(t, dir, map[string]string{folder + "/" + name: text})
		}
	}
	testfiles.Write(t, dir, map[string]string{
		"echo.py":  "print(input())\n",
		"one.yaml": "name: one\nproblems:\n  - ./a/Hello_World\nentrants:\n  x:\n    Hello_World: echo.py\n",
		"two.yaml": "name: two\nproblems:\n  - ./a/Hello_World\n  - ./b/hello_world\nentrants:\n  x:\n    Hello_World: echo.py\n",
	})
	code, out, errOut := judge(t, "--state", t.TempDir(), "contest", filepath.Join(dir, "one.yaml"), "--out", t.TempDir())
	if code != 0 || !strings.Contains(out, "1/1") {
		t.Errorf("one.yaml: exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = judge(t, "--state", t.TempDir(), "contest", filepath.Join(dir, "two.yaml"), "--out", t.TempDir())
	if want := `two.yaml:4:5: problem "hello_world" has the slug "hello_world" of "Hello_World" (line 3)`; code != exitUsage || !strings.Contains(errOut, want) {
		t.Errorf("two.yaml: exit %d, %q; want exit %d with %q", code, errOut, exitUsage, want)
	}
}
