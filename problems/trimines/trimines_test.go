package trimines

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
)

// tiny is a 2×2 board with one bomb at (1,1); every safe cell shows 1.
const tiny = "2 1 0 0\n1 1\n"

func load(t testing.TB) *Problem {
	t.Helper()
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	return New(f).(*Problem)
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		err  string
	}{
		{in: "P 0 0", want: Move{R: 0, C: 0}},
		{in: "M 3 9", want: Move{Mark: true, R: 3, C: 9}},
		{in: "P 07 1", want: Move{R: 7, C: 1}},
		{in: "P 1 2\r", want: Move{R: 1, C: 2}},
		{in: "", err: "found 1 fields"},
		{in: "P 1", err: "found 2 fields"},
		{in: "P 1 2 3", err: "found 4 fields"},
		{in: "P  1 2", err: "found 4 fields"},
		{in: " P 1 2", err: "found 4 fields"},
		{in: "p 1 2", err: "move kind"},
		{in: "X 1 2", err: "move kind"},
		{in: "P -1 2", err: "want a decimal number"},
		{in: "P 1 +2", err: "want a decimal number"},
		{in: "P 10 2", err: "off the 10×10 board"},
		{in: "P 1 10", err: "off the 10×10 board"},
		{in: "P 1234567890 2", err: "too long"},
		{in: "P 1\t2", err: "found 2 fields"},
	}
	for _, tc := range tests {
		got, err := ParseMove([]byte(tc.in), 10)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseMove(%q) error %v, want one containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"P 0 0", "M 3 9", "P 07 1\r", "X", "P 1 2 3", "M 999999999 0", "P \xff 1"} {
		f.Add([]byte(s), 10)
	}
	f.Fuzz(func(t *testing.T, line []byte, n int) {
		m, err := ParseMove(line, n)
		if err != nil {
			return
		}
		if m.R < 0 || m.C < 0 || m.R >= n || m.C >= n {
			t.Fatalf("ParseMove(%q, %d) accepted off-board %v", line, n, m)
		}
		if got, _ := ParseMove([]byte(m.String()), n); got != m {
			t.Fatalf("%v does not round-trip", m)
		}
	})
}

// interact runs the interactor on a board with a scripted program output.
func interact(t testing.TB, ctx context.Context, boardText, program string) (problems.Outcome, string) {
	t.Helper()
	p := &Problem{}
	var replies bytes.Buffer
	o := p.Interact(ctx, problems.Dataset{Name: "t", Input: []byte(boardText)}, strings.NewReader(program), &replies)
	return o, replies.String()
}

