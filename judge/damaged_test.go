package main

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/internal/testfiles"
)

// TestHistoryDamagedRun: a run whose stored arguments a damaged or hand-edited
// database no longer holds as JSON is listed with the others (exit 0), marked
// unreadable, and stderr names it; the other runs stay as they were.
func TestHistoryDamagedRun(t *testing.T) {
	state := t.TempDir()
	db := filepath.Join(state, "judge.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	good, err := st.NewRun(ctx, store.Run{Command: "run", Args: []string{"sudoku", "mine.py"}, Config: []byte(`{"problems":[],"entrants":[]}`)})
	if err != nil {
		t.Fatal(err)
	}
	bad, err := st.NewRun(ctx, store.Run{Command: "run", Args: []string{"sudoku", "theirs.py"}, Config: []byte(`{"problems":[],"entrants":[]}`)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{good.ID, bad.ID} {
		if err := st.SetStatus(ctx, id, store.StatusDone); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	raw, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.ExecContext(ctx, `UPDATE runs SET args = 'sudoku theirs.py' WHERE id = ?`, bad.ID); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	code, out, errOut := judge(t, "--state", state, "history")
	if code != 0 {
		t.Fatalf("history: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, good.ID) || !strings.Contains(out, "mine.py") || !strings.Contains(out, bad.ID) || !strings.Contains(out, "(unreadable)") {
		t.Errorf("history does not list both runs, the damaged one as unreadable:\n%s", out)
	}
	if !strings.Contains(errOut, "run "+bad.ID) || !strings.Contains(errOut, "stored arguments") || strings.Contains(errOut, good.ID) {
		t.Errorf("stderr does not name the damaged run alone: %q", errOut)
	}
	// Its report needs no arguments: it is shown as any other.
	if code, _, errOut := judge(t, "--state", state, "report", bad.ID, "--no-write"); code != 0 {
		t.Errorf("report of the damaged run: exit %d: %s", code, errOut)
	}
}

// TestJudgeErrorsFail: a run whose results hold judge errors (here an output
// validator that crashes) shows and stores them as any result, then exits 1
// naming how many there are and the first; a clean run of the same program
// exits 0.
func TestJudgeErrorsFail(t *testing.T) {
	needTool(t, "python3")
	pkg := filepath.Join(t.TempDir(), "crashy")
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":                     "problem_format_version: 2023-07-draft\nname: Crashy\nvalidation: custom\nlimits:\n  time_limit: 1\n",
		"data/secret/1.in":                 "1\n",
		"data/secret/1.ans":                "1\n",
		"data/secret/2.in":                 "2\n",
		"data/secret/2.ans":                "2\n",
		"output_validators/crash/crash.py": "import sys\nsys.exit(1)\n",
	})
	prog := filepath.Join(t.TempDir(), "echo.py")
	if err := os.WriteFile(prog, []byte("print(input())\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	state, root := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "problems"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := judge(t, "--state", state, "--root", root, "run", pkg, prog, "--out", filepath.Join(t.TempDir(), "report"))
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	if !strings.Contains(out, "JE") || !strings.Contains(errOut, "2 of 2 results are judge errors") || !strings.Contains(errOut, "echo.py") {
		t.Errorf("the judge errors are not shown and named:\n%s\n%s", out, errOut)
	}
	if _, hist, _ := judge(t, "--state", state, "history"); !strings.Contains(hist, "done") {
		t.Errorf("the run is not stored as done:\n%s", hist)
	}
}

// TestReportSaysPartial: the tables of a run that did not finish rank only what
// was judged before it stopped; judge report says so each time it shows them.
func TestReportSaysPartial(t *testing.T) {
	state := t.TempDir()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(state, "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]string{}
	for _, status := range []string{store.StatusInterrupted, store.StatusDone} {
		r, err := st.NewRun(ctx, store.Run{Command: "run", Args: []string{"sudoku", "x.py"}, Config: []byte(`{"problems":[],"entrants":[]}`)})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SetStatus(ctx, r.ID, status); err != nil {
			t.Fatal(err)
		}
		runs[status] = r.ID
	}
	st.Close()
	for status, id := range runs {
		code, _, errOut := judge(t, "--state", state, "report", id, "--no-write")
		partial := strings.Contains(errOut, "is "+status+", not done")
		if code != 0 || partial != (status != store.StatusDone) {
			t.Errorf("%s run: exit %d, stderr %q", status, code, errOut)
		}
	}
}

// TestResumeOfNoRun: --resume with an id that names no run is refused before a
// submission is built (a line per submission built would precede the refusal).
func TestResumeOfNoRun(t *testing.T) {
	code, _, errOut := judge(t, "--state", t.TempDir(), "contest", filepath.Join("..", "examples", "contest.yaml"), "--resume", "nosuch")
	if code != exitUsage || !strings.Contains(errOut, "--resume nosuch") || !strings.Contains(errOut, "nothing was built") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 2 before any build", code, errOut)
	}
}
