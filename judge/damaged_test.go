package main

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/store"
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
