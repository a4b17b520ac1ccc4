package trimines

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/paramtest"
	tboard "github.com/judgehq/judge/problems/trimines/board"
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

// TestParseMove holds ParseMove to its moves and to the column, in characters, of
// the faulty field of a line that is not one.
func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		col  int // of the fault; 0 when there is none
		err  string
	}{
		{in: "P 0 0", want: Move{R: 0, C: 0}},
		{in: "M 3 9", want: Move{Mark: true, R: 3, C: 9}},
		{in: "P 07 1", want: Move{R: 7, C: 1}},
		{in: "P 1 2\r", want: Move{R: 1, C: 2}},
		{in: "", col: 1, err: "found 1 fields"},
		{in: "P 1", col: 4, err: "found 2 fields"},
		{in: "P 1\r", col: 4, err: "found 2 fields"},
		{in: "P 1 2 3", col: 6, err: "found 4 fields"},
		{in: "P  1 2", col: 3, err: "found 4 fields"},
		{in: " P 1 2", col: 1, err: "found 4 fields"},
		{in: "P 1\t2", col: 4, err: "found 2 fields"},
		{in: "P1 2", col: 5, err: "found 2 fields"},
		{in: "p 1 2", col: 1, err: `move kind "p": want P or M`},
		{in: "X 1 2", col: 1, err: "move kind"},
		{in: "P -1 2", col: 3, err: `row "-1": want a decimal number`},
		{in: "P 1 +2", col: 5, err: `column "+2": want a decimal number`},
		{in: "P 1 ", col: 5, err: "column: empty"},
		{in: "P 10 2", col: 3, err: "row 10: off the 10×10 board"},
		{in: "P 1 10", col: 5, err: "column 10: off the 10×10 board"},
		{in: "P 1234567890 2", col: 3, err: "too long"},
		{in: "P 09 2x", col: 6, err: `column "2x": want a decimal number`},
		{in: "É 1 2", col: 1, err: "move kind"},
		{in: "é 1 2 3", col: 6, err: "found 4 fields"},
		{in: "日本 語 x y", col: 7, err: "found 4 fields"},
		{in: "\xff\xfe 1 2 3", col: 7, err: "found 4 fields"},
		{in: "P 1 é", col: 5, err: "want a decimal number"},
	}
	for _, tc := range tests {
		got, err := ParseMove([]byte(tc.in), 10)
		if tc.err != "" {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line != 1 || ie.Col != tc.col || !strings.Contains(ie.Msg, tc.err) {
				t.Errorf("ParseMove(%q) error %v, want line 1, column %d: …%s…", tc.in, err, tc.col, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParseMove: an accepted move is on the board and round-trips; a refused line
// has its fault at a column of the line.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"P 0 0", "M 3 9", "P 07 1\r", "X", "P 1 2 3", "M 999999999 0", "P \xff 1", "é 1 2 3", "P 1\t2"} {
		f.Add([]byte(s), 10)
	}
	f.Fuzz(func(t *testing.T, line []byte, n int) {
		m, err := ParseMove(line, n)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line != 1 || ie.Col < 1 || ie.Col > utf8.RuneCount(line)+1 {
				t.Fatalf("ParseMove(%q, %d): %v, want a fault on line 1 at a column of the line", line, n, err)
			}
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
		{"malformed", tiny, "P 0 0\nplay 0 1\n", problems.WA, 0, 1, "1\nLOSE\n", `line 2, column 1: move 2: protocol breach: "play 0 1": move kind "play": want P or M`},
		{"off board", tiny, "P 2 0\n", problems.WA, 0, 0, "LOSE\n", `line 1, column 3: move 1: protocol breach: "P 2 0": row 2: off the 2×2 board`},
		{"bad column, CRLF", tiny, "P 0 0\r\nP 1 x\r\n", problems.WA, 0, 1, "1\nLOSE\n", `line 2, column 5: move 2: protocol breach: "P 1 x\r": column "x": want a decimal number`},
		{"fourth field after an accent", tiny, "P 0 0\né 0 1 2\n", problems.WA, 0, 1, "1\nLOSE\n", `line 2, column 6: move 2: protocol breach: "é 0 1 2": want "P r c" or "M r c" with single spaces, found 4 fields`},
		{"double space", tiny, "P  0 1\n", problems.WA, 0, 0, "LOSE\n", "line 1, column 3: move 1: protocol breach"},
		{"long line", tiny, "P 0 0" + strings.Repeat(" ", 100) + "\n", problems.WA, 0, 0, "LOSE\n", "line 1, column 65: move 1: protocol breach: line longer than 64 bytes"},
		{"long line of accents", tiny, "P 0 0\n" + strings.Repeat("é", 40) + "\n", problems.WA, 0, 1, "1\nLOSE\n", "line 2, column 33: move 2: protocol breach: line longer than 64 bytes"},
		{"long line, the limit inside a character", tiny, "P 0 0\nx" + strings.Repeat("é", 40) + "\n", problems.WA, 0, 1, "1\nLOSE\n", "line 2, column 33: move 2: protocol breach: line longer than 64 bytes"},
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

// FuzzInteract: any program gets AC (score 4) or WA (score 0); a protocol breach names
// the line and column of the move that broke it.
func FuzzInteract(f *testing.F) {
	f.Add([]byte("P 0 0\nP 0 1\nP 1 0\nM 1 1\n"))
	f.Add([]byte("M 1 1\nP 1 0\nP 0 1\nP 0 0"))
	f.Add([]byte("P 0 0\r\n\x00\xff\n"))
	f.Add([]byte(strings.Repeat("P 1 0\n", 3)))
	f.Add([]byte("P 0 0\né 0 1 2\n"))
	f.Fuzz(func(t *testing.T, program []byte) {
		o, _ := interact(t, context.Background(), tiny, string(program))
		if o.Verdict != problems.AC && o.Verdict != problems.WA {
			t.Fatalf("verdict %v on %q", o.Verdict, program)
		}
		if (o.Verdict == problems.AC) != (o.Score == 4) {
			t.Fatalf("verdict %v with score %v", o.Verdict, o.Score)
		}
		if strings.Contains(o.Message, "protocol breach") {
			var line, col, move int
			n, _ := fmt.Sscanf(o.Message, "line %d, column %d: move %d: protocol breach", &line, &col, &move)
			if n != 3 || line != move || col < 1 || col > maxLine+2 {
				t.Fatalf("breach message %q names no line and column of the move", o.Message)
			}
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
		{problems.Params{"n": "3", "bombs": "9"}, 0, 0, `param bombs="9": want a count in [0, 8]`},
		{problems.Params{"n": "1"}, 0, 0, "param n"},
		{problems.Params{"density": "100"}, 0, 0, "param density"},
		{problems.Params{"bombs": "-1"}, 0, 0, "param bombs"},
		{problems.Params{"size": "3"}, 0, 0, "unknown param"},
		// Found by FuzzGenParams: the refusal named bombs, not density, and wanted nothing.
		{problems.Params{"n": "2", "density": "99.9"}, 0, 0, `param density="99.9" makes 4 bombs on a 2×2 board, leaving no cell free; want density below 87.5`},
		{problems.Params{"n": "10", "density": "99.4"}, 10, 99, ""},
		{problems.Params{"n": "10", "density": "99.5"}, 0, 0, "want density below 99.5"},
		// Found by FuzzGenParams: with two faults, the map's order chose the refusal.
		{problems.Params{"n": "0", "size": "3"}, 0, 0, `unknown param "size"`},
		{problems.Params{"n": "0", "bombs": "-1"}, 0, 0, `param n="0"`},
		{problems.Params{"bombs": "5", "density": "x"}, 0, 0, `param density="x"`},
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

// FuzzGenParams: the parameter parser never panics and answers the same every time;
// a refusal names a parameter it was given and says what it wants; and what it
// accepts is taken as given and within the bounds RandomBoard relies on: a side
// from MinN to MaxN and a bomb count that leaves a cell free.
func FuzzGenParams(f *testing.F) {
	paramtest.Seed(f, "trimines",
		"", "n=1", "n=1001", "n=x", "n= 5", "density=100", "density=-1", "density=NaN", "density=Inf",
		"density=1e400", "bombs=-1", "bombs=x", "n=3\nbombs=9", "n=2\ndensity=99.9", "size=3", "n=0\nsize=3",
		"n=0\ndensity=200")
	type board struct{ n, bombs int }
	f.Fuzz(func(t *testing.T, s string) {
		params, b, ok := paramtest.DecodeParse(t, s, func(p problems.Params) (board, error) {
			n, bombs, err := genParams(p)
			return board{n, bombs}, err
		})
		if !ok {
			return
		}
		paramtest.TakenAsGiven(t, params, map[string]int{"n": b.n, "bombs": b.bombs}, false)
		if b.n < tboard.MinN || b.n > tboard.MaxN || b.bombs < 0 || b.bombs > b.n*b.n-1 {
			t.Fatalf("accepted n=%d with %d bombs", b.n, b.bombs)
		}
	})
}