func TestInteract(t *testing.T) {
	tests := []struct {
		name    string
		board   string
		program string
		verdict problems.Verdict
		score   float64
		moves   float64
		replies string
		msg     string
	}{
		{"win", tiny, "P 0 0\nP 0 1\nP 1 0\nM 1 1\n", problems.AC, 4, 4, "1\n1\n1\nWIN\n", "won in 4 moves"},
		{"win, mark first, no final newline", tiny, "M 1 1\nP 1 0\nP 0 1\nP 0 0", problems.AC, 4, 4, "B\n1\n1\nWIN\n", "won"},
		{"win with CRLF", tiny, "P 0 0\r\nP 0 1\r\nP 1 0\r\nM 1 1\r\n", problems.AC, 4, 4, "1\n1\n1\nWIN\n", "won"},
		{"bomb played", tiny, "P 0 0\nP 1 1\nP 0 1\n", problems.WA, 0, 2, "1\nLOSE\n", "move 2 (P 1 1) played a bomb"},
		{"safe cell marked", tiny, "M 0 1\n", problems.WA, 0, 1, "LOSE\n", "move 1 (M 0 1) marked a safe cell"},
		{"repeated play", tiny, "P 0 0\nP 0 0\n", problems.WA, 0, 2, "1\nLOSE\n", "move 2 (P 0 0) repeats a move on a cell already played"},
		{"repeated mark", tiny, "M 1 1\nM 1 1\n", problems.WA, 0, 2, "B\nLOSE\n", "already marked"},
		{"malformed", tiny, "P 0 0\nplay 0 1\n", problems.WA, 0, 1, "1\nLOSE\n", "move 2: protocol breach"},
		{"off board", tiny, "P 2 0\n", problems.WA, 0, 0, "LOSE\n", "off the 2×2 board"},
		{"long line", tiny, "P 0 0" + strings.Repeat(" ", 100) + "\n", problems.WA, 0, 0, "LOSE\n", "longer than 64 bytes"},
		{"stops early", tiny, "P 0 0\n", problems.WA, 0, 1, "1\n", "stopped after 1 moves with 3 cells unresolved"},
		{"silent", tiny, "", problems.WA, 0, 0, "", "stopped after 0 moves"},
		{"zero cell", "5 1 4 4\n0 0\n", "P 4 4\n", problems.WA, 0, 1, "0\n", "stopped"},
		{"bad board", "2 1 1 1\n1 1\n", "", problems.JE, 0, 0, "", "free cell"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, replies := interact(t, context.Background(), tc.board, tc.program)
			if o.Verdict != tc.verdict || o.Score != tc.score || !strings.Contains(o.Message, tc.msg) {
				t.Errorf("outcome %v %v %q, want %v %v containing %q", o.Verdict, o.Score, o.Message, tc.verdict, tc.score, tc.msg)
			}
			if tc.verdict == problems.JE {
				return
			}
			if want := strings.SplitN(tc.board, "\n", 2)[0] + "\n" + tc.replies; replies != want {
				t.Errorf("replies %q, want %q", replies, want)
			}
			if len(o.Metrics) != 2 || o.Metrics[1].Value != tc.moves {
				t.Errorf("metrics %v, want moves %v", o.Metrics, tc.moves)
			}
		})
	}
}

func TestInteractCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o, _ := interact(t, ctx, tiny, "P 0 0\n")
	if o.Verdict != problems.WA || !strings.Contains(o.Message, "canceled") {
		t.Errorf("outcome %v %q, want WA naming the cancellation", o.Verdict, o.Message)
	}
}

func FuzzInteract(f *testing.F) {
	f.Add([]byte("P 0 0\nP 0 1\nP 1 0\nM 1 1\n"))
	f.Add([]byte("M 1 1\nP 1 0\nP 0 1\nP 0 0"))
	f.Add([]byte("P 0 0\r\n\x00\xff\n"))
	f.Add([]byte(strings.Repeat("P 1 0\n", 3)))
	f.Fuzz(func(t *testing.T, program []byte) {
		o, _ := interact(t, context.Background(), tiny, string(program))
		if o.Verdict != problems.AC && o.Verdict != problems.WA {
			t.Fatalf("verdict %v on %q", o.Verdict, program)
		}
		if (o.Verdict == problems.AC) != (o.Score == 4) {
			t.Fatalf("verdict %v with score %v", o.Verdict, o.Score)
		}
	})
}

