package main

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/atomicfile"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
	"github.com/judgehq/judge/reports"
)

func problemsCommand() *cli.Command {
	return &cli.Command{
		Name:  "problems",
		Usage: "list the problems with their kind, I/O and dataset counts",
		Description: `Lists every problem this judge knows, found under ROOT/problems (the project
folder, found from the current folder; --root or $JUDGE_ROOT point elsewhere).

Examples:
   judge problems
   judge problems --root ~/src/judge
   JUDGE_ROOT=~/src/judge judge problems`,
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			var rows [][]string
			for _, slug := range registry.Slugs() {
				p, err := registry.Open(e.Root, slug)
				if err != nil {
					rows = append(rows, []string{slug, "error: " + err.Error(), "", "", "", "", ""})
					continue
				}
				m := p.Meta()
				groups, err := workflow.AllGroups(p)
				if err != nil {
					return usageError("%v", err)
				}
				var counts []string
				for _, g := range groups {
					ds, err := p.Datasets(g)
					if err != nil {
						counts = append(counts, g+" ?")
						continue
					}
					counts = append(counts, fmt.Sprintf("%s %d", g, len(ds)))
				}
				rows = append(rows, []string{m.Slug, m.Title, string(m.Kind), string(m.IO),
					strconv.FormatFloat(m.Limits.Time.Seconds(), 'g', -1, 64) + " s", strings.Join(counts, ", "), m.Reference})
			}
			return reports.WriteTable(c.App.Writer, reports.ASCII, []reports.Column{{Name: "problem"}, {Name: "title"},
				{Name: "kind"}, {Name: "io"}, {Name: "cpu limit", Numeric: true}, {Name: "datasets"}, {Name: "reference"}}, rows)
		},
	}
}

