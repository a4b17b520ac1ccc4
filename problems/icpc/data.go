package icpc

import (
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Group is a folder of test data: data/sample, data/secret or a group nested in
// secret, with its settings and its test cases and sub-groups in judging order.
type Group struct {
	// Name is the path below data/, e.g. "secret/group1".
	Name     string
	Settings GroupSettings
	// Items are the group's cases and sub-groups in lexicographic order of their names,
	// the order the format judges them in.
	Items []Item
	// Interactions are sample .interaction files that have no .in: shown, not judged.
	Interactions []string
}

// Item is one entry of a group: a test case or a sub-group.
type Item struct {
	Case  *Case
	Group *Group
}

// Case is one test case.
type Case struct {
	// Name is the path below data/ without extension, e.g. "secret/group1/03".
	Name    string
	InPath  string
	AnsPath string
	Group   *Group
}

// Cases returns the group's cases, sub-groups' cases included, in judging order.
func (g *Group) Cases() []*Case {
	var out []*Case
	for _, it := range g.Items {
		if it.Case != nil {
			out = append(out, it.Case)
		} else {
			out = append(out, it.Group.Cases()...)
		}
	}
	return out
}

// readGroup reads the folder dataDir/name with the inherited settings. settingsFile
// is the name of the group settings file of the package's format.
func readGroup(dataDir, name string, inherited GroupSettings, warns *[]Warning) (*Group, error) {
	dir := filepath.Join(dataDir, filepath.FromSlash(name))
	g := &Group{Name: name, Settings: inherited}
	for _, sf := range []string{"testdata.yaml", "test_group.yaml"} {
		path := filepath.Join(dir, sf)
		data, err := regular.ReadFileMax(path, maxSmallFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		s, w, err := ParseGroupSettings(data, path, g.Settings)
		*warns = append(*warns, w...)
		if err != nil {
			return nil, err
		}
		g.Settings = s
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	for _, n := range names {
		path := filepath.Join(dir, n)
		st, err := os.Stat(path) // follows symlinked cases and groups
		if err != nil {
			*warns = append(*warns, Warning{File: path, Msg: fmt.Sprintf("unreadable: %v", err)})
			continue
		}
		if msg := dataEntryFault(dataDir, path, st); msg != "" {
			if st.IsDir() || strings.HasSuffix(n, ".in") || strings.HasSuffix(n, ".ans") || strings.HasSuffix(n, ".interaction") {
				*warns = append(*warns, Warning{File: path, Msg: msg + "; left out"})
			}
			continue
		}
		switch {
		case st.IsDir():
			if strings.HasSuffix(n, ".files") {
				continue
			}
			sub, err := readGroup(dataDir, name+"/"+n, g.Settings, warns)
			if err != nil {
				return nil, err
			}
			g.Items = append(g.Items, Item{Group: sub})
		case strings.HasSuffix(n, ".in"):
			base := strings.TrimSuffix(n, ".in")
			ans := filepath.Join(dir, base+".ans")
			if !has[base+".ans"] {
				return nil, fmt.Errorf("%s: missing answer file for %s", ans, n)
			}
			if ast, err := os.Stat(ans); err != nil {
				return nil, fmt.Errorf("%s: %w", ans, err)
			} else if msg := dataEntryFault(dataDir, ans, ast); msg != "" {
				return nil, fmt.Errorf("%s: the answer file of %s %s", ans, n, msg)
			}
			g.Items = append(g.Items, Item{Case: &Case{Name: name + "/" + base, InPath: path, AnsPath: ans, Group: g}})
		case strings.HasSuffix(n, ".interaction"):
			if !has[strings.TrimSuffix(n, ".interaction")+".in"] {
				g.Interactions = append(g.Interactions, path)
			}
		}
	}
	return g, nil
}

// MaxDataFile is the largest input or answer file a package may hold.
const MaxDataFile = 1 << 30

// dataEntryFault says what is wrong with the entry at path of a package's data
// folder dataDir (st: its Stat, links followed), or "": a link may lead to a case
// or group elsewhere in the package, never outside it (the host's files would
// reach the programs and the reports); a case is a regular file (a pipe would
// hang the judge, a device never end) of at most MaxDataFile bytes.
func dataEntryFault(dataDir, path string, st fs.FileInfo) string {
	if lst, err := os.Lstat(path); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return fmt.Sprintf("a link that cannot be followed (%v)", err)
		}
		root, err := filepath.EvalSymlinks(filepath.Dir(dataDir))
		if err != nil {
			return fmt.Sprintf("the package folder cannot be resolved (%v)", err)
		}
		if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return "is a link that leads outside the package (to " + target + ")"
		}
	}
	switch {
	case st.IsDir():
		return ""
	case !st.Mode().IsRegular():
		return "is not a regular file (" + st.Mode().Type().String() + ")"
	case st.Size() > MaxDataFile:
		return fmt.Sprintf("holds %d bytes, more than the %d a data file may", st.Size(), MaxDataFile)
	}
	return ""
}
