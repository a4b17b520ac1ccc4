package defrag

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
)

// Recipe is one line of secret.gen: a dataset name, a seed and generator parameters.
type Recipe struct {
	Name   string
	Seed   int64
	Params problems.Params
}

// ParseRecipes reads secret.gen: one recipe a line, '#' starts a comment line.
func ParseRecipes(data []byte) ([]Recipe, error) {
	var out []Recipe
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return nil, fmt.Errorf("line %d: want NAME SEED [name=value ...]", n)
		}
		seed, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: seed %q: %w", n, f[1], err)
		}
		r := Recipe{Name: f[0], Seed: seed, Params: problems.Params{}}
		for _, kv := range f[2:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return nil, fmt.Errorf("line %d: parameter %q: want name=value", n, kv)
			}
			r.Params[k] = v
		}
		out = append(out, r)
	}
	return out, sc.Err()
}