func genCommand() *cli.Command {
	return &cli.Command{
		Name:      "gen",
		Usage:     "generate inputs with the problem's seeded generator",
		ArgsUsage: "PROBLEM",
		Description: `Generates --count inputs from seeds --seed, --seed+1, …; the same seed and parameters
always give the same file. Each input is checked by the problem's validator. With
--out the files go to DIR/gen-SEED.in (never overwriting one); without it a single
input goes to standard output. Parameters are problem-specific: --param name=value
(listed below).

Examples:
   judge gen sudoku --seed 7 --count 10 --param clues=24 --out /tmp/new
   judge gen trimines --param n=20 --param density=15 > board.in
   judge gen defrag -p blocks=2000 -p pattern=carved -n 5 -o gen/

` + genParamsHelp(),
		Flags: []cli.Flag{
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "first seed"},
			&cli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 1, Usage: "how many inputs"},
			&cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, Usage: "generator parameter name=value (repeatable)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "folder to write gen-SEED.in files into"},
		},
		Action: problemAction("gen: want one problem (judge gen PROBLEM --seed N --count K)", exactly(1), func(c *cli.Context, _ *env, p problems.Problem, _ problems.Limits) error {
			g, ok := p.(problems.Generator)
			if !ok {
				return usageError("problem %s has no generator", p.Meta().Slug)
			}
			list := c.StringSlice("param")
			for i := 1; i < len(list); i++ {
				if !strings.Contains(list[i], "=") {
					// The flag parser cut "fleet=5,4,3" at its commas.
					j := i
					for j < len(list) && !strings.Contains(list[j], "=") {
						j++
					}
					return usageError("--param %s: a --param value may not hold a comma (the parser splits it there); judge gen --help shows how each parameter writes a list",
						strings.Join(list[i-1:j], ","))
				}
			}
			params, err := problems.ParseParams(list)
			if err != nil {
				return usageError("--%v", err)
			}
			if pc, ok := g.(problems.ParamChecker); ok {
				// Refused before any folder is made, and for every seed.
				if err := pc.CheckParams(params); err != nil {
					return usageError("--param: %v", err)
				}
			}
			count, out := c.Int("count"), c.String("out")
			if count < 1 {
				return usageError("--count %d: want at least 1", count)
			}
			if out == "" && count > 1 {
				return usageError("--count %d needs --out DIR (standard output takes one input)", count)
			}
			if out != "" {
				if err := os.MkdirAll(out, 0o755); err != nil {
					return usageError("--out: %v", err)
				}
			}
			for i := 0; i < count; i++ {
				seed := c.Int64("seed") + int64(i)
				data, err := g.Generate(seed, params)
				if err != nil {
					return usageError("generating seed %d: %v", seed, err)
				}
				if err := p.Validate(data); err != nil {
					return failed("generator output for seed %d fails the validator: %v", seed, err)
				}
				if out == "" {
					_, err := c.App.Writer.Write(data)
					return err
				}
				path := filepath.Join(out, fmt.Sprintf("gen-%d.in", seed))
				if err := atomicfile.Create(path, data); errors.Is(err, fs.ErrExist) {
					return usageError("%s exists already; gen never overwrites (choose another --out or --seed)", path)
				} else if err != nil {
					return failed("%v", err)
				}
				fmt.Fprintln(c.App.Writer, path)
			}
			return nil
		}),
	}
}

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check input files against a problem's input validator",
		ArgsUsage: "PROBLEM FILE...",
		Description: `Prints FILE: ok, or FILE:LINE:COLUMN: what is wrong, for each file (FILE: not read:
why, for one that cannot be read; the others are checked still). Exits 2 when a file
could not be read, else 1 when any file is invalid.

PROBLEM may be an ICPC or Kattis problem package folder: then each FILE, or
without FILEs every test case's input, goes through each of the package's input
validators (exit code 42 means valid; checktestdata scripts need the
checktestdata tool); a package without input validators checks nothing, and says
so.

Examples:
   judge validate sudoku my-puzzle.in
   judge validate trimines problems/trimines/data/secret/*.in
   judge gen sudoku --seed 3 > p.in && judge validate sudoku p.in
   judge validate ~/contests/nwerc/problems/anagram   # a package's own validators`,
		Action: problemAction("validate: want a problem and files (judge validate PROBLEM FILE...)", atLeast(1), func(c *cli.Context, e *env, p problems.Problem, _ problems.Limits) error {
			if pkg := workflow.PackageOf(p); pkg != nil {
				return validatePackage(c, e, pkg, c.Args().Slice()[1:])
			}
			if c.NArg() < 2 {
				return usageError("validate: want a problem and files (judge validate PROBLEM FILE...)")
			}
			bad, unreadable := 0, 0
			for _, f := range c.Args().Slice()[1:] {
				data, err := readInput(f)
				if err != nil {
					// Said in its place, and the other files checked still.
					unreadable++
					fmt.Fprintf(c.App.Writer, "%s: not read: %v\n", f, unwrapPath(err))
					continue
				}
				if err := p.Validate(data); err != nil {
					bad++
					if ie, ok := err.(*problems.InputError); ok && ie.Line > 0 && ie.Col > 0 {
						fmt.Fprintf(c.App.Writer, "%s:%d:%d: %s\n", f, ie.Line, ie.Col, ie.Msg)
					} else if ok && ie.Line > 0 {
						fmt.Fprintf(c.App.Writer, "%s:%d: %s\n", f, ie.Line, ie.Msg)
					} else {
						fmt.Fprintf(c.App.Writer, "%s: %v\n", f, err)
					}
					continue
				}
				fmt.Fprintf(c.App.Writer, "%s: ok\n", f)
			}
			return validateOutcome(bad, unreadable, c.NArg()-1)
		}),
	}
}

// validateOutcome is judge validate's end: a file that could not be read is bad
// input (exit 2), an invalid one a failure (exit 1), whichever the other files
// were.
func validateOutcome(bad, unreadable, files int) error {
	switch {
	case unreadable > 0 && bad > 0:
		return usageError("validate: %d of %d files could not be read, %d invalid", unreadable, files, bad)
	case unreadable > 0:
		return usageError("validate: %d of %d files could not be read", unreadable, files)
	case bad > 0:
		return failed("%d of %d files invalid", bad, files)
	}
	return nil
}

