package grade

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/internal/yamlerr"
	"go.yaml.in/yaml/v3"
)

// Manual is the check name of an item the teacher grades by hand.
const Manual = "manual"

// Rubric is an assignment's grading rubric: the points a program starts with, how
// it is built and the items that deduct from it.
type Rubric struct {
	// Total is the grade of a program that loses nothing (usually 100).
	Total float64
	// Compiler is the command that compiles one C++ source file to an object file
	// with the course's flags; the source, "-c" and "-o OBJECT" are appended.
	Compiler []string
	// Program is the name of the executable a student's Makefile builds.
	Program string
	// Provided lists the files the course hands out (base names); they are built
	// with the student's files but not graded.
	Provided []string
	// CourseFiles is a folder holding the provided files, copied into a
	// student's build when the student did not hand them in ("" for none).
	CourseFiles string
	// Items are the rubric's items, in the rubric's order.
	Items []Item
}

// Item is one line of a rubric: what it asks, the most it can deduct and how it is
// checked.
type Item struct {
	ID          string
	Description string
	Max         float64 // the largest deduction
	Check       string  // a check name, or Manual
	Line        int     // where the item starts in the rubric file
	run         checkFunc
}

// IsManual reports whether the teacher grades the item by hand.
func (it Item) IsManual() bool { return it.Check == Manual }

var idPattern = lazyRegexp(`^[a-z0-9][a-z0-9_-]*$`)

// ParseRubric reads a rubric from YAML; name is used in error messages, which give
// the line and column of the bad input, and relative folders in the rubric are
// taken from name's folder.
func ParseRubric(name string, data []byte) (*Rubric, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty rubric", name)
		}
		line, msg := yamlerr.Split(err)
		if line > 0 {
			return nil, fmt.Errorf("%s:%d: %s", name, line, msg)
		}
		return nil, fmt.Errorf("%s: %s", name, msg)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:1:1: a rubric is a mapping with total, compiler, provided and items", name)
	}
	p := parser{name: name, dir: filepath.Dir(name)}
	r := &Rubric{Total: 100, Compiler: []string{"g++", "-Wall", "-Wextra"}, Program: "a.out"}
	top := doc.Content[0]
	seen := map[string]bool{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if seen[k.Value] {
			return nil, p.errf(k, "%s given twice", k.Value)
		}
		seen[k.Value] = true
		var err error
		switch k.Value {
		case "total":
			err = p.decode(v, &r.Total)
			if err == nil && !(r.Total > 0 && r.Total < 1e9) {
				err = p.errf(v, "total must be positive")
			}
		case "compiler":
			err = p.decode(v, &r.Compiler)
			if err == nil && (len(r.Compiler) == 0 || r.Compiler[0] == "") {
				err = p.errf(v, "compiler needs a command")
			}
		case "program":
			err = p.decode(v, &r.Program)
			if err == nil && !fileName(r.Program) {
				err = p.errf(v, "program must be a file name")
			}
		case "provided":
			err = p.decode(v, &r.Provided)
			for i, name := range r.Provided {
				if err == nil && !fileName(name) && i < len(v.Content) {
					err = p.errf(v.Content[i], "provided lists file names (the course's files, found in course_files), not %q", name)
				}
			}
		case "course_files":
			err = p.decode(v, &r.CourseFiles)
			r.CourseFiles = p.path(r.CourseFiles)
		case "items":
			r.Items, err = p.items(v)
		default:
			err = p.errf(k, "unknown field %q (want total, compiler, program, provided, course_files or items)", k.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	if len(r.Items) == 0 {
		return nil, p.errf(top, "the rubric has no items")
	}
	return r, nil
}

// MaxRubricSize is the largest rubric file LoadRubric reads: a rubric is a few
// kilobytes, and a larger file is not one.
const MaxRubricSize = regular.ConfigMax

// LoadRubric reads a rubric file. A path that names a pipe or a device, or a
// file larger than MaxRubricSize, is refused rather than read.
func LoadRubric(path string) (*Rubric, error) {
	data, err := regular.ReadFileMax(path, MaxRubricSize)
	if err != nil {
		return nil, fmt.Errorf("reading rubric: %w", err)
	}
	return ParseRubric(path, data)
}

type parser struct{ name, dir string }

// path resolves a folder named in the rubric against the rubric's folder.
func (p parser) path(rel string) string {
	if rel == "" || filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(p.dir, rel)
}

func (p parser) errf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", p.name, n.Line, n.Column, fmt.Sprintf(format, args...))
}

// decode decodes a node; an error is placed at the node below n that yaml's
// message names (an item of a list, say), else at n.
func (p parser) decode(n *yaml.Node, v any) error {
	err := n.Decode(v)
	if err == nil {
		return nil
	}
	line, msg := yamlerr.Split(err)
	if at, _ := yamlerr.Find(n, line, msg); at != nil {
		return p.errf(at, "%s", msg)
	}
	if line > 0 && line != n.Line {
		return fmt.Errorf("%s:%d: %s", p.name, line, msg)
	}
	return p.errf(n, "%s", msg)
}

func (p parser) items(n *yaml.Node) ([]Item, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errf(n, "items must be a list")
	}
	var out []Item
	ids := map[string]int{}
	for _, in := range n.Content {
		it, err := p.item(in)
		if err != nil {
			return nil, err
		}
		if line, dup := ids[it.ID]; dup {
			return nil, p.errf(in, "item id %q already used on line %d", it.ID, line)
		}
		ids[it.ID] = in.Line
		out = append(out, it)
	}
	return out, nil
}

