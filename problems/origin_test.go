package problems

import (
	"errors"
	"strings"
	"testing"
)

func TestParseOrigins(t *testing.T) {
	good := "# comment\n\nsample/1: the statement's example\nsecret/02-x:  judge gen demo --seed 7 --param b=2 --param a=x=y\n"
	os, err := ParseOrigins("demo", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(os) != 2 || os[0].Generated || os[0].How != "the statement's example" || os[0].Line != 3 {
		t.Fatalf("first origin: %+v", os)
	}
	g := os[1]
	if !g.Generated || g.Seed != 7 || g.Params["b"] != "2" || g.Params["a"] != "x=y" || g.Line != 4 {
		t.Fatalf("second origin: %+v", g)
	}
	if got := GenCommand("demo", g.Seed, g.Params); got != "judge gen demo --seed 7 --param a=x=y --param b=2" {
		t.Errorf("GenCommand = %q", got)
	}
	for _, tc := range []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"no colon", "secret/1 judge\n", 1, 1, "want NAME: HOW"},
		{"no group", "1: by hand\n", 1, 1, "want GROUP/NAME"},
		{"empty how", "secret/1:\n", 1, 10, "say how"},
		{"twice", "secret/1: a\nsecret/1: b\n", 2, 1, "listed twice (first on line 1)"},
		{"other problem", "secret/1: judge gen other --seed 1\n", 1, 11, `problem "other"`},
		{"bad seed", "secret/1: judge gen demo --seed x\n", 1, 11, "--seed"},
		{"no seed", "secret/1: judge gen demo --param a=1\n", 1, 11, "no --seed"},
		{"bad param", "secret/1: judge gen demo --seed 1 --param a\n", 1, 11, "name=value"},
		{"param twice", "secret/1: judge gen demo --seed 1 --param a=1 --param a=2\n", 1, 11, "twice"},
		{"stray word", "secret/1: judge gen demo --seed 1 now\n", 1, 11, "unexpected"},
		{"dangling flag", "secret/1: judge gen demo --seed\n", 1, 11, "needs a value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseOrigins("demo", []byte(tc.in))
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an *InputError", err)
			}
			if ie.Line != tc.line || ie.Col != tc.col || !strings.Contains(ie.Msg, tc.msg) {
				t.Errorf("err = %v, want line %d, column %d: …%s…", err, tc.line, tc.col, tc.msg)
			}
		})
	}
}

func FuzzParseOrigins(f *testing.F) {
	f.Add([]byte("sample/1: by hand\nsecret/2: judge gen demo --seed 3 --param k=v\n"))
	f.Add([]byte("# c\nsecret/x: judge gen demo\n"))
	f.Add([]byte(":\n/:x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		os, err := ParseOrigins("demo", data)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || ie.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, o := range os {
			if seen[o.Dataset] || o.How == "" || (o.Generated && o.Params == nil) {
				t.Fatalf("bad origin %+v", o)
			}
			seen[o.Dataset] = true
		}
	})
}
