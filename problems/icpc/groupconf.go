package icpc

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// GroupSettings are the settings of a test group from its testdata.yaml (legacy and
// 2023-07) or test_group.yaml (2025-09). A group inherits its parent's settings and
// overrides those its own file sets.
type GroupSettings struct {
	// OutputValidatorArgs are output_validator_flags / output_validator_args;
	// OutputValidatorArgsAt is where the file that sets them gives them, as
	// FILE:LINE:COL ("" when no file does).
	OutputValidatorArgs   []string
	OutputValidatorArgsAt string
	// InputValidatorArgs maps a validator's name to its arguments; the key "" holds
	// arguments for every input validator.
	InputValidatorArgs map[string][]string
	// Aggregation is how the group's score is made of its parts: "sum", "min",
	// "max", "avg" or "pass-fail".
	Aggregation string
	// OnReject is "break" (stop judging at the first rejection), "continue" or ""
	// (not set: the judge's default).
	OnReject string
	// AcceptScore and RejectScore are the legacy per-case scores (1 and 0).
	AcceptScore, RejectScore float64
	// MaxScore is the group's maximum score in the current format (0: unbounded or
	// unset).
	MaxScore float64
	// FirstError makes the legacy grader take the first error's verdict rather
	// than the worst one; AcceptIfAnyAccepted turns a group with one AC into AC.
	FirstError, AcceptIfAnyAccepted, IgnoreSample bool
}

// defaultSettings are the settings above data/.
func defaultSettings() GroupSettings {
	return GroupSettings{Aggregation: "sum", AcceptScore: 1, RejectScore: 0}
}

var knownGroupKeys = map[string]bool{
	"on_reject": true, "grading": true, "grader_flags": true, "input_validator_flags": true,
	"output_validator_flags": true, "accept_score": true, "reject_score": true, "range": true,
	"max_score": true, "score_aggregation": true, "static_validation_score": true,
	"require_pass": true, "args": true, "input_validator_args": true, "static_validator_args": true,
	"output_validator_args": true, "input_visualizer_args": true, "output_visualizer_args": true,
	"full_feedback": true, "description": true, "output_visualizer_flags": true,
	"input_visualizer_flags": true, "scoring": true,
}

// ParseGroupSettings reads a testdata.yaml or test_group.yaml over the inherited
// settings. Unknown keys are warnings naming file, line and column.
func ParseGroupSettings(data []byte, file string, inherited GroupSettings) (GroupSettings, []Warning, error) {
	s := inherited
	s.InputValidatorArgs = map[string][]string{}
	for k, v := range inherited.InputValidatorArgs {
		s.InputValidatorArgs[k] = v
	}
	root, err := decodeMapping(data, file)
	if err != nil || root == nil {
		return s, nil, err
	}
	var warns []Warning
	var aggregation *yaml.Node // where this file sets the aggregation by name
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "output_validator_flags", "output_validator_args":
			s.OutputValidatorArgs = argList(v)
			s.OutputValidatorArgsAt = fmt.Sprintf("%s:%d:%d", file, v.Line, v.Column)
		case "input_validator_flags", "input_validator_args":
			s.InputValidatorArgs = map[string][]string{}
			if v.Kind == yaml.MappingNode {
				for j := 0; j+1 < len(v.Content); j += 2 {
					s.InputValidatorArgs[v.Content[j].Value] = argList(v.Content[j+1])
				}
			} else {
				s.InputValidatorArgs[""] = argList(v)
			}
		case "on_reject":
			if v.Kind != yaml.ScalarNode || v.Value != "break" && v.Value != "continue" {
				return s, warns, fmt.Errorf("%s:%d:%d: on_reject %q: want break or continue", file, v.Line, v.Column, v.Value)
			}
			s.OnReject = v.Value
		case "accept_score", "reject_score", "max_score":
			if k.Value == "max_score" && v.Value == "unbounded" {
				s.MaxScore = 0
				continue
			}
			// NaN and infinities parse, but no score can be one (nor be
			// ranked, nor written as JSON).
			f, err := strconv.ParseFloat(v.Value, 64)
			if v.Kind != yaml.ScalarNode || err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return s, warns, fmt.Errorf("%s:%d:%d: %s: want a finite number, not %q", file, v.Line, v.Column, k.Value, v.Value)
			}
			switch k.Value {
			case "accept_score":
				s.AcceptScore = f
			case "reject_score":
				s.RejectScore = f
			default:
				s.MaxScore = f
			}
		case "score_aggregation":
			s.Aggregation, aggregation = v.Value, v
		case "grader_flags":
			for _, f := range strings.Fields(v.Value) {
				switch f {
				case "sum", "min", "max", "avg":
					s.Aggregation = f
				case "first_error":
					s.FirstError = true
				case "worst_error":
					s.FirstError = false
				case "accept_if_any_accepted":
					s.AcceptIfAnyAccepted = true
				case "ignore_sample":
					s.IgnoreSample = true
				}
			}
		case "scoring": // 2023-07-draft: scoring: {score: …, aggregation: …}
			if v.Kind == yaml.MappingNode {
				for j := 0; j+1 < len(v.Content); j += 2 {
					if v.Content[j].Value == "aggregation" {
						s.Aggregation, aggregation = v.Content[j+1].Value, v.Content[j+1]
					}
				}
			}
		default:
			if !knownGroupKeys[k.Value] {
				warns = append(warns, Warning{file, k.Line, k.Column, fmt.Sprintf("unknown key %q ignored", k.Value)})
			}
		}
	}
	switch s.Aggregation {
	case "sum", "min", "max", "avg", "pass-fail":
	default:
		where := file
		if aggregation != nil {
			where = fmt.Sprintf("%s:%d:%d", file, aggregation.Line, aggregation.Column)
		}
		return s, warns, fmt.Errorf("%s: score aggregation %q: want sum, min, max, avg or pass-fail", where, s.Aggregation)
	}
	return s, warns, nil
}

// argList reads arguments given as one string (split on white space) or a list.
func argList(v *yaml.Node) []string {
	if v.Kind == yaml.SequenceNode {
		var out []string
		for _, e := range v.Content {
			out = append(out, e.Value)
		}
		return out
	}
	return strings.Fields(v.Value)
}
