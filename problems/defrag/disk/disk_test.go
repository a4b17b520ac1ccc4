package disk

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestParseValid(t *testing.T) {
	for _, tc := range []struct {
		name          string
		in            string
		blocks, files int
		breaks, lb    int
	}{
		{"empty disk", "5\n0\n", 5, 0, 0, 0},
		{"one file", "5\n1\n1\n0,5\n", 5, 1, 0, 0},
		{"two fragments", "12\n2\n2\n0,3\n7,2\n2\n5,2\n3,2\n", 12, 2, 2, 1},
		{"three breaks", "20\n1\n4\n10,1\n0,1\n5,1\n19,1\n", 20, 1, 3, 2},
		{"largest disk", "32767\n1\n1\n32766,1\n", 32767, 1, 0, 0},
		{"physically adjacent out of order", "10\n1\n2\n5,2\n3,2\n", 10, 1, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if d.Blocks != tc.blocks || len(d.Files) != tc.files || d.Breaks() != tc.breaks || d.LowerBound() != tc.lb {
				t.Errorf("got blocks %d files %d breaks %d lb %d", d.Blocks, len(d.Files), d.Breaks(), d.LowerBound())
			}
			if got := string(Format(d)); got != tc.in {
				t.Errorf("Format = %q, want %q", got, tc.in)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"empty", "", 1, 1, "want a number"},
		{"no newline", "5", 1, 2, "want end of line"},
		{"zero blocks", "0\n0\n", 1, 1, "outside 1..32767"},
		{"too many blocks", "32768\n0\n", 1, 1, "outside"},
		{"huge number", "99999999999999999999999\n0\n", 1, 1, "more than 32767"},
		{"leading zero", "05\n0\n", 1, 1, "leading zero"},
		{"sign", "+5\n0\n", 1, 1, "want a number"},
		{"space", "5 \n0\n", 1, 2, "want end of line"},
		{"crlf", "5\r\n0\n", 1, 2, "carriage return"},
		{"missing file", "5\n1\n", 3, 1, "file 1 of 1 is missing"},
		{"missing fragment", "5\n1\n2\n0,1\n", 5, 1, "fragment 2 of 2"},
		{"zero fragments", "5\n1\n0\n", 3, 1, "outside 1..5"},
		{"no comma", "5\n1\n1\n0 1\n", 4, 2, "want ','"},
		{"zero length", "5\n1\n1\n0,0\n", 4, 3, "outside 1..5"},
		{"start off disk", "5\n1\n1\n5,1\n", 4, 1, "outside 0..4"},
		{"past the end", "5\n1\n1\n3,3\n", 4, 3, "runs past the last block 4"},
		{"overlap", "5\n2\n1\n0,3\n1\n2,2\n", 6, 1, "overlaps file 1 at block 2"},
		{"self overlap", "9\n1\n2\n0,3\n2,2\n", 5, 1, "overlaps file 1 at block 2"},
		{"adjacent fragments", "9\n1\n2\n0,3\n3,2\n", 5, 1, "continues the previous fragment"},
		{"trailing text", "5\n0\nx\n", 3, 1, "unexpected text"},
		{"blank line at end", "5\n0\n\n", 3, 1, "unexpected text"},
		{"full and fragmented", "4\n1\n2\n2,2\n0,2\n", 1, 1, "disk is full"},
		{"binary", "5\n\x00\n", 2, 1, "byte 0x00"},
	} {
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

func FuzzParse(f *testing.F) {
	for _, s := range []string{"5\n0\n", "12\n2\n2\n0,3\n7,2\n2\n5,2\n3,2\n", "4\n1\n2\n2,2\n0,2\n", "32767\n1\n1\n0,32767\n", "1\n1\n1\n0,1\n", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := Parse(in)
		if err != nil {
			return
		}
		// A valid input formats back to itself.
		if got := Format(d); string(got) != string(in) {
			t.Fatalf("Format(Parse(%q)) = %q", in, got)
		}
	})
}

// BenchmarkParse parses a full-size disk of 8000 two-fragment files, the shape of the
// largest secret inputs; a solution pays this on every case.
func BenchmarkParse(b *testing.B) {
	const files = 8000
	var in strings.Builder
	fmt.Fprintf(&in, "%d\n%d\n", 4*files+1, files)
	for i := range files {
		// The second half of each file comes first on the disk.
		fmt.Fprintf(&in, "2\n%d,2\n%d,2\n", 4*i+2, 4*i)
	}
	data := []byte(in.String())
	b.ReportAllocs()
	for range b.N {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
