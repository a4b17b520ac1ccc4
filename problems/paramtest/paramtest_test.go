package paramtest

import (
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		msg, name string
		want      bool
	}{
		{`param n=0: want an integer in [20, 1000]`, "n", true},
		{`unknown param "colour" (known: n, density, bombs)`, "colour", true},
		{`param bombs=5: want at most 3`, "n", false},
		{`files=546: want 1..33`, "files", true},
		{`profiles=3`, "files", false},
		{`param "a\"b": want name=value`, `a"b`, true},
	} {
		if got := Names(tc.msg, tc.name); got != tc.want {
			t.Errorf("Names(%q, %q) = %v, want %v", tc.msg, tc.name, got, tc.want)
		}
	}
}

func TestDecodeEncode(t *testing.T) {
	for _, p := range []problems.Params{{}, {"n": "10"}, {"fleet": "4x1 3x2", "rows": "12", "x": "a=b"}} {
		got, ok := Decode(Encode(p))
		if !ok || len(got) != len(p) {
			t.Fatalf("Decode(Encode(%v)) = %v, %v", p, got, ok)
		}
		for k, v := range p {
			if got[k] != v {
				t.Errorf("Decode(Encode(%v))[%q] = %q", p, k, got[k])
			}
		}
	}
	if _, ok := Decode("n=1\nbare"); ok {
		t.Error("a line without '=' decoded")
	}
}
