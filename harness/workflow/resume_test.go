package workflow

import (
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestResumeCheckRefusesChangedProblemsAndLanguages(t *testing.T) {
	plan := &ContestPlan{Config: RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L1"}}
	rs := []problems.Result{{Problem: "sudoku", Submission: "a", Hash: "h"}}
	for _, tc := range []struct {
		name   string
		stored RunConfig
		want   string
	}{
		{"problem", RunConfig{Fingerprints: map[string]string{"sudoku": "old"}, Languages: "L1"}, "problem sudoku changed"},
		{"languages", RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L0"}, "language table changed"},
		{"old run", RunConfig{}, "older judge"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := plan.ResumeCheck(tc.stored, rs); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want …%s…", err, tc.want)
			}
		})
	}
	same := RunConfig{Fingerprints: map[string]string{"sudoku": "new"}, Languages: "L1"}
	if ch, err := plan.ResumeCheck(same, rs); err != nil || len(ch) != 0 {
		t.Errorf("unchanged: %v, %v", ch, err)
	}
	done := map[Key]bool{{Problem: "sudoku", Submission: "a", Dataset: "x"}: true, {Problem: "sudoku", Submission: "b", Dataset: "x"}: true}
	Forget(done, []Change{{Problem: "sudoku", Entrant: "a"}})
	if len(done) != 1 || !done[Key{Problem: "sudoku", Submission: "b", Dataset: "x"}] {
		t.Errorf("Forget left %v", done)
	}
}
