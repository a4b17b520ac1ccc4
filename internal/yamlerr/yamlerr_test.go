package yamlerr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestSplit pins the library's lines, family by family: each document is
// decoded by yaml.v3 itself, so a release that changes its numbering fails
// here rather than in the messages of every parser of the judge.
func TestSplit(t *testing.T) {
	tests := []struct {
		family, doc string
		line        int
		msg         string
	}{
		// Parser errors: 0-based; the line where the collection began.
		{"parser, unclosed [", "name: X\nstandings: icpc\nproblems: [sudoku\n", 3, "did not find expected ',' or ']'"},
		{"parser, unclosed {", "a: 1\nb: {x: 1\n", 2, "did not find expected ',' or '}'"},
		{"parser, block sequence", "a:\n  - 1\n  b: 2\n", 2, "did not find expected '-' indicator"},
		{"parser, block mapping", "a: 1\n- b\n", 2, "did not find expected key"},
		{"parser, bad indentation", "a:\n  b: 1\n c: 2\n", 3, "did not find expected key"},
		{"parser, node content", "a: 1\nb: [}\n", 2, "did not find expected node content"},
		{"parser, tag handle", "a: 1\nb: !x!y 1\n", 2, "found undefined tag handle"},
		{"parser, directive", "%YAML 1.1\n%YAML 1.1\n---\na: 1\n", 2, "found duplicate %YAML directive"},
		// ...or, when it began on the first line, the token it stopped at:
		// for an unclosed bracket, the end of the file.
		{"parser, unclosed on line 1", "b: [x\n", 2, "did not find expected ',' or ']'"},
		// Scanner errors: 1-based.
		{"scanner, mapping values", "a: 1\nb: c: d\n", 2, "mapping values are not allowed in this context"},
		{"scanner, tab", "a: 1\n\tb: 2\n", 2, "found a tab character that violates indentation"},
		{"scanner, unclosed quote", "a: 1\nb: \"x\n", 2, "found unexpected end of stream"},
		{"scanner, bad token", "a: 1\nb: @x\n", 2, "found character that cannot start any token"},
		{"scanner, simple key", "- a\n- b\nc\n", 3, "could not find expected ':'"},
		// Either family on the first line names no line.
		{"scanner, line 1", "b: c: d\n", 1, "mapping values are not allowed in this context"},
		{"parser, line 1", "a: [}\n", 1, "did not find expected node content"},
		// Reader errors and decoding errors without a node name none.
		{"reader", "a: 1\nb: \x01\n", 0, "control characters are not allowed"},
		{"unknown alias", "a: 1\nb: *nope\n", 0, "unknown anchor 'nope' referenced"},
	}
	for _, tc := range tests {
		t.Run(tc.family, func(t *testing.T) {
			var n yaml.Node
			err := yaml.Unmarshal([]byte(tc.doc), &n)
			if err == nil {
				t.Fatalf("%q decoded", tc.doc)
			}
			line, msg := Split(err)
			if line != tc.line || msg != tc.msg {
				t.Errorf("Split(%q) = %d, %q; want %d, %q", err, line, msg, tc.line, tc.msg)
			}
		})
	}
}

// TestSplitDecoding pins the decoding errors: 1-based lines, the first fault
// of a *yaml.TypeError, and an UnmarshalYAML method's own "line N: ".
func TestSplitDecoding(t *testing.T) {
	type limits struct {
		Time float64 `yaml:"time"`
	}
	type doc struct {
		Name   string   `yaml:"name"`
		Groups []string `yaml:"groups"`
		Limits limits   `yaml:"limits"`
	}
	tests := []struct {
		name, doc string
		line      int
		msg       string
	}{
		{"type", "name: x\nlimits:\n  time: abc\n", 3, "cannot unmarshal !!str `abc` into float64"},
		{"first of two", "groups: a\nlimits: {time: [1]}\n", 1, "cannot unmarshal !!str `a` into []string"},
		{"unknown field", "name: x\n\nnmae: y\n", 3, "field nmae not found in type yamlerr.doc"},
		{"field twice", "name: x\nname: y\n", 2, "mapping key \"name\" already defined at line 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v doc
			err := decodeStrict(tc.doc, &v)
			if err == nil {
				t.Fatalf("%q decoded", tc.doc)
			}
			line, msg := Split(err)
			if line != tc.line || msg != tc.msg {
				t.Errorf("Split(%q) = %d, %q; want %d, %q", err, line, msg, tc.line, tc.msg)
			}
		})
	}
	if line, msg := Split(fmt.Errorf("line 4: limits.time 1e+300: too long")); line != 4 || msg != "limits.time 1e+300: too long" {
		t.Errorf("an UnmarshalYAML error: %d, %q", line, msg)
	}
	if line, msg := Split(errors.New("reading: no such file")); line != 0 || msg != "reading: no such file" {
		t.Errorf("another error: %d, %q", line, msg)
	}
}

