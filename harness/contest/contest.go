// Package contest reads contest definitions: a YAML file naming the contest, its
// problems, its entrants with one submission per problem, the standings rule and
// per-problem limit overrides. It only parses and validates; running the contest is
// the caller's business.
//
// A contest file looks like this:
//
//	name: Demo contest
//	standings: icpc              # icpc (default) | relative | mactech
//	freeze: 2026-11-23T17:00:00Z # optional: the live scoreboard hides later results
//	problems:
//	  - sudoku                   # a problem slug
//	  - path: ../more/defrag     # or a problem folder, relative to this file
//	    limits: {time: 5, memory: 512}
//	entrants:
//	  alice:
//	    sudoku: entrants/alice/sudoku.c        # a source file, folder or binary
//	    defrag: {command: "python3 entrants/alice/defrag.py"}
//	  bob:
//	    sudoku: {path: entrants/bob/sudoku, language: go}
//
// Parsing is strict: unknown or repeated keys, wrong types and values out of range
// are errors that name the file, line and column.
package contest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/internal/yamlerr"
	"github.com/judgehq/judge/problems"
	"go.yaml.in/yaml/v3"
)

// The standings rules a contest may name.
const (
	RuleICPC     = "icpc"
	RuleRelative = "relative"
	RuleMacTech  = "mactech"
)

// Contest is a parsed contest file.
type Contest struct {
	// File is the name the contest was parsed under; relative paths in it are
	// relative to its folder (see Resolve).
	File string
	Name string
	// Standings is the standings rule: RuleICPC, RuleRelative or RuleMacTech.
	Standings string
	// Freeze, when set, is the moment after which the live scoreboard (judge
	// contest --serve) hides new results until the contest ends, as ICPC freezes
	// its last hour. Written as an RFC 3339 time: freeze: 2026-11-23T17:00:00Z.
	Freeze   time.Time
	Problems []Problem
	Entrants []Entrant
}

// Problem is one problem of the contest.
type Problem struct {
	// Slug is set when the problem was given by slug; Path when given by folder.
	Slug string
	Path string
	// Limits override the problem's own limits; nil fields keep them (see
	// problems.LimitOverrides.Apply for the rule).
	Limits problems.LimitOverrides
	// Line and Column are where the problem is listed in the file.
	Line, Column int
}

// Key is the name entrants use for the problem: its slug, or the base name of its
// folder.
func (p Problem) Key() string {
	if p.Slug != "" {
		return p.Slug
	}
	return filepath.Base(filepath.Clean(p.Path))
}

// Entrant is one contestant and their submissions, in the order of the file.
type Entrant struct {
	Name        string
	Submissions []Submission
	Line        int
}

// Submission is what an entrant submits for one problem: a Path (source file,
// folder or binary) or a Command (a command line run as is). Exactly one is set.
type Submission struct {
	// Problem is the Key of the problem.
	Problem string
	Path    string
	Command string
	// Language overrides the language the harness would infer from the path.
	Language string
	// Line and Column are where the entrant names the problem.
	Line, Column int
}

// EntrantNames returns the entrants' names in file order, the order that breaks
// ties in tables.
func (c *Contest) EntrantNames() []string {
	names := make([]string, len(c.Entrants))
	for i, e := range c.Entrants {
		names[i] = e.Name
	}
	return names
}

// ProblemKeys returns the problems' keys in file order.
func (c *Contest) ProblemKeys() []string {
	keys := make([]string, len(c.Problems))
	for i, p := range c.Problems {
		keys[i] = p.Key()
	}
	return keys
}

// For returns the entrant's submission for a problem key.
func (e Entrant) For(problem string) (Submission, bool) {
	for _, s := range e.Submissions {
		if s.Problem == problem {
			return s, true
		}
	}
	return Submission{}, false
}

// Resolve returns path relative to the contest file's folder, or path itself when
// absolute.
func (c *Contest) Resolve(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(filepath.Dir(c.File), path)
}

// MaxFileSize is the largest contest file Load reads: a contest file is a few
// kilobytes, and a larger one is a mistake (a data file named in its place).
const MaxFileSize = regular.ConfigMax

// Load reads and parses a contest file. A path that names a pipe or a device,
// or a file larger than MaxFileSize, is refused rather than read.
func Load(path string) (*Contest, error) {
	data, err := regular.ReadFileMax(path, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("contest: %w", err)
	}
	return Parse(path, data)
}

var (
	slugRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
)

// Parse reads a contest definition; name is the file name used in errors and to
// resolve relative paths.
func Parse(name string, data []byte) (*Contest, error) {
	p := &parser{file: name}
	c, err := p.parse(data)
	if err != nil {
		return nil, err
	}
	return c, nil
}

type parser struct{ file string }

// errf returns an error at n's line and column (the file alone when n is nil).
func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	line, col := 0, 0
	if n != nil {
		line, col = n.Line, n.Column
	}
	return p.errAt(line, col, fmt.Sprintf(format, args...))
}

