package workflow

import (
	"testing"

	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/problems"
)

// TestStoredAsItsJob checks that a worker's result is stored under its job's
// problem, submission, dataset and attempt, whatever the worker wrote in it.
func TestStoredAsItsJob(t *testing.T) {
	job := dist.Job{ID: dist.JobID("sudoku", "mallory", "sample/1", 0), Problem: "sudoku", Submission: "mallory", Dataset: "sample/1"}
	tests := []struct {
		name string
		sent problems.Result
	}{
		{"honest", problems.Result{Problem: "sudoku", Submission: "mallory", Dataset: "sample/1"}},
		{"another entrant's", problems.Result{Problem: "sudoku", Submission: "alice", Dataset: "sample/1"}},
		{"another problem and dataset", problems.Result{Problem: "defrag", Submission: "alice", Dataset: "secret/9", Attempt: 3}},
		{"another run", problems.Result{Run: "older", Problem: "sudoku", Submission: "mallory", Dataset: "sample/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.sent.Outcome = problems.Accepted(1, "forged or not")
			got := storedAs("run-1", job, dist.Result{JobID: job.ID, Result: tt.sent, Stderr: "tail"})
			want := problems.Result{Run: "run-1", Problem: "sudoku", Submission: "mallory", Dataset: "sample/1"}
			if got.Run != want.Run || got.Problem != want.Problem || got.Submission != want.Submission || got.Dataset != want.Dataset || got.Attempt != 0 {
				t.Errorf("stored as %s/%s/%s/%s/%d, want %s/%s/%s/%s/0", got.Run, got.Problem, got.Submission, got.Dataset, got.Attempt,
					want.Run, want.Problem, want.Submission, want.Dataset)
			}
			if got.Outcome.Message != "forged or not" || got.StderrTail != "tail" {
				t.Errorf("the judging itself was not kept: %+v", got)
			}
		})
	}
}
