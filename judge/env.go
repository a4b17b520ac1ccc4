package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
)

// env is what most commands need: the workflow's environment and whether to colour.
type env struct {
	*workflow.Env
	color bool
	// released is closed once the runner, let go early by release, is closed.
	released chan struct{}
}

// newEnv resolves the root and state folders and sets up building and running.
// maxJobs is the most runs -j may ask for at once.
const maxJobs = 256

func newEnv(c *cli.Context) (*env, error) {
	root := c.String("root")
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, usageError("current folder: %v", err)
		}
		if root, err = registry.FindRoot(wd); err != nil {
			return nil, usageError("%v", err)
		}
	} else if _, err := os.Stat(filepath.Join(root, "problems")); err != nil {
		return nil, usageError("--root %s: no problems/ folder there", root)
	}
	state := c.String("state")
	if state == "" {
		state = filepath.Join(root, ".judge")
	}
	// Absolute from here on: a program's path in the build cache is matched
	// against the files a jail is given, and a relative one named nothing
	// there (every compiled program was an RTE, "could not start").
	for _, p := range []*string{&root, &state} {
		abs, err := filepath.Abs(*p)
		if err != nil {
			return nil, usageError("%s: %v", *p, err)
		}
		*p = abs
	}
	if jobs := c.Int("jobs"); jobs < 0 || jobs > maxJobs {
		// Each job holds a jail slot (a process, its cgroups, descriptors).
		return nil, usageError("-j %d: want 1 to %d runs at once (0 or none: the number of CPUs)", jobs, maxJobs)
	}
	sb := workflow.Sandbox{Name: c.String("sandbox"), Unsafe: c.Bool("unsafe"), Slots: c.Int("jobs"), UIDBase: c.Int("jail-uid"),
		Warm: runsPrograms(c)}
	we, err := workflow.NewEnv(root, state, c.String("languages"), sb)
	if err != nil {
		return nil, usageError("%v", err)
	}
	if we.RunnerErr != nil && runsPrograms(c) {
		_ = we.Close()
		return nil, usageError("%v", we.RunnerErr)
	}
	if c.Bool("unsafe") && !we.Runner.Guarantees().Jail && runsPrograms(c) {
		fmt.Fprintf(c.App.ErrWriter, "judge: warning: --unsafe: submissions run without a jail (%s)\n", we.Runner.Guarantees().Backend)
	}
	e := &env{Env: we}
	e.color = isTerminal(c.App.Writer) && os.Getenv("NO_COLOR") == ""
	return e, nil
}

// runsPrograms reports whether the command runs submissions or solutions here
// (and so needs a jail, or --unsafe).
func runsPrograms(c *cli.Context) bool {
	switch c.Command.Name {
	case "run", "compare", "verify", "regen", "grade", "worker":
		return true
	case "contest":
		return c.String("nats") == ""
	}
	return false
}

// problemAction returns a command action that checks the number of arguments (ok),
// sets up the environment and opens the problem named by the first argument.
func problemAction(usage string, ok func(n int) bool, fn func(c *cli.Context, e *env, p problems.Problem, l problems.Limits) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.NArg() < 1 || !ok(c.NArg()) {
			return usageError("%s", usage)
		}
		e, err := newEnv(c)
		if err != nil {
			return err
		}
		defer e.close()
		p, limits, err := e.problem(c, c.Args().First())
		if err != nil {
			return err
		}
		return fn(c, e, p, limits)
	}
}

// storeAction returns a command action that sets up the environment and opens the
// history.
func storeAction(fn func(c *cli.Context, e *env, st *workflow.Store) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		e, err := newEnv(c)
		if err != nil {
			return err
		}
		defer e.close()
		st, err := e.openStore(c.Context)
		if err != nil {
			return err
		}
		defer st.Close()
		return fn(c, e, st)
	}
}

// noArgs refuses the arguments of a command that takes none (extra words are
// most often a mistyped flag, which would otherwise be silently ignored).
func noArgs(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("%s: takes no arguments, got %q (see judge %s --help)", c.Command.Name, c.Args().First(), c.Command.Name)
	}
	return nil
}

func exactly(k int) func(int) bool { return func(n int) bool { return n == k } }
func atLeast(k int) func(int) bool { return func(n int) bool { return n >= k } }

// close releases what the runner keeps between runs, or waits until release
// has.
func (e *env) close() {
	if e.released != nil {
		<-e.released
		return
	}
	_ = e.Close()
}

