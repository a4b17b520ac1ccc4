package solver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// layoutDisk turns fuzz bytes into a small valid disk: byte i says who owns block
// i (0 free, else one of up to four files), and the first byte also chooses each
// file's logical order of its fragments (physical order, reversed, or rotated). It
// returns nil when the bytes describe no fragmented file or no free block.
func layoutDisk(data []byte) *disk.Disk {
	if len(data) < 2 || len(data) > 80 {
		return nil
	}
	order, cells := data[0], data[1:]
	var b strings.Builder
	frags := make([][]disk.Fragment, 4)
	free := 0
	for i := 0; i < len(cells); {
		owner := int(cells[i] % 5)
		j := i
		for j < len(cells) && int(cells[j]%5) == owner {
			j++
		}
		if owner == 0 {
			free += j - i
		} else {
			frags[owner-1] = append(frags[owner-1], disk.Fragment{Start: i, Length: j - i})
		}
		i = j
	}
	fragmented := false
	var files [][]disk.Fragment
	for f, fr := range frags {
		if len(fr) == 0 {
			continue
		}
		switch (int(order) >> (2 * f)) & 3 {
		case 1:
			slices.Reverse(fr)
		case 2:
			fr = append(fr[1:], fr[0])
		}
		fragmented = fragmented || len(fr) > 1
		files = append(files, fr)
	}
	if !fragmented || free == 0 {
		return nil
	}
	fmt.Fprintf(&b, "%d\n%d\n", len(cells), len(files))
	for _, fr := range files {
		fmt.Fprintf(&b, "%d\n", len(fr))
		for _, x := range fr {
			fmt.Fprintf(&b, "%d,%d\n", x.Start, x.Length)
		}
	}
	d, err := disk.Parse([]byte(b.String()))
	if err != nil {
		// Reordering can make two logically consecutive fragments physically
		// adjacent, which the format forbids; such layouts are not inputs.
		return nil
	}
	return d
}

// FuzzSolveLayout checks that the reference and the baseline give valid answers on
// any small disk, however its files are laid out.
func FuzzSolveLayout(f *testing.F) {
	f.Add([]byte{0, 1, 2, 1, 0, 2})
	f.Add([]byte{5, 1, 2, 3, 1, 2, 3, 0, 4, 1})
	f.Add([]byte{0xff, 1, 1, 2, 2, 1, 3, 3, 2, 0, 4, 4, 1, 0})
	f.Add([]byte{1, 1, 2, 1, 2, 1, 2, 1, 2, 0})
	f.Add([]byte{2, 3, 3, 1, 4, 1, 4, 2, 2, 1, 3, 0, 0, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		d := layoutDisk(data)
		if d == nil {
			return
		}
		verify(t, d, Solve(d))
		verify(t, d, Naive(d))
	})
}

// FuzzSolveInput feeds raw input text to the solver: whatever parses as a valid disk
// of modest size must get a valid answer. The seeds are the problem's sample inputs.
func FuzzSolveInput(f *testing.F) {
	samples, _ := filepath.Glob(filepath.Join("..", "..", "..", "..", "problems", "defrag", "data", "sample", "*.in"))
	for _, s := range samples {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("5\n1\n2\n3,2\n0,2\n"))
	f.Add([]byte("7\n2\n2\n0,1\n4,1\n2\n2,2\n5,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := disk.Parse(data)
		if err != nil || d.Blocks > 5000 {
			return
		}
		verify(t, d, Solve(d))
		verify(t, d, Naive(d))
	})
}

// TestLayoutDisk makes sure the fuzz seeds describe real disks, so that the fuzz
// targets exercise the solver rather than return early.
func TestLayoutDisk(t *testing.T) {
	for _, data := range [][]byte{{0, 1, 2, 1, 0, 2}, {5, 1, 2, 3, 1, 2, 3, 0, 4, 1}, {1, 1, 2, 1, 2, 1, 2, 1, 2, 0}} {
		d := layoutDisk(data)
		if d == nil {
			t.Fatalf("%v: no disk", data)
		}
		if d.Blocks != len(data)-1 || d.Breaks() == 0 {
			t.Errorf("%v: %d blocks, %d breaks", data, d.Blocks, d.Breaks())
		}
	}
	if layoutDisk([]byte{0, 1, 1, 2}) != nil {
		t.Error("a disk without a free block was accepted")
	}
}
