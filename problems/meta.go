package problems

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/judgehq/judge/internal/yamlerr"
	"go.yaml.in/yaml/v3"
)

// Kind says how a problem judges: pass-fail (every dataset right or wrong), scoring
// (every dataset earns a score) or interactive (the program talks to an interactor).
type Kind string

// The problem kinds.
const (
	PassFail    Kind = "pass-fail"
	Scoring     Kind = "scoring"
	Interactive Kind = "interactive"
)

// IOMode says how a program receives its input and gives its output.
type IOMode string

// The I/O modes.
const (
	Stdio      IOMode = "stdio"       // input on stdin, output on stdout
	Files      IOMode = "files"       // input and output files in a fresh working directory
	InteractIO IOMode = "interactive" // a dialogue with the interactor over stdin/stdout
)

// Direction says whether a larger or a smaller score is better.
type Direction string

// The score directions.
const (
	Maximize Direction = "max"
	Minimize Direction = "min"
)

// Ranking names the rule that orders submissions on one problem.
type Ranking string

// The per-problem ranking rules.
const (
	RankPassFail Ranking = "pass-fail" // datasets passed (desc), then total CPU (asc)
	RankPenalty  Ranking = "penalty"   // datasets solved (desc), then total score (asc)
	RankPoints   Ranking = "points"    // total score (desc)
)

// Score describes how scores compare and how submissions are ranked on the problem.
type Score struct {
	Direction Direction `yaml:"direction" json:"direction"`
	Ranking   Ranking   `yaml:"ranking" json:"ranking"`
	// Groups, when set, scores a submission by test groups, as problem packages
	// do; nil sums the scores of the AC datasets. Only packages set it.
	Groups *ScoreGroup `yaml:"-" json:"groups,omitempty"`
}

// ScoreGroup is a test group of a scoring problem package: its cases score
// Accept when AC (or the score their validator gave) and Reject otherwise, and
// its parts (cases and sub-groups) are aggregated by sum, min, max or avg.
type ScoreGroup struct {
	Aggregation string        `json:"aggregation"`
	Accept      float64       `json:"accept"`
	Reject      float64       `json:"reject"`
	Cases       []string      `json:"cases,omitempty"`
	Groups      []*ScoreGroup `json:"groups,omitempty"`
}

// ValidatorScoreMetric names the metric an outcome carries when an output
// validator gave the case its own score (score.txt): the score then counts as
// it is, even when it is exactly 1 or 0, rather than the group's accept score.
const ValidatorScoreMetric = "validator score"

// Total is the group's score from the outcomes of its cases, keyed by dataset
// name; a case with no outcome counts as rejected.
func (g *ScoreGroup) Total(outcomes map[string]Outcome) float64 {
	parts := make([]float64, 0, len(g.Cases)+len(g.Groups))
	for _, sub := range g.Groups {
		parts = append(parts, sub.Total(outcomes))
	}
	for _, name := range g.Cases {
		o, ok := outcomes[name]
		switch {
		case !ok || o.Verdict != AC:
			parts = append(parts, g.Reject)
		case o.Score != 1 && o.Score != 0 || slices.ContainsFunc(o.Metrics, func(m Metric) bool { return m.Name == ValidatorScoreMetric }):
			parts = append(parts, o.Score) // the validator's own score
		default:
			parts = append(parts, g.Accept)
		}
	}
	if len(parts) == 0 {
		return 0
	}
	switch g.Aggregation {
	case "min", "pass-fail":
		return slices.Min(parts)
	case "max":
		return slices.Max(parts)
	}
	s := 0.0
	for _, p := range parts {
		s += p
	}
	if g.Aggregation == "avg" {
		return s / float64(len(parts))
	}
	return s
}

// Meta is the content of a problem's problem.yaml.
type Meta struct {
	Slug   string `yaml:"slug" json:"slug"`
	Title  string `yaml:"title" json:"title"`
	Kind   Kind   `yaml:"kind" json:"kind"`
	IO     IOMode `yaml:"io" json:"io"`
	Limits Limits `yaml:"limits" json:"limits"`
	Score  Score  `yaml:"score" json:"score"`
	// Reference names the folder under solutions/SLUG/ whose output the .ans files hold.
	Reference string `yaml:"reference" json:"reference"`
	// Groups are the dataset groups judged by default (sample and secret when empty).
	Groups []string `yaml:"groups,omitempty" json:"groups,omitempty"`
	// Source says where the problem comes from, in a line.
	Source string `yaml:"source,omitempty" json:"source,omitempty"`
}

var slugRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// ParseMeta reads problem.yaml strictly: unknown keys, missing required keys and
// values outside their range are errors (an *InputError) that name the line and
// column where the file has them, and the key.
func ParseMeta(data []byte) (Meta, error) {
	m := Meta{
		IO:     Stdio,
		Limits: DefaultLimits(),
		Score:  Score{Direction: Maximize},
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil {
		if errors.Is(err, io.EOF) {
			return m, errors.New("empty file")
		}
		return m, decodeError(data, err)
	}
	if m.Kind == Interactive && m.IO == Stdio {
		m.IO = InteractIO
	}
	if m.Score.Ranking == "" {
		switch m.Kind {
		case Scoring, Interactive:
			m.Score.Ranking = RankPoints
		default:
			m.Score.Ranking = RankPassFail
		}
	}
	return m, withPos(data, m.check())
}

// typeName is how the decoder names the types of this package; problem.yaml's
// authors know keys, not types.
var typeName = regexp.MustCompile(` in type problems\.\w+`)

// decodeError turns an error of decoding problem.yaml into an *InputError at
// the line the error names and the column of the node it names, a type error
// naming its key too: "limits.time: cannot unmarshal !!str `abc` into float64".
func decodeError(data []byte, err error) error {
	var ie *InputError
	if errors.As(err, &ie) {
		return ie // from Limits.UnmarshalYAML, at its value
	}
	line, msg := yamlerr.Split(err)
	var doc yaml.Node
	if line == 0 || yaml.Unmarshal(data, &doc) != nil {
		return &InputError{Line: line, Msg: typeName.ReplaceAllString(msg, "")}
	}
	n, key := yamlerr.Find(&doc, line, msg)
	msg = typeName.ReplaceAllString(msg, "")
	if n == nil {
		return &InputError{Line: line, Msg: msg}
	}
	if key != "" && strings.HasPrefix(msg, "cannot unmarshal") {
		msg = key + ": " + msg
	}
	return &InputError{Line: line, Col: n.Column, Msg: msg}
}

// fieldError is a fault in one key of problem.yaml; ParseMeta turns it into an
// *InputError at the key's value.
type fieldError struct {
	key, msg string
}

func (e *fieldError) Error() string { return e.msg }

func fieldErrorf(key, format string, args ...any) error {
	return &fieldError{key: key, msg: fmt.Sprintf(format, args...)}
}

func (m Meta) check() error {
	switch {
	case !slugRE.MatchString(m.Slug):
		return fieldErrorf("slug", "slug %q: want lower-case letters, digits, '-' or '_'", m.Slug)
	case m.Title == "":
		return fieldErrorf("title", "title: missing")
	case m.Kind != PassFail && m.Kind != Scoring && m.Kind != Interactive:
		return fieldErrorf("kind", "kind %q: want pass-fail, scoring or interactive", m.Kind)
	case m.IO != Stdio && m.IO != Files && m.IO != InteractIO:
		return fieldErrorf("io", "io %q: want stdio, files or interactive", m.IO)
	case (m.Kind == Interactive) != (m.IO == InteractIO):
		return fieldErrorf("io", "kind %q with io %q: interactive problems and interactive I/O go together", m.Kind, m.IO)
	case m.Limits.Check() != nil:
		err := m.Limits.Check()
		key, _, _ := strings.Cut(err.Error(), " ")
		return fieldErrorf(strings.TrimSuffix(key, ":"), "%v", err)
	case m.Limits.Wall > 0 && m.Limits.Wall < m.Limits.Time:
		return fieldErrorf("limits.wall", "limits.wall %v is below limits.time %v: a run would be cut off before its CPU time is up",
			m.Limits.Wall.Seconds(), m.Limits.Time.Seconds())
	case m.Score.Direction != Maximize && m.Score.Direction != Minimize:
		return fieldErrorf("score.direction", "score.direction %q: want max or min", m.Score.Direction)
	case m.Score.Ranking != RankPassFail && m.Score.Ranking != RankPenalty && m.Score.Ranking != RankPoints:
		return fieldErrorf("score.ranking", "score.ranking %q: want pass-fail, penalty or points", m.Score.Ranking)
	case m.Reference == "":
		return fieldErrorf("reference", "reference: missing (the folder under solutions/SLUG/ that writes the .ans files)")
	}
	return nil
}

// KeyPos returns the line and column of the value of key in a YAML mapping
// document, a dotted path such as "limits.wall" (the deepest key found when the
// path ends early), or 0, 0 when the document does not parse or has no such
// key. Errors about a value found in a file name its position.
func KeyPos(data []byte, key string) (line, col int) {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0, 0
	}
	n := doc.Content[0]
	for _, part := range strings.Split(key, ".") {
		if n.Kind != yaml.MappingNode {
			break
		}
		found := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == part {
				n, found = n.Content[i+1], true
				line, col = n.Line, n.Column
				break
			}
		}
		if !found {
			break
		}
	}
	return line, col
}

// withPos turns a fieldError into an *InputError at its key's value (line 0,
// so no position, when the key is absent: a missing key has no line).
func withPos(data []byte, err error) error {
	var fe *fieldError
	if !errors.As(err, &fe) {
		return err
	}
	line, col := KeyPos(data, fe.key)
	return &InputError{Line: line, Col: col, Msg: fe.msg}
}
