package workflow

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/harness/store"
)

// The types of the harness a caller of the workflow handles, under the workflow's
// names so that a command line needs no other package of the harness.
type (
	// Program is a built submission (harness/build).
	Program = build.Program
	// Task is one program on one dataset (harness/judging).
	Task = judging.Task
	// Judged is the result of a task (harness/judging).
	Judged = judging.Judged
	// Store is the history of runs and results (harness/store).
	Store = store.Store
	// Run is one stored run (harness/store).
	Run = store.Run
	// Key names a stored result's job (harness/store).
	Key = store.Key
	// Pool judges tasks, jobs at a time (harness/judging).
	Pool = judging.Judge
	// Guarantees says which limits hold on this machine (harness/sandbox).
	Guarantees = sandbox.Guarantees
)

// SupervisorName is the file name of the stand-alone run supervisor binary.
const SupervisorName = sandbox.SupervisorName

// IsSupervisor reports whether this process was started as a run's supervisor.
func IsSupervisor() bool { return sandbox.IsSupervisor() }

// Supervise runs the supervisor; it never returns.
func Supervise() { sandbox.Supervise() }

// Env is where the workflow works and how it builds and runs: the project root
// (holding problems/ and solutions/), the state folder (build cache, scratch runs,
// history), a Builder and a Runner.
type Env struct {
	Root    string
	State   string
	Builder *build.Builder
	Runner  sandbox.Runner
	// Log, when set, receives a line per step that takes a while before judging
	// starts (each submission a contest builds), so a long build is not silence.
	Log io.Writer
}

// logf writes one line to e.Log when it is set.
func (e *Env) logf(format string, args ...any) {
	if e.Log != nil {
		fmt.Fprintf(e.Log, format+"\n", args...)
	}
}

// NewEnv sets up building with the built-in language table laid under the one in
// languages ("" for none) and running with the named sandbox: "auto" or
// "supervised" (the supervisor, with a cgroup when possible) or "direct".
func NewEnv(root, state, languages, sandboxName string) (*Env, error) {
	langs := build.DefaultLanguages()
	if languages != "" {
		var err error
		if langs, err = build.LoadLanguages(languages); err != nil {
			return nil, err
		}
	}
	e := &Env{Root: root, State: state, Builder: &build.Builder{Cache: filepath.Join(state, "cache"), Languages: langs}}
	switch sandboxName {
	case "auto", "supervised":
		r, err := sandbox.NewRunner("")
		if err != nil {
			return nil, err
		}
		e.Runner = r
	case "direct":
		e.Runner = sandbox.NewDirectRunner()
	default:
		return nil, fmt.Errorf("--sandbox %q: want auto or direct", sandboxName)
	}
	return e, nil
}

// Close releases what the runner keeps between runs.
func (e *Env) Close() error { return e.Runner.Close() }

// Judge returns a judging pool of jobs workers (0: one per CPU) with its scratch
// folder under the state folder.
func (e *Env) Judge(jobs int) *judging.Judge {
	return &judging.Judge{Runner: e.Runner, Scratch: filepath.Join(e.State, "tmp"), Jobs: jobs}
}

// OpenStore opens the history database under the state folder.
func (e *Env) OpenStore(ctx context.Context) (*store.Store, error) {
	if err := os.MkdirAll(e.State, 0o755); err != nil {
		return nil, fmt.Errorf("state folder %s: %w", e.State, err)
	}
	st, err := store.Open(ctx, filepath.Join(e.State, "judge.db"))
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return st, nil
}
