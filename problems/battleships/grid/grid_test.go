package grid

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

const small = "fleet: 2x1 1x1\n" +
	" - - - -\n" +
	"|< >    | 2\n" +
	"|      .| 0\n" +
	"|    O  | 1\n" +
	" - - - -\n" +
	" 1 1 1 0\n"

func TestParseGood(t *testing.T) {
	p, err := Parse([]byte(small))
	if err != nil {
		t.Fatal(err)
	}
	if p.Rows != 3 || p.Cols != 4 {
		t.Fatalf("size %dx%d", p.Rows, p.Cols)
	}
	if got := FleetString(p.Fleet); got != "2x1 1x1" {
		t.Errorf("fleet %q", got)
	}
	if p.At(0, 0) != Left || p.At(2, 2) != Sub || p.At(1, 3) != Water || p.At(-1, 0) != Water {
		t.Errorf("cells %q", p.Cells)
	}
	if err := Consistent(p); err != nil {
		t.Errorf("consistent: %v", err)
	}
	if out := Format(p); string(out) != small {
		t.Errorf("round trip:\n%s", out)
	}
}

func TestParseTwoDigitCounts(t *testing.T) {
	var b strings.Builder
	b.WriteString("fleet: 12x1\n")
	b.WriteString(strings.Repeat(" -", 12) + "\n")
	b.WriteString("|" + strings.TrimSuffix(strings.Repeat("X ", 12), " ") + "| 12\n")
	b.WriteString(strings.Repeat(" -", 12) + "\n")
	b.WriteString(strings.Repeat(" 1", 12) + "\n")
	p, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if p.RowCounts[0] != 12 || Consistent(p) != nil {
		t.Errorf("counts %v: %v", p.RowCounts, Consistent(p))
	}
}

func TestParseBad(t *testing.T) {
	lines := strings.SplitAfter(small, "\n")
	with := func(i int, s string) string {
		l := append([]string(nil), lines...)
		l[i] = s
		return strings.Join(l, "")
	}
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"empty", "", 1, 1},
		{"no prefix", with(0, "Fleet: 2x1\n"), 1, 1},
		{"length zero", with(0, "fleet: 0x1\n"), 1, 8},
		{"count zero", with(0, "fleet: 2x0\n"), 1, 10},
		{"leading zero", with(0, "fleet: 02x1\n"), 1, 8},
		{"not decreasing", with(0, "fleet: 1x1 2x1\n"), 1, 12},
		{"double space", with(0, "fleet: 2x1  1x1\n"), 1, 12},
		{"trailing space fleet", with(0, "fleet: 2x1 \n"), 1, 11},
		{"missing x", with(0, "fleet: 2*1\n"), 1, 9},
		{"border dash", with(1, " - + -\n"), 2, 4},
		{"border trailing", with(1, " - - - - \n"), 2, 9},
		{"bad symbol", with(2, "|< > #  | 2\n"), 3, 6},
		{"no space between", with(2, "|<>     | 2\n"), 3, 3},
		{"short row", with(2, "|< >  | 2\n"), 3, 7},
		{"no bar", with(2, "|< >    X 2\n"), 3, 9},
		{"count too big", with(2, "|< >    | 5\n"), 3, 11},
		{"trailing after count", with(2, "|< >    | 2 \n"), 3, 12},
		{"bottom border short", with(5, " - - -\n"), 6, 7},
		{"too few col counts", with(6, " 1 1 1\n"), 7, 7},
		{"too many col counts", with(6, " 1 1 1 0 0\n"), 7, 9},
		{"col count too big", with(6, " 1 1 4 0\n"), 7, 6},
		{"crlf", strings.Replace(small, "\n", "\r\n", 1), 1, 15},
		{"tab", with(2, "|<\t>    | 2\n"), 3, 3},
		{"no final newline", strings.TrimSuffix(small, "\n"), 7, 9},
		{"extra line", small + "\n", 8, 1},
		{"no rows", lines[0] + lines[1] + lines[5] + lines[6], 3, 1},
		{"binary", "fleet: 1x1\x00\n", 1, 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			var e *problems.InputError
			if !errors.As(err, &e) {
				t.Fatalf("want a *problems.InputError, got %v", err)
			}
			if e.Line != tc.line || e.Col != tc.col {
				t.Errorf("got line %d col %d (%s), want line %d col %d", e.Line, e.Col, e.Msg, tc.line, tc.col)
			}
		})
	}
}

func TestConsistent(t *testing.T) {
	p, _ := Parse([]byte(small))
	p.RowCounts[0] = 1
	if Consistent(p) == nil {
		t.Error("row sums off: want an error")
	}
	p, _ = Parse([]byte(small))
	p.ColCounts[3] = 1
	if Consistent(p) == nil {
		t.Error("column sums off: want an error")
	}
}

func TestTolerant(t *testing.T) {
	slips := strings.ReplaceAll(small, "\n", " \r\n")
	p, changed, err := Tolerant([]byte(slips))
	if err != nil || !changed {
		t.Fatalf("changed=%v err=%v", changed, err)
	}
	if !bytes.Equal(Format(p), []byte(small)) {
		t.Errorf("got\n%s", Format(p))
	}
	if _, changed, err := Tolerant([]byte(small)); err != nil || changed {
		t.Errorf("clean input: changed=%v err=%v", changed, err)
	}
}

func TestParseFleet(t *testing.T) {
	f, err := ParseFleet("5x1 3x3 1x5")
	if err != nil || len(f) != 3 || f[1] != (Ship{3, 3}) {
		t.Errorf("got %v, %v", f, err)
	}
	if _, err := ParseFleet("3x1 3x2"); err == nil {
		t.Error("repeated length: want an error")
	}
}

// FuzzParse checks that Parse never panics and that whatever it accepts prints back
// to the same bytes.
func FuzzParse(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte("fleet: 1x1\n -\n|O| 1\n -\n 1\n"))
	f.Add([]byte("fleet: 3x1\n - - -\n|     | 3\n - - -\n 1 1 1\n"))
	f.Add([]byte(""))
	f.Add([]byte("fleet: \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		if out := Format(p); !bytes.Equal(out, data) {
			t.Fatalf("round trip differs:\n%q\n%q", data, out)
		}
		_ = Consistent(p)
	})
}
