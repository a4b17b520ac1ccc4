package board

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// grid returns ten rows of zeros with the given rows replaced (row index → line).
func grid(rows map[int]string) string {
	var b strings.Builder
	for r := 0; r < Size; r++ {
		if l, ok := rows[r]; ok {
			b.WriteString(l)
		} else {
			b.WriteString("0 0 0 0 0 0 0 0 0 0")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestParseValid(t *testing.T) {
	in := "1\n2\nP A\n" + grid(map[int]string{4: "0 1 2 3 0 0 0 0 0 0"})
	ps, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || string(ps[0].Ships) != "PA" || ps[0].Line != 2 {
		t.Fatalf("got %+v", ps)
	}
	if g := ps[0].Grid[4]; g[1] != Miss || g[2] != Hit || g[3] != Sunk {
		t.Errorf("row 5 = %v", g)
	}
	if got := Format(ps); string(got) != in {
		t.Errorf("Format does not round-trip:\n%s", got)
	}
}

func TestParseFaults(t *testing.T) {
	ok := "1\n1\nA\n" + grid(nil)
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"empty", "", 1, 1, "empty file"},
		{"no final newline", strings.TrimSuffix(ok, "\n"), 13, 20, "newline"},
		{"zero data sets", "0\n", 1, 1, "out of range"},
		{"51 data sets", "51\n", 1, 1, "out of range"},
		{"leading zero", "01\n", 1, 1, "leading zero"},
		{"sign", "+1\n", 1, 1, "not a decimal"},
		{"blank first line", "\n1\n", 1, 1, "blank line"},
		{"space before count", " 1\n", 1, 1, "starts with a space"},
		{"space after count", "1 \n", 1, 2, "ends with a space"},
		{"carriage return", "1\r\n", 1, 2, "unexpected character"},
		{"six ships", "1\n6\n", 2, 1, "out of range"},
		{"no ships", "1\n0\n", 2, 1, "out of range"},
		{"too few letters", "1\n2\nA\n", 3, 2, "too few ship letters"},
		{"too many letters", "1\n1\nA B\n", 3, 3, "too many ship letters"},
		{"two numbers of data sets", "1 2\n1\nA\n", 1, 3, "too many numbers: want 1"},
		{"bad letter", "1\n1\nC\n", 3, 1, "not a ship letter"},
		{"lower case", "1\n1\na\n", 3, 1, "not a ship letter"},
		{"two letters glued", "1\n1\nAB\n", 3, 1, "not a ship letter"},
		{"repeated ship", "1\n2\nD D\n", 3, 3, "listed twice"},
		{"double space", "1\n2\nA  B\n", 3, 3, "two spaces"},
		{"tab", "1\n2\nA\tB\n", 3, 2, "unexpected character"},
		{"value 4", "1\n1\nA\n" + grid(map[int]string{2: "0 0 0 0 0 0 0 4 0 0"}), 6, 15, "want 0, 1, 2 or 3"},
		{"nine values", "1\n1\nA\n" + grid(map[int]string{0: "0 0 0 0 0 0 0 0 0"}), 4, 18, "too few grid values"},
		{"eleven values", "1\n1\nA\n" + grid(map[int]string{9: "0 0 0 0 0 0 0 0 0 0 0"}), 13, 21, "too many grid values"},
		{"glued values", "1\n1\nA\n" + grid(map[int]string{1: "00 0 0 0 0 0 0 0 0 0"}), 5, 1, "grid value"},
		{"short grid", "1\n1\nA\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0\n", 9), 13, 1, "grid row 10"},
		{"missing data set", "2\n" + ok[2:], 14, 1, "ship count of data set 2"},
		{"extra line", ok + "0\n", 14, 1, "extra content"},
		{"blank line at end", ok + "\n", 14, 1, "extra content"},
		{"blank line inside", "1\n1\n\nA\n", 3, 1, "blank line"},
		// The first fault in reading order, not one further on the line or in the file.
		{"bad letter before too few", "1\n2\nQ\n", 3, 1, "not a ship letter"},
		{"count before too many", "1\n9 9\n", 2, 1, "out of range"},
		{"count before a tab", "1\n0\t\n", 2, 1, "out of range"},
		{"value before too many", "1\n1\nA\n" + grid(map[int]string{0: "4 0 0 0 0 0 0 0 0 0 0"}), 4, 1, "want 0, 1, 2 or 3"},
		{"value before two spaces", "1\n1\nA\n" + grid(map[int]string{0: "4 0  0 0 0 0 0 0 0 0"}), 4, 1, "want 0, 1, 2 or 3"},
		{"value before a final space", "1\n1\nA\n" + grid(map[int]string{0: "0 0 0 0 0 0 0 0 0 5 "}), 4, 19, "want 0, 1, 2 or 3"},
		{"value before a carriage return", "1\n1\nA\n" + grid(map[int]string{0: "0 0 0 0 0 0 0 0 0 5\r"}), 4, 19, "want 0, 1, 2 or 3"},
		{"carriage return after a good value", "1\n1\nA\n" + grid(map[int]string{0: "0 0 0 0 0 0 0 0 0 1\r"}), 4, 20, "unexpected character"},
		{"fault before a missing final newline", strings.TrimSuffix("1\n1\nQ\n"+grid(nil), "\n"), 3, 1, "not a ship letter"},
		{"missing final newline before the end", "1\n1\nA", 3, 2, "newline"},
		{"extra line without newline", ok + "0", 14, 1, "extra content"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an InputError", err)
			}
			if ie.Line != tc.line || ie.Col != tc.col || !strings.Contains(ie.Msg, tc.msg) {
				t.Errorf("got %v (line %d col %d), want line %d col %d containing %q", err, ie.Line, ie.Col, tc.line, tc.col, tc.msg)
			}
		})
	}
}

