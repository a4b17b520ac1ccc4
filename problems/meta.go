package problems

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"

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
// values outside their range are errors that name the line where possible.
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
		return m, fmt.Errorf("%s", cleanYAMLError(err))
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
	return m, m.check()
}

func (m Meta) check() error {
	switch {
	case !slugRE.MatchString(m.Slug):
		return fmt.Errorf("slug %q: want lower-case letters, digits, '-' or '_'", m.Slug)
	case m.Title == "":
		return errors.New("title: missing")
	case m.Kind != PassFail && m.Kind != Scoring && m.Kind != Interactive:
		return fmt.Errorf("kind %q: want pass-fail, scoring or interactive", m.Kind)
	case m.IO != Stdio && m.IO != Files && m.IO != InteractIO:
		return fmt.Errorf("io %q: want stdio, files or interactive", m.IO)
	case (m.Kind == Interactive) != (m.IO == InteractIO):
		return fmt.Errorf("kind %q with io %q: interactive problems and interactive I/O go together", m.Kind, m.IO)
	case m.Limits.Check() != nil:
		return m.Limits.Check()
	case m.Score.Direction != Maximize && m.Score.Direction != Minimize:
		return fmt.Errorf("score.direction %q: want max or min", m.Score.Direction)
	case m.Score.Ranking != RankPassFail && m.Score.Ranking != RankPenalty && m.Score.Ranking != RankPoints:
		return fmt.Errorf("score.ranking %q: want pass-fail, penalty or points", m.Score.Ranking)
	case m.Reference == "":
		return errors.New("reference: missing (the folder under solutions/SLUG/ that writes the .ans files)")
	}
	return nil
}

// cleanYAMLError drops the library's "yaml: " prefix so messages read as
// "line 3: field foo not found in type problems.Meta".
func cleanYAMLError(err error) string {
	s := err.Error()
	s = regexp.MustCompile(`^yaml: (unmarshal errors:\n\s*)?`).ReplaceAllString(s, "")
	s = regexp.MustCompile(`\n\s*`).ReplaceAllString(s, "; ")
	return regexp.MustCompile(` in type problems\.\w+`).ReplaceAllString(s, "")
}
