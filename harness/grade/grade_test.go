package grade

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
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

// sudokuCourse returns the project root, the sudoku problem and its course
// rubric.
func sudokuCourse(t *testing.T) (string, problems.Problem, *Rubric) {
	t.Helper()
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
	return root, p, rubric
}

// testGrader returns a Grader of the sudoku course on datasets ds, with the
// reference built (in the jail j when it is not nil) and programs run directly.
// The CPU limit stays; the wall limit is raised so that a busy machine does not
// turn a slow run into a time-out.
func testGrader(t *testing.T, ctx context.Context, root string, p problems.Problem, rubric *Rubric, ds []problems.Dataset, j *jail.Jail) *Grader {
	t.Helper()
	state := t.TempDir()
	b := &build.Builder{Cache: filepath.Join(state, "cache"), Languages: build.DefaultLanguages(), Jail: j}
	ref, err := b.Build(ctx, filepath.Join(root, "solutions", "sudoku", p.Meta().Reference))
	if err != nil || ref.CompileError != "" {
		t.Fatalf("building the reference: %v %s", err, ref.CompileError)
	}
	runner := sandbox.NewDirectRunner()
	t.Cleanup(func() { runner.Close() })
	limits := p.Meta().Limits
	limits.Wall = 60 * time.Second
	return &Grader{Rubric: rubric, Problem: p, Limits: limits, Datasets: ds, Jail: j,
		Judge: &judging.Judge{Runner: runner, Scratch: filepath.Join(state, "tmp")}, Reference: ref, Work: state}
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
	root, p, rubric := sudokuCourse(t)
	ds, err := p.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g := testGrader(t, ctx, root, p, rubric, ds, nil)
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

// TestHostileStudents grades, in a jail, students who try what a class might:
// a header that is a link to a file of the teacher's (its lines must not reach
// any feedback), a header that is a named pipe (the class must still be graded),
// and a stub program handed in with an object file compiled elsewhere from a
// working solution (it must grade as the stub does, not as the solution).
func TestHostileStudents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C++ programs")
	}
	for _, tool := range []string{"g++", "make", "nm", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	if err := jail.CanJail(); err != nil {
		t.Skipf("no jail here: %v", err)
	}
	j, err := jail.New(jail.Options{Slots: 2})
	if err != nil {
		t.Skipf("no jail here: %v", err)
	}
	defer j.Close()
	root, p, rubric := sudokuCourse(t)
	ds, err := p.Datasets("sample")
	if err != nil {
		t.Fatal(err)
	}
	perfect := filepath.Join(root, "examples", "class", "perfect")
	secret := filepath.Join(t.TempDir(), "teacher.txt")
	if err := os.WriteFile(secret, []byte("TEACHER_ONLY "+strings.Repeat("x", 120)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	class := t.TempDir()
	student := func(name string, skip ...string) string {
		dir := filepath.Join(class, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(perfect)
		for _, e := range entries {
			if slices.Contains(skip, e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(perfect, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	if err := os.Symlink(secret, filepath.Join(student("leaker"), "notes.h")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(student("piper"), "notes.h"), 0o644); err != nil {
		t.Skip(err)
	}
	stubSrc := "// stub\nint main() { return 0; }\n"
	for _, name := range []string{"stub", "objcheat"} {
		dir := student(name, "Makefile", "sudoku.cpp")
		if err := os.WriteFile(filepath.Join(dir, "sudoku.cpp"), []byte(stubSrc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	obj := filepath.Join(class, "objcheat", "sudoku.o")
	args := append(append([]string{}, rubric.Compiler[1:]...), "-I", perfect, "-c", filepath.Join(perfect, "sudoku.cpp"), "-o", obj)
	if out, err := exec.Command(rubric.Compiler[0], args...).CombinedOutput(); err != nil {
		t.Fatalf("compiling the handed-in object: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang fails, not blocks
	defer cancel()
	g := testGrader(t, ctx, root, p, rubric, ds, j)
	graded, err := g.Grade(ctx, class)
	if err != nil {
		t.Fatal(err)
	}
	totals := map[string]float64{}
	for _, st := range graded.Students {
		totals[st.Name] = st.Total
		for _, it := range st.Items {
			for _, d := range it.Deductions {
				if strings.Contains(d.Text, "TEACHER_ONLY") {
					t.Errorf("%s: %s quotes the teacher's file: %q", st.Name, it.ID, d.Text)
				}
			}
		}
	}
	if len(totals) != 4 {
		t.Fatalf("graded %v, want four students", totals)
	}
	if totals["objcheat"] != totals["stub"] || totals["stub"] >= totals["leaker"] {
		t.Errorf("totals %v: the handed-in object must grade as the stub, below a working program", totals)
	}
}
