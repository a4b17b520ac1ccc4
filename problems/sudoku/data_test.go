package sudoku

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

var update = flag.Bool("update", false, "rewrite data/secret/*.in from the recipes and every .ans from the reference")

// secretRecipes are the generator calls behind data/secret: NAME.in is
// Generate(seed, params). `go test ./problems/sudoku -run TestData -update` rewrites
// the inputs and, with the reference, the answers.
var secretRecipes = []struct {
	name   string
	seed   int64
	params string
}{
	{"01-easy", 1, "level=easy"},
	{"02-easy-compact", 2, "level=easy spacing=compact"},
	{"03-easy-irregular", 3, "level=easy spacing=irregular"},
	{"04-easy-many-clues", 4, "level=easy clues=50"},
	{"05-easy-few-clues", 5, "level=easy clues=24"},
	{"06-medium", 6, "level=medium"},
	{"07-medium-compact", 7, "level=medium spacing=compact"},
	{"08-medium-irregular", 8, "level=medium spacing=irregular"},
	{"09-medium-few-clues", 9, "level=medium clues=24"},
	{"10-hard", 10, "level=hard"},
	{"11-hard", 11, "level=hard"},
	{"12-hard-compact", 12, "level=hard spacing=compact"},
	{"13-hard-irregular", 13, "level=hard spacing=irregular"},
	{"14-hard-irregular", 14, "level=hard spacing=irregular"},
	{"15-hard-30-clues", 15, "level=hard clues=30"},
	{"16-expert", 16, "level=expert"},
	{"17-expert", 17, "level=expert"},
	{"18-expert-compact", 18, "level=expert spacing=compact"},
	{"19-expert-irregular", 19, "level=expert spacing=irregular"},
	{"20-expert", 20, "level=expert"},
	{"21-any-minimal", 21, "kind=unique"},
	{"22-already-solved", 22, "clues=81"},
	{"23-one-empty-cell", 23, "clues=80 spacing=compact"},
	{"24-unsolvable-hidden", 24, "kind=unsolvable"},
	{"25-unsolvable-hidden-few-clues", 25, "kind=unsolvable clues=22"},
	{"26-unsolvable-hidden-few-clues", 26, "kind=unsolvable clues=22 spacing=compact"},
	{"27-unsolvable-hidden-many-clues", 27, "kind=unsolvable clues=45"},
	{"28-unsolvable-deep", 28, "kind=unsolvable flavor=deep clues=22"},
	{"43-unsolvable-deep", 43, "kind=unsolvable flavor=deep clues=24 spacing=irregular"},
	{"44-unsolvable-deep", 44, "kind=unsolvable flavor=deep clues=26 spacing=compact"},
	{"29-unsolvable-clash", 29, "kind=unsolvable flavor=clash"},
	{"30-unsolvable-clash-few-clues", 30, "kind=unsolvable flavor=clash clues=20"},
	{"31-unsolvable-clash-irregular", 31, "kind=unsolvable flavor=clash spacing=irregular"},
	{"32-unsolvable-clash-full-grid", 32, "kind=unsolvable flavor=clash clues=80"},
	{"33-multi", 33, "kind=multi"},
	{"34-multi", 34, "kind=multi spacing=compact"},
	{"35-multi-20-clues", 35, "kind=multi clues=20"},
	{"36-multi-12-clues", 36, "kind=multi clues=12 spacing=irregular"},
	{"37-multi-one-clue", 37, "kind=multi clues=1"},
	{"38-multi-empty-grid", 38, "kind=multi clues=0"},
	{"39-multi-empty-grid-irregular", 39, "kind=multi clues=0 spacing=irregular"},
	{"40-irregular", 40, "spacing=irregular"},
	{"41-irregular", 41, "level=medium spacing=irregular"},
	{"42-irregular", 42, "kind=multi spacing=irregular"},
}

func parseParams(s string) problems.Params {
	p := problems.Params{}
	for _, kv := range strings.Fields(s) {
		k, v, _ := strings.Cut(kv, "=")
		p[k] = v
	}
	return p
}

func loadProblem(t *testing.T) *Problem {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	return New(f).(*Problem)
}

// TestData keeps data/ reproducible and sound: every secret input is its recipe's
// output, every input passes the validator, every answer is the reference's output on
// its input and is accepted by the checker.
func TestData(t *testing.T) {
	p := loadProblem(t)
	want := map[string]bool{}
	for _, r := range secretRecipes {
		path := filepath.Join("data", "secret", r.name+".in")
		want[path] = true
		in, err := p.Generate(r.seed, parseParams(r.params))
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if *update {
			if err := os.WriteFile(path, in, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if disk, err := os.ReadFile(path); err != nil || !bytes.Equal(disk, in) {
			t.Errorf("%s differs from its recipe (seed %d, %s); run with -update (err %v)", path, r.seed, r.params, err)
		}
	}
	stray, _ := filepath.Glob(filepath.Join("data", "secret", "*.in"))
	for _, s := range stray {
		if !want[s] {
			t.Errorf("%s has no recipe", s)
		}
	}

	ref := buildSolution(t, "tactics")
	datasets, err := p.Datasets()
	if err != nil && !*update {
		t.Fatal(err)
	}
	if *update {
		ins, _ := filepath.Glob(filepath.Join("data", "*", "*.in"))
		for _, in := range ins {
			out := runSolution(t, ref, mustRead(t, in))
			if err := os.WriteFile(strings.TrimSuffix(in, ".in")+".ans", out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if datasets, err = p.Datasets(); err != nil {
			t.Fatal(err)
		}
	}
	if len(datasets) < 43 {
		t.Errorf("%d datasets, want the 3 samples and at least 40 secret ones", len(datasets))
	}
	for _, ds := range datasets {
		if err := p.Validate(ds.Input); err != nil {
			t.Errorf("%s: %v", ds.Name, err)
			continue
		}
		if out := runSolution(t, ref, ds.Input); !bytes.Equal(out, ds.Answer) {
			t.Errorf("%s: the answer file is not the reference's output; run with -update", ds.Name)
		}
		if o := p.Check(ds, problems.Output{Stdout: ds.Answer}); o.Verdict != problems.AC {
			t.Errorf("%s: the answer file gets %s: %s", ds.Name, o.Verdict, o.Message)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// binDir holds the solutions the tests build, once per run of the package's tests.
var binDir string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "sudoku-solutions-")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildSolution builds solutions/sudoku/NAME (once per test run) and returns the
// binary's path.
func buildSolution(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(binDir, name)
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "build", "-o", bin, "./solutions/sudoku/"+name)
	cmd.Dir = sudokutest.RepoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, out)
	}
	return bin
}

// runSolution runs bin with input on standard input and returns its standard output.
func runSolution(t *testing.T, bin string, input []byte) []byte {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(bin), err, stderr.Bytes())
	}
	return out
}
