// Package store keeps the history of judging runs in a SQLite database: one row per
// run and one row per judged result.
//
// Every Save is its own transaction, committed before it returns, with the database
// in WAL mode and synchronous=NORMAL: a result that Save accepted survives the
// process being killed (though not necessarily a power cut of the machine). Results
// are unique on (run, problem, submission, dataset, attempt), so a resumed run that
// saves a result again updates the row instead of adding one. The driver is
// modernc.org/sqlite, pure Go, so the judge stays a static binary.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/judgehq/judge/problems"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"golang.org/x/sys/unix"
)

// DefaultPath is the database's path relative to the working directory, used when
// the user names none.
const DefaultPath = ".judge/judge.db"

// Run statuses.
const (
	StatusRunning     = "running"     // started and not finished (or the judge died)
	StatusDone        = "done"        // every job finished
	StatusInterrupted = "interrupted" // stopped by the user; resumable
	StatusFailed      = "failed"      // stopped by an error; resumable
)

// ErrNotFound is returned when a run id names no run.
var ErrNotFound = errors.New("no such run")

// schema creates the tables; user_version records its version.
const schema = `
CREATE TABLE IF NOT EXISTS runs (
	id       TEXT PRIMARY KEY,
	started  INTEGER NOT NULL,            -- unix microseconds, UTC
	finished INTEGER NOT NULL DEFAULT 0,  -- unix microseconds, 0 while running
	command  TEXT NOT NULL,
	args     TEXT NOT NULL DEFAULT '[]',  -- JSON array of strings
	contest  TEXT NOT NULL DEFAULT '',
	status   TEXT NOT NULL,
	config   BLOB NOT NULL DEFAULT ''    -- the caller's description of the run, opaque here
);
CREATE TABLE IF NOT EXISTS results (
	id         INTEGER PRIMARY KEY,
	run        TEXT NOT NULL REFERENCES runs(id),
	started    INTEGER NOT NULL,          -- unix microseconds, UTC; 0 when unknown
	problem    TEXT NOT NULL,
	dataset    TEXT NOT NULL,
	submission TEXT NOT NULL,
	source     TEXT NOT NULL,
	hash       TEXT NOT NULL,
	language   TEXT NOT NULL,
	attempt    INTEGER NOT NULL,
	verdict    TEXT NOT NULL,
	score      REAL NOT NULL,
	cpu_us     INTEGER NOT NULL,
	wall_us    INTEGER NOT NULL,
	peak_kib   INTEGER NOT NULL,
	message    TEXT NOT NULL,
	details    TEXT NOT NULL,
	metrics    TEXT NOT NULL,             -- JSON array of {"name","value"}
	diff       TEXT NOT NULL,
	output     BLOB NOT NULL DEFAULT x'', -- a WA or PE run's output (problems.Result.KeptOutput)
	stderr     TEXT NOT NULL DEFAULT '',  -- the end of a failed run's standard error
	UNIQUE (run, problem, submission, dataset, attempt)
);
PRAGMA user_version = 2;
`

// The versions of the schema, in user_version: 1 is the first (a store made
// then may lack runs.config, results.output and results.stderr, which Open
// adds, and hold the unused index, which NewRun drops); 2 has all three
// columns and no such index, so that neither needs a look any more.
const (
	schemaFirst   = 1
	schemaCurrent = 2
)

// unusedIndex is the index of stores made before that NewRun drops.
const unusedIndex = "results_problem"

// ErrRunBusy is returned (wrapped) by Claim for a run another judge command
// is judging.
var ErrRunBusy = errors.New("another judge command is judging this run now")

// Store is an open history database. It is safe for concurrent use.
type Store struct {
	path string
	db   *sql.DB
	// save is Save's statement, prepared once: parsing it took about as long
	// as running it.
	save *sql.Stmt
	// version is the schema's (user_version) as Open found or made it; NewRun
	// brings a store of schemaFirst up to schemaCurrent.
	version atomic.Int64
	// flushing is Flush's checkpoint, which Close waits for.
	flushing sync.WaitGroup
	// closing makes Close happen once; closeErr is its error.
	closing  sync.Once
	closeErr error
}

// Open opens (creating if needed) the database at path, creating its folder too,
// and sets WAL mode, a 5 s busy timeout and synchronous=NORMAL.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("open store %q: want a file path without '?'", path)
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
	}
	dsn := path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// A database made before holds the tables already: opening it writes
	// nothing, so reading the history leaves the file as it was (and works
	// where the state folder is read-only).
	var version int
	err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version)
	if err != nil && !writable(path) {
		// A state folder on read-only media: the WAL's index cannot be made
		// beside the file, so it is read as a file nobody changes (what a
		// writer left in a WAL file there is not seen).
		db.Close()
		if db, err = sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1"); err != nil {
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
		err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version)
	}
	if err != nil || version < schemaFirst {
		if _, err := db.ExecContext(ctx, schema); err != nil {
			db.Close()
			return nil, fmt.Errorf("open store %s: create tables: %w", path, err)
		}
		version = schemaCurrent
	}
	if version < schemaCurrent {
		if err := addMissingColumns(ctx, db); err != nil {
			db.Close()
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
	}
	save, err := db.PrepareContext(ctx, saveResult)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	st := &Store{path: path, db: db, save: save}
	st.version.Store(int64(version))
	return st, nil
}

