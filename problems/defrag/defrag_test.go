package defrag

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

func load(t testing.TB) *Problem {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	return New(f).(*Problem)
}

func run(out string, cpu time.Duration, log string) problems.Output {
	files := map[string][]byte{CaseOutput: []byte(out)}
	if log != "" {
		files[LogFile] = []byte(log)
	}
	return problems.Output{Files: files, Usage: problems.Usage{CPU: cpu}}
}

func TestCheck(t *testing.T) {
	p := load(t)
	ds := problems.Dataset{Name: "sample/2", Input: []byte(example), Answer: []byte("3,9,2\n7,3,2\n9,7,2\n")}
	for _, tc := range []struct {
		name    string
		out     problems.Output
		verdict problems.Verdict
		score   float64
		msg     string
	}{
		{"right, no time", run("3,9,2\n7,3,2\n9,7,2\n", 0, ""), problems.AC, 300, "3 moves"},
		{"right, 2.5 ms", run("3,9,2\n7,3,2\n9,7,2\n", 2500*time.Microsecond, ""), problems.AC, 300 * 1.025, "2500 µs"},
		{"missing file", problems.Output{}, problems.WA, 0, "no defrag01.out"},
		{"bad move", run("5,6,2\n", 0, ""), problems.WA, 0, "defrag01.out line 1, column 1: move 5,6,2: the source and destination overlap"},
		{"bad field", run("3,9,2\n7,3 ,z\n", 0, ""), problems.WA, 0, `defrag01.out line 2, column 6: number of blocks: "z" is not an unsigned number`},
		{"comma too many after an accent", run("3,9,2\n7,3,é,2\n", 0, ""), problems.WA, 0, "defrag01.out line 2, column 6: want three numbers separated by commas, found more"},
		{"indented bad move", run("3,9,2\n\t9,3,3\n", 0, ""), problems.WA, 0, "defrag01.out line 2, column 2: move 9,3,3: destination block 5"},
		{"left in pieces", run("", 0, ""), problems.WA, 0, "after 0 moves: file 1 is not in one piece"},
		{"garbage", run("\x00\x01\x02", 0, ""), problems.WA, 0, "defrag01.out line 1, column 1: want three numbers separated by commas, found 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := p.Check(ds, tc.out)
			if o.Verdict != tc.verdict || math.Abs(o.Score-tc.score) > 1e-9 || !strings.Contains(o.Message, tc.msg) {
				t.Errorf("got %s %v %q, want %s %v containing %q", o.Verdict, o.Score, o.Message, tc.verdict, tc.score, tc.msg)
			}
		})
	}
}

func TestCheckMetrics(t *testing.T) {
	p := load(t)
	ds := problems.Dataset{Input: []byte(example)}
	o := p.Check(ds, run("3,9,2\n7,3,2\n9,7,2\n", 1234*time.Microsecond, "987\n"))
	want := []problems.Metric{{Name: "moves", Value: 3}, {Name: "lb", Value: 1}, {Name: "moves_per_lb", Value: 3},
		{Name: "cpu_us", Value: 1234}, {Name: "penalty", Value: 300 * 1.01234}, {Name: "own_log_us", Value: 987}}
	if len(o.Metrics) != len(want) {
		t.Fatalf("metrics %v, want %v", o.Metrics, want)
	}
	for i := range want {
		if o.Metrics[i].Name != want[i].Name || math.Abs(o.Metrics[i].Value-want[i].Value) > 1e-9 {
			t.Errorf("metric %d = %v, want %v", i, o.Metrics[i], want[i])
		}
	}
	// A log that is not a number is ignored.
	o = p.Check(ds, run("3,9,2\n7,3,2\n9,7,2\n", 0, "fast!\n"))
	if len(o.Metrics) != 5 {
		t.Errorf("metrics %v: want no own_log_us", o.Metrics)
	}
}

func TestZeroMovesZeroPenalty(t *testing.T) {
	o := load(t).Check(problems.Dataset{Input: []byte("10\n1\n1\n2,3\n")}, run("", 5*time.Millisecond, ""))
	if o.Verdict != problems.AC || o.Score != 0 || o.Metrics[2].Value != 1 {
		t.Errorf("got %+v", o)
	}
}

