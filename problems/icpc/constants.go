package icpc

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// constantName is what a constant's name, and the name of one of its
// representations, may be.
var constantName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// constantRef is a use of a constant in a program's source: {{NAME}} or
// {{NAME.REPRESENTATION}}.
var constantRef = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\}\}`)

// parseConstants reads problem.yaml's constants (format 2025-09): NAME: VALUE, or
// NAME: {value: VALUE, REPR: "text", …}. Each becomes the substitutions NAME and
// NAME.value (the value as written) and NAME.REPR. A malformed entry is skipped
// with a warning, as the reference tools do.
func parseConstants(v *yaml.Node, file string, into map[string]string) []Warning {
	warn := func(n *yaml.Node, format string, args ...any) Warning {
		return Warning{file, n.Line, n.Column, fmt.Sprintf(format, args...)}
	}
	if v.Kind != yaml.MappingNode {
		return []Warning{warn(v, "constants: want a mapping of names to values; ignored")}
	}
	var warns []Warning
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if !constantName.MatchString(k.Value) {
			warns = append(warns, warn(k, "constants: invalid name %q skipped", k.Value))
			continue
		}
		switch val.Kind {
		case yaml.ScalarNode:
			into[k.Value] = val.Value
			into[k.Value+".value"] = val.Value
			continue
		case yaml.MappingNode:
		default:
			warns = append(warns, warn(val, "constants.%s: want a value or a mapping with one; skipped", k.Value))
			continue
		}
		subs := map[string]string{}
		for j := 0; j+1 < len(val.Content); j += 2 {
			sk, sv := val.Content[j], val.Content[j+1]
			switch {
			case !constantName.MatchString(sk.Value):
				warns = append(warns, warn(sk, "constants.%s: invalid name %q skipped", k.Value, sk.Value))
			case sv.Kind != yaml.ScalarNode:
				warns = append(warns, warn(sv, "constants.%s.%s: want a scalar; skipped", k.Value, sk.Value))
			case sk.Value != "value" && sv.Tag != "!!str":
				warns = append(warns, warn(sv, "constants.%s.%s: a representation must be a string (quote it); skipped", k.Value, sk.Value))
			default:
				subs[sk.Value] = sv.Value
			}
		}
		value, ok := subs["value"]
		if !ok {
			warns = append(warns, warn(k, "constants.%s: no value; skipped", k.Value))
			continue
		}
		into[k.Value] = value
		for s, text := range subs {
			into[k.Value+"."+s] = text
		}
	}
	return warns
}

// SubstituteConstants replaces every {{NAME}} and {{NAME.REPR}} in src with the
// constant's text, as the format asks for validators' sources. A reference to a
// constant that does not exist is left as it is and named in unknown.
func SubstituteConstants(src []byte, constants map[string]string) (out []byte, unknown []string) {
	seen := map[string]bool{}
	out = constantRef.ReplaceAllFunc(src, func(m []byte) []byte {
		name := string(m[2 : len(m)-2])
		if v, ok := constants[name]; ok {
			return []byte(v)
		}
		if !seen[name] {
			seen[name] = true
			unknown = append(unknown, name)
		}
		return m
	})
	sort.Strings(unknown)
	return out, unknown
}

// ConstantsKey is a stable text of the constants, for cache keys.
func ConstantsKey(constants map[string]string) string {
	keys := make([]string, 0, len(constants))
	for k := range constants {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%q\n", k, constants[k])
	}
	return b.String()
}
