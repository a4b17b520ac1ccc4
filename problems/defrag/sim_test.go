package defrag

import (
	"errors"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
)

// example is the second sample: file 1 at 0-2 and 7-8, file 2 at 5-6 and 3-4.
const example = "12\n2\n2\n0,3\n7,2\n2\n5,2\n3,2\n"

func mustParse(t testing.TB, in string) *disk.Disk {
	t.Helper()
	d, err := disk.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestApplyRules has one case per rule of a valid move.
func TestApplyRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    Move
		err  string
	}{
		{"valid", Move{3, 9, 2}, ""},
		{"valid with free blocks in the source", Move{8, 10, 2}, ""},
		{"valid moving free blocks only", Move{9, 0, 1}, "in use"}, // destination 0 is used
		{"count zero", Move{3, 9, 0}, "at least 1"},
		{"source past the end", Move{11, 0, 2}, "source runs past"},
		{"source off the disk", Move{12, 0, 1}, "source runs past"},
		{"destination past the end", Move{3, 11, 2}, "destination runs past"},
		{"destination off the disk", Move{3, 100, 1}, "destination runs past"},
		{"overlap forwards", Move{5, 6, 2}, "overlap"},
		{"overlap backwards", Move{7, 6, 2}, "overlap"},
		{"same place", Move{9, 9, 1}, "overlap"},
		{"destination in use", Move{3, 5, 2}, "destination block 5 is in use by file 2"},
		{"destination partly in use", Move{0, 8, 3}, "destination block 8 is in use by file 1"},
		{"huge count", Move{0, 0, 1 << 40}, "source runs past"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSimulator(mustParse(t, example))
			before := append([]int32(nil), s.blocks...)
			err := s.Apply(tc.m)
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Apply(%v) = %v, want %q", tc.m, err, tc.err)
			}
			for i := range before {
				if before[i] != s.blocks[i] {
					t.Fatalf("a rejected move changed block %d", i)
				}
			}
		})
	}
}

// TestApplyCarriesData checks that data travels and free blocks stay free.
func TestApplyCarriesData(t *testing.T) {
	s := NewSimulator(mustParse(t, "10\n1\n2\n0,1\n2,1\n"))
	// Blocks 0 and 2 hold the file; moving 0..2 carries the free block 1 along.
	if err := s.Apply(Move{0, 5, 3}); err != nil {
		t.Fatal(err)
	}
	want := []int32{free, free, free, free, free, 0, free, 1, free, free}
	for i, w := range want {
		if s.blocks[i] != w {
			t.Fatalf("blocks = %v, want %v", s.blocks, want)
		}
	}
}

func TestReplay(t *testing.T) {
	d := mustParse(t, example)
	for _, tc := range []struct {
		name  string
		out   string
		moves int
		line  int
		err   string
	}{
		{"sample answer", "3,9,2\n7,3,2\n9,7,2\n", 3, 0, ""},
		{"nothing done", "", 0, 0, "file 1 is not in one piece: its block 3 is at 7"},
		{"file 2 apart", "3,9,2\n7,3,2\n", 2, 0, "file 2 is not in one piece: its block 2 is at 9"},
		{"file 2 reversed", "3,9,2\n7,3,2\n5,7,2\n9,5,2\n", 4, 0, "file 2 is not in one piece: its block 2 is at 5, not right after its block 1 at 8"},
		{"second move bad", "3,9,2\n9,3,3\n", 1, 2, "destination block 5"},
		{"garbage", "3,9,2\nhello\n", 1, 2, "found 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, line, err := Replay(d, []byte(tc.out))
			if n != tc.moves || line != tc.line || (tc.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("Replay = %d, line %d, %v; want %d, line %d, %q", n, line, err, tc.moves, tc.line, tc.err)
			}
		})
	}
}

func TestFragmentedEmptyAndWhole(t *testing.T) {
	for _, in := range []string{"5\n0\n", "5\n2\n1\n0,2\n1\n3,2\n"} {
		if err := NewSimulator(mustParse(t, in)).Fragmented(); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(example), []byte("3,9,2\n7,3,2\n9,7,2\n"))
	f.Add([]byte(example), []byte("5,6,2\n"))
	f.Add([]byte("5\n1\n2\n0,1\n2,1\n"), []byte("2,1,1\n"))
	f.Add([]byte("5\n0\n"), []byte("\x00\xff,,\n\n9"))
	f.Fuzz(func(t *testing.T, in, out []byte) {
		d, err := disk.Parse(in)
		if err != nil {
			return
		}
		n, line, err := Replay(d, out)
		if n < 0 || n > MaxMoves || line < 0 {
			t.Fatalf("Replay = %d, %d, %v", n, line, err)
		}
		var ie *problems.InputError
		if line > 0 && (!errors.As(err, &ie) || ie.Line != line || ie.Col < 1) {
			t.Fatalf("Replay = %d, %d, %v: the fault does not name its line and column", n, line, err)
		}
	})
}
