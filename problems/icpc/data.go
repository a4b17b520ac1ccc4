package icpc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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

// loader reads the data tree of one package.
type loader struct {
	// root is the package folder, resolved (resolveRoot); dataDir its data/.
	root, dataDir string
	// maxFile bounds an input or answer file.
	maxFile int64
	// items counts the cases and groups read, each time a link reaches one.
	items int
	warns *[]Warning
}

// maxItems bounds the cases and groups of a package's data tree, each counted
// as often as links reach it: links between groups could otherwise make a few
// folders hold more cases than any judge could run.
const maxItems = 100_000

// readGroup reads the folder dataDir/name with the inherited settings; ancestors
// are the resolved folders of the groups it lies in, to refuse a link back to one.
func (l *loader) readGroup(name string, inherited GroupSettings, ancestors []string) (*Group, error) {
	dir := filepath.Join(l.dataDir, filepath.FromSlash(name))
	real, err := resolveInside(l.root, dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	ancestors = append(ancestors, real)
	g := &Group{Name: name, Settings: inherited}
	// Entries are looked at through the group's resolved folder: their links
	// lead where they would from dir, and only their own need following (from
	// dir, every link on the way down would be followed again for each entry).
	for _, sf := range []string{"testdata.yaml", "test_group.yaml"} {
		path := filepath.Join(dir, sf)
		data, err := readPackageFile(l.root, filepath.Join(real, sf), maxSmallFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		s, w, err := ParseGroupSettings(data, path, g.Settings)
		*l.warns = append(*l.warns, w...)
		if err != nil {
			return nil, err
		}
		g.Settings = s
	}
	entries, err := os.ReadDir(real)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	names := make([]string, 0, len(entries))
	// link tells the entries that are symbolic links: the others lie in the
	// resolved folder, inside the package, with nothing to follow.
	link := map[string]bool{}
	for _, e := range entries {
		names = append(names, e.Name())
		link[e.Name()] = e.Type()&fs.ModeSymlink != 0
	}
	sort.Strings(names)
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	for _, n := range names {
		path, rpath := filepath.Join(dir, n), filepath.Join(real, n)
		st, err := os.Stat(rpath) // follows symlinked cases and groups
		if err != nil {
			*l.warns = append(*l.warns, Warning{File: path, Msg: fmt.Sprintf("unreadable: %v", err)})
			continue
		}
		if msg := l.entryFault(rpath, link[n], st, ancestors); msg != "" {
			if st.IsDir() || strings.HasSuffix(n, ".in") || strings.HasSuffix(n, ".ans") || strings.HasSuffix(n, ".interaction") {
				*l.warns = append(*l.warns, Warning{File: path, Msg: msg + "; left out"})
			}
			continue
		}
		switch {
		case st.IsDir():
			if strings.HasSuffix(n, ".files") {
				continue
			}
			if err := l.count(path); err != nil {
				return nil, err
			}
			sub, err := l.readGroup(name+"/"+n, g.Settings, ancestors)
			if err != nil {
				return nil, err
			}
			g.Items = append(g.Items, Item{Group: sub})
		case strings.HasSuffix(n, ".in"):
			base := strings.TrimSuffix(n, ".in")
			ans, rans := filepath.Join(dir, base+".ans"), filepath.Join(real, base+".ans")
			if !has[base+".ans"] {
				return nil, fmt.Errorf("%s: missing answer file for %s", ans, n)
			}
			if ast, err := os.Stat(rans); err != nil {
				return nil, fmt.Errorf("%s: %w", ans, err)
			} else if msg := l.entryFault(rans, link[base+".ans"], ast, nil); msg != "" {
				return nil, fmt.Errorf("%s: the answer file of %s %s", ans, n, msg)
			} else if ast.IsDir() {
				return nil, fmt.Errorf("%s: the answer file of %s is a folder", ans, n)
			}
			if err := l.count(path); err != nil {
				return nil, err
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

// count counts one more case or group, at path, against maxItems.
func (l *loader) count(path string) error {
	if l.items++; l.items > maxItems {
		return fmt.Errorf("%s: the data tree holds more than %d cases and groups (links counted each time they lead to one)", path, maxItems)
	}
	return nil
}

// MaxDataFile is the largest input or answer file a package may hold.
const MaxDataFile = 1 << 30

// entryFault says what is wrong with the entry at path of the package's data
// tree (path in a resolved folder; isLink: the entry is a symbolic link; st: its
// Stat, links followed), or "": it may lead, through a link, to a case or group
// elsewhere in the package,
// never outside it (the host's files would reach the programs and the reports),
// nor back to one of the groups it lies in (ancestors, resolved); a case is a
// regular file (a pipe would hang the judge, a device never end) of at most
// l.maxFile bytes.
func (l *loader) entryFault(path string, isLink bool, st fs.FileInfo, ancestors []string) string {
	// An entry of a resolved folder that is no link is itself: following its
	// path (a system call per folder on the way) for each of thousands of
	// files took half of a package's loading.
	target, err := path, error(nil)
	if isLink {
		target, err = resolveInside(l.root, path)
	}
	switch {
	case errors.Is(err, ErrOutside):
		if lst, err := os.Lstat(path); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
			return "is a link that leads outside the package (to " + target + ")"
		}
		return "leads outside the package (to " + target + ")"
	case err != nil:
		return fmt.Sprintf("a link that cannot be followed (%v)", err)
	}
	switch {
	case st.IsDir():
		if slices.Contains(ancestors, target) {
			return "is a link back to a group it lies in (to " + target + ")"
		}
		return ""
	case !st.Mode().IsRegular():
		return "is not a regular file (" + st.Mode().Type().String() + ")"
	case st.Size() > l.maxFile:
		return fmt.Sprintf("holds %d bytes, more than the %d a data file may", st.Size(), l.maxFile)
	}
	return ""
}
