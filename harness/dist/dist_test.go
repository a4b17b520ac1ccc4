package dist

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

// The tests run workers as real processes: the test binary started again with
// these variables set becomes a worker (see TestMain).
const (
	envURL      = "DIST_TEST_URL"      // broker URL
	envMode     = "DIST_TEST_MODE"     // ok | stall | crash:WORD
	envMarker   = "DIST_TEST_MARKER"   // stall mode: file written when a job is taken
	envAckWait  = "DIST_TEST_ACKWAIT"  // Config.AckWait
	envMaxTries = "DIST_TEST_MAXTRIES" // Config.MaxTries
	envID       = "DIST_TEST_ID"       // worker id
	envToken    = "DIST_TEST_TOKEN"    // the broker's token
	envCA       = "DIST_TEST_CA"       // a certificate to trust: connect with TLS
)

// testToken is the token of the tests' brokers.
const testToken = "0123456789abcdef0123456789abcdef-test-token"

// testClient is how the tests connect to their brokers.
func testClient(name string) ClientOptions {
	return ClientOptions{Name: name, Token: testToken}
}

func TestMain(m *testing.M) {
	if url := os.Getenv(envURL); url != "" {
		os.Exit(workerMain(url))
	}
	os.Exit(m.Run())
}

// fakeExec judges a job without running anything: AC, or per mode stall (wait
// forever after writing the marker) or crash (exit when the dataset name holds a
// word).
type fakeExec struct{ mode, marker string }

func (f fakeExec) Execute(ctx context.Context, job Job, in Inputs) (problems.Result, error) {
	if _, err := os.Stat(filepath.Join(in.ProblemDir, "problem.yaml")); err != nil {
		return problems.Result{}, fmt.Errorf("problem not fetched: %w", err)
	}
	switch {
	case f.mode == "stall":
		_ = os.WriteFile(f.marker, []byte(job.ID), 0o644)
		<-ctx.Done()
		return problems.Result{}, ctx.Err()
	case strings.HasPrefix(f.mode, "crash:") && strings.Contains(job.Dataset, strings.TrimPrefix(f.mode, "crash:")):
		os.Exit(3)
	}
	time.Sleep(5 * time.Millisecond)
	return problems.Result{Outcome: problems.Accepted(1, "fake")}, nil
}

