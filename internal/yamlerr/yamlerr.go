// Package yamlerr reads the errors of go.yaml.in/yaml/v3: the 1-based line an
// error is at and what it says, so that the judge's parsers can write
// FILE:LINE: message.
//
// The library writes syntax errors as "yaml: line N: message", but N is not
// always 1-based. Its parser keeps 0-based marks and only its scanner errors
// add one (decode.go, (*parser).fail):
//
//   - Scanner errors ("mapping values are not allowed in this context", "found
//     a tab character that violates indentation", "found unexpected end of
//     stream", ...) name the 1-based line.
//   - Parser errors (the "did not find expected ',' or ']'" family, "did not
//     find expected key", "found undefined tag handle", ...) name the 0-based
//     line, one too early: the line where the collection being read began or,
//     when that was the first line, the line of the token the parser stopped
//     at (for an unclosed bracket, the end of the file: the line after the
//     last).
//   - Both leave the line out when it is 0-based line 0: the error is on the
//     first line.
//   - Reader errors (bad UTF-8, control characters) and decoding errors with no
//     node (an unknown alias) name no line.
//   - Decoding errors (a *yaml.TypeError: "cannot unmarshal", "field not
//     found") name the 1-based line of their node, one entry per fault.
package yamlerr

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// parserProblems are the messages of the library's parser (parserc.go), whose
// lines are 0-based.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found undefined tag handle":             true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

// syntaxPrefixes begin every message of the library's scanner and parser,
// and no message of its reader or decoder: a syntax error that names no line
// is on the first.
var syntaxPrefixes = []string{
	"did not find ", "could not find ", "found ", "block sequence entries are not allowed",
	"mapping keys are not allowed", "mapping values are not allowed", "exceeded max depth",
}

var lineRE = regexp.MustCompile(`^line (\d+): `)

// Split returns the 1-based line an error of yaml.v3 is at, 0 when it does
// not say, and its message without the library's "yaml: " and "line N: "
// prefixes. Of a *yaml.TypeError it reads the first entry, the first fault.
// An error an UnmarshalYAML method wrote as "line N: message" is read as
// 1-based.
func Split(err error) (line int, msg string) {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	} else {
		msg = err.Error()
	}
	syntax := strings.HasPrefix(msg, "yaml: ")
	msg = strings.TrimPrefix(msg, "yaml: ")
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
		if syntax && parserProblems[msg] {
			line++
		}
		return line, msg
	}
	for _, p := range syntaxPrefixes {
		if syntax && strings.HasPrefix(msg, p) {
			return 1, msg
		}
	}
	return 0, msg
}

var (
	unmarshalRE = regexp.MustCompile("(?s)^cannot unmarshal (!!\\w+)(?: `(.*)`)? into ")
	fieldRE     = regexp.MustCompile(`^field (\S+) (?:not found|already set) in type `)
	mapKeyRE    = regexp.MustCompile(`^mapping key ("(?:[^"\\]|\\.)*") already defined`)
)

// Find returns the node below root (root included) that a decoding error's
// message names on line, as Split gave them, and the dotted path of the
// mapping keys above it ("limits.time"; "" at the top); nil when the message
// is not one of the decoder's or no node fits. "cannot unmarshal !!str `abc`"
// names the first value node on the line with that tag and text; "field x not
// found" and "mapping key "x" already defined" name the key x.
func Find(root *yaml.Node, line int, msg string) (*yaml.Node, string) {
	var fits func(n *yaml.Node, isKey bool) bool
	if m := unmarshalRE.FindStringSubmatch(msg); m != nil {
		tag, text := m[1], m[2]
		fits = func(n *yaml.Node, isKey bool) bool {
			return !isKey && n.ShortTag() == tag && (tag == "!!seq" || tag == "!!map" || shown(n.Value) == text)
		}
	} else if key, ok := keyNamed(msg); ok {
		fits = func(n *yaml.Node, isKey bool) bool { return isKey && n.Value == key }
	} else {
		return nil, ""
	}
	return find(root, line, "", false, fits)
}

// keyNamed returns the key a decoder's message about a key names.
func keyNamed(msg string) (string, bool) {
	if m := fieldRE.FindStringSubmatch(msg); m != nil {
		return m[1], true
	}
	if m := mapKeyRE.FindStringSubmatch(msg); m != nil {
		key, err := strconv.Unquote(m[1])
		return key, err == nil
	}
	return "", false
}

// shown is a scalar as the decoder quotes it: its first 7 bytes and "..." when
// longer than 10.
func shown(v string) string {
	if len(v) > 10 {
		return v[:7] + "..."
	}
	return v
}

func find(n *yaml.Node, line int, path string, isKey bool, fits func(*yaml.Node, bool) bool) (*yaml.Node, string) {
	if n.Line > line {
		return nil, "" // nothing below starts earlier
	}
	if n.Line == line && fits(n, isKey) {
		return n, path
	}
	for i, c := range n.Content {
		p := path
		if n.Kind == yaml.MappingNode {
			if p != "" {
				p += "."
			}
			p += n.Content[i-i%2].Value
		}
		if x, xp := find(c, line, p, n.Kind == yaml.MappingNode && i%2 == 0, fits); x != nil {
			return x, xp
		}
	}
	return nil, ""
}
