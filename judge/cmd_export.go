package main

import (
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/problems/registry"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write a problem as an ICPC / Kattis problem package (format 2025-09)",
		ArgsUsage: "PROBLEM DIR",
		Description: `Writes DIR/problem.yaml, the statement, the data, an input validator and an output
validator (the interactor, for interactive problems) built from the problem's own Go
code, and the solutions as submissions in their verdict folders (the reference and
other solvers in accepted/, presentation errors in wrong_answer/, memory-limit ones in
run_time_error/). Each Go program is a folder with a build script; it builds offline.
Problems that read and write files cannot be expressed in the format.

Examples:
   judge export sudoku /tmp/pkg/sudoku
   judge export fleetcount out/fleetcount`,
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usageError("export: want a problem and a folder (judge export PROBLEM DIR)")
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
			src := icpcrun.ExportSource{Root: e.Root, Problem: p, ProblemDir: filepath.Join(e.Root, "problems", slug),
				SolutionsDir: registry.SolutionsDir(e.Root, slug)}
			if err := icpcrun.Export(c.Context, src, c.Args().Get(1)); err != nil {
				return failed("export %s: %v", slug, err)
			}
			fmt.Fprintf(c.App.Writer, "%s: package written to %s\n", slug, c.Args().Get(1))
			return nil
		},
	}
}
