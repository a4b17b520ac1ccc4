package workflow

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/problems"
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
	// RunnerErr says why programs may not run here (no jail, and --unsafe not
	// given); Runner then refuses every run.
	RunnerErr error
	// Log, when set, receives a line per step that takes a while before judging
	// starts (each submission a contest builds), so a long build is not silence.
	Log io.Writer
	// Inferred are the limits a stored run applied to its problems, by slug,
	// when that run is resumed (see Resuming): a package that states no time
	// limit takes the one inferred then, not one timed again.
	Inferred map[string]problems.Limits
}

// Resuming tells e that the stored run with configuration cfg is resumed: the
// packages that state no time limit keep the one the run inferred.
func (e *Env) Resuming(cfg RunConfig) {
	e.Inferred = map[string]problems.Limits{}
	for _, m := range cfg.Problems {
		e.Inferred[m.Slug] = m.Limits
	}
}

// logf writes one line to e.Log when it is set.
func (e *Env) logf(format string, args ...any) {
	if e.Log != nil {
		fmt.Fprintf(e.Log, format+"\n", args...)
	}
}

// Sandbox says how an Env runs programs.
type Sandbox struct {
	// Name is "auto" (a jail where one can be made, else refused unless Unsafe),
	// "jail", "supervised" (the supervisor, with a cgroup when possible) or
	// "direct" (no supervisor; the weakest).
	Name string
	// Unsafe lets auto fall back to the supervisor where no jail can be made.
	Unsafe bool
	// Slots is how many judging jobs may go at once (0: one per CPU). The jail
	// gets four slots per job: a job has two tasks in hand (one runs while the
	// next gets ready, see judging.Judge), an interactive package's validator
	// runs in a jail of its own beside the submission, and a run may start in
	// a slot whose last run is still being cleaned up.
	Slots int
	// UIDBase is the uid of the first jail slot (0: the jail's default).
	UIDBase int
	// Warm starts the jail slots' inits for the first runs at once, in the
	// background, while the command loads and builds: for a command that runs
	// programs.
	Warm bool
}

// NewEnv sets up building with the built-in language table laid under the one in
// languages ("" for none) and running as sb says.
func NewEnv(root, state, languages string, sb Sandbox) (*Env, error) {
	// The runner first: a jail starts its first inits in the background, and
	// reading the language table (about a millisecond) need not delay them.
	e := &Env{Root: root, State: state, Builder: &build.Builder{Cache: filepath.Join(state, "cache")}}
	if err := e.newRunner(sb); err != nil {
		return nil, err
	}
	langs := build.DefaultLanguages()
	if languages != "" {
		var err error
		if langs, err = build.LoadLanguages(languages); err != nil {
			_ = e.Runner.Close()
			return nil, err
		}
	}
	e.Builder.Languages = langs
	return e, nil
}

// newRunner sets e.Runner (and, with a jail, e.Builder.Jail) as sb says.
func (e *Env) newRunner(sb Sandbox) error {
	if sb.Slots <= 0 {
		sb.Slots = runtime.NumCPU()
	}
	switch sb.Name {
	case "auto", "jail":
		jailErr := sandbox.JailAvailable()
		if jailErr == nil {
			warm := 0
			if sb.Warm {
				warm = 2 * sb.Slots // a slot per task in hand
			}
			r, err := sandbox.NewJailRunner("", 4*sb.Slots, sb.UIDBase, warm)
			if err != nil {
				return err
			}
			e.Runner = r
			e.Builder.Jail = jailOf(r)
			break
		}
		if sb.Name == "jail" || !sb.Unsafe {
			// Nothing runs unjailed unless the user says so; commands that do not
			// run programs still work.
			e.RunnerErr = fmt.Errorf("%w: %v", ErrNoJail, jailErr)
			e.Runner = refusing{e.RunnerErr}
			break
		}
		fallthrough
	case "supervised":
		r, err := sandbox.NewRunner("")
		if err != nil {
			return err
		}
		e.Runner = r
	case "direct":
		e.Runner = sandbox.NewDirectRunner()
	default:
		return fmt.Errorf("--sandbox %q: want auto, jail, supervised or direct", sb.Name)
	}
	return nil
}

// ErrNoJail is wrapped by Env.RunnerErr when programs would run without a jail
// and the user did not allow it (--unsafe).
var ErrNoJail = errors.New("submissions cannot be jailed on this machine, so they are not run " +
	"(add --unsafe to run them anyway, without: a private root, pid and network namespaces, " +
	"an unprivileged uid, a cgroup the program cannot change, limits on compilers)")

// JailGuarantee is one property of the jail and whether it holds here.
type JailGuarantee = jail.Guarantee

// JailCheck makes a jail, runs a probe in it and lists each guarantee of the jail
// (uid, namespaces, cgroup, quota, compile limits) with whether it holds.
func JailCheck() []JailGuarantee { return jail.Check("") }

// jailOf returns the jail behind a runner, for compiles, or nil.
func jailOf(r sandbox.Runner) *jail.Jail {
	if j, ok := r.(interface{ Jail() *jail.Jail }); ok {
		return j.Jail()
	}
	return nil
}

// refusing is the runner of an Env that may not run programs.
type refusing struct{ err error }

func (r refusing) Run(context.Context, sandbox.Spec) (sandbox.Measure, error) {
	return sandbox.Measure{}, r.err
}
func (r refusing) Guarantees() sandbox.Guarantees {
	return sandbox.Guarantees{Backend: "none (refused)", MemoryLimit: "none", PeakMemory: "none",
		ProcessLimit: "none", TreeKill: "none", CgroupError: r.err.Error()}
}
func (refusing) Close() error { return nil }

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