func (p parser) item(n *yaml.Node) (Item, error) {
	it := Item{Line: n.Line}
	if n.Kind != yaml.MappingNode {
		return it, p.errf(n, "an item is a mapping with id, description, max and check")
	}
	var params *yaml.Node
	var checkNode *yaml.Node
	hasMax := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		var err error
		switch k.Value {
		case "id":
			err = p.decode(v, &it.ID)
			if err == nil && !idPattern().MatchString(it.ID) {
				err = p.errf(v, "id %q: use lower-case letters, digits, - and _", it.ID)
			}
		case "description":
			err = p.decode(v, &it.Description)
		case "max":
			hasMax = true
			err = p.decode(v, &it.Max)
			if err == nil && !(it.Max > 0 && it.Max < 1e9) {
				err = p.errf(v, "max must be a positive number")
			}
		case "check":
			checkNode = v
			err = p.decode(v, &it.Check)
		case "params":
			params = v
		default:
			err = p.errf(k, "unknown item field %q (want id, description, max, check or params)", k.Value)
		}
		if err != nil {
			return it, err
		}
	}
	switch {
	case it.ID == "":
		return it, p.errf(n, "item without an id")
	case !hasMax:
		return it, p.errf(n, "item %s has no max", it.ID)
	case checkNode == nil:
		return it, p.errf(n, "item %s has no check (name one, or say manual)", it.ID)
	}
	if it.IsManual() {
		if params != nil {
			return it, p.errf(params, "item %s is manual and takes no params", it.ID)
		}
		return it, nil
	}
	mk, ok := checkMakers()[it.Check]
	if !ok {
		return it, p.errf(checkNode, "unknown check %q (known: %s, or manual)", it.Check, strings.Join(CheckNames(), ", "))
	}
	if params == nil {
		params = &yaml.Node{Kind: yaml.MappingNode, Line: n.Line, Column: n.Column}
	}
	run, err := mk(p, params, it.Max)
	if err != nil {
		return it, err
	}
	it.run = run
	return it, nil
}

// CheckNames lists the automatic checks a rubric may name.
func CheckNames() []string {
	checks := checkMakers()
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// params checks that every key of an item's params is one of allowed, so that a
// misspelt parameter is an error with its position, and returns them by key.
func (p parser) params(n *yaml.Node, allowed ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "params must be a mapping")
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		ok := false
		for _, a := range allowed {
			ok = ok || k.Value == a
		}
		if !ok {
			if len(allowed) == 0 {
				return nil, p.errf(k, "this check takes no params")
			}
			return nil, p.errf(k, "unknown param %q (want %s)", k.Value, strings.Join(allowed, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "param %s given twice", k.Value)
		}
		out[k.Value] = n.Content[i+1]
	}
	return out, nil
}

// opt decodes params[key] into v when it is given.
func (p parser) opt(params map[string]*yaml.Node, key string, v any) error {
	if n, ok := params[key]; ok {
		return p.decode(n, v)
	}
	return nil
}

// regex compiles a pattern from the rubric.
func (p parser) regex(n *yaml.Node, field, pattern string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, p.errf(n, "params: %s: %v", field, err)
	}
	return re, nil
}

// fileName reports whether name is a plain file name: not empty, no folder
// separator, not "." or "..". Names of a rubric are joined to folders the
// judge writes (a student's build folder), so nothing else may pass.
func fileName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, `/\`+"\x00")
}
