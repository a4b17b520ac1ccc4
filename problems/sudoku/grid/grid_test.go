package grid

import (
	"errors"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

const spaced = `1-- 489 --6
73- --- -4-
--- --1 295

--7 12- 6--
5-- 7-3 --8
--6 -95 7--

914 6-- ---
-2- --- -37
8-- 512 --4
`

const compact = "1--489--6\n73-----4-\n-----1295\n--712-6--\n5--7-3--8\n--6-957--\n9146-----\n-2-----37\n8--512--4\n"

func TestParse(t *testing.T) {
	want, err := Parse([]byte(compact))
	if err != nil {
		t.Fatal(err)
	}
	if want.Clues() != 36 || want[0] != 1 || want[1] != 0 || want[80] != 4 {
		t.Fatalf("compact parsed as %s", want)
	}
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{name: "spaced", in: spaced},
		{name: "compact", in: compact},
		{name: "blank lines and spaces anywhere", in: "\n   \n " + strings.ReplaceAll(compact, "\n", "  \n\n")},
		{name: "spaces between every cell", in: strings.Join(strings.Split(compact, ""), " ")},
		{name: "empty", in: "", line: 1, col: 1, msg: "ends after 0 rows"},
		{name: "only blank lines", in: "\n \n\n", line: 4, col: 1, msg: "ends after 0 rows"},
		{name: "eight rows", in: compact[:80], line: 9, col: 1, msg: "ends after 8 rows"},
		{name: "ten rows", in: compact + "---------\n", line: 10, col: 1, msg: "a tenth row"},
		{name: "short row", in: strings.Replace(compact, "73-----4-", "73-- ---4", 1), line: 2, col: 10, msg: "row 2 has 8 cells"},
		{name: "long row", in: strings.Replace(compact, "73-----4-", "73-----4-1", 1), line: 2, col: 10, msg: "row 2 has more than 9 cells"},
		{name: "zero", in: strings.Replace(spaced, "--7", "0-7", 1), line: 5, col: 1, msg: "'0' is not a cell"},
		{name: "dot", in: strings.Replace(compact, "5--", "5.-", 1), line: 5, col: 2, msg: `'.' is not a cell`},
		{name: "tab", in: strings.Replace(spaced, "914 ", "914\t", 1), line: 9, col: 4, msg: "a tab is not a cell"},
		{name: "CRLF", in: strings.ReplaceAll(compact, "\n", "\r\n"), line: 1, col: 10, msg: "a carriage return"},
		{name: "binary", in: "\xff" + compact, line: 1, col: 1, msg: "byte 0xff"},
		{name: "no final newline", in: strings.TrimSuffix(compact, "\n"), line: 9, col: 10, msg: "does not end with a newline"},
		{name: "trailing spaces without newline", in: compact + "  ", line: 10, col: 3, msg: "does not end with a newline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse([]byte(tt.in))
			if tt.msg == "" {
				if err != nil || g != want {
					t.Fatalf("Parse = %s, %v; want %s", g, err, want)
				}
				return
			}
			var e *problems.InputError
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a *problems.InputError", err)
			}
			if e.Line != tt.line || e.Col != tt.col || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("err = %v, want line %d, column %d: …%s…", err, tt.line, tt.col, tt.msg)
			}
		})
	}
}

func TestFormat(t *testing.T) {
	g, _ := Parse([]byte(compact))
	if got := g.Format(); got != spaced {
		t.Errorf("Format:\n%s\nwant\n%s", got, spaced)
	}
}

func TestParseLine(t *testing.T) {
	g, err := ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... // comment")
	if err != nil || g[0] != 4 || g[6] != 8 || g.Clues() != 17 {
		t.Errorf("ParseLine = %s, %v", g, err)
	}
	if back, _ := ParseLine(g.String()); back != g {
		t.Error("String does not round-trip")
	}
	for _, bad := range []string{"", "123", strings.Repeat(".", 80) + "x", strings.Repeat(".", 82)} {
		if _, err := ParseLine(bad); err == nil {
			t.Errorf("ParseLine(%q) accepted", bad)
		}
	}
}

func TestRules(t *testing.T) {
	var sol Grid
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			sol[Index(r, c)] = uint8(1 + (r*3+r/3+c)%9)
		}
	}
	if _, _, clash := sol.Conflict(); clash || !sol.Complete() {
		t.Fatal("a valid grid reported as clashing or incomplete")
	}
	bad := sol
	bad[Index(4, 4)], bad[Index(4, 5)] = bad[Index(4, 5)], bad[Index(4, 4)]
	a, b, clash := bad.Conflict()
	if !clash || Unit(a, b) != "column 5" && Unit(a, b) != "column 6" {
		t.Errorf("swapped cells: clash %v at %d,%d (%s)", clash, a, b, Unit(a, b))
	}
	for _, tt := range []struct {
		a, b int
		want string
	}{{0, 8, "row 1"}, {0, 72, "column 1"}, {0, 20, "square 1"}, {80, 60, "square 9"}} {
		if got := Unit(tt.a, tt.b); got != tt.want {
			t.Errorf("Unit(%d, %d) = %s, want %s", tt.a, tt.b, got, tt.want)
		}
	}
	var puzzle Grid
	puzzle[3] = sol[3]
	if !sol.Extends(puzzle) {
		t.Error("Extends")
	}
	puzzle[3] = sol[3]%9 + 1
	if sol.Extends(puzzle) {
		t.Error("Extends ignores a changed given")
	}
}
