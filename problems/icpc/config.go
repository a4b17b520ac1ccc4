// Package icpc reads problem packages in the ICPC / Kattis problem package format,
// both the legacy format (problemtools, DOMjudge) and the current versioned one
// (problem_format_version in problem.yaml), and judges outputs with the format's
// default output validator.
//
// Reading is pure: nothing here starts a process. A package's own programs (custom
// output validators, input validators, interactive validators) are described by
// the Package so that the harness can build and run them (see
// problems.ExternalChecker).
package icpc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/judgehq/judge/internal/yamlerr"
	"go.yaml.in/yaml/v3"
)

// knownVersions are the problem_format_version values judge reads as written.
var knownVersions = map[string]bool{"legacy": true, "legacy-icpc": true, "2023-07-draft": true, "2025-09": true}

// Warning is a tolerated fault in a package file, such as an unknown key.
type Warning struct {
	File      string
	Line, Col int
	Msg       string
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", w.File, w.Line, w.Col, w.Msg)
	}
	return fmt.Sprintf("%s: %s", w.File, w.Msg)
}

// Config is what judge needs of a problem.yaml, in either format version.
type Config struct {
	// Version is problem_format_version as written ("legacy" when absent).
	Version string
	// Current is true for the versioned formats (2023-07-draft, 2025-09 and later),
	// false for legacy and legacy-icpc.
	Current bool
	Name    string
	// Types are the problem types: pass-fail or scoring, plus interactive and/or
	// multi-pass when present. TypesAt is where problem.yaml says them (type:,
	// or a legacy validation:), as FILE:LINE:COL; "" when it does not.
	Types   []string
	TypesAt string
	// CustomAt is where a legacy validation: asks for a custom output
	// validator ("custom"), as FILE:LINE:COL; "" when it does not.
	CustomAt string
	// ValidatorFlags are the legacy validator_flags, split on white space;
	// ValidatorFlagsAt is where problem.yaml gives them, as FILE:LINE:COL.
	ValidatorFlags   []string
	ValidatorFlagsAt string
	// Objective is the legacy grading.objective of a scoring problem: "min"
	// when lower scores win, else "max" or "".
	Objective string
	Limits    ConfigLimits
	// Constants are the substitutions problem.yaml's constants give validators'
	// sources: NAME, NAME.value and NAME.REPR → text (nil when there are none).
	Constants map[string]string
}

// ConfigLimits are the limits a problem.yaml may set; zero means not set.
type ConfigLimits struct {
	TimeLimit      float64 // seconds (current format only)
	TimeMultiplier float64 // legacy time_multiplier or ac_to_time_limit
	SafetyMargin   float64 // legacy time_safety_margin or time_limit_to_tle
	TimeResolution float64
	Memory         int64   // MiB
	Output         int64   // MiB
	ValidationTime float64 // seconds of CPU for a validator's run
	ValidationMem  int64   // MiB
	ValidationOut  int64   // MiB
	Passes         int
}

// Bounds of the validation limits a problem.yaml may set: beyond them a package
// would hold a judge for hours or take a machine's memory.
const (
	maxValidationTime = 3600     // seconds
	maxValidationMem  = 64 << 10 // MiB
	maxValidationOut  = 1 << 10  // MiB
	maxPasses         = 1000
)

// unappliedLimits are the limits of problem.yaml judge reads but does not apply,
// with what it does instead: a warning says so, at the key.
var unappliedLimits = map[string]string{
	"code":               "judge sets no limit on the size of a submission's source",
	"compilation_time":   "judge compiles every submission under its own limits (judge doctor shows them)",
	"compilation_memory": "judge compiles every submission under its own limits (judge doctor shows them)",
}

// HasType reports whether the problem has type t.
func (c Config) HasType(t string) bool {
	for _, x := range c.Types {
		if x == t {
			return true
		}
	}
	return false
}

// Interactive reports whether the submission talks to the output validator.
func (c Config) Interactive() bool { return c.HasType("interactive") }

// Scoring reports whether the problem is scored rather than pass-fail.
func (c Config) Scoring() bool { return c.HasType("scoring") }

