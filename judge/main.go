// Command judge builds submissions, runs them under limits against every dataset of
// a problem, scores them by the problem's rules and prints ranked tables.
//
// Exit codes: 0 the command did its job; 1 it ran but found a failure (verify found a
// wrong verdict, regen --check found stale answers); 2 bad input to the judge itself
// (usage, a missing file, a malformed problem.yaml, an unknown problem or language).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/internal/fds"
	"github.com/judgehq/judge/reports"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// Exit codes.
const (
	exitFailed = 1 // the command ran and found a failure
	exitUsage  = 2 // bad input to the judge
)

func main() {
	if workflow.IsSupervisor() {
		workflow.Supervise() // never returns
	}
	// Descriptors the judge inherited without close-on-exec (a caller's lock
	// file or pipe) go to none of the compilers, programs and checkers it
	// starts; those get exactly the descriptors the judge hands them.
	if err := fds.CloseOnExecFrom(3); err != nil {
		fmt.Fprintln(os.Stderr, "judge: "+err.Error())
		os.Exit(exitUsage)
	}
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run runs the CLI and returns the process exit code. Everything it prints
// goes through reports.Printable (keeping the judge's colours): submissions'
// output, messages and file names reach a terminal as text, never as control
// sequences.
func run(args []string, stdout, stderr io.Writer) int {
	// Output that nobody reads any more (judge ... | head) ends the command as
	// Ctrl-C does: what was judged is kept, the run is marked interrupted and
	// the jails are taken down. SIGPIPE is caught, not left to kill the judge
	// midway (nor ignored: an ignored signal stays ignored in every program
	// the judge starts); the write that meets the closed pipe fails instead.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	defer signal.Reset(syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout, stderr = closedPipeCancels(stdout, cancel), closedPipeCancels(stderr, cancel)
	out, errOut := reports.NewPrintableWriter(stdout), reports.NewPrintableWriter(stderr)
	defer func() {
		_ = out.Flush()
		_ = errOut.Flush()
	}()
	stdout, stderr = out, errOut
	app := newApp(stdout, stderr)
	ordered, err := reorderArgs(app, args)
	if err == nil {
		err = app.RunContext(ctx, ordered)
	}
	if err == nil {
		return 0
	}
	if errors.Is(err, syscall.EPIPE) || ctx.Err() != nil {
		return exitFailed // its output was closed: stopped, as by Ctrl-C
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "judge: "+msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "judge: "+err.Error())
	return exitUsage
}

// isTerminal reports whether w (or the writer it wraps) is a terminal.
func isTerminal(w io.Writer) bool { return terminalOf(w) != nil }

// terminalOf returns the terminal w writes to, through the writers that wrap
// it, or nil when it is not one.
func terminalOf(w io.Writer) *os.File {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return f
	}
	return nil
}

// newProgress shows a run's progress on w. On a terminal the live bars are
// drawn on it directly, not through w's escaping (reports.PrintableWriter):
// their cursor movements are the judge's own, and escaped they would print as
// text. Elsewhere plain lines go through w every five seconds.
func newProgress(ctx context.Context, w io.Writer, tasks []reports.Task) *reports.Progress {
	if t := terminalOf(w); t != nil {
		// A terminal with no width (a pseudo-terminal nobody sized) would get
		// empty bars: plain lines there.
		if cols, _, err := term.GetSize(int(t.Fd())); err == nil && cols > 0 {
			return reports.NewProgress(ctx, t, true, 5*time.Second, tasks)
		}
	}
	return reports.NewProgress(ctx, w, false, 5*time.Second, tasks)
}

// tableWidth is how wide a table of prose may be on w: the terminal's width,
// or 100 characters where w is no terminal.
func tableWidth(w io.Writer) int {
	if t := terminalOf(w); t != nil {
		if c, _, err := term.GetSize(int(t.Fd())); err == nil && c > 0 {
			return c
		}
	}
	return 100
}

// usageError is bad input to the judge: exit code 2.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitUsage)
}

