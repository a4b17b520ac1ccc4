package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestWritePartialRun(t *testing.T) {
	rows := []problems.Result{
		{Submission: "a", Dataset: "sample/1", Outcome: problems.Outcome{Verdict: problems.AC}},
		{Submission: "b", Dataset: "sample/1", Outcome: problems.Outcome{Verdict: problems.WA}},
		{Submission: "a", Dataset: "secret/1", Outcome: problems.Outcome{Verdict: problems.AC}},
	}
	var b bytes.Buffer
	if err := WritePartialRun(&b, []string{"a", "b"}, []string{"sample/1", "secret/1", "secret/2"}, rows, 6, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, "INTERRUPTED: 3 of 6 jobs judged") {
		t.Errorf("banner: %q", out)
	}
	if n := strings.Count(out, "not judged"); n != 3 {
		t.Errorf("%d cells say not judged, want 3 (b on secret/1, a and b on secret/2):\n%s", n, out)
	}
	if strings.Contains(out, "| rank") {
		t.Errorf("a partial run must not be ranked:\n%s", out)
	}
}