// knownProblemKeys are problem.yaml keys of any format version that judge reads or
// knowingly ignores.
var knownProblemKeys = map[string]bool{
	"problem_format_version": true, "name": true, "uuid": true, "version": true, "author": true,
	"authors": true, "credits": true, "source": true, "source_url": true, "license": true,
	"rights_owner": true, "embargo_until": true, "limits": true, "validation": true,
	"validator_flags": true, "keywords": true, "type": true, "grading": true, "languages": true,
	"allow_file_writing": true, "constants": true, "on_reject": true, "scoring": true,
}

// problemTypes are the values of problem.yaml's type.
var problemTypes = map[string]bool{
	"pass-fail": true, "scoring": true, "interactive": true, "multi-pass": true, "submit-answer": true,
}

var knownLimitKeys = map[string]bool{
	"time_multiplier": true, "time_safety_margin": true, "time_multipliers": true, "time_limit": true,
	"time_resolution": true, "memory": true, "output": true, "code": true, "compilation_time": true,
	"compilation_memory": true, "validation_time": true, "validation_memory": true,
	"validation_output": true, "validation_passes": true,
}

// ParseConfig reads a problem.yaml leniently: unknown keys become warnings that name
// file, line and column; a value of the wrong shape for a key judge needs is an
// error naming its line.
func ParseConfig(data []byte, file string) (Config, []Warning, error) {
	c := Config{Version: "legacy"}
	var warns []Warning
	root, err := decodeMapping(data, file)
	if err != nil {
		return c, nil, err
	}
	if root == nil {
		root = &yaml.Node{Kind: yaml.MappingNode}
	}
	bad := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %s", file, n.Line, n.Column, fmt.Sprintf(format, args...))
	}
	validation, validationAt := "", ""
	typeSet := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "problem_format_version":
			c.Version = v.Value
			if !knownVersions[v.Value] {
				warns = append(warns, Warning{file, v.Line, v.Column, fmt.Sprintf(
					"problem_format_version %q is not one judge knows (legacy, legacy-icpc, 2023-07-draft, 2025-09): read as the current format", v.Value)})
			}
		case "name":
			c.Name = nameOf(v)
		case "type":
			typeSet = true
			c.TypesAt = fmt.Sprintf("%s:%d:%d", file, v.Line, v.Column)
			switch v.Kind {
			case yaml.ScalarNode:
				c.Types = strings.Fields(v.Value)
			case yaml.SequenceNode:
				for _, e := range v.Content {
					if e.Kind != yaml.ScalarNode {
						return c, warns, bad(e, "type: want a list of types")
					}
					c.Types = append(c.Types, e.Value)
				}
			default:
				return c, warns, bad(v, "type: want a string or a list")
			}
			for i, t := range c.Types {
				at := v
				if v.Kind == yaml.SequenceNode {
					at = v.Content[i]
				}
				if !problemTypes[t] {
					return c, warns, bad(at, "type %q: want pass-fail, scoring, interactive, multi-pass or submit-answer", t)
				}
			}
			if c.HasType("pass-fail") && c.HasType("scoring") {
				return c, warns, bad(v, "type: a problem is pass-fail or scoring, not both")
			}
		case "validation":
			validationAt = fmt.Sprintf("%s:%d:%d", file, v.Line, v.Column)
			if c.TypesAt == "" {
				c.TypesAt = validationAt
			}
			switch v.Kind {
			case yaml.ScalarNode:
				validation = v.Value
			case yaml.MappingNode: // 2023-07-draft: validation: {interactive: true, …}
				for j := 0; j+1 < len(v.Content); j += 2 {
					if v.Content[j+1].Value == "true" {
						validation += " " + v.Content[j].Value
					}
				}
			}
		case "validator_flags":
			c.ValidatorFlags = strings.Fields(v.Value)
			c.ValidatorFlagsAt = fmt.Sprintf("%s:%d:%d", file, v.Line, v.Column)
		case "grading": // legacy: grading: {objective: min|max, …}
			for j := 0; v.Kind == yaml.MappingNode && j+1 < len(v.Content); j += 2 {
				if v.Content[j].Value != "objective" {
					continue
				}
				switch o := v.Content[j+1]; o.Value {
				case "min", "max":
					c.Objective = o.Value
				default:
					return c, warns, bad(o, "grading.objective %q: want min or max", o.Value)
				}
			}
		case "constants":
			if c.Constants == nil {
				c.Constants = map[string]string{}
			}
			warns = append(warns, parseConstants(v, file, c.Constants)...)
		case "limits":
			lw, err := parseLimits(v, file, &c.Limits)
			warns = append(warns, lw...)
			if err != nil {
				return c, warns, err
			}
		default:
			if !knownProblemKeys[k.Value] {
				warns = append(warns, Warning{file, k.Line, k.Column, fmt.Sprintf("unknown key %q ignored", k.Value)})
			}
		}
	}
	c.Current = c.Version != "legacy" && c.Version != "legacy-icpc" && c.Version != ""
	if !typeSet {
		c.Types = []string{"pass-fail"}
	}
	for _, w := range strings.Fields(validation) {
		switch w {
		case "interactive", "multi-pass", "multipass":
			t := w
			if t == "multipass" {
				t = "multi-pass"
			}
			if !c.HasType(t) {
				c.Types = append(c.Types, t)
			}
		case "score":
			if !c.HasType("scoring") {
				c.Types = append(c.Types, "scoring")
			}
		case "custom":
			c.CustomAt = validationAt
		}
	}
	if !c.HasType("scoring") && !c.HasType("pass-fail") {
		c.Types = append([]string{"pass-fail"}, c.Types...)
	}
	return c, warns, nil
}