// writable reports whether the folder of path takes new files.
func writable(path string) bool {
	return unix.Access(filepath.Dir(path), unix.W_OK) == nil
}

// saveResult adds a result or replaces the one of the same run, problem,
// submission, dataset and attempt.
const saveResult = `INSERT INTO results
	(run, started, problem, dataset, submission, source, hash, language, attempt,
	 verdict, score, cpu_us, wall_us, peak_kib, message, details, metrics, diff, output, stderr)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (run, problem, submission, dataset, attempt) DO UPDATE SET
	 started = excluded.started, source = excluded.source, hash = excluded.hash,
	 language = excluded.language, verdict = excluded.verdict, score = excluded.score,
	 cpu_us = excluded.cpu_us, wall_us = excluded.wall_us, peak_kib = excluded.peak_kib,
	 message = excluded.message, details = excluded.details, metrics = excluded.metrics,
	 diff = excluded.diff, output = excluded.output, stderr = excluded.stderr`

// addMissingColumns upgrades a database made before runs.config, results.output
// or results.stderr existed.
func addMissingColumns(ctx context.Context, db *sql.DB) error {
	for _, c := range []struct{ table, column, decl string }{
		{"runs", "config", "BLOB NOT NULL DEFAULT ''"},
		{"results", "output", "BLOB NOT NULL DEFAULT x''"},
		{"results", "stderr", "TEXT NOT NULL DEFAULT ''"},
	} {
		var n int
		err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, c.table, c.column).Scan(&n)
		if err != nil {
			return fmt.Errorf("inspect %s table: %w", c.table, err)
		}
		if n == 0 {
			if _, err := db.ExecContext(ctx, "ALTER TABLE "+c.table+" ADD COLUMN "+c.column+" "+c.decl); err != nil {
				return fmt.Errorf("add %s.%s: %w", c.table, c.column, err)
			}
		}
	}
	return nil
}

// Flush starts copying what the write-ahead log holds into the database file,
// in the background: a passive checkpoint, which waits for no reader and
// blocks none. Close checkpoints too, then removes the log; after a Flush it
// finds little left to do (closing after a run of 178 results took 4-5 ms,
// most of it syncing the log and the database). Close waits for the Flush.
// A Flush that fails leaves the work to Close.
func (s *Store) Flush(ctx context.Context) {
	s.flushing.Add(1)
	go func() {
		defer s.flushing.Done()
		_, _ = s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
	}()
}

// Close closes the database, once: a later Close (one beside it included)
// waits for the first and returns its error.
func (s *Store) Close() error {
	s.closing.Do(func() {
		s.flushing.Wait()
		s.save.Close()
		if err := s.db.Close(); err != nil {
			s.closeErr = fmt.Errorf("close store: %w", err)
		}
	})
	return s.closeErr
}

// Run is one judging run: a contest, a `judge run`, a comparison.
type Run struct {
	ID       string
	Started  time.Time
	Finished time.Time // zero while running
	Command  string    // e.g. "contest"
	Args     []string  // the command's arguments as given
	Contest  string    // contest name, if any
	Status   string    // StatusRunning, StatusDone, …
	// Config is whatever the caller needs to render the run again exactly as it was
	// (the contest file, the entrant order, the rule…); the store keeps it as given.
	Config  []byte
	Results int // number of stored results (filled by Runs and Run)
	// Unreadable says, for a run whose stored arguments could not be decoded
	// (a damaged or hand-edited database), what went wrong; Args is nil then.
	// The run is listed all the same, so that one bad row does not hide the
	// history.
	Unreadable string
}

// NewRunID returns a fresh run id: the UTC start time to the second and 4 random
// hex digits, e.g. "20261121-182900-3fa2", so that ids sort by time.
func NewRunID(started time.Time) (string, error) {
	var b [2]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("run id: %w", err)
	}
	return started.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:]), nil
}

