// Package disk reads the input of the defrag problem: a simulated disk of numbered
// blocks and the files on it, each an ordered list of fragments. It only parses and
// validates; it holds no checker logic, so solutions may import it.
//
// The format, one item per line, every line ending in a newline:
//
//	BLOCKS            number of blocks on the disk, 1..32767; blocks are numbered from 0
//	FILES             number of files, 0..32767
//	then for each file:
//	  K               number of fragments, 1..BLOCKS
//	  START,LENGTH    K lines, the fragments in the file's logical order
//
// Fragments lie on the disk, never overlap, and two fragments that follow each other
// in a file are never physically adjacent (they would be one fragment). A disk with a
// fragmented file has at least one free block, so that some move is possible.
package disk

import (
	"bytes"
	"fmt"

	"github.com/judgehq/judge/problems"
)

// MaxBlocks is the largest disk the format allows (2^15 - 1 blocks).
const MaxBlocks = 32767

// Fragment is a run of physically consecutive blocks holding consecutive logical
// blocks of one file.
type Fragment struct {
	Start  int // first block, numbered from 0
	Length int // number of blocks, at least 1
}

// End returns the block just after the fragment.
func (f Fragment) End() int { return f.Start + f.Length }

// File is a file's fragments in its logical order.
type File []Fragment

// Size returns the file's number of blocks.
func (f File) Size() int {
	n := 0
	for _, fr := range f {
		n += fr.Length
	}
	return n
}

// Disk is one parsed test case.
type Disk struct {
	Blocks int
	Files  []File
}

// Used returns the number of blocks that hold data.
func (d *Disk) Used() int {
	n := 0
	for _, f := range d.Files {
		n += f.Size()
	}
	return n
}

// Breaks returns B: the number of pairs of logically consecutive blocks of a file
// that are not physically consecutive. On a valid disk it is the number of
// fragments minus the number of files.
func (d *Disk) Breaks() int {
	b := 0
	for _, f := range d.Files {
		for i := 1; i < len(f); i++ {
			if f[i].Start != f[i-1].End() {
				b++
			}
		}
	}
	return b
}

// LowerBound returns ⌈B/2⌉: a move creates at most two new adjacencies (one at each
// end of its destination), so no answer has fewer moves.
func (d *Disk) LowerBound() int { return (d.Breaks() + 1) / 2 }

// Parse reads and strictly validates a defragNN.in file. The error names the line and
// column of the first fault.
func Parse(data []byte) (*Disk, error) {
	s := &scanner{data: data, line: 1, col: 1}
	blocks, err := s.number(1, MaxBlocks, label{"number of blocks", 0})
	if err != nil {
		return nil, err
	}
	if err := s.eol(); err != nil {
		return nil, err
	}
	nfiles, err := s.number(0, MaxBlocks, label{"number of files", 0})
	if err != nil {
		return nil, err
	}
	if err := s.eol(); err != nil {
		return nil, err
	}
	// Every fragment takes a line, so the line count bounds the fragments: one
	// backing array holds them all, which saves an allocation per file.
	lines := bytes.Count(data, []byte{'\n'})
	d := &Disk{Blocks: blocks, Files: make([]File, 0, min(nfiles, lines))}
	frags := make([]Fragment, 0, lines)
	owner := make([]int32, blocks) // file number + 1 holding each block, 0 when free
	used := 0
	for fi := 1; fi <= nfiles; fi++ {
		if s.atEOF() {
			return nil, s.errorf("file %d of %d is missing: the input ends early", fi, nfiles)
		}
		k, err := s.number(1, blocks, label{"number of fragments of file %d", fi})
		if err != nil {
			return nil, err
		}
		if err := s.eol(); err != nil {
			return nil, err
		}
		first := len(frags)
		for j := 1; j <= k; j++ {
			if s.atEOF() {
				return nil, s.errorf("fragment %d of %d of file %d is missing: the input ends early", j, k, fi)
			}
			line, col := s.line, s.col
			start, err := s.number(0, blocks-1, label{"fragment start", 0})
			if err != nil {
				return nil, err
			}
			if err := s.expect(','); err != nil {
				return nil, err
			}
			lcol := s.col
			length, err := s.number(1, blocks, label{"fragment length", 0})
			if err != nil {
				return nil, err
			}
			if start+length > blocks {
				return nil, problems.Errorf(line, lcol, "fragment %d,%d runs past the last block %d", start, length, blocks-1)
			}
			for b := start; b < start+length; b++ {
				if owner[b] != 0 {
					return nil, problems.Errorf(line, col, "fragment %d,%d overlaps file %d at block %d", start, length, owner[b], b)
				}
				owner[b] = int32(fi)
			}
			if j > 1 && frags[len(frags)-1].End() == start {
				return nil, problems.Errorf(line, col, "fragment %d,%d continues the previous fragment of file %d; write them as one", start, length, fi)
			}
			used += length
			frags = append(frags, Fragment{Start: start, Length: length})
			if err := s.eol(); err != nil {
				return nil, err
			}
		}
		d.Files = append(d.Files, File(frags[first:len(frags):len(frags)]))
	}
	if !s.atEOF() {
		return nil, s.errorf("unexpected text after the last file")
	}
	if used == blocks && d.Breaks() > 0 {
		return nil, problems.Errorf(1, 1, "the disk is full and a file is fragmented: no move is possible")
	}
	return d, nil
}

