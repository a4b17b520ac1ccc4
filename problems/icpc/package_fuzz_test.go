package icpc

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// maxLayoutEntries bounds the entries a data tree fuzz input makes, so that
// an input is read in milliseconds.
const maxLayoutEntries = 40

// writeLayout makes in pkg the entries a layout names, one a line, paths
// relative to pkg with slashes:
//
//	data/secret/g/      a folder
//	data/secret/1.in    a file holding "1\n" (a testdata.yaml or
//	                    test_group.yaml holds settings instead)
//	data/secret/2.in -> ../sample/1.in   a link
//
// Entries whose path leaves pkg, or whose link leads out of base (the folder
// that holds pkg), are left out: the fuzz input may not touch the host's files.
func writeLayout(t *testing.T, base, pkg, layout, settings string) {
	t.Helper()
	for i, line := range strings.Split(layout, "\n") {
		if i == maxLayoutEntries {
			break
		}
		name, target, isLink := strings.Cut(line, " -> ")
		name = strings.TrimSpace(name)
		if name == "" || strings.ContainsRune(name, 0) || !filepath.IsLocal(filepath.FromSlash(name)) || filepath.Clean(name) == "problem.yaml" {
			continue
		}
		path := filepath.Join(pkg, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			continue // a file where a folder would be: the input's business
		}
		switch {
		case isLink:
			target = filepath.FromSlash(strings.TrimSpace(target))
			to := filepath.Join(filepath.Dir(path), target)
			if rel, err := filepath.Rel(base, to); err != nil || filepath.IsAbs(target) || strings.ContainsRune(target, 0) || !filepath.IsLocal(rel) {
				continue
			}
			os.Symlink(target, path)
		case strings.HasSuffix(name, "/"):
			os.MkdirAll(path, 0o755)
		case filepath.Base(name) == "testdata.yaml" || filepath.Base(name) == "test_group.yaml":
			os.WriteFile(path, []byte(settings), 0o644)
		default:
			os.WriteFile(path, []byte("1\n"), 0o644)
		}
	}
}

// checkTree holds a group read from the data tree to what judging relies on:
// items in the order of their names, each case a pair of regular files in the
// package named after the case, every group's settings valid, no group inside
// itself through links, and the cases and groups within maxItems.
func checkTree(t *testing.T, root, dataDir string, g *Group, ancestors []string, items *int) {
	t.Helper()
	real, err := filepath.EvalSymlinks(filepath.Join(dataDir, filepath.FromSlash(g.Name)))
	if err != nil || !within(root, real) || slices.Contains(ancestors, real) {
		t.Fatalf("group %s: folder %q (%v), in the package %v, ancestors %q", g.Name, real, err, within(root, real), ancestors)
	}
	ancestors = append(ancestors, real)
	s := g.Settings
	if !slices.Contains([]string{"sum", "min", "max", "avg", "pass-fail"}, s.Aggregation) || !slices.Contains([]string{"", "break", "continue"}, s.OnReject) {
		t.Fatalf("group %s: aggregation %q, on_reject %q", g.Name, s.Aggregation, s.OnReject)
	}
	for _, f := range []float64{s.AcceptScore, s.RejectScore, s.MaxScore} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			t.Fatalf("group %s: score %v", g.Name, f)
		}
	}
	last := ""
	for _, it := range g.Items {
		if *items++; *items > maxItems {
			t.Fatalf("more than %d cases and groups", maxItems)
		}
		var name string
		if c := it.Case; c != nil {
			name = c.Name
			if c.Group != g || c.InPath != filepath.Join(dataDir, filepath.FromSlash(name)+".in") || c.AnsPath != filepath.Join(dataDir, filepath.FromSlash(name)+".ans") {
				t.Fatalf("case %s of group %s: %+v", name, g.Name, c)
			}
			for _, path := range []string{c.InPath, c.AnsPath} {
				real, err := filepath.EvalSymlinks(path)
				st, serr := os.Stat(path)
				if err != nil || serr != nil || !within(root, real) || !st.Mode().IsRegular() {
					t.Fatalf("case %s: %s leads to %q (%v, %v), in the package %v", name, path, real, err, serr, within(root, real))
				}
			}
		} else {
			name = it.Group.Name
			checkTree(t, root, dataDir, it.Group, ancestors, items)
		}
		if dir, _ := filepath.Split(filepath.FromSlash(name)); filepath.Clean(dir) != filepath.FromSlash(g.Name) || name <= last {
			t.Fatalf("group %s: item %s after %s", g.Name, name, last)
		}
		last = name
	}
}