// release takes the runner down in the background (a jail's inits and groups,
// 2-4 ms), beside whatever the command does last, for a command that will run
// and build nothing more; close waits for it.
func (e *env) release() {
	if e.released != nil {
		return
	}
	done := make(chan struct{})
	e.released = done
	go func() {
		defer close(done)
		_ = e.Close()
	}()
}

// problem opens a problem by slug or folder path, applying limit overrides.
func (e *env) problem(c *cli.Context, name string) (problems.Problem, problems.Limits, error) {
	e.Log = c.App.ErrWriter // a package without a time limit times its submissions first
	// verify infers a package's limit itself; validate, view and gen judge nothing.
	judges := !slices.Contains([]string{"verify", "validate", "view", "gen"}, c.Command.Name)
	p, err := e.OpenProblem(c.Context, name, judges)
	e.Log = nil
	if err != nil {
		return nil, problems.Limits{}, usageError("%v", err)
	}
	o, err := limitOverrides(c)
	if err != nil {
		return nil, problems.Limits{}, err
	}
	l := o.Apply(p.Meta().Limits)
	if l.Time <= 0 || l.Memory <= 0 || l.Wall < 0 {
		return nil, l, usageError("limits must be positive (time %v, wall %v, memory %v)", l.Time, l.Wall, l.Memory)
	}
	return p, l, nil
}

// limitOverrides reads --time-limit, --wall-limit and --memory-limit.
func limitOverrides(c *cli.Context) (problems.LimitOverrides, error) {
	var o problems.LimitOverrides
	for _, name := range []string{"time-limit", "wall-limit"} {
		if !c.IsSet(name) {
			continue
		}
		d, err := problems.ParseSeconds(c.String(name))
		if err != nil {
			return o, usageError("--%s: %v", name, err)
		}
		// The bounds problem.yaml has (limits.time, limits.wall).
		if most := map[string]time.Duration{"time-limit": time.Hour, "wall-limit": 2 * time.Hour}[name]; d <= 0 || d > most {
			return o, usageError("--%s %s: want more than 0 and at most %v", name, c.String(name), most)
		}
		if name == "time-limit" {
			o.Time = &d
		} else {
			o.Wall = &d
		}
	}
	if c.IsSet("memory-limit") {
		m, err := problems.ParseSize(c.String("memory-limit"))
		if err != nil {
			return o, usageError("--memory-limit: %v", err)
		}
		// The bounds problem.yaml has (limits.memory: 1 MiB to 1 TiB).
		if m < problems.MiB || m > 1<<20*problems.MiB {
			return o, usageError("--memory-limit %s: want at least 1 MiB and at most 1 TiB", c.String("memory-limit"))
		}
		o.Memory = &m
	}
	return o, nil
}

// datasets loads the datasets of the groups named by --group (default groups when none).
func datasets(c *cli.Context, p problems.Problem) ([]problems.Dataset, error) {
	for _, g := range c.StringSlice("group") {
		if g == "" {
			return nil, usageError("--group \"\": an empty group name; leave --group out to judge every dataset")
		}
	}
	ds, err := p.Datasets(c.StringSlice("group")...)
	if err != nil {
		return nil, usageError("%v", err)
	}
	if len(ds) == 0 {
		return nil, usageError("problem %s has no datasets in groups %v", p.Meta().Slug, c.StringSlice("group"))
	}
	return ds, nil
}

// judge returns a Judge with the command's -j and --lazy.
func (e *env) judge(c *cli.Context) *workflow.Pool {
	j := e.Judge(c.Int("jobs"))
	j.Lazy = c.Bool("lazy")
	return j
}

// build builds every submission, in order; a submission that cannot be understood
// at all (no such file, unknown language) is a usage error.
func (e *env) build(ctx context.Context, sources []string) ([]*workflow.Program, error) {
	progs, err := workflow.Build(ctx, e.Builder, sources)
	if ctx.Err() != nil {
		return nil, failed("interrupted while building the submissions; nothing was judged")
	}
	if err != nil {
		return nil, usageError("%v", err)
	}
	return progs, nil
}

// signalContext is cancelled by the first Ctrl-C or SIGTERM; a second one kills the
// judge at once.
func signalContext(parent context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
}

// relPath shows path relative to the current folder when that is shorter.
func relPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && len(rel) < len(path) {
		return rel
	}
	return path
}