func decodeStrict(doc string, v any) error {
	dec := yaml.NewDecoder(strings.NewReader(doc))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// TestFind finds the node a decoding error names, with its key path.
func TestFind(t *testing.T) {
	const doc = "name: x\nlimits: {memory: 5, time: abc}\ngroups:\n  - a\n  - [b]\nextra: {nmae: long-value-here}\n"
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line       int
		msg        string
		path       string
		wantLine   int
		wantColumn int
	}{
		{2, "cannot unmarshal !!str `abc` into float64", "limits.time", 2, 27},
		{5, "cannot unmarshal !!seq into string", "groups", 5, 5},
		{6, "field nmae not found in type x.T", "extra.nmae", 6, 9},
		{6, "cannot unmarshal !!str `long-va...` into int", "extra.nmae", 6, 15},
		{6, "mapping key \"nmae\" already defined at line 1", "extra.nmae", 6, 9},
		{2, "cannot unmarshal !!str `xyz` into float64", "", 0, 0}, // no such node
		{2, "limits.time: too long", "", 0, 0},                     // not the decoder's
		{1, "cannot unmarshal !!map into []string", "", 1, 1},      // the top mapping
	}
	for _, tc := range tests {
		n, path := Find(&root, tc.line, tc.msg)
		line, col := 0, 0
		if n != nil {
			line, col = n.Line, n.Column
		}
		if path != tc.path || line != tc.wantLine || col != tc.wantColumn {
			t.Errorf("Find(%d, %q) = %d:%d %q; want %d:%d %q", tc.line, tc.msg, line, col, path, tc.wantLine, tc.wantColumn, tc.path)
		}
	}
}

// FuzzSplit decodes anything and checks that Split names a line of the input
// (or the one after its end, where an unclosed bracket is found) and that Find
// does not fail on what the decoder says.
func FuzzSplit(f *testing.F) {
	f.Add("problems: [sudoku\n")
	f.Add("b: [x")
	f.Add("a: 1\n\tb: 2\n")
	f.Add("time: abc\n")
	f.Add("a: &x [*x]\n")
	f.Fuzz(func(t *testing.T, doc string) {
		var root yaml.Node
		err := yaml.Unmarshal([]byte(doc), &root)
		if err == nil {
			var v struct {
				Time  float64  `yaml:"time"`
				Names []string `yaml:"names"`
			}
			if err = decodeStrict(doc, &v); err == nil {
				return
			}
		}
		line, msg := Split(err)
		if breaks := lineBreaks(doc); line < 0 || line > breaks+2 || msg == "" {
			t.Fatalf("Split(%q) = %d, %q for a document of %d lines", err, line, msg, breaks+1)
		}
		if n, _ := Find(&root, line, msg); n != nil && n.Line != line {
			t.Fatalf("Find(%d, %q) gave a node on line %d", line, msg, n.Line)
		}
	})
}

// lineBreaks counts the line breaks of doc as YAML does: CR LF, CR, LF, NEL,
// LS and PS.
func lineBreaks(doc string) int {
	doc = strings.ReplaceAll(doc, "\r\n", "\n")
	n := 0
	for _, r := range doc {
		switch r {
		case '\r', '\n', '\u0085', '\u2028', '\u2029':
			n++
		}
	}
	return n
}
