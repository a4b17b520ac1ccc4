package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/problems/registry"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write a problem as an ICPC / Kattis problem package (format 2025-09 or legacy)",
		ArgsUsage: "PROBLEM DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: icpcrun.FormatCurrent,
				Usage: "package format: " + icpcrun.FormatCurrent + " (current) or " + icpcrun.FormatLegacy + " (what problemtools' verifyproblem and older DOMjudge read)"},
		},
		Description: `Writes DIR/problem.yaml, the statement, the data, an input validator and an output
validator (the interactor, for interactive problems) built from the problem's own Go
code, and the solutions as submissions in their verdict folders (the reference and
other solvers in accepted/, presentation errors in wrong_answer/, memory-limit ones in
run_time_error/). Each Go program is a folder with a build script; it builds offline.

A problem that reads and writes files (defrag) becomes a standard-I/O package: the
case file arrives on standard input, the answer file goes to standard output, and
each submission (Go, C, Python) is wrapped so that it still finds its files; the
statement says so. Scores in a package leave out a charge for CPU time (defrag's 1 %
per millisecond, trimines' point per millisecond), which only the judge's own
measurement can make: the statement keeps the judge's rule and ends with a section
"In this package" that says so. A problem where lower scores win (defrag) says so
only in the legacy format (grading: objective: min): the current format cannot, and
export warns that tools will rank its scores the other way round. Export also warns
of what it leaves out: data groups the judge runs only on request (trimines'
winrate) and solutions whose verdict has no submissions folder (output limit).

DIR must be new or empty: export never writes over files that are there.

--format legacy writes the older layout (output_validators/check/, the time limit in
.timelimit, a LaTeX statement made by pandoc when it is installed) for tools that do
not read the current format yet, such as problemtools' verifyproblem.

Examples:
   judge export sudoku /tmp/pkg/sudoku
   judge export fleetcount out/fleetcount
   judge export --format legacy defrag /tmp/legacy/defrag`,
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usageError("export: want a problem and a folder (judge export PROBLEM DIR)")
			}
			switch f := c.String("format"); f {
			case "", "current", icpcrun.FormatCurrent, icpcrun.FormatLegacy:
			default:
				return usageError("export: --format %q: want %s (the default) or %s", f, icpcrun.FormatCurrent, icpcrun.FormatLegacy)
			}
			if arg := c.Args().First(); icpc.IsPackage(arg) {
				return usageError("export: %s is a problem package already; export writes judge's own problems (problems/SLUG) as packages", arg)
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			p, err := registry.Open(e.Root, c.Args().First())
			if err != nil {
				return usageError("%v", err)
			}
			slug := p.Meta().Slug
			dst := c.Args().Get(1)
			entries, err := os.ReadDir(dst)
			existed := err == nil
			if err == nil && len(entries) > 0 {
				// Export writes its files over whatever has their names: a
				// folder with anything in it may be someone's work.
				return usageError("export: %s is not empty (it holds %s): name a new folder, or remove this one first", dst, entries[0].Name())
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return usageError("export: %v", err)
			}
			src := icpcrun.ExportSource{Root: e.Root, Problem: p, ProblemDir: filepath.Join(e.Root, "problems", slug),
				SolutionsDir: registry.SolutionsDir(e.Root, slug)}
			opt := icpcrun.ExportOptions{Format: c.String("format"),
				Warn: func(s string) { fmt.Fprintf(c.App.ErrWriter, "%s: warning: %s\n", slug, s) }}
			if err := icpcrun.Export(c.Context, src, dst, opt); err != nil {
				// Everything in dst is this export's (it was new or empty): a
				// half-written package goes, so that the same command can be
				// run again once the cause is mended.
				if rerr := removeExport(dst, existed); rerr != nil {
					return failed("export %s: %v (and removing the half-written package: %v)", slug, err, rerr)
				}
				return failed("export %s: %v (nothing was left in %s)", slug, err, dst)
			}
			fmt.Fprintf(c.App.Writer, "%s: package written to %s\n", slug, dst)
			return nil
		},
	}
}

// removeExport removes what a failed export wrote: the folder dst itself when
// it did not exist before, else everything in it (it was empty).
func removeExport(dst string, existed bool) error {
	if !existed {
		return os.RemoveAll(dst)
	}
	entries, err := os.ReadDir(dst)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
