package reports

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// validate checks doc (decoded with UseNumber) against a JSON Schema. It supports the
// keywords results.schema.json uses: type, enum, required, properties,
// additionalProperties (false or a schema), items, minimum, minLength, pattern and
// local $ref to #/$defs/NAME. Any other keyword is an error, so that the schema
// cannot silently outgrow the validator.
func validate(root, schema map[string]any, doc any, path string) error {
	if ref, ok := schema["$ref"].(string); ok {
		name, found := strings.CutPrefix(ref, "#/$defs/")
		defs, _ := root["$defs"].(map[string]any)
		sub, ok := defs[name].(map[string]any)
		if !found || !ok {
			return fmt.Errorf("%s: unresolvable $ref %q", path, ref)
		}
		return validate(root, sub, doc, path)
	}
	keys := make([]string, 0, len(schema))
	for k := range schema {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "$schema", "$id", "title", "description", "$defs", "type", "enum", "required", "properties",
			"additionalProperties", "items", "minimum", "minLength", "pattern":
		default:
			return fmt.Errorf("%s: schema keyword %q not supported by the validator", path, k)
		}
	}
	if t, ok := schema["type"].(string); ok && !hasType(doc, t) {
		return fmt.Errorf("%s: want %s, got %T", path, t, doc)
	}
	if enum, ok := schema["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if fmt.Sprint(e) == fmt.Sprint(doc) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s: %v not in %v", path, doc, enum)
		}
	}
	if min, ok := schema["minimum"].(json.Number); ok {
		lo, _ := min.Float64()
		if n, ok := doc.(json.Number); ok {
			if v, _ := n.Float64(); v < lo {
				return fmt.Errorf("%s: %v below minimum %v", path, v, lo)
			}
		}
	}
	if s, ok := doc.(string); ok {
		if ml, ok := schema["minLength"].(json.Number); ok {
			if n, _ := ml.Int64(); int64(len([]rune(s))) < n {
				return fmt.Errorf("%s: %q shorter than %d", path, s, n)
			}
		}
		if p, ok := schema["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(s) {
			return fmt.Errorf("%s: %q does not match %s", path, s, p)
		}
	}
	if arr, ok := doc.([]any); ok {
		if items, ok := schema["items"].(map[string]any); ok {
			for i, el := range arr {
				if err := validate(root, items, el, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	if obj, ok := doc.(map[string]any); ok {
		req, _ := schema["required"].([]any)
		for _, r := range req {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Errorf("%s: missing %q", path, r)
			}
		}
		props, _ := schema["properties"].(map[string]any)
		names := make([]string, 0, len(obj))
		for k := range obj {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			sub, ok := props[k].(map[string]any)
			if !ok {
				switch ap := schema["additionalProperties"].(type) {
				case bool:
					if !ap {
						return fmt.Errorf("%s: unexpected property %q", path, k)
					}
					continue
				case map[string]any:
					sub = ap
				default:
					continue
				}
			}
			if err := validate(root, sub, obj[k], path+"."+k); err != nil {
				return err
			}
		}
	}
	return nil
}

func hasType(doc any, t string) bool {
	switch t {
	case "object":
		_, ok := doc.(map[string]any)
		return ok
	case "array":
		_, ok := doc.([]any)
		return ok
	case "string":
		_, ok := doc.(string)
		return ok
	case "boolean":
		_, ok := doc.(bool)
		return ok
	case "number":
		_, ok := doc.(json.Number)
		return ok
	case "integer":
		n, ok := doc.(json.Number)
		if !ok {
			return false
		}
		f, err := n.Float64()
		return err == nil && f == math.Trunc(f) && !strings.ContainsAny(n.String(), ".eE")
	case "null":
		return doc == nil
	}
	return false
}

func decodeNumbers(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return v
}

func TestSchemaValidator(t *testing.T) {
	schema := decodeNumbers(t, Schema).(map[string]any)
	good := `{"schema":1,"run":"r","contest":"c","standings":{"rule":"icpc","problems":[],"rows":[]},"problems":[],"results":[]}`
	tests := []struct {
		name, doc string
		ok        bool
	}{
		{"minimal", good, true},
		{"missing field", `{"schema":1,"run":"r","contest":"c","problems":[],"results":[]}`, false},
		{"extra field", strings.Replace(good, `"run"`, `"x":1,"run"`, 1), false},
		{"wrong type", strings.Replace(good, `"run":"r"`, `"run":3`, 1), false},
		{"bad enum", strings.Replace(good, `"icpc"`, `"ioi"`, 1), false},
		{"float for integer", strings.Replace(good, `"schema":1`, `"schema":1.5`, 1), false},
		{"bad verdict", strings.Replace(good, `"results":[]`, `"results":[{"run":"r","problem":"p","submission":"s","source":"","hash":"","language":"","dataset":"1","attempt":0,"verdict":"OK","score":1,"message":"","metrics":[],"cpu_us":1,"wall_us":1,"peak_kib":1}]`, 1), false},
		{"negative cpu", strings.Replace(good, `"results":[]`, `"results":[{"run":"r","problem":"p","submission":"s","source":"","hash":"","language":"","dataset":"1","attempt":0,"verdict":"AC","score":1,"message":"","metrics":[],"cpu_us":-1,"wall_us":1,"peak_kib":1}]`, 1), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := validate(schema, schema, decodeNumbers(t, []byte(tc.doc)), "$")
			if (err == nil) != tc.ok {
				t.Errorf("validate = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}
