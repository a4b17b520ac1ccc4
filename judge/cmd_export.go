package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/icpcrun"
	"github.com/judgehq/judge/internal/dirlock"
	"github.com/judgehq/judge/internal/filemeta"
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

DIR must be new or empty: export never writes over files that are there. The package
is built in a hidden folder inside DIR and moved into place once complete; an export
that fails or is interrupted (Ctrl-C, SIGTERM) removes only what it wrote.

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
			if st, err := os.Stat(dst); err == nil && !st.IsDir() {
				return usageError("export: %s is a file, not a folder: name a new or empty folder", dst)
			}
			src := icpcrun.ExportSource{Root: e.Root, Problem: p, ProblemDir: filepath.Join(e.Root, "problems", slug),
				SolutionsDir: registry.SolutionsDir(e.Root, slug)}
			opt := icpcrun.ExportOptions{Format: c.String("format"),
				Warn: func(s string) { fmt.Fprintf(c.App.ErrWriter, "%s: warning: %s\n", slug, s) }}
			// Ctrl-C and SIGTERM cancel the export, which then removes what
			// it wrote instead of dying half-way.
			ctx, stop := signalContext(c.Context)
			defer stop()
			err = exportInto(ctx, dst, func(ctx context.Context, staging string) error {
				return icpcrun.Export(ctx, src, staging, opt)
			})
			switch {
			case errors.Is(err, errExportNotEmpty):
				return usageError("export: %v", err)
			case err != nil:
				return failed("export %s: %v", slug, err)
			}
			fmt.Fprintf(c.App.Writer, "%s: package written to %s\n", slug, dst)
			return nil
		},
	}
}

// errExportNotEmpty is returned (wrapped) by exportInto for a folder that holds
// something already: export writes its files over whatever has their names, so
// a folder with anything in it may be someone's work.
var errExportNotEmpty = errors.New("not empty")

// onlyStaging reports whether entries (a folder's) are all staging folders of
// exports, and there is at least one.
func onlyStaging(entries []os.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), stagingPrefix) {
			return false
		}
	}
	return len(entries) > 0
}

// stagingPrefix begins the name of the hidden folder inside DIR where export
// builds a package before moving it into DIR.
const stagingPrefix = ".judge-export-"

// stagingMarker is the file export writes into its staging folder first, and
// removes from it last: a folder whose name starts with stagingPrefix is the
// judge's only when it holds it (or nothing at all). The export holds the
// staging folder's lock (dirlock) while it writes, so a second export into
// the same folder never takes a running one's for a leftover.
const stagingMarker = ".judge-export-staging"

// removeLeftovers removes the staging folders killed exports left in the
// folder abs (dst as the user named it) when they are all it holds (entries),
// and returns what it holds then. A folder named like one is left alone
// unless it carries stagingMarker or is empty (a user's folder of that name
// stays, and dst is refused as not empty); one an export still running holds
// is an error.
func removeLeftovers(dst, abs string, entries []os.DirEntry) ([]os.DirEntry, error) {
	if !onlyStaging(entries) {
		return entries, nil
	}
	for _, e := range entries {
		p := filepath.Join(abs, e.Name())
		st, err := os.Lstat(filepath.Join(p, stagingMarker))
		if err == nil && st.Mode().IsRegular() {
			continue
		}
		if inside, err := os.ReadDir(p); err != nil || len(inside) > 0 {
			return entries, nil // not the judge's
		}
	}
	for _, e := range entries {
		p := filepath.Join(abs, e.Name())
		release, ok, err := dirlock.Try(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dst, err)
		}
		if !ok {
			return nil, fmt.Errorf("%s: another judge export is writing into it now (%s): wait for it to end, or name another folder", dst, e.Name())
		}
		err = os.RemoveAll(p)
		release()
		if err != nil {
			return nil, fmt.Errorf("removing %s, left by an export that was killed: %w", filepath.Join(dst, e.Name()), err)
		}
	}
	return nil, nil
}