// decodeMapping decodes a YAML document that must be a mapping (or empty: nil).
// A syntax error names file and line: "FILE:LINE: message".
func decodeMapping(data []byte, file string) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		line, msg := yamlerr.Split(err)
		// At the end of a text whose last line has no line break, the
		// parser is on a line past the last: the fault is on the last.
		if n := yamlLineCount(data); n > 0 && line > n {
			line = n
		}
		if line > 0 {
			return nil, fmt.Errorf("%s:%d: %s", file, line, msg)
		}
		return nil, fmt.Errorf("%s: %s", file, msg)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d:%d: want a mapping of keys to values", file, root.Line, root.Column)
	}
	placeEmptyValues(root)
	return root, nil
}

// yamlLineCount returns how many lines YAML reads in data: it ends a line at a
// line feed, a carriage return (with a line feed after it, if any), and a
// Unicode NEL, LS or PS. It returns 0 for text in UTF-16, which YAML reads
// too, but not line by line as bytes.
func yamlLineCount(data []byte) int {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return 0
	}
	n := 1
	for i := 0; i < len(data); i++ {
		switch {
		case data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
			i++
			n++
		case data[i] == '\n' || data[i] == '\r':
			n++
		case bytes.HasPrefix(data[i:], []byte("\u0085")), bytes.HasPrefix(data[i:], []byte("\u2028")), bytes.HasPrefix(data[i:], []byte("\u2029")):
			n++
		}
	}
	return n
}

// placeEmptyValues gives each empty value below n that YAML places on a line
// after its key's the place of its key. The parser puts the empty value of an
// explicit key ("? key" with no ": value") where the next token is: the next
// key, or past the last line at the end of the text. A fault in the value is
// better reported at its key.
func placeEmptyValues(n *yaml.Node) {
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 1 && c.Kind == yaml.ScalarNode && c.Value == "" && c.Line > n.Content[i-1].Line {
			k := n.Content[i-1]
			c.Line, c.Column = k.Line, k.Column
		}
		placeEmptyValues(c)
	}
}

// nameOf reads a name given as a string or as a map of language to string
// (English preferred).
func nameOf(v *yaml.Node) string {
	if v.Kind == yaml.ScalarNode {
		return v.Value
	}
	if v.Kind == yaml.MappingNode {
		first := ""
		for j := 0; j+1 < len(v.Content); j += 2 {
			if v.Content[j].Value == "en" {
				return v.Content[j+1].Value
			}
			if first == "" {
				first = v.Content[j+1].Value
			}
		}
		return first
	}
	return ""
}