// errAt returns "FILE:LINE:COL: msg", leaving out a column or a line of 0.
func (p *parser) errAt(line, col int, msg string) error {
	switch {
	case line <= 0:
		return fmt.Errorf("%s: %s", p.file, msg)
	case col <= 0:
		return fmt.Errorf("%s:%d: %s", p.file, line, msg)
	}
	return fmt.Errorf("%s:%d:%d: %s", p.file, line, col, msg)
}

func (p *parser) parse(data []byte) (*Contest, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, p.errf(nil, "empty file")
		}
		line, msg := yamlerr.Split(err)
		return nil, p.errAt(line, 0, msg)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		return nil, p.errf(&extra, "a second YAML document; want one")
	case !errors.Is(err, io.EOF): // a second document, and a broken one
		line, msg := yamlerr.Split(err)
		return nil, p.errAt(line, 0, msg)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	c := &Contest{File: p.file, Standings: RuleICPC}
	fields, err := p.mapping(root, "contest", "name", "standings", "freeze", "problems", "entrants")
	if err != nil {
		return nil, err
	}
	if n := fields["name"]; n != nil {
		if c.Name, err = p.str(n, "name"); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(c.Name) == "" {
		return nil, p.errf(orNode(fields["name"], root), "name: missing or empty")
	}
	if n := fields["freeze"]; n != nil {
		v, err := p.str(n, "freeze")
		if err != nil {
			return nil, err
		}
		if c.Freeze, err = time.Parse(time.RFC3339, v); err != nil {
			return nil, p.errf(n, "freeze %q: want a time like 2026-11-23T17:00:00Z (RFC 3339)", v)
		}
	}
	if n := fields["standings"]; n != nil {
		if c.Standings, err = p.str(n, "standings"); err != nil {
			return nil, err
		}
		switch c.Standings {
		case RuleICPC, RuleRelative, RuleMacTech:
		default:
			return nil, p.errf(n, "standings %q: want icpc, relative or mactech", c.Standings)
		}
	}
	if c.Problems, err = p.problems(fields["problems"], root); err != nil {
		return nil, err
	}
	if c.Entrants, err = p.entrants(fields["entrants"], root, c.Problems); err != nil {
		return nil, err
	}
	return c, nil
}

func orNode(n, fallback *yaml.Node) *yaml.Node {
	if n != nil {
		return n
	}
	return fallback
}

// mapping checks that n is a mapping with string keys among allowed, each at most
// once, and returns the value nodes by key.
func (p *parser) mapping(n *yaml.Node, what string, allowed ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "%s: want a mapping, got %s", what, kindName(n))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, p.errf(k, "%s: keys must be plain strings", what)
		}
		if allowed != nil && !contains(allowed, k.Value) {
			return nil, p.errf(k, "%s: unknown key %q (want %s)", what, k.Value, strings.Join(allowed, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "%s: key %q repeated", what, k.Value)
		}
		out[k.Value] = v
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "a document"
}

func (p *parser) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errf(n, "%s: want a string, got %s", what, kindName(n))
	}
	return n.Value, nil
}

func (p *parser) problems(n, root *yaml.Node) ([]Problem, error) {
	if n == nil {
		return nil, p.errf(root, "problems: missing")
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, p.errf(n, "problems: want a non-empty list, got %s", kindName(n))
	}
	var out []Problem
	seen := map[string]int{}
	for _, item := range n.Content {
		pr := Problem{Line: item.Line, Column: item.Column}
		switch item.Kind {
		case yaml.ScalarNode:
			v, err := p.str(item, "problem")
			if err != nil {
				return nil, err
			}
			if looksLikePath(v) {
				pr.Path = v
			} else {
				pr.Slug = v
			}
		case yaml.MappingNode:
			f, err := p.mapping(item, "problem", "slug", "path", "limits")
			if err != nil {
				return nil, err
			}
			if f["slug"] != nil {
				if pr.Slug, err = p.str(f["slug"], "problem slug"); err != nil {
					return nil, err
				}
			}
			if f["path"] != nil {
				if pr.Path, err = p.str(f["path"], "problem path"); err != nil {
					return nil, err
				}
			}
			if (pr.Slug == "") == (pr.Path == "") {
				return nil, p.errf(item, "problem: want exactly one of slug and path")
			}
			if f["limits"] != nil {
				if pr.Limits, err = p.limits(f["limits"]); err != nil {
					return nil, err
				}
			}
		default:
			return nil, p.errf(item, "problem: want a slug, a path or a mapping, got %s", kindName(item))
		}
		if pr.Slug != "" && !slugRE.MatchString(pr.Slug) {
			return nil, p.errf(item, "problem slug %q: want lower-case letters, digits, '-' or '_'", pr.Slug)
		}
		if k := pr.Key(); pr.Path != "" && (k == "." || k == ".." || k == string(filepath.Separator)) {
			return nil, p.errf(item, "problem path %q: want a problem folder, which entrants name by its folder name", pr.Path)
		}
		if line, dup := seen[pr.Key()]; dup {
			return nil, p.errf(item, "problem %q listed twice (first on line %d)", pr.Key(), line)
		}
		seen[pr.Key()] = item.Line
		out = append(out, pr)
	}
	return out, nil
}

