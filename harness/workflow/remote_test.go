package workflow

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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
			tt.sent.Outcome = problems.Rejected(problems.WA, "forged or not")
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

// TestStoredAsBounded: what a broken worker, or one of another version, sends
// is held to what a local result can be.
func TestStoredAsBounded(t *testing.T) {
	job := dist.Job{ID: "j", Problem: "sudoku", Submission: "s", Dataset: "secret/1"}
	big := strings.Repeat("é", 1<<20)
	tests := []struct {
		name  string
		sent  dist.Result
		check func(problems.Result) string
	}{
		{"unknown verdict", dist.Result{Worker: "w7", Result: problems.Result{Outcome: problems.Outcome{Verdict: "XYZ", Score: 1}}},
			func(r problems.Result) string {
				if r.Outcome.Verdict != problems.JE || r.Outcome.Message != "worker w7 sent verdict XYZ, which this judge does not know" || r.Outcome.Score != 0 {
					return "want JE naming the worker and the verdict"
				}
				return ""
			}},
		{"long name of a verdict", dist.Result{Result: problems.Result{Outcome: problems.Outcome{Verdict: "accepted"}}},
			func(r problems.Result) string {
				if r.Outcome.Verdict != problems.JE {
					return "want JE: results carry short verdicts"
				}
				return ""
			}},
		{"huge texts", dist.Result{Output: []byte(big), Stderr: big, Result: problems.Result{Diff: big,
			Outcome: problems.Outcome{Verdict: problems.WA, Message: big, Details: big + big}}},
			func(r problems.Result) string {
				switch {
				case len(r.Outcome.Message) > problems.MaxMessage+100 || len(r.Outcome.Details) > problems.MaxDetails+100:
					return "message or details not cut"
				case len(r.Diff) > diffLimit+2<<10:
					return "diff not cut"
				case r.KeptOutput != nil:
					return "an output over MaxKeptOutput kept"
				case len(r.StderrTail) > problems.MaxStderrTail:
					return "stderr not cut"
				}
				return ""
			}},
		{"negative figures", dist.Result{Result: problems.Result{Outcome: problems.Outcome{Verdict: problems.AC},
			Usage: problems.Usage{CPU: -time.Second, Wall: -1, PeakKiB: -5}}},
			func(r problems.Result) string {
				if r.Usage.CPU != 0 || r.Usage.Wall != 0 || r.Usage.PeakKiB != 0 {
					return "negative figures kept"
				}
				return ""
			}},
		{"stderr of an accepted run", dist.Result{Stderr: "debug", Output: []byte("1\n"), Result: problems.Result{Outcome: problems.Outcome{Verdict: problems.AC}}},
			func(r problems.Result) string {
				if r.StderrTail != "" || r.KeptOutput != nil {
					return "an AC keeps no stderr or output, as locally"
				}
				return ""
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if why := tc.check(storedAs("run", job, tc.sent)); why != "" {
				t.Error(why)
			}
		})
	}
}

// FuzzStoredAs decodes what a worker could publish as a result and stores it as
// its job's: whatever it says, the result is its job's, its verdict one the judge
// knows, and its texts within the bounds a local result keeps.
func FuzzStoredAs(f *testing.F) {
	f.Add(`{"job_id":"j","worker":"w","result":{"verdict":"AC","score":1,"message":"ok"}}`)
	f.Add(`{"job_id":"j","worker":"w","result":{"verdict":"WA","message":"line 1","details":"x","metrics":[{"name":"moves","value":3}]},"output":"MQo=","stderr":"e"}`)
	f.Add(`{"job_id":"j","result":{"verdict":"NOPE","problem":"defrag","submission":"alice","dataset":"secret/9","attempt":7}}`)
	f.Add(`{"result":{"verdict":"TLE","cpu_ms":-5}}`)
	f.Fuzz(func(t *testing.T, msg string) {
		var r dist.Result
		if json.Unmarshal([]byte(msg), &r) != nil {
			return
		}
		job := dist.Job{ID: "j", Problem: "sudoku", Submission: "s", Dataset: "secret/1", Attempt: 2}
		got := storedAs("run", job, r)
		if got.Run != "run" || got.Problem != "sudoku" || got.Submission != "s" || got.Dataset != "secret/1" || got.Attempt != 2 {
			t.Fatalf("stored under %s/%s/%s/%s/%d", got.Run, got.Problem, got.Submission, got.Dataset, got.Attempt)
		}
		if v, ok := problems.ParseVerdict(string(got.Outcome.Verdict)); !ok || v != got.Outcome.Verdict {
			t.Fatalf("verdict %q stored", got.Outcome.Verdict)
		}
		if len(got.Outcome.Message) > problems.MaxMessage+100 || len(got.Outcome.Details) > problems.MaxDetails+100 ||
			len(got.StderrTail) > problems.MaxStderrTail || len(got.KeptOutput) > problems.MaxKeptOutput || len(got.Outcome.Metrics) > maxRemoteMetrics {
			t.Fatalf("not bounded: message %d, details %d, stderr %d, output %d, metrics %d", len(got.Outcome.Message),
				len(got.Outcome.Details), len(got.StderrTail), len(got.KeptOutput), len(got.Outcome.Metrics))
		}
		if got.Usage.CPU < 0 || got.Usage.Wall < 0 || got.Usage.PeakKiB < 0 {
			t.Fatalf("negative usage %+v", got.Usage)
		}
		if utf8.ValidString(r.Result.Outcome.Message) && !utf8.ValidString(got.Outcome.Message) {
			t.Fatalf("cutting the message broke its UTF-8")
		}
	})
}