// FuzzDataTree loads packages whose data tree a fuzz input lays out (see
// writeLayout), its group settings files holding the second input: loading
// ends, an error names a path of the package (a settings file's at a place in
// its text), and a tree read holds to checkTree.
func FuzzDataTree(f *testing.F) {
	cases := "data/sample/1.in\ndata/sample/1.ans\ndata/secret/1.in\ndata/secret/1.ans\n"
	for _, s := range []struct{ layout, settings string }{
		{cases, ""},
		{cases + "data/secret/testdata.yaml\n", "on_reject: continue\ngrader_flags: sum\n"},
		{cases + "data/secret/g1/1.in\ndata/secret/g1/1.ans\ndata/secret/g1/test_group.yaml\ndata/testdata.yaml\n", "output_validator_args: [float_tolerance, '1e-6']\n"},
		{cases + "data/secret/2.in -> ../sample/1.in\ndata/secret/2.ans -> ../sample/1.ans\n", ""},
		{cases + "data/secret/g -> ../sample\ndata/secret/h -> .\n", ""},
		{cases + "data/secret/2.in -> ../../../outside/x.in\ndata/secret/2.ans\ndata/secret/o -> ../../../outside\n", ""},
		{cases + "data/secret/2.in\ndata/secret/2.ans -> ../../../outside/x.ans\n", ""},
		{cases + "data/secret/3.in\n", ""},
		{cases + "data/secret/3.ans\ndata/sample/2.interaction\ndata/secret/x.files/\ndata/secret/empty/\n", ""},
		{"data/secret -> ../extra\nextra/1.in\nextra/1.ans\n", ""},
		{"data -> ../outside\n", ""},
		{cases + "data/secret/testdata.yaml\n", "score_aggregation: median\n"},
		{cases + "data/testdata.yaml\n", "accept_score: [1\n"},
		{cases + "data/sample/test_group.yaml\n", "output_validator_args: float_tolerence 1\n"},
	} {
		f.Add(s.layout, s.settings)
	}
	f.Fuzz(func(t *testing.T, layout, settings string) {
		base := t.TempDir()
		pkg, outside := filepath.Join(base, "pkg"), filepath.Join(base, "outside")
		for path, text := range map[string]string{
			filepath.Join(pkg, "problem.yaml"): "name: X\n", filepath.Join(outside, "x.in"): "host\n", filepath.Join(outside, "x.ans"): "host\n",
			filepath.Join(outside, "1.in"): "host\n", filepath.Join(outside, "1.ans"): "host\n",
		} {
			write(t, path, text)
		}
		writeLayout(t, base, pkg, layout, settings)
		var p *Package
		var err error
		finishes(t, func() { p, err = Load(pkg) })
		if err != nil {
			if !strings.Contains(err.Error(), pkg+string(filepath.Separator)) {
				t.Fatalf("error %q names no path of the package", err)
			}
			if i := strings.Index(err.Error(), filepath.Join(pkg, "data")); i >= 0 {
				msg := err.Error()[i:]
				for _, sf := range []string{"testdata.yaml", "test_group.yaml"} {
					if j := strings.Index(msg, sf+":"); j >= 0 && !strings.Contains(msg[:j], " ") {
						checkYAMLError(t, errors.New(msg), msg[:j+len(sf)], settings)
					}
				}
			}
			return
		}
		root, _ := filepath.EvalSymlinks(pkg)
		dataDir := filepath.Join(pkg, "data")
		items := 0
		n := 0
		for _, g := range []*Group{p.Sample, p.Secret} {
			if g == nil {
				continue
			}
			if g == p.Secret && !isDir(filepath.Join(dataDir, "secret")) {
				continue // the stand-in for a missing data/secret
			}
			checkTree(t, root, dataDir, g, nil, &items)
			for _, c := range g.Cases() {
				if got, ok := p.Case(c.Name); !ok || got != c {
					t.Fatalf("case %s: Case gives %v", c.Name, got)
				}
				n++
			}
		}
		if ds, err := p.Datasets(); err != nil || len(ds) != n {
			t.Fatalf("%d datasets (%v), %d cases", len(ds), err, n)
		}
		for _, w := range p.Warnings {
			if !strings.HasPrefix(w.File, pkg+string(filepath.Separator)) {
				t.Fatalf("warning %q names no path of the package", w)
			}
			if filepath.Base(w.File) == "testdata.yaml" || filepath.Base(w.File) == "test_group.yaml" {
				checkWarnings(t, []Warning{w}, w.File, settings)
			}
		}
	})
}