func parseLimits(v *yaml.Node, file string, l *ConfigLimits) ([]Warning, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d:%d: limits: want a mapping", file, v.Line, v.Column)
	}
	var warns []Warning
	for j := 0; j+1 < len(v.Content); j += 2 {
		k, x := v.Content[j], v.Content[j+1]
		if !knownLimitKeys[k.Value] {
			warns = append(warns, Warning{file, k.Line, k.Column, fmt.Sprintf("unknown key limits.%s ignored", k.Value)})
			continue
		}
		if k.Value == "time_multipliers" {
			if x.Kind != yaml.MappingNode {
				return warns, fmt.Errorf("%s:%d:%d: limits.time_multipliers: want a mapping", file, x.Line, x.Column)
			}
			for m := 0; m+1 < len(x.Content); m += 2 {
				f, err := number(x.Content[m+1], file, "limits.time_multipliers."+x.Content[m].Value)
				if err != nil {
					return warns, err
				}
				switch x.Content[m].Value {
				case "ac_to_time_limit":
					l.TimeMultiplier = f
				case "time_limit_to_tle":
					l.SafetyMargin = f
				default:
					warns = append(warns, Warning{file, x.Content[m].Line, x.Content[m].Column, "unknown key limits.time_multipliers." + x.Content[m].Value + " ignored"})
				}
			}
			continue
		}
		f, err := number(x, file, "limits."+k.Value)
		if err != nil {
			return warns, err
		}
		if why, ok := unappliedLimits[k.Value]; ok {
			warns = append(warns, Warning{file, k.Line, k.Column, fmt.Sprintf("limits.%s not applied: %s", k.Value, why)})
			continue
		}
		switch k.Value {
		case "memory", "output", "validation_memory", "validation_output", "validation_passes":
			if f != math.Trunc(f) {
				return warns, fmt.Errorf("%s:%d:%d: limits.%s %s: want a whole number", file, x.Line, x.Column, k.Value, x.Value)
			}
		}
		if most, ok := map[string]float64{"validation_time": maxValidationTime, "validation_memory": maxValidationMem,
			"validation_output": maxValidationOut}[k.Value]; ok && (f <= 0 || f > most) {
			return warns, fmt.Errorf("%s:%d:%d: limits.%s %s: want more than 0 and at most %g", file, x.Line, x.Column, k.Value, x.Value, most)
		}
		if k.Value == "validation_passes" && (f < 2 || f > maxPasses) {
			return warns, fmt.Errorf("%s:%d:%d: limits.validation_passes %s: want 2 to %d (a multi-pass problem has at least two passes)", file, x.Line, x.Column, x.Value, maxPasses)
		}
		if (k.Value == "time_limit" || k.Value == "time_resolution") && f < minTimeLimit {
			return warns, fmt.Errorf("%s:%d:%d: limits.%s %s: want at least %g seconds (a shorter limit is none)", file, x.Line, x.Column, k.Value, x.Value, minTimeLimit)
		}
		// The bounds of the judge's own problems: beyond them a case would
		// hold a judge for hours or ask more of a machine than any has.
		if most, ok := map[string]int64{"time_limit": maxTimeLimit, "memory": 1 << 20, "output": 1 << 14}[k.Value]; ok && f > float64(most) {
			return warns, fmt.Errorf("%s:%d:%d: limits.%s %s: want at most %d", file, x.Line, x.Column, k.Value, x.Value, most)
		}
		switch k.Value {
		case "time_limit":
			l.TimeLimit = f
		case "time_multiplier":
			l.TimeMultiplier = f
		case "time_safety_margin":
			l.SafetyMargin = f
		case "time_resolution":
			l.TimeResolution = f
		case "memory":
			l.Memory = int64(f)
		case "output":
			l.Output = int64(f)
		case "validation_time":
			l.ValidationTime = f
		case "validation_memory":
			l.ValidationMem = int64(f)
		case "validation_output":
			l.ValidationOut = int64(f)
		case "validation_passes":
			l.Passes = int(f)
		}
	}
	return warns, nil
}

// number reads a non-negative finite number.
func number(x *yaml.Node, file, key string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(x.Value), 64)
	if x.Kind != yaml.ScalarNode || err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f > 1e9 {
		return 0, fmt.Errorf("%s:%d:%d: %s: want a number from 0 to 1e9, not %q", file, x.Line, x.Column, key, x.Value)
	}
	return f, nil
}
