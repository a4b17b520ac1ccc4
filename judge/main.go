// Command judge builds submissions, runs them under limits against every dataset of
// a problem, scores them by the problem's rules and prints ranked tables.
//
// Exit codes: 0 the command did its job; 1 it ran but found a failure (verify found a
// wrong verdict, regen --check found stale answers); 2 bad input to the judge itself
// (usage, a missing file, a malformed problem.yaml, an unknown problem or language).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/urfave/cli/v2"
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
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run runs the CLI and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.Run(reorderArgs(app, args))
	if err == nil {
		return 0
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

// usageError is bad input to the judge: exit code 2.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitUsage)
}

// failed is a command that ran and found a failure: exit code 1.
func failed(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitFailed)
}

func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:  "judge",
		Usage: "build, run and score programs against a problem's datasets",
		Description: `judge grades submissions the way a contest does. It compiles a program (C, C++, Go,
Python, Java, a ready binary or a command line), runs it on every dataset of a problem
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
			&cli.StringFlag{Name: "sandbox", Value: "auto", Usage: "how runs are started: auto (supervisor, with a cgroup when possible), direct (no supervisor; weaker limits)"},
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
			doctorCommand(),
			brokerCommand(),
			workerCommand(),
		},
		ExitErrHandler: func(*cli.Context, error) {}, // run() prints and exits
	}
}

// reorderArgs moves flags that follow positional arguments in front of them, so that
// "judge run sudoku a.c --json" works as well as "judge run --json sudoku a.c".
// Everything after "--" stays as it is.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	i := 1
	// Global flags come first; copy them and find the command.
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		out = append(out, args[i])
		if takesValue(app.Flags, args[i]) && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
		i++
	}
	if i >= len(args) {
		return out
	}
	cmd := findCommand(app.Commands, args[i])
	out = append(out, args[i])
	i++
	if cmd == nil {
		return append(out, args[i:]...)
	}
	var flags, pos []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i:]...)
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			flags = append(flags, a)
			if takesValue(cmd.Flags, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(append(out, flags...), pos...)
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