// failed is a command that ran and found a failure: exit code 1.
func failed(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitFailed)
}

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "judge",
		Usage: "build, run and score programs against a problem's datasets",
		Description: `judge grades submissions the way a contest does. It compiles a program (C, C++, Go,
Python, Java, Rust, C#, Pascal and more: README lists them; a ready binary or a command
line), runs it on every dataset of a problem
under CPU, wall, memory, output and process limits, checks the output with the
problem's own checker and prints ranked tables.

Start here:
   judge problems                      what problems there are
   judge run sudoku my.c               judge your program on every dataset
   judge run sudoku                    judge every bundled solution of sudoku
   judge verify sudoku                 check a problem's data, answers and solutions
   judge doctor                        which limits this machine can enforce

Flags go before the arguments they qualify or after them, as you like.`,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		HideHelpCommand:      true,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "root", Usage: "the folder holding problems/ and solutions/ (default: found from the current folder)", EnvVars: []string{"JUDGE_ROOT"}},
			&cli.StringFlag{Name: "state", Usage: "folder for the build cache, scratch runs and history (default: ROOT/.judge)", EnvVars: []string{"JUDGE_STATE"}},
			&cli.StringFlag{Name: "languages", Usage: "a YAML language table laid over the built-in one (see harness/build/languages.yaml)", EnvVars: []string{"JUDGE_LANGUAGES"}},
			&cli.StringFlag{Name: "sandbox", Value: "auto", Usage: "how programs and compilers run: auto (a jail where one can be made: as root, or rootless in user namespaces; elsewhere refused unless --unsafe), jail, supervised (the judge's uid, a cgroup when possible), direct (no supervisor; weakest)"},
			&cli.BoolFlag{Name: "unsafe", Usage: "where no jail can be made, run submissions anyway with the supervisor: they can then read the answers and harm the judge (see judge doctor)"},
			&cli.IntFlag{Name: "jail-uid", Value: 60000, Usage: "uid and gid of the first jail slot; slot i runs as this + i (as root; a rootless jail runs programs as your own uid)"},
		},
		Commands: []*cli.Command{
			problemsCommand(),
			runCommand(),
			contestCommand(),
			compareCommand(),
			historyCommand(),
			reportCommand(),
			verifyCommand(),
			regenCommand(),
			genCommand(),
			validateCommand(),
			viewCommand(),
			doctorCommand(),
			gradeCommand(),
			exportCommand(),
			brokerCommand(),
			workerCommand(),
		},
		ExitErrHandler: func(*cli.Context, error) {}, // run() prints and exits
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return unknownCommand(c.App, c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageMistake(c.App.Flags, "judge", err)
		},
	}
	for _, cmd := range app.Commands {
		cmd := cmd
		cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
			return usageMistake(cmd.Flags, "judge "+cmd.Name, err)
		}
	}
	tidyFlagHelp(app)
	return app
}

// unknownCommand is the error for "judge NAME" when NAME is no command: exit 2,
// with the nearest command's name when one is close.
func unknownCommand(app *cli.App, name string) error {
	if strings.HasPrefix(name, "-") {
		return usageError("unknown flag %s (judge --help lists the flags)", name)
	}
	if s := nearest(name, commandNames(app.Commands)); s != "" {
		return usageError("unknown command %q; did you mean %q? (judge --help lists the commands)", name, s)
	}
	return usageError("unknown command %q; the commands are %s (judge --help)", name,
		strings.Join(commandNames(app.Commands), ", "))
}

// usageMistake turns urfave/cli's flag parsing error into a short exit-2 error naming
// the nearest known flag, instead of the whole help text.
func usageMistake(flags []cli.Flag, where string, err error) error {
	msg := err.Error()
	const undefined = "flag provided but not defined: -"
	if i := strings.Index(msg, undefined); i >= 0 {
		name := strings.TrimLeft(msg[i+len(undefined):], "-")
		var names []string
		for _, f := range flags {
			names = append(names, f.Names()...)
		}
		hint := ""
		if s := nearest(name, names); s != "" {
			hint = fmt.Sprintf("; did you mean %s?", dashes(s))
		}
		return usageError("unknown flag %s for %s%s (%s --help lists them)", dashes(name), where, hint, where)
	}
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		want := m[3]
		for _, f := range flags {
			if !slices.Contains(f.Names(), m[2]) {
				continue
			}
			switch f.(type) {
			case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
				want = "want a whole number"
			case *cli.Float64Flag:
				want = "want a number"
			case *cli.DurationFlag:
				want = "want a duration (1s, 500ms, 2m)"
			}
		}
		return usageError("%s %q: %s (%s --help)", dashes(m[2]), m[1], want, where)
	}
	return usageError("%s: %v (%s --help)", where, err, where)
}

// invalidValue is how the flag parser says a flag's value does not parse: the
// value, the flag's name and the parser's reason.
var invalidValue = regexp.MustCompile(`invalid value "(.*)" for flag -([^:]+): (.*)$`)

func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func commandNames(cmds []*cli.Command) []string {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
			names = append(names, c.Aliases...)
		}
	}
	return names
}