// looksLikePath tells a problem folder from a slug: paths hold a separator or start
// with a dot.
func looksLikePath(s string) bool {
	return strings.ContainsRune(s, '/') || strings.HasPrefix(s, ".")
}

// limit bounds, the same as problem.yaml's.
type bound struct{ lo, hi float64 }

var limitBounds = map[string]bound{
	"time": {0, 3600}, "wall": {0, 7200}, "memory": {1, 1 << 20}, "output": {1, 1 << 14}, "processes": {1, 4096},
}

func (p *parser) limits(n *yaml.Node) (problems.LimitOverrides, error) {
	var l problems.LimitOverrides
	f, err := p.mapping(n, "limits", "time", "wall", "memory", "output", "processes")
	if err != nil {
		return l, err
	}
	for _, key := range []string{"time", "wall", "memory", "output", "processes"} {
		v := f[key]
		if v == nil {
			continue
		}
		if v.Kind != yaml.ScalarNode || (v.Tag != "!!int" && v.Tag != "!!float") {
			return l, p.errf(v, "limits.%s: want a number, got %s", key, kindName(v))
		}
		x, err := strconv.ParseFloat(strings.ReplaceAll(v.Value, "_", ""), 64)
		b := limitBounds[key]
		isTime := key == "time" || key == "wall"
		switch {
		case err != nil:
			return l, p.errf(v, "limits.%s: %q is not a number", key, v.Value)
		case isTime && (x <= b.lo || x > b.hi):
			return l, p.errf(v, "limits.%s %v: want seconds in (%v, %v]", key, x, b.lo, b.hi)
		case !isTime && (x != float64(int64(x)) || x < b.lo || x > b.hi):
			return l, p.errf(v, "limits.%s %v: want a whole number in [%v, %v]", key, x, b.lo, b.hi)
		}
		d, size, n := problems.Seconds(x), problems.Size(x)*problems.MiB, int(x)
		switch key {
		case "time":
			l.Time = &d
		case "wall":
			l.Wall = &d
		case "memory":
			l.Memory = &size
		case "output":
			l.Output = &size
		case "processes":
			l.Processes = &n
		}
	}
	return l, nil
}

func (p *parser) entrants(n, root *yaml.Node, probs []Problem) ([]Entrant, error) {
	if n == nil {
		return nil, p.errf(root, "entrants: missing")
	}
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		return nil, p.errf(n, "entrants: want a non-empty mapping of name to submissions, got %s", kindName(n))
	}
	if _, err := p.mapping(n, "entrants"); err != nil { // string keys, no repeats
		return nil, err
	}
	keys := make([]string, len(probs))
	for i, pr := range probs {
		keys[i] = pr.Key()
	}
	var out []Entrant
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !nameRE.MatchString(k.Value) {
			return nil, p.errf(k, "entrant %q: want letters, digits, '.', '-' or '_', starting with a letter or digit", k.Value)
		}
		e := Entrant{Name: k.Value, Line: k.Line}
		what := "entrant " + e.Name
		f, err := p.mapping(v, what, keys...)
		if err != nil {
			return nil, err
		}
		if len(f) == 0 {
			return nil, p.errf(orNode(v, k), "%s: no submissions", what)
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			pk, sv := v.Content[j], v.Content[j+1]
			s, err := p.submission(sv, what+", "+pk.Value)
			if err != nil {
				return nil, err
			}
			s.Problem, s.Line, s.Column = pk.Value, pk.Line, pk.Column
			e.Submissions = append(e.Submissions, s)
		}
		out = append(out, e)
	}
	return out, nil
}

func (p *parser) submission(n *yaml.Node, what string) (Submission, error) {
	var s Submission
	if n.Kind == yaml.ScalarNode {
		v, err := p.str(n, what)
		if err != nil {
			return s, err
		}
		s.Path = v
	} else {
		f, err := p.mapping(n, what, "path", "command", "language")
		if err != nil {
			return s, err
		}
		for _, fd := range []struct {
			key string
			dst *string
		}{{"path", &s.Path}, {"command", &s.Command}, {"language", &s.Language}} {
			if f[fd.key] != nil {
				if *fd.dst, err = p.str(f[fd.key], what+": "+fd.key); err != nil {
					return s, err
				}
			}
		}
	}
	if (strings.TrimSpace(s.Path) == "") == (strings.TrimSpace(s.Command) == "") {
		return s, p.errf(n, "%s: want exactly one of a path and a command", what)
	}
	return s, nil
}