func workerMain(url string) int {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	opts := ClientOptions{Name: "test-worker", Token: os.Getenv(envToken)}
	if ca := os.Getenv(envCA); ca != "" {
		cfg, err := ClientTLS(ca)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		opts.TLS = cfg
	}
	nc, js, err := Connect(ctx, url, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer nc.Close()
	cfg := testConfig()
	cache, _ := os.MkdirTemp("", "dist-worker-")
	defer os.RemoveAll(cache)
	w := &Worker{Info: WorkerInfo{ID: os.Getenv(envID), Jobs: 1}, JS: js, Config: cfg, Cache: cache,
		Exec: fakeExec{mode: os.Getenv(envMode), marker: os.Getenv(envMarker)}}
	if err := w.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func testConfig() Config {
	c := Config{AckWait: 2 * time.Second, MaxTries: 3}
	if v, err := time.ParseDuration(os.Getenv(envAckWait)); err == nil {
		c.AckWait = v
	}
	if n := os.Getenv(envMaxTries); n != "" {
		fmt.Sscan(n, &c.MaxTries)
	}
	return c
}

// testBroker starts a broker on a free loopback port with its store in a
// temporary folder.
func testBroker(t *testing.T, store string) *Broker {
	t.Helper()
	b, err := StartBroker(BrokerOptions{StoreDir: store, Listen: "127.0.0.1:0", Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Shutdown)
	return b
}

// startWorker starts a worker process; the returned function kills it (if still
// running) and waits for it.
func startWorker(t *testing.T, url, id, mode string, cfg Config, extra ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run", "^$")
	cmd.Env = append(os.Environ(), envURL+"="+url, envMode+"="+mode, envID+"="+id,
		envAckWait+"="+cfg.AckWait.String(), fmt.Sprintf("%s=%d", envMaxTries, cfg.MaxTries), envToken+"="+testToken)
	cmd.Env = append(cmd.Env, extra...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return cmd
}

// testJobs uploads a tiny problem folder and returns n jobs on it; datasets named
// with word get it in their name.
func testJobs(t testing.TB, ctx context.Context, b *Broker, n int, word string) []Job {
	t.Helper()
	return uploadJobs(t, ctx, b.ClientURL(), testClient("test-setup"), n, word)
}

// uploadJobs is testJobs through a client connected to url with opts.
func uploadJobs(t testing.TB, ctx context.Context, url string, opts ClientOptions, n int, word string) []Job {
	t.Helper()
	nc, js, err := Connect(ctx, url, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if err := Setup(ctx, js, testConfig()); err != nil {
		t.Fatal(err)
	}
	blobs, err := OpenBlobs(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "data", "secret"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte("slug: demo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := blobs.PutDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []Job
	for i := range n {
		ds := fmt.Sprintf("secret/%02d", i)
		if word != "" && i == n-1 {
			ds += "-" + word
		}
		jobs = append(jobs, Job{ID: JobID("demo", "alice", ds, 0), Problem: "demo", ProblemBlob: h,
			Submission: "alice", Dataset: ds})
	}
	return jobs
}

// collectAll publishes jobs as run and collects every result, failing on a
// duplicate.
func collectAll(t *testing.T, ctx context.Context, url, run string, jobs []Job, cfg Config) map[string]Result {
	t.Helper()
	nc, js, err := Connect(ctx, url, testClient("test-coordinator"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	c := &Coordinator{JS: js, Run: run, Config: cfg}
	if err := c.Publish(ctx, jobs); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, j := range jobs {
		want[j.ID] = true
	}
	got := map[string]Result{}
	var mu sync.Mutex
	err = c.Collect(ctx, want, func(r Result) error {
		mu.Lock()
		defer mu.Unlock()
		if _, dup := got[r.JobID]; dup {
			t.Errorf("job %s stored twice", r.JobID)
		}
		got[r.JobID] = r
		return nil
	})
	if err != nil {
		t.Fatalf("collecting: %v (have %d of %d)", err, len(got), len(jobs))
	}
	if err := c.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestThreeWorkersJudgeEveryJobOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	b := testBroker(t, t.TempDir())
	cfg := testConfig()
	jobs := testJobs(t, ctx, b, 60, "")
	for i := range 3 {
		startWorker(t, b.ClientURL(), fmt.Sprintf("w%d", i), "ok", cfg)
	}
	got := collectAll(t, ctx, b.ClientURL(), "run1", jobs, cfg)
	if len(got) != len(jobs) {
		t.Fatalf("%d results for %d jobs", len(got), len(jobs))
	}
	by := map[string]int{}
	for _, r := range got {
		if r.Result.Outcome.Verdict != problems.AC || r.Result.Run != "run1" || r.Result.Submission != "alice" {
			t.Errorf("result %+v", r)
		}
		by[r.Worker]++
	}
	if len(by) < 2 {
		t.Errorf("only %d worker(s) judged: %v", len(by), by)
	}
	nc, js, err := Connect(ctx, b.ClientURL(), testClient("test-doctor"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ws, err := Workers(ctx, js)
	if err != nil || len(ws) != 3 {
		t.Errorf("Workers = %d workers, %v; want 3", len(ws), err)
	}
}

func TestWorkerKilledMidJobIsJudgedElsewhere(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	b := testBroker(t, t.TempDir())
	cfg := Config{AckWait: time.Second, MaxTries: 3}
	jobs := testJobs(t, ctx, b, 10, "")
	marker := filepath.Join(t.TempDir(), "taken")
	staller := startWorker(t, b.ClientURL(), "staller", "stall", cfg, envMarker+"="+marker)
	done := make(chan map[string]Result, 1)
	go func() { done <- collectAll(t, ctx, b.ClientURL(), "run2", jobs, cfg) }()
	var taken []byte
	for len(taken) == 0 && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
		taken, _ = os.ReadFile(marker)
	}
	if err := staller.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	startWorker(t, b.ClientURL(), "survivor", "ok", cfg)
	got := <-done
	if len(got) != len(jobs) {
		t.Fatalf("%d results for %d jobs", len(got), len(jobs))
	}
	r := got[string(taken)]
	if r.Worker != "survivor" || r.Tries < 2 || r.Result.Outcome.Verdict != problems.AC {
		t.Errorf("the killed worker's job: %+v; want judged by survivor on a later try", r)
	}
}

func TestJobThatKillsEveryWorkerIsJudgeError(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	b := testBroker(t, t.TempDir())
	cfg := Config{AckWait: time.Second, MaxTries: 2}
	jobs := testJobs(t, ctx, b, 6, "poison")
	// Two worker slots that are started again whenever they die, as a service
	// manager would.
	var wg sync.WaitGroup
	restarts := 0
	var mu sync.Mutex
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ctx.Err() == nil; n++ {
				cmd := startWorker(t, b.ClientURL(), fmt.Sprintf("w%d-%d", i, n), "crash:poison", cfg)
				exited := make(chan error, 1)
				go func() { exited <- cmd.Wait() }()
				var err error
				select {
				case err = <-exited:
				case <-ctx.Done():
					_ = cmd.Process.Kill()
					<-exited
					return
				}
				var ee *exec.ExitError
				if ctx.Err() != nil || !errors.As(err, &ee) || ee.ExitCode() != 3 {
					return
				}
				mu.Lock()
				restarts++
				mu.Unlock()
			}
		}()
	}
	got := collectAll(t, ctx, b.ClientURL(), "run3", jobs, cfg)
	cancel()
	wg.Wait()
	for id, r := range got {
		want := problems.AC
		if strings.Contains(id, "poison") {
			want = problems.JE
		}
		if r.Result.Outcome.Verdict != want {
			t.Errorf("%s: %s (%s), want %s", id, r.Result.Outcome.Verdict, r.Result.Outcome.Message, want)
		}
	}
	if restarts != cfg.MaxTries {
		t.Errorf("the poison job killed %d workers, want exactly MaxTries = %d", restarts, cfg.MaxTries)
	}
}

func TestCoordinatorAndBrokerRestart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	store := t.TempDir()
	b, err := StartBroker(BrokerOptions{StoreDir: store, Listen: "127.0.0.1:0", Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	jobs := testJobs(t, ctx, b, 40, "")
	url := b.ClientURL()
	// The first coordinator publishes everything, stores a few results and dies.
	nc, js, err := Connect(ctx, url, testClient("first"))
	if err != nil {
		t.Fatal(err)
	}
	c := &Coordinator{JS: js, Run: "run4", Config: cfg}
	if err := c.Publish(ctx, jobs); err != nil {
		t.Fatal(err)
	}
	w := startWorker(t, url, "w", "ok", cfg)
	stored := map[string]Result{}
	want := map[string]bool{}
	for _, j := range jobs {
		want[j.ID] = true
	}
	errStop := errors.New("coordinator dies")
	err = c.Collect(ctx, want, func(r Result) error {
		if len(stored) == 10 {
			return errStop
		}
		stored[r.JobID] = r
		return nil
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("Collect = %v", err)
	}
	nc.Close()
	// The broker restarts on the same store and port while the worker waits.
	b.Shutdown()
	_ = w.Process.Kill()
	b2, err := StartBroker(BrokerOptions{StoreDir: store, Listen: strings.TrimPrefix(url, "nats://"), Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	defer b2.Shutdown()
	startWorker(t, url, "w2", "ok", cfg)
	// The resumed coordinator publishes what has no result yet and collects it.
	var missing []Job
	for _, j := range jobs {
		if _, ok := stored[j.ID]; !ok {
			missing = append(missing, j)
		}
	}
	for id, r := range collectAll(t, ctx, url, "run4", missing, cfg) {
		if _, dup := stored[id]; dup {
			t.Errorf("job %s stored twice", id)
		}
		stored[id] = r
	}
	if len(stored) != len(jobs) {
		t.Fatalf("%d results for %d jobs", len(stored), len(jobs))
	}
}

// TestWorkerDropsAHostileJob publishes, before an honest job, one whose source
// name climbs out of the worker's cache to a file of the host: the worker drops
// it unjudged and writes nothing there, and judges the honest one.
func TestWorkerDropsAHostileJob(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b := testBroker(t, t.TempDir())
	cfg := testConfig()
	honest := testJobs(t, ctx, b, 1, "")[0]
	nc, js, err := Connect(ctx, b.ClientURL(), testClient("test-mallory"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	blobs, err := OpenBlobs(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "payload")
	if err := os.WriteFile(src, []byte("written by a job\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := blobs.PutFile(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "outside-the-cache")
	hostile := honest
	hostile.ID, hostile.Submission = JobID("demo", "mallory", honest.Dataset, 0), "mallory"
	hostile.SourceBlob, hostile.SourceName = h, strings.Repeat("../", 40)+strings.TrimPrefix(target, "/")
	c := &Coordinator{JS: js, Run: "run1", Config: cfg}
	if err := c.Publish(ctx, []Job{hostile, honest}); err != nil {
		t.Fatal(err)
	}
	startWorker(t, b.ClientURL(), "w0", "ok", cfg)
	var got []Result
	err = c.Collect(ctx, map[string]bool{honest.ID: true}, func(r Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil || len(got) != 1 || got[0].Result.Outcome.Verdict != problems.AC {
		t.Fatalf("the honest job: %+v, %v", got, err)
	}
	if _, err := os.Stat(target); err == nil {
		t.Errorf("a job wrote %s outside the worker's cache", target)
	}
}
