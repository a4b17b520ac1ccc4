package registry

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/problems"
)

var update = flag.Bool("update", false, "rewrite every generated input from its data/origin.txt command")

// TestOrigins holds every problem to its data/origin.txt: each dataset of every group
// has exactly one line, each line names a dataset that exists, and each `judge gen`
// command still makes its input byte for byte (with -update it writes the input
// instead; run judge regen afterwards for the answers).
func TestOrigins(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, slug := range Slugs() {
		t.Run(slug, func(t *testing.T) {
			p, err := Open(root, slug)
			if err != nil {
				t.Fatal(err)
			}
			f, ok := p.(interface {
				Origins() ([]problems.Origin, error)
				DataDir() string
			})
			if !ok {
				t.Fatalf("%s does not embed *problems.Folder", slug)
			}
			origins, err := f.Origins()
			if err != nil {
				t.Fatal(err)
			}
			groups, err := os.ReadDir(f.DataDir())
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, g := range groups {
				if g.IsDir() {
					names = append(names, g.Name())
				}
			}
			all, err := p.Datasets(names...)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]problems.Dataset{}
			for _, d := range all {
				byName[d.Name] = d
			}
			gen, _ := p.(problems.Generator)
			listed := map[string]bool{}
			for _, o := range origins {
				listed[o.Dataset] = true
				d, ok := byName[o.Dataset]
				if !ok {
					t.Errorf("origin.txt:%d: %s is not a dataset", o.Line, o.Dataset)
					continue
				}
				if !o.Generated {
					continue
				}
				if gen == nil {
					t.Fatalf("origin.txt:%d: %s has no generator", o.Line, slug)
				}
				in, err := gen.Generate(o.Seed, o.Params)
				if err != nil {
					t.Errorf("origin.txt:%d: %s: %v", o.Line, o.How, err)
					continue
				}
				if *update {
					if err := os.WriteFile(d.InPath, in, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if !bytes.Equal(in, d.Input) {
					t.Errorf("origin.txt:%d: %s no longer makes %s (run with -update, then judge regen %s)", o.Line, o.How, d.InPath, slug)
				}
			}
			for _, d := range all {
				if !listed[d.Name] {
					t.Errorf("%s: not in data/origin.txt (say how it was made)", d.InPath)
				}
			}
		})
	}
}
