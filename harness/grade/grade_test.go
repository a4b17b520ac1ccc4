package grade

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems/registry"
)

// expectedDeductions reads the "## Expected deductions" list of a student's
// README: lines "- ITEM: POINTS", or "None.".
func expectedDeductions(t *testing.T, path string) map[string]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]float64{}
	in, found := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			in = strings.EqualFold(strings.TrimLeft(line, "# "), "Expected deductions")
			found = found || in
			continue
		}
		if !in || !strings.HasPrefix(line, "- ") {
			continue
		}
		id, pts, ok := strings.Cut(strings.TrimPrefix(line, "- "), ":")
		if !ok {
			t.Fatalf("%s: bad line %q (want - ITEM: POINTS)", path, line)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(pts), 64)
		if err != nil {
			t.Fatalf("%s: bad points in %q: %v", path, line, err)
		}
		out[strings.TrimSpace(id)] = v
	}
	if !found {
		t.Fatalf("%s has no \"Expected deductions\" section", path)
	}
	return out
}

// TestExampleClass grades examples/class with the sudoku rubric and checks that
// every student gets exactly the deductions its README lists, each with evidence.
func TestExampleClass(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs nine C++ programs on every dataset")
	}
	for _, tool := range []string{"g++", "make", "nm", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := registry.FindRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	p, err := registry.Open(root, "sudoku")
	if err != nil {
		t.Fatal(err)
	}
	rubric, err := LoadRubric(filepath.Join(root, "problems", "sudoku", "rubric.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := p.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	ctx := context.Background()
	b := &build.Builder{Cache: filepath.Join(state, "cache"), Languages: build.DefaultLanguages()}
	ref, err := b.Build(ctx, filepath.Join(root, "solutions", "sudoku", p.Meta().Reference))
	if err != nil || ref.CompileError != "" {
		t.Fatalf("building the reference: %v %s", err, ref.CompileError)
	}
	runner := sandbox.NewDirectRunner()
	defer runner.Close()
	// The CPU limit stays; the wall limit is raised so that a busy machine does
	// not turn a slow run into a time-out.
	limits := p.Meta().Limits
	limits.Wall = 60 * time.Second
	g := &Grader{Rubric: rubric, Problem: p, Limits: limits, Datasets: ds,
		Judge: &judging.Judge{Runner: runner, Scratch: filepath.Join(state, "tmp")}, Reference: ref, Work: state}
	classDir := filepath.Join(root, "examples", "class")
	class, err := g.Grade(ctx, classDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(class.Students) < 8 {
		t.Fatalf("%d students, want at least 8", len(class.Students))
	}
	triggered := map[string]bool{}
	for _, st := range class.Students {
		want := expectedDeductions(t, filepath.Join(classDir, st.Name, "README.md"))
		got := map[string]float64{}
		for i, it := range st.Items {
			item := rubric.Items[i]
			if item.IsManual() {
				if !it.Blank {
					t.Errorf("%s: manual item %s was scored", st.Name, it.ID)
				}
				continue
			}
			if it.Note != "" && want["compile"] == 0 {
				t.Errorf("%s: item %s not checked: %s", st.Name, it.ID, it.Note)
			}
			if it.Points != 0 {
				got[it.ID] = it.Points
				triggered[it.ID] = true
			}
			for _, d := range it.Deductions {
				if (d.File == "" || d.Line == 0) && strings.TrimSpace(d.Text) == "" {
					t.Errorf("%s: %s: a deduction without evidence: %+v", st.Name, it.ID, d)
				}
			}
		}
		for id, v := range want {
			if got[id] != v {
				t.Errorf("%s: %s: got −%g, README says −%g", st.Name, id, got[id], v)
			}
		}
		for id, v := range got {
			if _, ok := want[id]; !ok {
				t.Errorf("%s: unexpected deduction %s −%g", st.Name, id, v)
			}
		}
	}
	for _, it := range rubric.Items {
		if !it.IsManual() && !triggered[it.ID] {
			t.Errorf("no example student triggers the automatic item %s", it.ID)
		}
	}
}
