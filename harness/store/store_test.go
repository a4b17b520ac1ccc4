package store

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func result(run, sub, ds string, attempt int, v problems.Verdict) problems.Result {
	return problems.Result{
		Run: run, Problem: "sudoku", Submission: sub, Source: "x/" + sub + ".c", Hash: "h-" + sub,
		Language: "C", Dataset: ds, Attempt: attempt,
		Outcome: problems.Outcome{Verdict: v, Score: 1.5, Message: "msg " + ds, Details: "details",
			Metrics: []problems.Metric{{Name: "moves", Value: 7}}},
		Usage:   problems.Usage{CPU: 1234 * time.Microsecond, Wall: 5678 * time.Microsecond, PeakKiB: 2048},
		Started: time.Date(2026, 11, 21, 18, 0, 0, 123456000, time.UTC),
		Diff:    "--- a\n+++ b\n",
	}
}

func TestSaveAndResults(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	run, err := s.NewRun(ctx, Run{Command: "contest", Args: []string{"examples/contest.yaml"}, Contest: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	in := []problems.Result{
		result(run.ID, "bob", "secret/2", 0, problems.WA),
		result(run.ID, "alice", "secret/1", 0, problems.AC),
		result(run.ID, "alice", "secret/1", 1, problems.AC),
	}
	in[1].Outcome.Metrics = nil
	in[1].Started = time.Time{}
	in[0].KeptOutput, in[0].StderrTail = []byte("3 1 2\n"), "Traceback (most recent call last):\n"
	for _, r := range in {
		if err := s.Save(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Results(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []problems.Result{in[1], in[2], in[0]} // problem, submission, dataset, attempt order
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results round trip:\n got %+v\nwant %+v", got, want)
	}

	// Saving the same key again replaces the row: no duplicate.
	again := in[0]
	again.Outcome.Verdict = problems.AC
	if err := s.Save(ctx, again); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Results(ctx, run.ID)
	if len(got) != 3 || got[2].Outcome.Verdict != problems.AC {
		t.Errorf("after re-save: %d rows, last %v", len(got), got[2].Outcome.Verdict)
	}

	if err := s.Save(ctx, result("", "x", "1", 0, problems.AC)); err == nil {
		t.Error("save without run id: no error")
	}
	if err := s.Save(ctx, result("no-such-run", "x", "1", 0, problems.AC)); err == nil {
		t.Error("save under unknown run: no error")
	}
}

func TestRunsAndStatus(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	a, err := s.NewRun(ctx, Run{Command: "run"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.NewRun(ctx, Run{Command: "contest", Args: []string{"c.yaml", "--resume"}, Contest: "Demo", Config: []byte(`{"entrants":["b","a"]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Save(ctx, result(b.ID, "alice", "1", 0, problems.AC)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, b.ID, StatusDone); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, "nope", StatusDone); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetStatus(nope) = %v", err)
	}
	runs, err := s.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 {
		t.Fatalf("%d runs", len(runs))
	}
	byID := map[string]Run{runs[0].ID: runs[0], runs[1].ID: runs[1]}
	gb := byID[b.ID]
	if gb.Status != StatusDone || gb.Finished.IsZero() || gb.Results != 1 || gb.Contest != "Demo" ||
		!reflect.DeepEqual(gb.Args, []string{"c.yaml", "--resume"}) || !gb.Started.Equal(b.Started) ||
		string(gb.Config) != `{"entrants":["b","a"]}` {
		t.Errorf("run b = %+v", gb)
	}
	ga := byID[a.ID]
	if ga.Status != StatusRunning || !ga.Finished.IsZero() || ga.Results != 0 || len(ga.Args) != 0 || len(ga.Config) != 0 {
		t.Errorf("run a = %+v", ga)
	}
	if runs[0].Started.Before(runs[1].Started) {
		t.Errorf("runs not newest first: %v, %v", runs[0].Started, runs[1].Started)
	}

	tests := []struct {
		id   string
		want string // run id, or "error"
	}{
		{a.ID, a.ID},
		{b.ID, b.ID},
		{b.ID[:len(b.ID)-1], b.ID},
		{"1999", "error"},
	}
	if a.ID[:16] == b.ID[:16] && a.ID != b.ID {
		tests = append(tests, struct{ id, want string }{a.ID[:16], "error"}) // ambiguous prefix
	}
	for _, tc := range tests {
		r, err := s.Run(ctx, tc.id)
		if tc.want == "error" {
			if err == nil {
				t.Errorf("Run(%q) = %v, want an error", tc.id, r.ID)
			}
			continue
		}
		if err != nil || r.ID != tc.want {
			t.Errorf("Run(%q) = %q, %v; want %q", tc.id, r.ID, err, tc.want)
		}
	}
}

func TestDone(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	run, _ := s.NewRun(ctx, Run{Command: "contest"})
	other, _ := s.NewRun(ctx, Run{Command: "contest"})
	for _, r := range []problems.Result{
		result(run.ID, "a", "1", 0, problems.AC), result(run.ID, "a", "2", 0, problems.TLE),
		result(run.ID, "a", "3", 0, problems.JE), result(other.ID, "a", "4", 0, problems.AC),
	} {
		if err := s.Save(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	done, err := s.Done(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Key]bool{
		{"sudoku", "a", "1", 0}: true,
		{"sudoku", "a", "2", 0}: true,
	}
	if !reflect.DeepEqual(done, want) {
		t.Errorf("Done = %v, want %v", done, want)
	}
	if k := KeyOf(result(run.ID, "a", "1", 0, problems.AC)); !done[k] {
		t.Errorf("KeyOf = %v not done", k)
	}
}

// Jobs finish on many goroutines at once; every Save must land, none may fail on
// a locked database.
func TestConcurrentSaves(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	run, err := s.NewRun(ctx, Run{Command: "contest"})
	if err != nil {
		t.Fatal(err)
	}
	const workers, each = 4, 40
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			for i := range each {
				if err := s.Save(ctx, result(run.ID, fmt.Sprintf("w%d", w), strconv.Itoa(i), 0, problems.AC)); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	got, err := s.Results(ctx, run.ID)
	if err != nil || len(got) != workers*each {
		t.Errorf("%d results, %v; want %d", len(got), err, workers*each)
	}
}

func TestOpenUpgradesOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	// Make it look like a database from before runs.config, results.output and
	// results.stderr, at the first version of the schema.
	for _, drop := range []string{`ALTER TABLE runs DROP COLUMN config`, `ALTER TABLE results DROP COLUMN output`,
		`ALTER TABLE results DROP COLUMN stderr`, `PRAGMA user_version = 1`} {
		if _, err := s.db.ExecContext(ctx, drop); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	run, err := s.NewRun(ctx, Run{Command: "run", Config: []byte("x")})
	if err != nil {
		t.Fatalf("new run after upgrade: %v", err)
	}
	r := result(run.ID, "bob", "secret/2", 0, problems.WA)
	r.KeptOutput, r.StderrTail = []byte("out"), "err"
	if err := s.Save(ctx, r); err != nil {
		t.Fatalf("save after upgrade: %v", err)
	}
	if got, err := s.Results(ctx, run.ID); err != nil || len(got) != 1 || string(got[0].KeptOutput) != "out" || got[0].StderrTail != "err" {
		t.Errorf("results after upgrade: %+v, %v", got, err)
	}
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil || version != schemaCurrent {
		t.Errorf("after a new run the store is at version %d (%v), want %d", version, err, schemaCurrent)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	for _, p := range []string{"", "a?b.db"} {
		if s, err := Open(ctx, p); err == nil {
			s.Close()
			t.Errorf("Open(%q): no error", p)
		}
	}
	// A directory where the file should be.
	if s, err := Open(ctx, t.TempDir()); err == nil {
		s.Close()
		t.Error("Open(directory): no error")
	}
}

// The kill test: a child process (this test binary, told so by writerEnv) saves
// results one by one and prints each key once Save returned. The parent kills it with
// SIGKILL mid-stream, then resumes like `judge contest --resume` would: it skips the
// keys Done reports and saves the rest. Every reported result must be stored exactly
// once, and the whole run must be complete with no duplicate.
const (
	writerEnv  = "JUDGE_STORE_TEST_WRITER"
	killAfter  = 15
	totalJobs  = 120
	writerWait = time.Millisecond // between saves, so that the kill lands mid-run
)

func jobs(runID string) []problems.Result {
	var out []problems.Result
	for i := range totalJobs {
		r := result(runID, fmt.Sprintf("sub%d", i%4), fmt.Sprintf("secret/%03d", i/4), 0, problems.AC)
		r.Usage.CPU = time.Duration(i) * time.Microsecond
		out = append(out, r)
	}
	return out
}

// writeJobs saves every job of the run not yet done, printing each saved key.
func writeJobs(ctx context.Context, path, runID string, report func(Key), wait time.Duration) error {
	s, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	done, err := s.Done(ctx, runID)
	if err != nil {
		return err
	}
	for _, r := range jobs(runID) {
		if done[KeyOf(r)] {
			continue
		}
		if err := s.Save(ctx, r); err != nil {
			return err
		}
		report(KeyOf(r))
		time.Sleep(wait)
	}
	return nil
}

func TestKillAndResume(t *testing.T) {
	if spec := os.Getenv(writerEnv); spec != "" {
		path, runID, _ := strings.Cut(spec, "|")
		err := writeJobs(context.Background(), path, runID, func(k Key) {
			fmt.Printf("saved %s %s\n", k.Submission, k.Dataset)
		}, writerWait)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.NewRun(ctx, Run{Command: "contest"})
	if err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestKillAndResume$")
	cmd.Env = append(os.Environ(), writerEnv+"="+path+"|"+run.ID)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reported := map[string]bool{}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 3 && f[0] == "saved" {
			reported[f[1]+" "+f[2]] = true
		}
		if len(reported) == killAfter {
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	for sc.Scan() { // drain whatever the child printed before it died
		if f := strings.Fields(sc.Text()); len(f) == 3 && f[0] == "saved" {
			reported[f[1]+" "+f[2]] = true
		}
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("writer was not killed: %v (it saved %d results)", err, len(reported))
	}

	stored, err := s.Results(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, r := range stored {
		have[r.Submission+" "+r.Dataset] = true
	}
	for k := range reported {
		if !have[k] {
			t.Errorf("result %s was reported saved but is lost", k)
		}
	}
	if len(stored) >= totalJobs {
		t.Fatalf("the writer finished (%d results) before the kill", len(stored))
	}

	// Resume in this process and check the run is complete, once.
	resumed := 0
	if err := writeJobs(ctx, path, run.ID, func(Key) { resumed++ }, 0); err != nil {
		t.Fatal(err)
	}
	stored, err = s.Results(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != totalJobs || resumed != totalJobs-len(have) {
		t.Errorf("after resume: %d results (want %d), %d re-run (want %d)",
			len(stored), totalJobs, resumed, totalJobs-len(have))
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM results WHERE run = ?`, run.ID).Scan(&n); err != nil || n != totalJobs {
		t.Errorf("row count %d, %v", n, err)
	}
	want := map[Key]problems.Result{}
	for _, r := range jobs(run.ID) {
		want[KeyOf(r)] = r
	}
	for _, r := range stored {
		if !reflect.DeepEqual(r, want[KeyOf(r)]) {
			t.Errorf("stored row differs from the job:\n got %+v\nwant %+v", r, want[KeyOf(r)])
		}
	}
	t.Logf("killed after %d reported results (%d stored), resume saved %d", len(reported), len(have), resumed)
}

func BenchmarkSave(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "judge.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	run, _ := s.NewRun(ctx, Run{Command: "bench"})
	i := 0
	for b.Loop() {
		if err := s.Save(ctx, result(run.ID, "a", strconv.Itoa(i), 0, problems.AC)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestOpenWritesNothingToAnExistingDatabase opens a database made before
// and checks its file is byte-for-byte the same afterwards: reading the
// history must not change it (nor need a writable state folder).
func TestOpenWritesNothingToAnExistingDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Runs(ctx); err != nil {
		t.Fatal(err)
	}
	st.Close()
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("opening and reading the database changed its file")
	}
}

// TestRunIDsDrawnAgain starts 1,500 runs as fast as it can: many fall in the
// same second, where an ID has 16 random bits, so some draw an ID already
// taken (the birthday bound makes that near certain) and must draw again
// rather than fail.
func TestRunIDsDrawnAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("1,500 runs")
	}
	s := open(t)
	ctx := context.Background()
	seen := map[string]bool{}
	for i := range 1500 {
		r, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"x"}})
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if seen[r.ID] {
			t.Fatalf("run %d: ID %s given twice", i, r.ID)
		}
		seen[r.ID] = true
	}
}

// TestDamagedArgs lists a run whose stored arguments are not JSON (a damaged or
// hand-edited database) with the others, saying what is wrong, rather than
// failing the whole history.
func TestDamagedArgs(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	good, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"sudoku", "x"}})
	if err != nil {
		t.Fatal(err)
	}
	bad, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"sudoku", "y"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{`not json`, `{"a":1}`, `[1,2]`, ``} {
		if _, err := s.db.ExecContext(ctx, `UPDATE runs SET args = ? WHERE id = ?`, args, bad.ID); err != nil {
			t.Fatal(err)
		}
		runs, err := s.Runs(ctx)
		if err != nil {
			t.Fatalf("args %q: Runs: %v", args, err)
		}
		if len(runs) != 2 {
			t.Fatalf("args %q: %d runs, want 2", args, len(runs))
		}
		for _, r := range runs {
			switch r.ID {
			case good.ID:
				if r.Unreadable != "" || !reflect.DeepEqual(r.Args, []string{"sudoku", "x"}) {
					t.Errorf("args %q: the good run became %+v", args, r)
				}
			case bad.ID:
				if r.Args != nil || !strings.Contains(r.Unreadable, "stored arguments") {
					t.Errorf("args %q: damaged run = %+v", args, r)
				}
			}
		}
		if r, err := s.Run(ctx, bad.ID); err != nil || r.Unreadable == "" {
			t.Errorf("args %q: Run = %+v, %v", args, r, err)
		}
	}
}

// TestUnusedIndexDropped: a store made before, with the index on results
// (problem, submission) that no query uses, loses it at its next new run; a
// store made now never has it.
func TestUnusedIndexDropped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	has := func() bool {
		t.Helper()
		var n int
		if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?", unusedIndex).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	if has() {
		t.Fatal("a new store has the unused index")
	}
	// A store of the first version, as the index was made then.
	if _, err := s.db.ExecContext(ctx, "CREATE INDEX "+unusedIndex+" ON results (problem, submission)"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, "PRAGMA user_version = 1"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.NewRun(ctx, Run{Command: "run"}); err != nil {
		t.Fatal(err)
	}
	if has() {
		t.Error("the unused index of a store made before is still there after a new run")
	}
}

// TestFlush: a run saved goes only to the write-ahead log; once a Flush has
// ended, the database file itself holds it (read here without the log), and
// reading beside the Flush and closing after it both work.
func TestFlush(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"sudoku"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if err := s.Save(ctx, result(run.ID, "alice", fmt.Sprintf("secret/%d", i), 0, problems.AC)); err != nil {
			t.Fatal(err)
		}
	}
	inFile := func() int {
		t.Helper()
		b, err := os.ReadFile(path) // the database file alone, without its log
		if err != nil {
			t.Fatal(err)
		}
		dup := fmt.Sprintf("%s-copy%d", path, len(b))
		if err := os.WriteFile(dup, b, 0o644); err != nil {
			t.Fatal(err)
		}
		copied, err := Open(ctx, dup)
		if err != nil {
			t.Fatal(err)
		}
		defer copied.Close()
		rs, err := copied.Results(ctx, run.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(rs)
	}
	if n := inFile(); n != 0 {
		t.Fatalf("before Flush the database file holds %d results; want them in the log only", n)
	}
	s.Flush(ctx)
	rs, err := s.Results(ctx, run.ID) // beside the checkpoint
	if err != nil || len(rs) != 20 {
		t.Fatalf("reading beside Flush: %d results, %v", len(rs), err)
	}
	s.flushing.Wait()
	if n := inFile(); n != 20 {
		t.Errorf("after Flush the database file holds %d results, want 20", n)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCloseTwice closes a store from two goroutines at once and then again:
// every Close returns once the database is closed, without an error, and the
// log is gone (the last connection's checkpoint ran).
func TestCloseTwice(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"sudoku"}}); err != nil {
		t.Fatal(err)
	}
	s.Flush(ctx)
	errs := make(chan error, 2)
	for range 2 {
		go func() { errs <- s.Close() }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("Close beside another: %v", err)
		}
		if _, err := os.Stat(path + "-wal"); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a Close returned before the database was closed: the log is there (%v)", err)
		}
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close again: %v", err)
	}
}

// BenchmarkOpenNewRun times what a judging command does with the history
// before its first run: open an existing database, start a run, and close.
func BenchmarkOpenNewRun(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	for b.Loop() {
		s, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.NewRun(ctx, Run{Command: "run", Args: []string{"sudoku"}}); err != nil {
			b.Fatal(err)
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
