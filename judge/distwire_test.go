package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/harness/store"
)

// distContest writes a small contest on a copy of sudoku holding only its sample
// group: a right C entrant, a presentation error and a wrong answer in Python, a
// slow shell script that echoes its input (WA) and a command line. It returns the
// contest file and the number of jobs.
func distContest(t *testing.T, delay string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "problems", "sudoku")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel == filepath.Join("data", "secret") {
			return filepath.SkipDir
		}
		dest := filepath.Join(dir, "sudoku", rel)
		if d.IsDir() {
			return os.MkdirAll(dest, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dest, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Only the sample group is judged.
	yaml := filepath.Join(dir, "sudoku", "problem.yaml")
	meta, err := os.ReadFile(yaml)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(yaml, append(meta, []byte("groups: [sample]\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "slow.sh"), []byte("#!/bin/sh\nsleep "+delay+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sols, err := filepath.Abs(filepath.Join("..", "solutions", "sudoku"))
	if err != nil {
		t.Fatal(err)
	}
	alice, err := filepath.Abs(filepath.Join("..", "examples", "entrants", "alice", "sudoku", "sudoku.c"))
	if err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf(`name: dist test
standings: icpc
problems:
  - ./sudoku
entrants:
  alice:
    sudoku: %s
  spaces:
    sudoku: %s/presentation_error/no_spaces.py
  unsolvable:
    sudoku: %s/wrong_answer/always_unsolvable.py
  slow:
    sudoku: slow.sh
  echo:
    sudoku: {command: "cat"}
`, alice, sols, sols)
	file := filepath.Join(dir, "contest.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	samples, _ := filepath.Glob(filepath.Join(src, "data", "sample", "*.in"))
	return file, 5 * len(samples)
}

// verdicts maps each stored result of a run to its verdict and score, failing on
// a job stored twice.
func verdicts(t *testing.T, db, run string) map[store.Key]string {
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
	out := map[store.Key]string{}
	for _, r := range rs {
		k := store.KeyOf(r)
		if _, dup := out[k]; dup {
			t.Errorf("job %+v stored twice", k)
		}
		out[k] = fmt.Sprintf("%s %g", r.Outcome.Verdict, r.Outcome.Score)
	}
	return out
}

var runIDRe = regexp.MustCompile(`\(run (\S+)\)`)

// remoteContest judges the contest through the broker at url, whose token is in
// the file tok, and returns its output and stored verdicts.
func remoteContest(t *testing.T, file, url, tok string) (string, map[store.Key]string) {
	t.Helper()
	state := t.TempDir()
	code, out, errOut := judge(t, "--state", state, "contest", file, "--nats", url, "--token-file", tok, "--ack-wait", "3s", "--out", t.TempDir())
	if code != 1 && code != 0 {
		t.Fatalf("contest --nats: exit %d: %s\n%s", code, errOut, out)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q (%s)", out, errOut)
	}
	return out, verdicts(t, filepath.Join(state, "judge.db"), m[1])
}

// localVerdicts judges the contest here and returns its stored verdicts.
func localVerdicts(t *testing.T, file string) map[store.Key]string {
	t.Helper()
	state := t.TempDir()
	code, out, errOut := judge(t, "--state", state, "contest", file, "-j", "2", "--out", t.TempDir())
	if code != 1 && code != 0 {
		t.Fatalf("local contest: exit %d: %s", code, errOut)
	}
	m := runIDRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no run id in %q (%s)", out, errOut)
	}
	return verdicts(t, filepath.Join(state, "judge.db"), m[1])
}

// startBroker starts an embedded broker for the test and returns its URL and
// its token file.
func startBroker(t *testing.T) (url, tokenFile string) {
	t.Helper()
	store := t.TempDir()
	tokenFile = filepath.Join(store, dist.TokenFileName)
	token, _, err := dist.BrokerToken(tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dist.StartBroker(dist.BrokerOptions{StoreDir: store, Listen: "127.0.0.1:0", Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Shutdown)
	return b.ClientURL(), tokenFile
}

// startWorker starts the judge CLI as a worker process for the broker at url
// whose token is in the file tok; it is killed at the end of the test. Its log
// goes to a file, whose path is returned.
func startWorker(t *testing.T, url, tok string) (*exec.Cmd, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(t.TempDir(), "worker.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "--state", t.TempDir(), "worker", "--nats", url, "--token-file", tok, "--ack-wait", "3s")
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		logFile.Close()
	})
	return cmd, logPath
}

func compareVerdicts(t *testing.T, local, remote map[store.Key]string, jobs int) {
	t.Helper()
	if len(local) != jobs {
		t.Errorf("local run stored %d results, want %d", len(local), jobs)
	}
	if len(remote) != len(local) {
		t.Errorf("through the broker: %d results, locally %d", len(remote), len(local))
	}
	for k, v := range local {
		if remote[k] != v {
			t.Errorf("%+v: through the broker %q, locally %q", k, remote[k], v)
		}
	}
}

// TestContestThroughWorkers judges a contest with three worker processes through
// an in-test broker and finds the verdicts and scores of a local run.
func TestContestThroughWorkers(t *testing.T) {
	file, jobs := distContest(t, "0")
	local := localVerdicts(t, file)
	url, tok := startBroker(t)
	var logs []string
	for range 3 {
		_, l := startWorker(t, url, tok)
		logs = append(logs, l)
	}
	out, remote := remoteContest(t, file, url, tok)
	compareVerdicts(t, local, remote, jobs)
	for _, want := range []string{"standings (icpc)", "alice", "sudoku"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	judged := 0
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		judged += strings.Count(string(b), " job ")
	}
	if judged < jobs {
		t.Errorf("the workers logged %d jobs, want at least %d", judged, jobs)
	}
}

// waitFor polls cond until it holds or a generous deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWorkerKilledMidJob kills the only worker while it runs a slow job; the job
// is delivered again to the workers started after, and every job is stored once
// with the verdicts of a local run.
func TestWorkerKilledMidJob(t *testing.T) {
	file, jobs := distContest(t, "1")
	local := localVerdicts(t, file)
	url, tok := startBroker(t)
	// The slow entrant sleeps for a time no other process uses, so the test sees
	// from outside its jail that the worker is in the middle of a job when it
	// kills it.
	nap := fmt.Sprintf("1.%06d", os.Getpid()%1000000)
	slow := filepath.Join(filepath.Dir(file), "slow.sh")
	if err := os.WriteFile(slow, []byte("#!/bin/sh\nsleep "+nap+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	first, _ := startWorker(t, url, tok)
	state := t.TempDir()
	type outcome struct {
		code     int
		out, err string
	}
	done := make(chan outcome, 1)
	go func() {
		code, out, errOut := judge(t, "--state", state, "contest", file, "--nats", url, "--token-file", tok, "--ack-wait", "3s", "--out", t.TempDir())
		done <- outcome{code, out, errOut}
	}()
	waitFor(t, "the slow entrant to start", func() bool {
		out, err := exec.Command("pgrep", "-f", "sleep "+nap).Output()
		return err == nil && len(out) > 0
	})
	_ = first.Process.Signal(syscall.SIGKILL)
	_ = first.Wait()
	for range 2 {
		startWorker(t, url, tok)
	}
	var o outcome
	select {
	case o = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("the contest did not finish after the worker was killed")
	}
	if o.code != 1 && o.code != 0 {
		t.Fatalf("contest --nats: exit %d: %s\n%s", o.code, o.err, o.out)
	}
	m := runIDRe.FindStringSubmatch(o.out)
	if m == nil {
		t.Fatalf("no run id in %q (%s)", o.out, o.err)
	}
	compareVerdicts(t, local, verdicts(t, filepath.Join(state, "judge.db"), m[1]), jobs)
}

// TestCoordinatorKilledAndResumed kills the contest (the coordinator) with SIGKILL
// once some results are stored, then resumes it: no result is lost or stored
// twice and the verdicts are a local run's.
func TestCoordinatorKilledAndResumed(t *testing.T) {
	file, jobs := distContest(t, "0.3")
	local := localVerdicts(t, file)
	url, tok := startBroker(t)
	for range 3 {
		startWorker(t, url, tok)
	}
	state := t.TempDir()
	db := filepath.Join(state, "judge.db")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	errPath := filepath.Join(t.TempDir(), "stderr")
	errFile, err := os.Create(errPath)
	if err != nil {
		t.Fatal(err)
	}
	defer errFile.Close()
	cmd := exec.Command(exe, "--state", state, "contest", file, "--nats", url, "--token-file", tok, "--ack-wait", "3s", "--out", t.TempDir())
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	cmd.Stderr = errFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var runID string
	waitFor(t, "some results stored", func() bool {
		if runID == "" {
			b, _ := os.ReadFile(errPath)
			if m := regexp.MustCompile(`run (\S+):`).FindStringSubmatch(string(b)); m != nil {
				runID = m[1]
			}
		}
		return runID != "" && countResults(t, db, runID) >= 3
	})
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	before := countResults(t, db, runID)
	if before >= jobs {
		t.Skipf("all %d jobs were stored before the kill; nothing left to resume", jobs)
	}
	// An entrant edited meanwhile: the resume refuses to mix versions, as a
	// local one does, and judges nothing.
	slow := filepath.Join(filepath.Dir(file), "slow.sh")
	orig, err := os.ReadFile(slow)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(slow, append(append([]byte{}, orig...), "# edited\n"...), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := judge(t, "--state", state, "contest", file, "--nats", url, "--token-file", tok, "--ack-wait", "3s", "--resume", runID, "--out", t.TempDir())
	if code != 2 || !strings.Contains(errOut, "slow's sudoku submission") {
		t.Errorf("resume after an edit: exit %d, want 2 naming slow's submission: %s", code, errOut)
	}
	if n := countResults(t, db, runID); n < before {
		t.Errorf("the refused resume lost results: %d, were %d", n, before)
	}
	if err := os.WriteFile(slow, orig, 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = judge(t, "--state", state, "contest", file, "--nats", url, "--token-file", tok, "--ack-wait", "3s", "--resume", runID, "--out", t.TempDir())
	if code != 1 && code != 0 {
		t.Fatalf("resume: exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(errOut, fmt.Sprintf("(%d already done)", before)) && before > 0 {
		// More may have been stored between the count and the kill; never fewer.
		m := regexp.MustCompile(`\((\d+) already done\)`).FindStringSubmatch(errOut)
		var n int
		if m != nil {
			fmt.Sscan(m[1], &n)
		}
		if n < before {
			t.Errorf("resume saw %d done, but %d were stored before it: %s", n, before, errOut)
		}
	}
	compareVerdicts(t, local, verdicts(t, db, runID), jobs)
}

// TestPackageContestThroughWorkers judges a contest on a problem package (with
// its own C++ output validator) through a worker: the worker opens the package
// as a package, as a local run does, and finds the same verdicts.
func TestPackageContestThroughWorkers(t *testing.T) {
	for _, tool := range []string{"python3", "g++"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	pkg := filepath.Join(dir, "pairsum")
	if err := os.CopyFS(pkg, os.DirFS(filepath.Join("..", "problems", "icpc", "testdata", "pairsum"))); err != nil {
		t.Fatal(err)
	}
	body := `name: package over workers
problems:
  - ./pairsum
entrants:
  one:
    pairsum: pairsum/submissions/accepted/one.py
  zero:
    pairsum: pairsum/submissions/wrong_answer/zero.py
`
	file := filepath.Join(dir, "contest.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	local := localVerdicts(t, file)
	url, tok := startBroker(t)
	startWorker(t, url, tok)
	_, remote := remoteContest(t, file, url, tok)
	compareVerdicts(t, local, remote, len(local))
	for k, v := range remote {
		if strings.HasPrefix(v, "JE") {
			t.Errorf("%+v: %s", k, v)
		}
	}
}

// syncBuffer is a bytes.Buffer safe to read while the judge writes to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRemoteContestServes: judge contest --nats --serve shows the live
// scoreboard while the workers judge, as a local contest does, and the page
// changes as their results come in. (The option was ignored there.)
func TestRemoteContestServes(t *testing.T) {
	file, _ := distContest(t, "3") // its slow entrant keeps the contest going while the page is read
	url, tok := startBroker(t)
	var out, errOut syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- run([]string{"judge", "--state", t.TempDir(), "contest", file, "--nats", url, "--token-file", tok,
			"--ack-wait", "3s", "--out", t.TempDir(), "--serve", "127.0.0.1:0"}, &out, &errOut)
	}()
	addr := regexp.MustCompile(`live scoreboard: (http://\S+/)`)
	var page string
	waitFor(t, "the live scoreboard", func() bool {
		m := addr.FindStringSubmatch(errOut.String())
		if m == nil {
			return false
		}
		page = m[1]
		return true
	})
	get := func(path string) string {
		resp, err := http.Get(page + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", path, resp.Status)
		}
		return string(body)
	}
	if body := get(""); !strings.Contains(body, "dist test") || !strings.Contains(body, "alice") {
		t.Fatalf("the scoreboard does not show the contest and its entrants:\n%s", body)
	}
	before := get("version")
	startWorker(t, url, tok) // no worker until now: nothing was judged
	waitFor(t, "a result on the scoreboard", func() bool { return get("version") != before })
	select {
	case c := <-code:
		if c != 0 && c != 1 {
			t.Fatalf("contest --nats --serve: exit %d\n%s\n%s", c, out.String(), errOut.String())
		}
	case <-time.After(3 * time.Minute):
		t.Fatalf("the contest did not end:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "standings (icpc)") {
		t.Errorf("no standings after the contest:\n%s", out.String())
	}
}
