package problems

import (
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// Folder is a problem's folder on disk: its problem.yaml and its data. Problem
// packages embed *Folder to get Meta and Datasets and add the rules that are code.
type Folder struct {
	Dir  string
	meta Meta
}

// LoadFolder reads dir/problem.yaml. Errors name the file.
func LoadFolder(dir string) (*Folder, error) {
	path := filepath.Join(dir, "problem.yaml")
	data, err := regular.ReadFileMax(path, regular.ConfigMax)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file (a problem folder needs one)", path)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m, err := ParseMeta(data)
	if err != nil {
		return nil, PositionedError(path, err)
	}
	return &Folder{Dir: dir, meta: m}, nil
}

// NewFolder is a problem folder at dir whose problem.yaml was parsed elsewhere, as
// in a program that carries the problem's metadata inside it.
func NewFolder(dir string, m Meta) *Folder { return &Folder{Dir: dir, meta: m} }

// Meta returns the parsed problem.yaml.
func (f *Folder) Meta() Meta { return f.meta }

// SetLimits replaces the folder's limits, for command-line overrides.
func (f *Folder) SetLimits(l Limits) { f.meta.Limits = l }

// DataDir returns the folder's data directory.
func (f *Folder) DataDir() string { return filepath.Join(f.Dir, "data") }

// DefaultGroups are the groups judged when neither the caller nor problem.yaml names any.
var DefaultGroups = []string{"sample", "secret"}

// Datasets reads the datasets of the named groups (problem.yaml's groups, else sample
// and secret, when none are named). A group may be nested ("secret/hard"). Every .in
// must have its .ans beside it; a missing one is an error naming the file. A group
// folder that does not exist is an error too, except for sample.
func (f *Folder) Datasets(groups ...string) ([]Dataset, error) {
	return f.datasets(false, groups)
}

var _ AnswerLister = (*Folder)(nil)

// DatasetsToAnswer is Datasets, except that an .in without its .ans is listed
// too, Unanswered, for regen to write the answer (see AnswerLister).
func (f *Folder) DatasetsToAnswer(groups ...string) ([]Dataset, error) {
	return f.datasets(true, groups)
}

// datasets reads the datasets of groups; unanswered lists an .in without its
// .ans instead of failing.
func (f *Folder) datasets(unanswered bool, groups []string) ([]Dataset, error) {
	if len(groups) == 0 {
		groups = f.meta.Groups
	}
	if len(groups) == 0 {
		groups = DefaultGroups
	}
	var out []Dataset
	for _, g := range groups {
		dir := filepath.Join(f.DataDir(), filepath.FromSlash(g))
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() {
			if g == "sample" {
				return nil, fmt.Errorf("%s: no sample group (every problem shows its examples in data/sample)", dir)
			}
			return nil, fmt.Errorf("%s: no such dataset group", dir)
		}
		var ins []string
		var orphans []string
		err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			switch {
			case d.IsDir():
			case strings.HasSuffix(p, ".in"):
				ins = append(ins, p)
			case strings.HasSuffix(p, ".ans"):
				if _, err := os.Stat(strings.TrimSuffix(p, ".ans") + ".in"); err != nil {
					orphans = append(orphans, p)
				}
			}
			return nil
		})
		if len(orphans) > 0 {
			return nil, fmt.Errorf("%s: an answer without its input %s (remove it, or add the input)",
				orphans[0], filepath.Base(strings.TrimSuffix(orphans[0], ".ans")+".in"))
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", dir, err)
		}
		sort.Strings(ins)
		for _, in := range ins {
			ds, err := f.loadDataset(in, unanswered)
			if err != nil {
				return nil, err
			}
			out = append(out, ds)
		}
	}
	return out, nil
}

// maxDataFile bounds a dataset's input or answer file, far above any of the
// bundled problems'; a named pipe or a device in data/ is refused, not read.
const maxDataFile = 1 << 30

func (f *Folder) loadDataset(in string, unanswered bool) (Dataset, error) {
	ans := strings.TrimSuffix(in, ".in") + ".ans"
	rel, err := filepath.Rel(f.DataDir(), strings.TrimSuffix(in, ".in"))
	if err != nil {
		return Dataset{}, fmt.Errorf("%s: %w", in, err)
	}
	name := filepath.ToSlash(rel)
	input, err := regular.ReadFileMax(in, maxDataFile)
	if err != nil {
		return Dataset{}, fmt.Errorf("%s: %w", in, err)
	}
	group, _, _ := strings.Cut(name, "/")
	answer, err := regular.ReadFileMax(ans, maxDataFile)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return Dataset{}, fmt.Errorf("%s: %w", ans, err)
		}
		if _, lerr := os.Lstat(ans); lerr == nil {
			// A symbolic link to nothing: not an answer to write through.
			return Dataset{}, fmt.Errorf("%s: %w", ans, err)
		}
		if !unanswered {
			return Dataset{}, fmt.Errorf("%s: missing answer file for %s (judge regen %s writes it from the reference's output)",
				ans, filepath.Base(in), f.meta.Slug)
		}
		return Dataset{Name: name, Group: group, InPath: in, AnsPath: ans, Input: input, Unanswered: true}, nil
	}
	return Dataset{Name: name, Group: group, InPath: in, AnsPath: ans, Input: input, Answer: answer}, nil
}

// PositionedError names the file of err: "FILE:LINE: message" when err is an
// *InputError with a line, as contest files' errors read, else "FILE: message".
func PositionedError(file string, err error) error {
	var ie *InputError
	if errors.As(err, &ie) && ie.Line > 0 {
		if ie.Col > 0 {
			return fmt.Errorf("%s:%d:%d: %s", file, ie.Line, ie.Col, ie.Msg)
		}
		return fmt.Errorf("%s:%d: %s", file, ie.Line, ie.Msg)
	}
	return fmt.Errorf("%s: %w", file, err)
}

// InputError is a fault in an input file, at a 1-based line and column.
type InputError struct {
	Line, Col int
	Msg       string
}

func (e *InputError) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	if e.Col <= 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Errorf returns an *InputError at line and col (1-based; 0 leaves it out).
// A string or byte-slice argument longer than maxQuoted bytes (a token of the
// input, which may be megabytes long) is cut short, with its length said.
func Errorf(line, col int, format string, args ...any) error {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = clipToken(v)
		case []byte:
			args[i] = clipToken(string(v))
		}
	}
	return &InputError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// maxQuoted is the most bytes of one argument an input error shows.
const maxQuoted = 40

// clipToken is s, or its first maxQuoted bytes (whole characters) and how long
// it is.
func clipToken(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
