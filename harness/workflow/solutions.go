package workflow

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
)

// Solution is a program under solutions/SLUG/ with the verdict its folder names.
type Solution struct {
	Path     string
	Expected problems.Verdict
}

// Solutions finds the programs under solutions/SLUG/ of root: every entry directly
// there is expected AC (a folder is a Go main package), except verdict folders
// (wrong_answer/, time_limit_exceeded/, …) whose entries are programs expected to
// get that verdict, and internal/, testdata/, hidden (.x) and private (_x) entries.
// Documents (.md, .txt, .yaml, .yml, .json, no extension) are not programs. The
// reference comes first, then the other AC programs, then the rest, each in path
// order.
func Solutions(root string, meta problems.Meta) ([]Solution, error) {
	dir := registry.SolutionsDir(root, meta.Slug)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("solutions of %s: %w", meta.Slug, err)
	}
	var out []Solution
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		if skipEntry(name) {
			continue
		}
		if v, ok := problems.ParseVerdict(name); ok && e.IsDir() && v != problems.AC {
			inner, err := os.ReadDir(path)
			if err != nil {
				return nil, fmt.Errorf("solutions of %s: %w", meta.Slug, err)
			}
			for _, f := range inner {
				if skipEntry(f.Name()) || (!f.IsDir() && isDoc(f.Name())) {
					continue
				}
				out = append(out, Solution{Path: filepath.Join(path, f.Name()), Expected: v})
			}
			continue
		}
		if e.IsDir() || !isDoc(name) {
			out = append(out, Solution{Path: path, Expected: problems.AC})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := out[i].isReference(meta), out[j].isReference(meta)
		if ri != rj {
			return ri
		}
		if (out[i].Expected == problems.AC) != (out[j].Expected == problems.AC) {
			return out[i].Expected == problems.AC
		}
		return out[i].Path < out[j].Path
	})
	return out, nil
}

// isReference reports whether s is the problem's reference solver.
func (s Solution) isReference(meta problems.Meta) bool {
	return filepath.Base(s.Path) == meta.Reference && s.Expected == problems.AC
}

func skipEntry(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "internal" || name == "testdata"
}

func isDoc(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".txt", ".yaml", ".yml", ".json", "":
		return true
	}
	return false
}