func TestPenaltyAndRatio(t *testing.T) {
	for _, tc := range []struct {
		moves int
		us    int64
		want  float64
	}{{0, 99999, 0}, {1, 0, 100}, {10, 1000, 1010}, {2, 100000, 400}} {
		if got := Penalty(tc.moves, tc.us); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Penalty(%d, %d) = %v, want %v", tc.moves, tc.us, got, tc.want)
		}
	}
	if Ratio(0, 0) != 1 || Ratio(3, 0) != 3 || Ratio(3, 2) != 1.5 {
		t.Error("Ratio")
	}
}

func TestFileIO(t *testing.T) {
	p := load(t)
	in, err := p.InputFiles(problems.Dataset{Input: []byte(example)})
	if err != nil || string(in[IndexFile]) != "1\n" || string(in[CaseInput]) != example || len(in) != 2 {
		t.Errorf("InputFiles = %q, %v", in, err)
	}
	if out := p.OutputFiles(problems.Dataset{}); len(out) != 2 || out[0] != CaseOutput || out[1] != LogFile {
		t.Errorf("OutputFiles = %v", out)
	}
	var _ problems.FileIO = p
	var _ problems.Generator = p
}

func TestCheckJudgeErrorOnBadInput(t *testing.T) {
	o := load(t).Check(problems.Dataset{Name: "x", Input: []byte("bad")}, run("", 0, ""))
	if o.Verdict != problems.JE {
		t.Errorf("got %v", o)
	}
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(example), []byte("3,9,2\n7,3,2\n9,7,2\n"), []byte("12\n"))
	f.Add([]byte(example), []byte("5,6,2\n3,5,2\n"), []byte(""))
	f.Add([]byte("5\n1\n2\n0,1\n2,1\n"), []byte("2,1,1\n"), []byte("x"))
	f.Add([]byte("3\n0\n"), []byte("\xff\xfe\n,,,\n-1,-1,-1\n"), []byte("\x00"))
	p := load(f)
	f.Fuzz(func(t *testing.T, in, out, log []byte) {
		if p.Validate(in) != nil {
			return
		}
		ds := problems.Dataset{Input: in, Answer: out}
		o := p.Check(ds, run(string(out), 1500*time.Microsecond, string(log)))
		if o.Verdict != problems.AC && o.Verdict != problems.WA {
			t.Fatalf("verdict %v: %v", o.Verdict, o.Message)
		}
		if o.Verdict == problems.WA && o.Score != 0 || o.Score < 0 || strings.Contains(o.Message, "\n") {
			t.Fatalf("outcome %+v", o)
		}
	})
}

// TestCheckHugeOutput feeds the checker large hostile answers: the caps on moves
// and on blocks carried keep its work bounded and the verdict is WA.
func TestCheckHugeOutput(t *testing.T) {
	p := load(t)
	in := []byte("32767\n1\n1\n0,16000\n")
	for _, tc := range []struct{ pair, msg string }{
		// Moving half the disk back and forth is valid, until the blocks run out.
		{"0,16383,16383\n16383,0,16383\n", "more than 100000000 blocks"},
		// One block back and forth, until the moves run out.
		{"0,20000,1\n20000,0,1\n", "more than 100000 moves"},
	} {
		out := strings.Repeat(tc.pair, MaxMoves/2+1)
		o := p.Check(problems.Dataset{Input: in}, run(out, 0, ""))
		if o.Verdict != problems.WA || !strings.Contains(o.Message, tc.msg) {
			t.Errorf("got %v %q, want %q", o.Verdict, o.Message, tc.msg)
		}
	}
}

// TestData checks that all data validates and that the secret set keeps its
// full-size disks. (data/origin.txt says how each input was made; the registry's
// TestOrigins regenerates them.)
func TestData(t *testing.T) {
	p := load(t)
	all, err := p.Datasets("sample", "secret")
	if err != nil {
		t.Fatal(err)
	}
	full := 0
	for _, ds := range all {
		if err := p.Validate(ds.Input); err != nil {
			t.Errorf("%s: %v", ds.Name, err)
		}
		if bytes.HasPrefix(ds.Input, []byte("32767\n")) && ds.Group == "secret" {
			full++
		}
	}
	if n := len(all); n < 27 || full < 5 {
		t.Errorf("%d datasets, %d secret ones of 32767 blocks: want at least 25 secret and 5 full-size", n, full)
	}
}
