package sudoku

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/sudokutest"
)

func loadProblem(t *testing.T) *Problem {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	return New(f).(*Problem)
}

// TestData keeps data/ sound: every input passes the validator, every answer is the
// reference's output on its input (judge regen sudoku rewrites them) and is accepted
// by the checker. data/origin.txt says how each input was made; the registry's
// TestOrigins regenerates them.
func TestData(t *testing.T) {
	p := loadProblem(t)
	ref := buildSolution(t, "tactics")
	datasets, err := p.Datasets()
	if err != nil {
		t.Fatal(err)
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
			t.Errorf("%s: the answer file is not the reference's output; run judge regen sudoku", ds.Name)
		}
		if o := p.Check(ds, problems.Output{Stdout: ds.Answer}); o.Verdict != problems.AC {
			t.Errorf("%s: the answer file gets %s: %s", ds.Name, o.Verdict, o.Message)
		}
	}
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