// NewRun records the start of a run from r's Command, Args, Contest and Config, and
// returns it with a fresh ID, Started set to now (microsecond precision) and status
// running.
func (s *Store) NewRun(ctx context.Context, r Run) (Run, error) {
	now := time.UnixMicro(time.Now().UnixMicro()).UTC()
	if r.Args == nil {
		r.Args = []string{}
	}
	if r.Config == nil {
		r.Config = []byte{}
	}
	a, err := json.Marshal(r.Args)
	if err != nil {
		return Run{}, fmt.Errorf("new run: %w", err)
	}
	// Stores made before held an index on results (problem, submission) that
	// no query uses, and that took a third of every Save: a new run, the
	// first write of a command that judges, drops it, and marks the store
	// current (Open has added its missing columns).
	if s.version.Load() < schemaCurrent {
		if _, err := s.db.ExecContext(ctx, "DROP INDEX IF EXISTS "+unusedIndex); err != nil {
			return Run{}, fmt.Errorf("new run: %w", err)
		}
		if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", schemaCurrent)); err != nil {
			return Run{}, fmt.Errorf("new run: %w", err)
		}
		s.version.Store(schemaCurrent)
	}
	// An ID is the second and 16 random bits: runs started in the same second
	// (two judges, or a script) may draw the same one, and then draw again.
	for try := 0; try < 16; try++ {
		id, err := NewRunID(now)
		if err != nil {
			return Run{}, err
		}
		res, err := s.db.ExecContext(ctx,
			`INSERT INTO runs (id, started, command, args, contest, status, config) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
			id, now.UnixMicro(), r.Command, string(a), r.Contest, StatusRunning, r.Config)
		if err != nil {
			return Run{}, fmt.Errorf("new run: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			r.ID, r.Started, r.Finished, r.Status, r.Results = id, now, time.Time{}, StatusRunning, 0
			return r, err
		}
	}
	return Run{}, fmt.Errorf("new run: no free run id in %s", now.Format("20060102-150405"))
}

// SetStatus changes a run's status; any status but running also sets its finish time
// (and running clears it, for a resumed run).
func (s *Store) SetStatus(ctx context.Context, runID, status string) error {
	var finished int64
	if status != StatusRunning {
		finished = time.Now().UnixMicro()
	}
	res, err := s.db.ExecContext(ctx, `UPDATE runs SET status = ?, finished = ? WHERE id = ?`, status, finished, runID)
	if err != nil {
		return fmt.Errorf("set status of run %s: %w", runID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("set status of run %s: %w", runID, ErrNotFound)
	}
	return nil
}

const runColumns = `r.id, r.started, r.finished, r.command, r.args, r.contest, r.status, r.config,
	(SELECT count(*) FROM results WHERE run = r.id)`

func scanRun(sc interface{ Scan(...any) error }) (Run, error) {
	var (
		r                 Run
		started, finished int64
		args              string
	)
	if err := sc.Scan(&r.ID, &started, &finished, &r.Command, &args, &r.Contest, &r.Status, &r.Config, &r.Results); err != nil {
		return Run{}, err
	}
	r.Started = time.UnixMicro(started).UTC()
	if finished != 0 {
		r.Finished = time.UnixMicro(finished).UTC()
	}
	if err := json.Unmarshal([]byte(args), &r.Args); err != nil {
		r.Args, r.Unreadable = nil, fmt.Sprintf("its stored arguments are not a JSON list of strings (%v)", err)
	}
	return r, nil
}

// Runs lists every run, newest first, for `judge history`.
func (s *Store) Runs(ctx context.Context) ([]Run, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+runColumns+` FROM runs r ORDER BY r.started DESC, r.id DESC`)
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	defer rows.Close()
	var runs []Run
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("list runs: %w", err)
		}
		runs = append(runs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	return runs, nil
}

// Run returns the run whose id is id or, failing that, the only run whose id starts
// with id, so that users may abbreviate; ErrNotFound when none matches and an error
// naming the candidates when several do.
func (s *Store) Run(ctx context.Context, id string) (Run, error) {
	r, err := scanRun(s.db.QueryRowContext(ctx, `SELECT `+runColumns+` FROM runs r WHERE r.id = ?`, id))
	if err == nil {
		return r, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Run{}, fmt.Errorf("run %s: %w", id, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+runColumns+` FROM runs r WHERE substr(r.id, 1, ?) = ? ORDER BY r.id`,
		len(id), id)
	if err != nil {
		return Run{}, fmt.Errorf("run %s: %w", id, err)
	}
	defer rows.Close()
	var found []Run
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return Run{}, fmt.Errorf("run %s: %w", id, err)
		}
		found = append(found, r)
	}
	if err := rows.Err(); err != nil {
		return Run{}, fmt.Errorf("run %s: %w", id, err)
	}
	switch len(found) {
	case 0:
		return Run{}, fmt.Errorf("run %s: %w", id, ErrNotFound)
	case 1:
		return found[0], nil
	}
	ids := make([]string, len(found))
	for i, r := range found {
		ids[i] = r.ID
	}
	return Run{}, fmt.Errorf("run %s is ambiguous: %s", id, strings.Join(ids, ", "))
}

// Save stores one result under its run (r.Run), committing before it returns. A
// result with the same run, problem, submission, dataset and attempt as a stored one
// replaces it. A cancelled ctx makes Save fail, so a caller that stops on Ctrl-C
// should save the results that finished with context.WithoutCancel(ctx).
func (s *Store) Save(ctx context.Context, r problems.Result) error {
	if r.Run == "" {
		return errors.New("save result: no run id")
	}
	metrics := r.Outcome.Metrics
	if metrics == nil {
		metrics = []problems.Metric{}
	}
	m, err := json.Marshal(metrics)
	if err != nil {
		return fmt.Errorf("save result: metrics: %w", err)
	}
	var started int64
	if !r.Started.IsZero() {
		started = r.Started.UnixMicro()
	}
	_, err = s.save.ExecContext(ctx,
		r.Run, started, r.Problem, r.Dataset, r.Submission, r.Source, r.Hash, r.Language, r.Attempt,
		string(r.Outcome.Verdict), r.Outcome.Score, r.Usage.CPU.Microseconds(), r.Usage.Wall.Microseconds(),
		r.Usage.PeakKiB, r.Outcome.Message, r.Outcome.Details, string(m), r.Diff, nonNil(r.KeptOutput), r.StderrTail)
	if err != nil {
		return fmt.Errorf("save result %s/%s/%s#%d of run %s: %w",
			r.Problem, r.Submission, r.Dataset, r.Attempt, r.Run, err)
	}
	return nil
}

// Results returns the stored results of a run, ordered by problem, submission,
// dataset and attempt. Times come back with microsecond precision, in UTC.
func (s *Store) Results(ctx context.Context, runID string) ([]problems.Result, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT run, started, problem, dataset, submission, source, hash,
		language, attempt, verdict, score, cpu_us, wall_us, peak_kib, message, details, metrics, diff, output, stderr
		FROM results WHERE run = ? ORDER BY problem, submission, dataset, attempt`, runID)
	if err != nil {
		return nil, fmt.Errorf("results of run %s: %w", runID, err)
	}
	defer rows.Close()
	var out []problems.Result
	for rows.Next() {
		var (
			r                    problems.Result
			started, cpu, wall   int64
			verdict, metricsJSON string
		)
		if err := rows.Scan(&r.Run, &started, &r.Problem, &r.Dataset, &r.Submission, &r.Source, &r.Hash,
			&r.Language, &r.Attempt, &verdict, &r.Outcome.Score, &cpu, &wall, &r.Usage.PeakKiB,
			&r.Outcome.Message, &r.Outcome.Details, &metricsJSON, &r.Diff, &r.KeptOutput, &r.StderrTail); err != nil {
			return nil, fmt.Errorf("results of run %s: %w", runID, err)
		}
		if len(r.KeptOutput) == 0 {
			r.KeptOutput = nil
		}
		r.Outcome.Verdict = problems.Verdict(verdict)
		r.Usage.CPU = time.Duration(cpu) * time.Microsecond
		r.Usage.Wall = time.Duration(wall) * time.Microsecond
		if started != 0 {
			r.Started = time.UnixMicro(started).UTC()
		}
		if err := json.Unmarshal([]byte(metricsJSON), &r.Outcome.Metrics); err != nil {
			return nil, fmt.Errorf("results of run %s: %s on %s %s: stored metrics: %w", runID, r.Submission, r.Problem, r.Dataset, err)
		}
		if len(r.Outcome.Metrics) == 0 {
			r.Outcome.Metrics = nil
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("results of run %s: %w", runID, err)
	}
	return out, nil
}

// Key identifies one job of a run: what a resumed run skips when it is done.
type Key struct {
	Problem, Submission, Dataset string
	Attempt                      int
}

// KeyOf returns the key of a result.
func KeyOf(r problems.Result) Key {
	return Key{Problem: r.Problem, Submission: r.Submission, Dataset: r.Dataset, Attempt: r.Attempt}
}

// Done returns the keys of every stored result of a run, for resuming it: a job
// whose key is present need not run again. Results with a judge error (JE) are left
// out, so that a resume retries them.
func (s *Store) Done(ctx context.Context, runID string) (map[Key]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT problem, submission, dataset, attempt FROM results
		WHERE run = ? AND verdict <> ?`, runID, string(problems.JE))
	if err != nil {
		return nil, fmt.Errorf("done jobs of run %s: %w", runID, err)
	}
	defer rows.Close()
	done := map[Key]bool{}
	for rows.Next() {
		var k Key
		if err := rows.Scan(&k.Problem, &k.Submission, &k.Dataset, &k.Attempt); err != nil {
			return nil, fmt.Errorf("done jobs of run %s: %w", runID, err)
		}
		done[k] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("done jobs of run %s: %w", runID, err)
	}
	return done, nil
}

// nonNil is b, or an empty slice for nil (the output column is NOT NULL).
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