// exportInto writes a package into dst, which must be new or empty, by calling
// write on a hidden staging folder made inside dst (inside, so that moving the
// package into place stays within one file system even when dst is a mount
// point). Only once write succeeds, and ctx is not done, are the staging
// folder's entries moved into dst. On failure or interruption the staging folder
// (which holds only what write wrote) is removed, and so are dst and the
// folders above it that exportInto made, if they are empty: whatever a user put
// into dst meanwhile stays, and the same command can be run again. The error
// then says that nothing was written.
func exportInto(ctx context.Context, dst string, write func(ctx context.Context, staging string) error) (err error) {
	abs, err := filepath.Abs(dst)
	if err != nil {
		return fmt.Errorf("%s: %w", dst, err)
	}
	entries, err := os.ReadDir(abs)
	if err == nil {
		// All that is there may be what killed exports left (a kill gives
		// no chance to clean up): the judge's own, removed before starting
		// again.
		if entries, err = removeLeftovers(dst, abs, entries); err != nil {
			return err
		}
	}
	switch {
	case err == nil && len(entries) > 0:
		return fmt.Errorf("%s is %w (it holds %s): name a new folder, or remove this one first", dst, errExportNotEmpty, entries[0].Name())
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %w", dst, err)
	}
	// The folders this export makes, dst first then its missing parents.
	var made []string
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil || filepath.Dir(p) == p {
			break
		}
		made = append(made, p)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dst, err)
	}
	staging, err := os.MkdirTemp(abs, stagingPrefix)
	if err != nil {
		removeMade(made)
		return fmt.Errorf("creating a staging folder in %s: %w", dst, err)
	}
	if err := os.Chmod(staging, 0o755); err != nil {
		err = fmt.Errorf("creating a staging folder in %s: %w", dst, err)
		return cleanExport(dst, staging, made, err)
	}
	// Locked, then marked: another export sees it either unmarked (a
	// user's, so dst is refused as not empty) or held.
	release, ok, err := dirlock.Try(staging)
	if err == nil && !ok {
		err = fmt.Errorf("%s is locked by another process", staging)
	}
	if err != nil {
		return cleanExport(dst, staging, made, fmt.Errorf("creating a staging folder in %s: %w", dst, err))
	}
	defer release()
	if err := os.WriteFile(filepath.Join(staging, stagingMarker), nil, 0o644); err != nil {
		return cleanExport(dst, staging, made, fmt.Errorf("creating a staging folder in %s: %w", dst, err))
	}
	if err := write(ctx, staging); err != nil {
		return cleanExport(dst, staging, made, err)
	}
	if err := ctx.Err(); err != nil {
		return cleanExport(dst, staging, made, fmt.Errorf("interrupted: %w", err))
	}
	written, err := os.ReadDir(staging)
	if err != nil {
		return cleanExport(dst, staging, made, fmt.Errorf("reading %s: %w", staging, err))
	}
	written = slices.DeleteFunc(written, func(e os.DirEntry) bool { return e.Name() == stagingMarker })
	if err := giveFolderOwner(abs, staging, written); err != nil {
		return cleanExport(dst, staging, made, err)
	}
	for i, e := range written {
		from, to := filepath.Join(staging, e.Name()), filepath.Join(abs, e.Name())
		_, statErr := os.Lstat(to)
		switch {
		case statErr == nil:
			err = fmt.Errorf("%s appeared while the package was written, where the package has a file of that name", filepath.Join(dst, e.Name()))
		case !errors.Is(statErr, fs.ErrNotExist):
			err = fmt.Errorf("moving the package into %s: %w", dst, statErr)
		default:
			if rerr := os.Rename(from, to); rerr != nil {
				err = fmt.Errorf("moving the package into %s: %w", dst, rerr)
			}
		}
		if err != nil {
			for _, back := range written[:i] {
				if rerr := os.Rename(filepath.Join(abs, back.Name()), filepath.Join(staging, back.Name())); rerr != nil {
					return fmt.Errorf("%w; taking back %s failed too (%v): the package is partly in %s, partly in %s",
						err, filepath.Join(dst, back.Name()), rerr, dst, staging)
				}
			}
			return cleanExport(dst, staging, made, err)
		}
	}
	err = os.Remove(filepath.Join(staging, stagingMarker))
	if err == nil {
		err = os.Remove(staging)
	}
	if err != nil {
		return fmt.Errorf("package written to %s, but removing the staging folder %s: %w", dst, staging, err)
	}
	return nil
}

// giveFolderOwner gives the entries written of the staging folder, and
// everything in them, the owner and group of the folder dst they are about to
// be moved into: an export run as root into an empty folder a user made
// leaves the package theirs. (A folder the export made is the writer's, so
// nothing changes there.) As root a failure is returned before anything is
// moved (see filemeta.Give).
func giveFolderOwner(dst, staging string, written []os.DirEntry) error {
	st, err := os.Lstat(dst)
	if err != nil {
		return fmt.Errorf("moving the package into %s: %w", dst, err)
	}
	o, ok := filemeta.Of(st)
	if !ok {
		return nil
	}
	for _, e := range written {
		if err := filemeta.GiveTree(filepath.Join(staging, e.Name()), o); err != nil {
			return fmt.Errorf("moving the package into %s: %w", dst, err)
		}
	}
	return nil
}

// cleanExport removes what a failed export wrote, the staging folder, and the
// folders made (if empty), and returns cause saying so.
func cleanExport(dst, staging string, made []string, cause error) error {
	if err := os.RemoveAll(staging); err != nil {
		return fmt.Errorf("%w (and removing the half-written package %s: %v)", cause, staging, err)
	}
	removeMade(made)
	return fmt.Errorf("%w: nothing written to %s", cause, dst)
}

// removeMade removes the folders made, deepest first, where they are empty.
func removeMade(made []string) {
	for _, d := range made {
		if os.Remove(d) != nil {
			return // not empty: someone put something there
		}
	}
}