// scanner walks the input byte by byte, tracking line and column.
type scanner struct {
	data      []byte
	pos       int
	line, col int
}

func (s *scanner) atEOF() bool { return s.pos >= len(s.data) }

func (s *scanner) errorf(format string, args ...any) error {
	return problems.Errorf(s.line, s.col, format, args...)
}

func (s *scanner) describe() string {
	if s.atEOF() {
		return "end of file"
	}
	c := s.data[s.pos]
	switch {
	case c == '\n':
		return "end of line"
	case c == '\r':
		return "a carriage return"
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("%q", c)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// label names a number for error messages: format, with n filled in when n > 0.
// It is formatted only when there is an error to report.
type label struct {
	format string
	n      int
}

func (l label) String() string {
	if l.n > 0 {
		return fmt.Sprintf(l.format, l.n)
	}
	return l.format
}

// number reads a decimal integer in [lo, hi] without sign or leading zeros.
func (s *scanner) number(lo, hi int, what label) (int, error) {
	line, col := s.line, s.col
	if s.atEOF() || s.data[s.pos] < '0' || s.data[s.pos] > '9' {
		return 0, s.errorf("%s: want a number, found %s", what, s.describe())
	}
	if s.data[s.pos] == '0' && s.pos+1 < len(s.data) && s.data[s.pos+1] >= '0' && s.data[s.pos+1] <= '9' {
		return 0, s.errorf("%s: leading zero", what)
	}
	v := 0
	for !s.atEOF() && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		if v <= hi {
			v = v*10 + int(s.data[s.pos]-'0')
		}
		s.pos++
		s.col++
	}
	if v < lo || v > hi {
		return 0, problems.Errorf(line, col, "%s: %s is outside %d..%d", what, clip(v, hi), lo, hi)
	}
	return v, nil
}

func clip(v, hi int) string {
	if v > hi {
		return fmt.Sprintf("more than %d", hi)
	}
	return fmt.Sprint(v)
}

func (s *scanner) expect(c byte) error {
	if s.atEOF() || s.data[s.pos] != c {
		return s.errorf("want %q, found %s", c, s.describe())
	}
	s.pos++
	s.col++
	return nil
}

func (s *scanner) eol() error {
	if s.atEOF() || s.data[s.pos] != '\n' {
		return s.errorf("want end of line, found %s", s.describe())
	}
	s.pos++
	s.line++
	s.col = 1
	return nil
}

// Format writes d in the input format.
func Format(d *Disk) []byte {
	var b []byte
	b = fmt.Appendf(b, "%d\n%d\n", d.Blocks, len(d.Files))
	for _, f := range d.Files {
		b = fmt.Appendf(b, "%d\n", len(f))
		for _, fr := range f {
			b = fmt.Appendf(b, "%d,%d\n", fr.Start, fr.Length)
		}
	}
	return b
}
