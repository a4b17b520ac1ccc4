package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestWriteCompileErrors(t *testing.T) {
	ce := func(sub, ds, details string) problems.Result {
		return problems.Result{Problem: "sudoku", Submission: sub, Hash: "h-" + sub, Dataset: ds,
			Outcome: problems.Outcome{Verdict: problems.CE, Message: "first line …", Details: details}}
	}
	msg := "/home/ann/bad.c: In function 'main':\n/home/ann/bad.c:1:24: error: 'x' undeclared\n    1 | int main(void){ return x; }\n      |                        ^\n"
	var rs []problems.Result
	for _, ds := range []string{"secret/1", "secret/2", "secret/3"} {
		rs = append(rs, ce("ann/bad.c", ds, msg))
		rs = append(rs, problems.Result{Problem: "sudoku", Submission: "bob", Dataset: ds,
			Outcome: problems.Outcome{Verdict: problems.AC}})
	}
	rs = append(rs, ce("carl.py", "secret/1", ""))
	var b bytes.Buffer
	if err := WriteCompileErrors(&b, rs, 2); err != nil {
		t.Fatal(err)
	}
	want := "ann/bad.c on sudoku: compile error (3 datasets not run)\n" +
		"    /home/ann/bad.c: In function 'main':\n" +
		"    /home/ann/bad.c:1:24: error: 'x' undeclared\n" +
		"    … 2 more lines (--details or the report shows them)\n" +
		"carl.py on sudoku: compile error (1 dataset not run)\n" +
		"    first line …\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	if strings.Count(b.String(), "undeclared") != 1 {
		t.Error("the message is printed more than once")
	}
	b.Reset()
	if err := WriteCompileErrors(&b, rs[1:2], 2); err != nil || b.Len() != 0 {
		t.Errorf("no CE: printed %q, %v", b.String(), err)
	}
}