// unwrapPath drops the path from an error that names one (the caller names
// the file already).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "show which limits and measurements this machine can guarantee, and which toolchains exist",
		Description: `Without --nats: how runs are started here (supervisor, cgroup or not), which
limits are enforced and how, and each language with the toolchain it needs and its
version. With --nats URL: the broker (server, JetStream, the judge's streams with
their message counts) and the workers that advertised themselves in the last
minute, with their languages; --token-file and --tls-ca as for judge worker.

Examples:
   judge doctor
   judge --sandbox direct doctor
   judge doctor --nats nats://127.0.0.1:4222
   judge doctor --nats tls://judgehost:4222 --token-file token --tls-ca broker.pem`,
		Flags: []cli.Flag{natsFlag(), tokenFileFlag(), tlsCAFlag()},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			if url := c.String("nats"); url != "" {
				return doctorBroker(c, url)
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			w := c.App.Writer
			g := e.Runner.Guarantees()
			limits := "yes (set by the supervisor before exec)"
			if !g.LimitsAtStart {
				limits = "no (set just after start: a fast program may escape them briefly)"
			}
			rows := [][]string{
				{"backend", g.Backend},
				{"supervisor binary", supervisorNote(g.Supervisor)},
				{"CPU limit", "RLIMIT_CPU and measured user+system time (µs), wall-clock timer"},
				{"limits from the first instruction", limits},
				{"memory limit", g.MemoryLimit},
				{"peak memory", g.PeakMemory},
				{"process limit", g.ProcessLimit},
				{"output limit", "RLIMIT_FSIZE on every file the program writes"},
				{"killing the process tree", g.TreeKill},
			}
			if g.Jail {
				rows = [][]string{{"backend", g.Backend}, {"memory limit", g.MemoryLimit}, {"peak memory", g.PeakMemory},
					{"process limit", g.ProcessLimit}, {"killing the process tree", g.TreeKill},
					{"output limit", "the judge copies at most the limit of each stream; files are bounded by the work folder's size"}}
			}
			if g.CgroupError != "" {
				rows = append(rows, []string{"why no cgroup", g.CgroupError})
			}
			// Prose columns wrap to keep each table within the terminal.
			width := tableWidth(w)
			cols := []reports.Column{{Name: "guarantee"}, {Name: "on this machine"}}
			cols[1].Wrap = reports.Room(cols, rows, 1, width)
			if err := reports.WriteTable(w, reports.ASCII, cols, rows); err != nil {
				return err
			}
			fmt.Fprintln(w)
			var jailRows [][]string
			for _, jg := range workflow.JailCheck() {
				holds := "does not hold"
				if jg.Holds {
					holds = "holds"
				}
				jailRows = append(jailRows, []string{jg.Name, holds, jg.Why})
			}
			cols = []reports.Column{{Name: "jail guarantee"}, {Name: "status"}, {Name: "how"}}
			cols[2].Wrap = reports.Room(cols, jailRows, 2, width)
			if err := reports.WriteTable(w, reports.ASCII, cols, jailRows); err != nil {
				return err
			}
			fmt.Fprintln(w)
			var langs [][]string
			for _, l := range e.Builder.Languages.All() {
				tool, ok := l.Toolchain()
				status := "missing: install " + tool
				if ok {
					status = toolVersion(tool)
					if why := e.Builder.Broken(c.Context, l); why != "" {
						status = why
					}
				}
				langs = append(langs, []string{l.Name, strings.Join(l.Extensions, " "), tool, status})
			}
			cols = []reports.Column{{Name: "language"}, {Name: "extensions"}, {Name: "needs"}, {Name: "found"}}
			cols[3].Wrap = reports.Room(cols, langs, 3, width)
			return reports.WriteTable(w, reports.ASCII, cols, langs)
		},
	}
}

// genParamsHelp lists each problem's generator parameters for judge gen --help.
func genParamsHelp() string {
	var b strings.Builder
	b.WriteString("Parameters (name, default, meaning):")
	for _, slug := range registry.Slugs() {
		docs := registry.GenParams(slug)
		if len(docs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n   %s\n", slug)
		width := 0
		for _, d := range docs {
			width = max(width, len(d.Name)+1+len(d.Default))
		}
		for _, d := range docs {
			fmt.Fprintf(&b, "      %-*s  %s\n", width, d.Name+"="+d.Default, d.Meaning)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// supervisorNote says which binary supervises runs and why.
func supervisorNote(path string) string {
	switch {
	case path == "":
		return "none (direct)"
	case filepath.Base(path) == workflow.SupervisorName:
		return relPath(path) + " (the small companion binary: faster starts)"
	}
	return relPath(path) + " (re-executing itself; build " + workflow.SupervisorName + " beside it for faster starts)"
}

// toolVersion returns the first line a tool prints for --version (or -version).
func toolVersion(tool string) string {
	for _, flag := range []string{"--version", "-version", "version"} {
		out, err := exec.Command(tool, flag).CombinedOutput()
		if err == nil {
			line, _, _ := strings.Cut(string(bytes.TrimSpace(out)), "\n")
			return reports.Clip(line, 60)
		}
	}
	return "found"
}
