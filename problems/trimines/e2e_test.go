package trimines

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

// build compiles a Go program of solutions/trimines into dir.
func build(t *testing.T, dir, pkg string) string {
	t.Helper()
	out := filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(pkg))
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = filepath.Join("..", "..", "solutions", "trimines")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
	return out
}

// runProgram wires a program to the interactor through pipes, as the harness does:
// the program's stdout feeds Interact, Interact's replies go to its stdin, and the
// program is killed when ctx ends.
func runProgram(t *testing.T, ctx context.Context, p *Problem, ds problems.Dataset, argv ...string) problems.Outcome {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	toSol, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	fromSol, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := context.AfterFunc(ctx, func() { cmd.Process.Kill() })
	defer stop()
	o := p.Interact(ctx, ds, fromSol, toSol)
	toSol.Close()
	cmd.Wait()
	if st := cmd.ProcessState; st != nil {
		o = p.Check(ds, problems.Output{Interaction: &o, Usage: problems.Usage{CPU: st.UserTime() + st.SystemTime()}})
	}
	t.Logf("%s on %s: %v %.1f points, %s", filepath.Base(argv[len(argv)-1]), ds.Name, o.Verdict, o.Score, o.Message)
	return o
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	p := load(t)
	boards, err := p.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	programs := []struct {
		name string
		argv []string
		want problems.Verdict // on every board
	}{
		{"reference", []string{build(t, dir, "./reference")}, problems.AC},
		{"sets", []string{build(t, dir, "./sets")}, problems.AC},
		{"random", []string{build(t, dir, "./wrong_answer/random.go")}, problems.WA},
	}
	if py, err := exec.LookPath("python3"); err == nil {
		sol := filepath.Join("..", "..", "solutions", "trimines")
		programs = append(programs, struct {
			name string
			argv []string
			want problems.Verdict
		}{"protocol", []string{py, filepath.Join(sol, "wrong_answer", "protocol.py")}, problems.WA})
	}
	for _, prog := range programs {
		for _, ds := range boards {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			o := runProgram(t, ctx, p, ds, prog.argv...)
			cancel()
			if o.Verdict != prog.want {
				t.Errorf("%s on %s: %v %q, want %v", prog.name, ds.Name, o.Verdict, o.Message, prog.want)
			}
			if prog.name == "protocol" && !strings.Contains(o.Message, "protocol breach") {
				t.Errorf("protocol on %s: message %q", ds.Name, o.Message)
			}
		}
	}
}

func TestEndToEndSilent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	p := load(t)
	ds := problems.Dataset{Name: "tiny", Input: []byte(tiny)}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	silent := filepath.Join("..", "..", "solutions", "trimines", "time_limit_exceeded", "silent.py")
	done := make(chan problems.Outcome, 1)
	go func() { done <- runProgram(t, ctx, p, ds, py, silent) }()
	select {
	case o := <-done:
		if o.Verdict != problems.WA || !strings.Contains(o.Message, "0 moves") {
			t.Errorf("silent program: %v %q", o.Verdict, o.Message)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Interact did not return after the program was killed")
	}
}
