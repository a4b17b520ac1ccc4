package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// TestCompileErrorOneRow: a submission that did not compile gets one row in its
// per-dataset table, naming how many datasets it covers, not one per dataset.
func TestCompileErrorOneRow(t *testing.T) {
	meta := problems.Meta{Slug: "p", Title: "P", Kind: problems.PassFail}
	var rows []problems.Result
	for _, ds := range []string{"sample/1", "secret/2", "secret/3"} {
		rows = append(rows, problems.Result{Problem: "p", Submission: "bad.c", Dataset: ds,
			Outcome: problems.Rejected(problems.CE, "bad.c:1:11: error: expected ')'")})
	}
	var b bytes.Buffer
	if err := WriteRunTables(&b, meta, []string{"bad.c"}, rows, true, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "all 3 datasets") || strings.Contains(out, "secret/2") {
		t.Errorf("want one row for the three datasets:\n%s", out)
	}
	if strings.Count(out, "expected ')'") != 1 {
		t.Errorf("want the compiler's message once:\n%s", out)
	}
}