func TestParseSamples(t *testing.T) {
	ins, _ := filepath.Glob("../data/sample/*.in")
	if len(ins) != 3 {
		t.Fatalf("found %d sample inputs, want 3", len(ins))
	}
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if !bytes.Equal(Format(ps), data) {
			t.Errorf("%s: Format does not round-trip", in)
		}
	}
}

func TestSquareName(t *testing.T) {
	for _, tc := range []struct {
		r, c int
		want string
	}{{0, 0, "A1"}, {3, 6, "G4"}, {9, 9, "J10"}} {
		if got := SquareName(tc.r, tc.c); got != tc.want {
			t.Errorf("SquareName(%d, %d) = %s, want %s", tc.r, tc.c, got, tc.want)
		}
	}
}

// FuzzParse: Parse never panics, its errors carry a position, the fault it reports
// is the first on its line (see checkLineOrder), and what it accepts Format writes
// back byte for byte (the format has one spelling).
func FuzzParse(f *testing.F) {
	f.Add([]byte("1\n1\nA\n" + grid(nil)))
	f.Add([]byte("1\n5\nA B D S P\n" + grid(map[int]string{3: "0 0 0 2 2 1 3 3 3 0"})))
	f.Add([]byte("2\n1\nP\n"))
	f.Add([]byte(""))
	f.Add([]byte("\x00\xff\n"))
	f.Add([]byte("1\n2\nQ\n"))
	f.Add([]byte("1\n1\nA\n" + grid(map[int]string{0: "4 0  0 0 0 0 0 0 0 0 0 "})))
	if data, err := os.ReadFile("../data/sample/2.in"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := Parse(data)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			checkLineOrder(t, data, ie)
			return
		}
		if !bytes.Equal(Format(ps), data) {
			t.Fatalf("accepted input does not round-trip")
		}
	})
}

// checkLineOrder fails t when a fault lies on the reported line before the reported
// column. The line is cut where the column's token begins or the one before it ends,
// and filled up with tokens that suit its place in the file (a count of 1, unused ship
// letters, grid zeros): Parse must not then find a fault on the line before the
// column, since any it finds there was in the file as well. A fault reported inside a
// token (a stray byte, a non-digit) is not tried.
func checkLineOrder(t *testing.T, data []byte, ie *problems.InputError) {
	t.Helper()
	lines := strings.SplitAfter(string(data), "\n")
	if ie.Line > len(lines) {
		return
	}
	line := strings.TrimSuffix(lines[ie.Line-1], "\n")
	at := ie.Col - 1
	if at > len(line) || at > 0 && at < len(line) && line[at] != ' ' && line[at-1] != ' ' {
		return
	}
	kept := strings.TrimRight(line[:at], " ")
	want, fill := 1, func(int) string { return "1" }
	switch set := ie.Line - 2; {
	case ie.Line == 1 || set%(2+Size) == 0:
	case set%(2+Size) == 1:
		n, err := strconv.Atoi(strings.TrimSuffix(lines[ie.Line-2], "\n"))
		if err != nil || n < 1 || n > len(Fleet) {
			return
		}
		var unused []string
		for _, l := range Fleet {
			if !strings.ContainsRune(kept, l) {
				unused = append(unused, string(l))
			}
		}
		want, fill = n, func(i int) string { return unused[i%len(unused)] }
	default:
		want, fill = Size, func(int) string { return "0" }
	}
	filled := strings.Fields(kept)
	for i := 0; len(filled) < want; i++ {
		filled = append(filled, fill(i))
	}
	mended := kept
	if n := len(strings.Fields(kept)); n < want {
		if kept != "" {
			mended += " "
		}
		mended += strings.Join(filled[n:], " ")
	}
	// The mended line ends with a newline: shortened, a last line without one would
	// show that fault before the column.
	lines[ie.Line-1] = mended + "\n"
	_, err := Parse([]byte(strings.Join(lines, "")))
	var me *problems.InputError
	if errors.As(err, &me) && me.Line == ie.Line && me.Col < ie.Col {
		t.Fatalf("reported %d:%d (%s), but %d:%d comes first: %s", ie.Line, ie.Col, ie.Msg, me.Line, me.Col, me.Msg)
	}
}
