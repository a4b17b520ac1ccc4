// Package paramtest helps the fuzz targets of the generators' parameter parsers: it
// turns a fuzz input into parameters the way judge gen reads its --param flags,
// seeds a target with the parameters a problem's data was made with, and checks the
// properties every parser shares: the same answer every time, and a refusal that
// names a parameter it was given and says what it wants.
package paramtest

import (
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// Decode turns a fuzz input into parameters: one NAME=VALUE pair a line, read by
// problems.ParseParams as judge gen reads its --param flags. An empty input is no
// parameters; ok is false when a line is no NAME=VALUE pair.
func Decode(s string) (params problems.Params, ok bool) {
	if s == "" {
		return problems.Params{}, true
	}
	params, err := problems.ParseParams(strings.Split(s, "\n"))
	return params, err == nil
}

// Encode writes params as Decode reads them, in name order.
func Encode(params problems.Params) string {
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		lines = append(lines, k+"="+params[k])
	}
	return strings.Join(lines, "\n")
}

// Seed adds to f the parameters of every judge gen command recorded in the
// problem's data/origin.txt (the test runs in the problem's folder), then the
// extra inputs, each one NAME=VALUE a line. A problem whose origin file records no
// command is seeded with the extra inputs alone.
func Seed(f *testing.F, slug string, extra ...string) {
	f.Helper()
	data, err := os.ReadFile("data/" + problems.OriginFile)
	if err != nil {
		f.Fatal(err)
	}
	origins, err := problems.ParseOrigins(slug, data)
	if err != nil {
		f.Fatal(err)
	}
	seen := map[string]bool{}
	for _, o := range origins {
		if s := Encode(o.Params); o.Generated && !seen[s] {
			seen[s] = true
			f.Add(s)
		}
	}
	for _, s := range extra {
		f.Add(s)
	}
}

// DecodeParse is Decode and then Parse: the parameters a fuzz input stands for
// and what parse made of them; ok is false when the input is no parameters or
// parse refused them (after the refusal was checked).
func DecodeParse[T any](t testing.TB, s string, parse func(problems.Params) (T, error)) (params problems.Params, cfg T, ok bool) {
	t.Helper()
	if params, ok = Decode(s); !ok {
		return params, cfg, false
	}
	cfg, ok = Parse(t, params, parse)
	return params, cfg, ok
}

// Parse calls parse on params a few times and fails t unless every call gives the
// same result (a parser that ranges over the map must not let its order show), and
// unless a refusal names one of the parameters and says what it wants (see
// CheckRefusal). ok is false when parse refused.
func Parse[T any](t testing.TB, params problems.Params, parse func(problems.Params) (T, error)) (cfg T, ok bool) {
	t.Helper()
	cfg, err := parse(params)
	for range 3 {
		again, err2 := parse(params)
		if errText(err) != errText(err2) || err == nil && !reflect.DeepEqual(cfg, again) {
			t.Fatalf("params %q: two calls differ: %v (%+v) and %v (%+v)", Encode(params), err, cfg, err2, again)
		}
	}
	if err != nil {
		CheckRefusal(t, params, err)
		return cfg, false
	}
	return cfg, true
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// CheckRefusal fails t unless err, a parser's refusal of params, names one of them
// (as name=… or "name") and says what it wants (the words want or known).
func CheckRefusal(t testing.TB, params problems.Params, err error) {
	t.Helper()
	msg := err.Error()
	if !strings.Contains(msg, "want") && !strings.Contains(msg, "known") {
		t.Fatalf("params %q: refusal %q does not say what it wants", Encode(params), msg)
	}
	for k := range params {
		if Names(msg, k) {
			return
		}
	}
	t.Fatalf("params %q: refusal %q names none of them", Encode(params), msg)
}

// Names reports whether msg names the parameter name: as "name" (quoted), or as
// name= not preceded by a letter, digit or underscore.
func Names(msg, name string) bool {
	if strings.Contains(msg, strconv.Quote(name)) {
		return true
	}
	for i := 0; ; {
		j := strings.Index(msg[i:], name+"=")
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || !wordByte(msg[at-1]) {
			return true
		}
		i = at + 1
	}
}

func wordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// TakenAsGiven fails t unless every parameter of got that params gives was
// taken as its number: got maps a parameter's name to the value the parser
// accepted. A parser that reads numbers with their white space around (trim)
// is held to the number inside it.
func TakenAsGiven(t testing.TB, params problems.Params, got map[string]int, trim bool) {
	t.Helper()
	for name, v := range got {
		s, given := params[name]
		if !given {
			continue
		}
		if trim {
			s = strings.TrimSpace(s)
		}
		if n, err := strconv.Atoi(s); err != nil || n != v {
			t.Fatalf("%s=%q accepted as %d", name, params[name], v)
		}
	}
}

// DataInputs returns the inputs of the problem's data (the test runs in the
// problem's folder), for targets whose seeds come from what the data holds.
func DataInputs(f *testing.F) [][]byte {
	f.Helper()
	ins, err := filepath.Glob("data/*/*.in")
	if err != nil || len(ins) == 0 {
		f.Fatalf("no data inputs (%v)", err)
	}
	var out [][]byte
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}
