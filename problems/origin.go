package problems

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// OriginFile is the file under a problem's data/ folder that says how every dataset
// was made: one line per dataset, "NAME: HOW". HOW is either the command that makes
// the input again, byte for byte,
//
//	secret/07-hard: judge gen sudoku --seed 7 --param level=hard
//
// or, for an input that no generator call makes (written by hand, taken from a
// source document), a sentence saying where it comes from:
//
//	sample/1: the first example of the assignment
//
// Blank lines and lines starting with '#' are comments. Every problem keeps one, and
// a test regenerates every generated input to prove the command still holds.
const OriginFile = "origin.txt"

// Origin is one line of a problem's origin file.
type Origin struct {
	// Dataset is the dataset's name, e.g. "secret/07-hard".
	Dataset string
	// How is the rest of the line: a `judge gen` command or a sentence.
	How string
	// Line is the line's number in the file (1-based).
	Line int
	// Generated is true when How is a `judge gen` command; Seed and Params are then
	// its arguments.
	Generated bool
	Seed      int64
	Params    Params
}

// GenCommand returns the `judge gen` command line for a generated dataset's input.
func GenCommand(slug string, seed int64, params Params) string {
	var b strings.Builder
	fmt.Fprintf(&b, "judge gen %s --seed %d", slug, seed)
	for _, k := range slices.Sorted(maps.Keys(params)) {
		fmt.Fprintf(&b, " --param %s=%s", k, params[k])
	}
	return b.String()
}

// ParseOrigins reads an origin file of the problem slug. Errors are *InputError
// values naming the line and column of the first fault: a line without "NAME: ", a
// dataset listed twice, a `judge gen` command for another problem or with a
// malformed seed or parameter.
func ParseOrigins(slug string, data []byte) ([]Origin, error) {
	var out []Origin
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		name, how, ok := strings.Cut(line, ":")
		if !ok {
			return nil, Errorf(n, 1, "want NAME: HOW (a `judge gen` command or where the input comes from)")
		}
		name = strings.TrimSpace(name)
		if name == "" || strings.ContainsAny(name, " \t") || !strings.Contains(name, "/") {
			return nil, Errorf(n, 1, "dataset name %q: want GROUP/NAME without spaces, e.g. secret/01", name)
		}
		if first, dup := seen[name]; dup {
			return nil, Errorf(n, 1, "dataset %s listed twice (first on line %d)", name, first)
		}
		seen[name] = n
		o := Origin{Dataset: name, How: strings.TrimSpace(how), Line: n}
		if o.How == "" {
			return nil, Errorf(n, len(line)+1, "dataset %s: say how it was made", name)
		}
		col := strings.Index(line, o.How) + 1
		if strings.HasPrefix(o.How, "judge gen") {
			if err := o.parseCommand(slug, n, col); err != nil {
				return nil, err
			}
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading origins: %w", err)
	}
	return out, nil
}

// parseCommand reads "judge gen SLUG --seed N [--param k=v]..." from o.How.
func (o *Origin) parseCommand(slug string, line, col int) error {
	f := strings.Fields(o.How)
	if len(f) < 3 || f[0] != "judge" || f[1] != "gen" {
		return Errorf(line, col, "want judge gen %s --seed N [--param name=value]...", slug)
	}
	if f[2] != slug {
		return Errorf(line, col, "command for problem %q in the origins of %q", f[2], slug)
	}
	o.Generated, o.Params = true, Params{}
	haveSeed := false
	for i := 3; i < len(f); i++ {
		switch f[i] {
		case "--seed", "--param":
			if i+1 >= len(f) {
				return Errorf(line, col, "%s needs a value", f[i])
			}
			v := f[i+1]
			if f[i] == "--seed" {
				s, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					return Errorf(line, col, "--seed %q: want an integer", v)
				}
				o.Seed, haveSeed = s, true
			} else {
				k, val, ok := strings.Cut(v, "=")
				if !ok || k == "" {
					return Errorf(line, col, "--param %q: want name=value", v)
				}
				if _, dup := o.Params[k]; dup {
					return Errorf(line, col, "--param %s given twice", k)
				}
				o.Params[k] = val
			}
			i++
		default:
			return Errorf(line, col, "unexpected %q in the command (want --seed N and --param name=value)", f[i])
		}
	}
	if !haveSeed {
		return Errorf(line, col, "the command has no --seed")
	}
	return nil
}

// Origins reads the folder's data/origin.txt. A folder without one gets an error
// naming the file.
func (f *Folder) Origins() ([]Origin, error) {
	path := filepath.Join(f.DataDir(), OriginFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file (every problem says how its datasets were made)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	origins, err := ParseOrigins(f.meta.Slug, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return origins, nil
}
