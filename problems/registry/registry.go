// Package registry maps problem slugs to the Go code that implements them and finds
// problem folders on disk. It is the one place that knows every problem package.
package registry

import (
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships"
	"github.com/judgehq/judge/problems/bestmove"
	"github.com/judgehq/judge/problems/defrag"
	"github.com/judgehq/judge/problems/fleetcount"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/problems/sudoku"
	"github.com/judgehq/judge/problems/trimines"
)

// Constructor builds a problem from its loaded folder.
type Constructor func(*problems.Folder) problems.Problem

// constructors returns the known problems by slug. Add a problem here.
func constructors() map[string]Constructor {
	return map[string]Constructor{
		// problem constructors, one line each, kept in alphabetical order
		"battleships": battleships.New,
		"bestmove":    bestmove.New,
		"defrag":      defrag.New,
		"fleetcount":  fleetcount.New,
		"sudoku":      sudoku.New,
		"trimines":    trimines.New,
	}
}

// Slugs lists the known problems in alphabetical order.
func Slugs() []string {
	var s []string
	for k := range constructors() {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// RootEnv names the environment variable that overrides where problems are found.
const RootEnv = "JUDGE_ROOT"

// FindRoot returns the directory that holds problems/: $JUDGE_ROOT when set, else the
// nearest ancestor of start (start included) with a problems/ folder holding at least
// one problem.yaml, else the nearest such ancestor of the running executable (a judge
// binary built inside the project finds its problems from anywhere). The error
// names the ways to point at the problems.
func FindRoot(start string) (string, error) {
	if r := os.Getenv(RootEnv); r != "" {
		if !hasProblems(r) {
			return "", fmt.Errorf("$%s=%s: no problems/*/problem.yaml there", RootEnv, r)
		}
		return r, nil
	}
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("finding the problems folder: %w", err)
	}
	if root, ok := rootAbove(dir); ok {
		return root, nil
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			if root, ok := rootAbove(filepath.Dir(exe)); ok {
				return root, nil
			}
		}
	}
	return "", fmt.Errorf("no problems/ folder in %s or above it, nor above the judge binary: "+
		"run judge inside the project, or name the folder holding problems/ with --root DIR or $%s=DIR", start, RootEnv)
}

// rootAbove returns the nearest of dir and its ancestors that holds problems.
func rootAbove(dir string) (string, bool) {
	for {
		if hasProblems(dir) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// A folder of problem packages (another tool's tree of ICPC packages) is not
// one: the judge would put its .judge/ and reports there.
func hasProblems(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "problems", "*", "problem.yaml"))
	for _, p := range m {
		if !icpc.IsPackage(filepath.Dir(p)) {
			return true
		}
	}
	return false
}

// Open loads a problem by slug (looked up under root/problems/) or by the path of a
// problem folder. The folder's slug must name a known problem.
func Open(root, slugOrPath string) (problems.Problem, error) {
	dir := filepath.Join(root, "problems", slugOrPath)
	if strings.ContainsRune(slugOrPath, filepath.Separator) || strings.HasPrefix(slugOrPath, ".") {
		dir = slugOrPath
	}
	if _, err := os.Stat(filepath.Join(dir, "problem.yaml")); errors.Is(err, fs.ErrNotExist) {
		if _, known := constructors()[slugOrPath]; !known {
			return nil, fmt.Errorf("unknown problem %q (known: %s)", slugOrPath, strings.Join(Slugs(), ", "))
		}
	}
	f, err := problems.LoadFolder(dir)
	if err != nil {
		return nil, err
	}
	meta := f.Meta()
	yamlPath := filepath.Join(dir, "problem.yaml")
	data, _ := regular.ReadFileMax(yamlPath, regular.ConfigMax) // LoadFolder read it already: for positions only
	at := func(key, format string, args ...any) error {
		line, col := problems.KeyPos(data, key)
		return problems.PositionedError(yamlPath, &problems.InputError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
	}
	mk, ok := constructors()[meta.Slug]
	if !ok {
		return nil, at("slug", "slug %q has no checker code in this judge (known: %s)", meta.Slug, strings.Join(Slugs(), ", "))
	}
	if abs, err := filepath.Abs(dir); err == nil && filepath.Base(abs) != meta.Slug {
		return nil, at("slug", "slug %q, but the folder is called %q: its data would be judged by %s's checker; name the folder after its slug",
			meta.Slug, filepath.Base(abs), meta.Slug)
	}
	p := mk(f)
	if _, files := p.(problems.FileIO); files != (meta.IO == problems.Files) {
		how := "reads standard input and writes standard output"
		if files {
			how = "reads and writes files"
		}
		return nil, at("io", "io %q, but %s's code %s", meta.IO, meta.Slug, how)
	}
	return p, nil
}

// SolutionsDir returns root/solutions/SLUG.
func SolutionsDir(root, slug string) string { return filepath.Join(root, "solutions", slug) }
