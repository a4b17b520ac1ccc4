package problems

import (
	"strconv"
	"strings"
	"testing"
)

func TestParseParams(t *testing.T) {
	tests := []struct {
		pairs []string
		want  Params
		err   string
	}{
		{nil, Params{}, ""},
		{[]string{"n=10", "density=5"}, Params{"n": "10", "density": "5"}, ""},
		{[]string{"fleet=4x1 3x2"}, Params{"fleet": "4x1 3x2"}, ""},
		{[]string{"a=b=c"}, Params{"a": "b=c"}, ""},
		{[]string{"empty="}, Params{"empty": ""}, ""},
		{[]string{"n=1", "n=2"}, Params{"n": "2"}, ""},
		{[]string{"n"}, nil, `param "n": want name=value`},
		{[]string{"=5"}, nil, `param "=5": want name=value`},
	}
	for _, tc := range tests {
		got, err := ParseParams(tc.pairs)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseParams(%q) = %v, %v; want error %q", tc.pairs, got, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("ParseParams(%q) = %v, %v; want %v", tc.pairs, got, err, tc.want)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("ParseParams(%q)[%q] = %q, want %q", tc.pairs, k, got[k], v)
			}
		}
	}
}

// FuzzParseParams: ParseParams never panics; it refuses exactly the inputs with a
// pair that has no name before an '=', quoting the first such pair; and what it
// accepts keeps each name's last value.
func FuzzParseParams(f *testing.F) {
	f.Add("n=10\ndensity=5")
	f.Add("fleet=4x1 3x2 2x3 1x4\nrows=12")
	f.Add("a=b=c\na=d")
	f.Add("=5")
	f.Add("n")
	f.Fuzz(func(t *testing.T, s string) {
		pairs := strings.Split(s, "\n")
		params, err := ParseParams(pairs)
		for _, kv := range pairs {
			if i := strings.IndexByte(kv, '='); i <= 0 {
				if err == nil || !strings.Contains(err.Error(), strconv.Quote(kv)) || !strings.Contains(err.Error(), "want name=value") {
					t.Fatalf("pair %q: got %v, want it named and name=value asked for", kv, err)
				}
				return
			}
		}
		if err != nil {
			t.Fatalf("refused %q: %v", pairs, err)
		}
		last := map[string]string{}
		for _, kv := range pairs {
			k, v, _ := strings.Cut(kv, "=")
			last[k] = v
		}
		if len(params) != len(last) {
			t.Fatalf("got %d params from %d names", len(params), len(last))
		}
		for k, v := range last {
			if params[k] != v {
				t.Fatalf("param %q = %q, want %q", k, params[k], v)
			}
		}
	})
}
