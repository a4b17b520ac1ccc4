package bestmove

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// TestGenerateCases generates a small file for every case and checks that it is
// valid input, deterministic, and shows the case asked for.
func TestGenerateCases(t *testing.T) {
	p := &Problem{}
	for _, kind := range genCases() {
		t.Run(kind, func(t *testing.T) {
			params := problems.Params{"case": kind, "sets": "2"}
			a, err := p.Generate(7, params)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(a); err != nil {
				t.Fatalf("generated input invalid: %v\n%s", err, a)
			}
			cfg, err := parseGenParams(params)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := board.Parse(a)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ps {
				if !cfg.accepts(&ps[i]) {
					t.Errorf("data set %d does not show case %s", i+1, kind)
				}
			}
			b, err := p.Generate(7, params)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("same seed, different bytes (err %v)", err)
			}
		})
	}
}

// TestSecretManifest regenerates every secret input listed in secret.gen and
// compares it with the file on disk; files not listed must say so in a comment.
func TestSecretManifest(t *testing.T) {
	manifest, err := os.ReadFile("secret.gen")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	p := &Problem{}
	for no, line := range strings.Split(string(manifest), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if f[0] == "#" {
			if len(f) > 1 && strings.HasSuffix(f[1], ":") {
				listed[strings.TrimSuffix(f[1], ":")] = true // hand-made file
			}
			continue
		}
		if len(f) < 2 {
			t.Fatalf("secret.gen:%d: want NAME SEED params", no+1)
		}
		name := f[0]
		listed[name] = true
		seed, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			t.Fatalf("secret.gen:%d: seed: %v", no+1, err)
		}
		params := problems.Params{}
		for _, kv := range f[2:] {
			k, v, _ := strings.Cut(kv, "=")
			params[k] = v
		}
		if testing.Short() && !strings.HasPrefix(name, "0") {
			continue
		}
		got, err := p.Generate(seed, params)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want, err := os.ReadFile(filepath.Join("data", "secret", name+".in"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the generator now writes something else for seed %d %v", name, seed, params)
		}
	}
	ins, _ := filepath.Glob("data/secret/*.in")
	for _, in := range ins {
		if name := strings.TrimSuffix(filepath.Base(in), ".in"); !listed[name] {
			t.Errorf("%s is not in secret.gen", in)
		}
	}
}

func TestGenerateParams(t *testing.T) {
	bad := []problems.Params{
		{"sets": "0"}, {"sets": "51"}, {"sets": "x"}, {"case": "sideways"}, {"left": "6"},
		{"ships": "AA"}, {"ships": "Q"}, {"ships": ""}, {"packed": "2"}, {"colour": "red"},
	}
	p := &Problem{}
	for _, params := range bad {
		if _, err := p.Generate(1, params); err == nil {
			t.Errorf("params %v accepted", params)
		}
	}
	out, err := p.Generate(3, problems.Params{"ships": "PA", "sets": "3", "case": "nohit"})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := board.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range ps {
		if string(q.Ships) != "AP" || len(hitList(&q)) != 0 {
			t.Errorf("got ships %s and %d hits", q.Ships, len(hitList(&q)))
		}
	}
}
