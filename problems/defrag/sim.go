package defrag

import (
	"fmt"

	"github.com/judgehq/judge/problems/defrag/disk"
)

// free marks a block that holds no data.
const free = -1

// Simulator replays moves on a disk. Every data block carries a global logical
// number (file by file, each file's blocks in order), so that after the moves it can
// tell whether each file lies in one piece in its logical order.
type Simulator struct {
	blocks []int32 // logical number held by each physical block, or free
	base   []int32 // first logical number of each file; base[len(files)] = used blocks
}

// NewSimulator lays out d's files on a fresh disk.
func NewSimulator(d *disk.Disk) *Simulator {
	s := &Simulator{blocks: make([]int32, d.Blocks), base: make([]int32, len(d.Files)+1)}
	for i := range s.blocks {
		s.blocks[i] = free
	}
	next := int32(0)
	for i, f := range d.Files {
		s.base[i] = next
		for _, fr := range f {
			for b := fr.Start; b < fr.End() && b < len(s.blocks); b++ {
				s.blocks[b] = next
				next++
			}
		}
	}
	s.base[len(d.Files)] = next
	return s
}

// fileOf returns the 0-based file holding logical block id.
func (s *Simulator) fileOf(id int32) int {
	lo, hi := 0, len(s.base)-2
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if s.base[mid] <= id {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Apply performs one move, or returns why it is invalid (leaving the disk as it was).
// A move is valid when it moves at least one block, both ranges lie on the disk, the
// ranges do not overlap and every destination block is free. Data blocks travel with
// the move; free blocks in the source range stay free.
func (s *Simulator) Apply(m Move) error {
	n := len(s.blocks)
	switch {
	case m.Count < 1:
		return fmt.Errorf("move %s: the number of blocks must be at least 1", m)
	case m.From >= n || m.Count > n-m.From:
		return fmt.Errorf("move %s: the source runs past the last block %d", m, n-1)
	case m.To >= n || m.Count > n-m.To:
		return fmt.Errorf("move %s: the destination runs past the last block %d", m, n-1)
	case m.From < m.To+m.Count && m.To < m.From+m.Count:
		return fmt.Errorf("move %s: the source and destination overlap", m)
	}
	dst := s.blocks[m.To : m.To+m.Count]
	for i, id := range dst {
		if id != free {
			return fmt.Errorf("move %s: destination block %d is in use by file %d", m, m.To+i, s.fileOf(id)+1)
		}
	}
	src := s.blocks[m.From : m.From+m.Count]
	copy(dst, src)
	for i := range src {
		src[i] = free
	}
	return nil
}

// Fragmented returns nil when every file occupies one run of consecutive blocks in
// its logical order, or an error naming the first file (numbered from 1) that does not.
func (s *Simulator) Fragmented() error {
	used := s.base[len(s.base)-1]
	pos := make([]int32, used)
	for b, id := range s.blocks {
		if id != free {
			pos[id] = int32(b)
		}
	}
	for f := 0; f+1 < len(s.base); f++ {
		for id := s.base[f] + 1; id < s.base[f+1]; id++ {
			if pos[id] != pos[id-1]+1 {
				j := id - s.base[f]
				return fmt.Errorf("file %d is not in one piece: its block %d is at %d, not right after its block %d at %d",
					f+1, j, pos[id], j-1, pos[id-1])
			}
		}
	}
	return nil
}

// Replay parses the moves of an answer file and applies them in order. It returns
// the number of moves, or the 1-based line of the first faulty move and the fault
// (a *problems.InputError naming that line and a column, see MoveLines).
func Replay(d *disk.Disk, out []byte) (moves int, line int, err error) {
	s := NewSimulator(d)
	carried := 0
	line, err = MoveLines(out, func(_ int, m Move) error {
		if err := s.Apply(m); err != nil {
			return err
		}
		if carried += m.Count; carried > MaxBlocksMoved {
			return fmt.Errorf("the moves carry more than %d blocks in all", MaxBlocksMoved)
		}
		moves++
		return nil
	})
	if err != nil {
		return moves, line, err
	}
	return moves, 0, s.Fragmented()
}