// FuzzLoad loads a small package made of the fuzz inputs: problem.yaml,
// data/testdata.yaml, submissions/submissions.yaml and .timelimit (none when
// empty), around three cases and three submissions. Loading ends; an error
// names a path of the package, and one about a YAML file or .timelimit a
// place in its text; a package loaded has limits the sandbox can enforce,
// warnings at places of the files they name, its three cases, and
// submissions that can be listed.
func FuzzLoad(f *testing.F) {
	current := "problem_format_version: 2025-09\nname: Quotient\nuuid: 4a0f7c1e-2b65-4d0e-9d55-0c3f6f3f9a01\nlicense: cc0\nlimits:\n  time_limit: 1\n"
	legacy := "name: Big sum\ntype: scoring\nlicense: cc0\ngrading:\n  objective: max\nlimits:\n  memory: 512\n"
	subs := "mixed:\n  permitted: [AC, WA]\n  required: [WA]\nmixed/c.py:\n  sample:\n    required: [AC]\n  secret/{1, 3}:\n    required: [AC]\naccepted/a.py:\n  language: python3\n"
	for _, s := range [][4]string{
		{current, "output_validator_args: [float_tolerance, '1e-6']\n", subs, ""},
		{legacy, "on_reject: continue\ngrading: default\ngrader_flags: sum\n", "", "1\n"},
		{"name: Reverse the words\nvalidator_flags: case_sensitive\n", "output_validator_flags: space_change_sensitive\n", "", "2.5\n"},
		{"problem_format_version: 2023-07-draft\ntype: pass-fail\nlimits:\n  time_multipliers: {ac_to_time_limit: 3}\n", "scoring: {aggregation: min}\n", "accepted: {permitted: [AC]}\n", ""},
		{"problem_format_version: 2025-09\ntype: interactive\n", "", "", ""},
		{current, "score_aggregation: median\n", subs, ""},
		{current, "", "x:\n  permitted: [AC\n", ""},
		{"limits:\n  time_limit: 1e-12\n", "", "", ""},
		{legacy, "", "", "1,5\n"},
		{"name: A\nlimits: {time_limit: 1\n", "", "", ""},
		{"? limits", "", "", ""},
		{"name: X\nvalidator_flags: float_tolerence 1e-6\n", "", "", ""},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, problemYAML, testdata, submissions, timelimit string) {
		pkg := filepath.Join(t.TempDir(), "pkg")
		files := map[string]string{
			"problem.yaml": problemYAML, "data/testdata.yaml": testdata, "submissions/submissions.yaml": submissions,
			"data/sample/1.in": "1\n", "data/sample/1.ans": "1\n", "data/secret/1.in": "2\n", "data/secret/1.ans": "2\n",
			"data/secret/g/1.in": "3\n", "data/secret/g/1.ans": "3\n",
			"submissions/accepted/a.py": "print(input())\n", "submissions/wrong_answer/b.py": "print(0)\n", "submissions/mixed/c.py": "print(1)\n",
		}
		if timelimit != "" {
			files[".timelimit"] = timelimit
		}
		for name, text := range files {
			write(t, filepath.Join(pkg, filepath.FromSlash(name)), text)
		}
		yamlText := map[string]string{}
		for _, name := range []string{"problem.yaml", "data/testdata.yaml", "submissions/submissions.yaml"} {
			yamlText[filepath.Join(pkg, filepath.FromSlash(name))] = files[name]
		}
		var p *Package
		var err error
		finishes(t, func() { p, err = Load(pkg) })
		if err != nil {
			msg := err.Error()
			if !strings.Contains(msg, pkg+string(filepath.Separator)) && !strings.Contains(msg, "package "+pkg+":") {
				t.Fatalf("error %q names no path of the package", err)
			}
			for file, text := range yamlText {
				if strings.HasPrefix(msg, file+":") {
					checkYAMLError(t, err, file, text)
				}
			}
			if tl := filepath.Join(pkg, ".timelimit"); strings.HasPrefix(msg, tl+":") {
				if line, col, ok := errorAt(err, tl); !ok {
					t.Fatalf("error %q does not name %s:LINE:COL", err, tl)
				} else if _, ok := offsetAt(timelimit, line, col); !ok {
					t.Fatalf("error %q is at no place of %q", err, timelimit)
				}
			}
			return
		}
		l := p.Meta().Limits
		if l.Time < problems.Seconds(minTimeLimit) || l.Wall < l.Time || l.Memory < problems.MiB || l.Output < problems.MiB {
			t.Fatalf("limits %+v", l)
		}
		if (p.Meta().Kind == problems.Interactive) != (p.Meta().IO == problems.InteractIO) {
			t.Fatalf("kind %q with io %q", p.Meta().Kind, p.Meta().IO)
		}
		for _, w := range p.Warnings {
			if !strings.HasPrefix(w.File, pkg+string(filepath.Separator)) {
				t.Fatalf("warning %q names no path of the package", w)
			}
			if text, ok := yamlText[w.File]; ok {
				checkWarnings(t, []Warning{w}, w.File, text)
			}
		}
		if ds, err := p.Datasets(); err != nil || len(ds) != 3 {
			t.Fatalf("datasets %v, %v; want the package's three cases", ds, err)
		}
		subs, err := p.Submissions()
		if err != nil {
			t.Fatalf("submissions: %v", err)
		}
		for _, s := range subs {
			if len(s.Expected) == 0 && len(s.Expectations) == 0 {
				t.Fatalf("submission %s is held to nothing", s.Path)
			}
		}
	})
}