func TestCheck(t *testing.T) {
	p := &Problem{}
	ds := problems.Dataset{Input: []byte(tiny)}
	won := problems.Outcome{Verdict: problems.AC, Score: 4, Message: "won in 4 moves",
		Metrics: []problems.Metric{{Name: "won", Value: 1}, {Name: "moves", Value: 4}}}
	lost := problems.Outcome{Verdict: problems.WA, Message: "move 2 (P 1 1) played a bomb",
		Metrics: []problems.Metric{{Name: "won", Value: 0}, {Name: "moves", Value: 2}}}
	tests := []struct {
		name    string
		in      *problems.Outcome
		cpu     time.Duration
		verdict problems.Verdict
		score   float64
	}{
		{"won", &won, 1234567 * time.Nanosecond, problems.AC, 4 - 1.234},
		{"won, slow", &won, 10 * time.Millisecond, problems.AC, -6},
		{"lost", &lost, 2 * time.Millisecond, problems.WA, -2},
		{"no interaction", nil, 0, problems.JE, 0},
		{"no metrics", &problems.Outcome{Verdict: problems.WA}, 0, problems.WA, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := p.Check(ds, problems.Output{Interaction: tc.in, Usage: problems.Usage{CPU: tc.cpu}})
			if o.Verdict != tc.verdict || o.Score != tc.score {
				t.Fatalf("Check = %v %v (%q), want %v %v", o.Verdict, o.Score, o.Message, tc.verdict, tc.score)
			}
			if tc.in == nil {
				return
			}
			names := []string{}
			for _, m := range o.Metrics {
				names = append(names, m.Name)
			}
			if got := strings.Join(names, ","); got != "won,moves,cpu_ms,points" {
				t.Errorf("metrics %s", got)
			}
			if o.Metrics[2].Value != float64(tc.cpu.Microseconds())/1000 || o.Metrics[3].Value != tc.score {
				t.Errorf("metrics %v", o.Metrics)
			}
		})
	}
}

func TestGenerate(t *testing.T) {
	p := &Problem{}
	tests := []struct {
		params problems.Params
		n, b   int
		err    string
	}{
		{problems.Params{}, 40, 160, ""},
		{problems.Params{"n": "20", "density": "2.5"}, 20, 10, ""},
		{problems.Params{"n": "10", "bombs": "99"}, 10, 99, ""},
		{problems.Params{"n": "3", "bombs": "9"}, 0, 0, "do not fit"},
		{problems.Params{"n": "1"}, 0, 0, "param n"},
		{problems.Params{"density": "100"}, 0, 0, "param density"},
		{problems.Params{"bombs": "-1"}, 0, 0, "param bombs"},
		{problems.Params{"size": "3"}, 0, 0, "unknown param"},
	}
	for _, tc := range tests {
		a, err := p.Generate(7, tc.params)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Generate(%v) error %v, want %q", tc.params, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Generate(%v): %v", tc.params, err)
		}
		b, _ := p.Generate(7, tc.params)
		c, _ := p.Generate(8, tc.params)
		if !bytes.Equal(a, b) || bytes.Equal(a, c) {
			t.Errorf("Generate(%v): same seed must give the same board, another seed another", tc.params)
		}
		if err := p.Validate(a); err != nil {
			t.Errorf("Generate(%v) made an invalid board: %v", tc.params, err)
		}
		var n, bombs int
		if _, err := fmtSscan(a, &n, &bombs); err != nil || n != tc.n || bombs != tc.b {
			t.Errorf("Generate(%v): header %d %d, want %d %d", tc.params, n, bombs, tc.n, tc.b)
		}
	}
}

// TestData validates every board of every group and checks the .ans files are empty.
func TestData(t *testing.T) {
	p := load(t)
	if m := p.Meta(); m.Kind != problems.Interactive || m.Limits.Wall != 10*time.Second {
		t.Errorf("problem.yaml: kind %v, wall %v", m.Kind, m.Limits.Wall)
	}
	counts := map[string]int{"sample": 2, "secret": 10, "winrate": 1000}
	for g, want := range counts {
		ds, err := p.Datasets(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != want {
			t.Errorf("group %s: %d boards, want %d", g, len(ds), want)
		}
		for _, d := range ds {
			if err := p.Validate(d.Input); err != nil {
				t.Errorf("%s: %v", d.Name, err)
			}
			if len(d.Answer) != 0 {
				t.Errorf("%s: .ans not empty", d.Name)
			}
		}
	}
	if _, err := os.Stat(filepath.Join("data", "secret", "09-n100-d10.in")); err != nil {
		t.Error(err)
	}
}

func fmtSscan(b []byte, args ...any) (int, error) {
	return fmt.Sscan(string(b), args...)
}