// nearest returns the candidate closest to name by edit distance, or "" when none is
// within a third of the longer word (at least 2 edits are always allowed); a
// candidate that name is a prefix of counts as near.
func nearest(name string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		d := editDistance(name, c)
		if strings.HasPrefix(c, name) && len(name) >= 2 {
			d = min(d, 1)
		}
		if limit := max(2, max(len(name), len(c))/3); d > limit {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// tidyFlagHelp moves a "(default: …)" written in a flag's usage text into the flag's
// DefaultText, so help shows one default ("runs at once (default: the number of
// CPUs)") instead of that and the zero value.
func tidyFlagHelp(app *cli.App) {
	fix := func(flags []cli.Flag) {
		for _, f := range flags {
			switch f := f.(type) {
			case *cli.IntFlag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			case *cli.Int64Flag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			case *cli.Uint64Flag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			case *cli.Float64Flag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			case *cli.StringFlag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			case *cli.DurationFlag:
				f.Usage, f.DefaultText = splitDefault(f.Usage, f.DefaultText)
			}
		}
	}
	fix(app.Flags)
	for _, c := range app.Commands {
		fix(c.Flags)
	}
}

// splitDefault takes a trailing "(default: X)" out of usage and returns X as the
// default text, unless one is set already.
func splitDefault(usage, defaultText string) (string, string) {
	i := strings.LastIndex(usage, "(default: ")
	if i < 0 || defaultText != "" || !strings.HasSuffix(usage, ")") {
		return usage, defaultText
	}
	return strings.TrimSpace(usage[:i]), strings.TrimSuffix(usage[i+len("(default: "):], ")")
}

// reorderArgs moves flags that follow positional arguments in front of them, so that
// "judge run sudoku a.c --json" works as well as "judge run --json sudoku a.c".
// Everything after "--" stays as it is.
func reorderArgs(app *cli.App, args []string) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	out := []string{args[0]}
	i := 1
	// Global flags come first; copy them and find the command.
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		out = append(out, args[i])
		if takesValue(app.Flags, args[i]) && i+1 < len(args) {
			if err := valueMissing(app, nil, args[i], args[i+1]); err != nil {
				return nil, err
			}
			i++
			out = append(out, args[i])
		}
		i++
	}
	if i >= len(args) {
		return out, nil
	}
	cmd := findCommand(app.Commands, args[i])
	out = append(out, args[i])
	i++
	if cmd == nil {
		return append(out, args[i:]...), nil
	}
	var flags, pos []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i:]...)
			break
		}
		if a == "--help" || a == "-h" {
			// Help for the command, wherever it was asked for: the
			// parser would take a positional argument after it for the
			// name of a subcommand ("No help topic for 'sudoku'").
			return append(out, a), nil
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			if !isFlag(cmd.Flags, a) && isFlag(app.Flags, a) {
				// A global flag after the command ("judge problems --root X"):
				// it goes before the command, where the parser looks for it.
				global := []string{a}
				if takesValue(app.Flags, a) && i+1 < len(args) {
					if err := valueMissing(app, cmd, a, args[i+1]); err != nil {
						return nil, err
					}
					i++
					global = append(global, args[i])
				}
				out = append(out[:len(out)-1:len(out)-1], append(global, out[len(out)-1])...)
				continue
			}
			flags = append(flags, canonical(cmd.Flags, a))
			if takesValue(cmd.Flags, a) && i+1 < len(args) {
				if next := args[i+1]; next == "--help" || next == "-h" {
					return append(out, next), nil // "--out --help": help, not a folder named --help
				}
				if err := valueMissing(app, cmd, a, args[i+1]); err != nil {
					return nil, err
				}
				i++
				flags = append(flags, args[i])
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(append(out, flags...), pos...), nil
}

// valueMissing refuses next as the value of the flag that takes one when next
// is itself a long flag of the command or the app (judge run --out --force
// sudoku): the value was forgotten, and the parser would take the flag's name
// for it (a folder named --force). --help there is a help request and is left
// to the caller.
func valueMissing(app *cli.App, cmd *cli.Command, flag, next string) error {
	if !strings.HasPrefix(next, "--") || next == "--" || next == "--help" {
		return nil
	}
	known := isFlag(app.Flags, next)
	if cmd != nil {
		known = known || isFlag(cmd.Flags, next)
	}
	if !known {
		return nil
	}
	return usageError("%s needs a value: the next argument, %s, is a flag (write %s=%s if that is the value)", flag, next, flag, next)
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.Name == name {
			return c
		}
		for _, a := range c.Aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

// isFlag reports whether arg ("-x", "--name" or "--name=value") names one of flags.
// canonical writes a flag of flags by its first name (-p x=1 as --param x=1):
// the parser refuses a repeatable flag given under two of its names
// (--param a=1 -p b=2).
func canonical(flags []cli.Flag, arg string) string {
	name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	for _, f := range flags {
		if names := f.Names(); slices.Contains(names, name) {
			if hasValue {
				return "--" + names[0] + "=" + value
			}
			return "--" + names[0]
		}
	}
	return arg
}

func isFlag(flags []cli.Flag, arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

// takesValue reports whether arg names a flag that takes a separate value.
func takesValue(flags []cli.Flag, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	name := strings.TrimLeft(arg, "-")
	for _, f := range flags {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			_, isBool := f.(*cli.BoolFlag)
			return !isBool
		}
	}
	return false
}

// pipeWriter calls cancel when a write fails because its reader is gone.
type pipeWriter struct {
	w      io.Writer
	cancel context.CancelFunc
}

// Unwrap is the writer written to.
func (p pipeWriter) Unwrap() io.Writer { return p.w }

func (p pipeWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if errors.Is(err, syscall.EPIPE) {
		p.cancel()
	}
	return n, err
}

// closedPipeCancels is w, calling cancel when a write to it meets a pipe whose
// reader has gone.
func closedPipeCancels(w io.Writer, cancel context.CancelFunc) io.Writer {
	return pipeWriter{w: w, cancel: cancel}
}
