package solver

import (
	"github.com/judgehq/judge/problems/defrag/disk"
)

// The exact search settles tiny disks: an iterative-deepening depth-first search
// over every useful move, block by block, bounded below by the breaks left (a
// move mends at most two) and above by the greedy answer, with a table of the
// positions already searched. It gives up after a fixed number of moves tried,
// so its cost stays within a few milliseconds, and the greedy answer stands when
// it does.

// exactBlocks is the largest disk the exact search takes on.
const exactBlocks = 16

// exactNodes is how many moves the exact search may try in all: a few
// milliseconds' worth.
const exactNodes = 60000

// searcher is the state of one exact search.
type searcher struct {
	n     int
	cells []byte // per block: its logical number + 1 (numbered over all files), 0 free
	link  []bool // per logical number: whether the next one belongs to the same file
	nodes int
	pos   []int          // scratch for breaks
	seen  map[string]int // position -> most moves left it was searched with, this round
	path  []Move
}

// exactPlan returns a shortest answer for d if one with fewer than limit moves
// exists and the search settles it within its budget; else false.
func exactPlan(d *disk.Disk, limit int) ([]Move, bool) {
	s := &searcher{n: d.Blocks, cells: make([]byte, d.Blocks)}
	next := 1
	for _, f := range d.Files {
		for i, fr := range f {
			for b := fr.Start; b < fr.End(); b++ {
				s.cells[b] = byte(next)
				next++
				s.link = append(s.link, true)
			}
			if i == len(f)-1 {
				s.link[len(s.link)-1] = false
			}
		}
	}
	if next > 255 {
		return nil, false
	}
	s.link = append([]bool{false}, s.link...) // indexed by logical number + 1
	for depth := s.bound(); depth < limit; depth++ {
		s.seen = map[string]int{}
		if s.dfs(depth) {
			return s.path, true
		}
		if s.nodes > exactNodes {
			return nil, false
		}
	}
	return nil, false
}

// breaks counts the logically consecutive blocks that are not physically
// consecutive.
func (s *searcher) breaks() int {
	if s.pos == nil {
		s.pos = make([]int, len(s.link)+1)
	}
	pos := s.pos
	for b, c := range s.cells {
		if c > 0 {
			pos[c] = b
		}
	}
	n := 0
	for c := 1; c < len(s.link); c++ {
		if s.link[c] && pos[c+1] != pos[c]+1 {
			n++
		}
	}
	return n
}

// bound returns the fewest moves that could mend the breaks left.
func (s *searcher) bound() int { return (s.breaks() + 1) / 2 }

// dfs looks for an answer of at most left moves from the current position.
func (s *searcher) dfs(left int) bool {
	br := s.breaks()
	if br == 0 {
		return true
	}
	if (br+1)/2 > left || s.nodes > exactNodes {
		return false
	}
	key := string(s.cells)
	if l, ok := s.seen[key]; ok && l >= left {
		return false
	}
	s.seen[key] = left
	n := s.n
	nfree := 0
	for _, c := range s.cells {
		if c == 0 {
			nfree++
		}
	}
	buf := make([]byte, n)
	for from := 0; from < n; from++ {
		if s.cells[from] == 0 {
			continue
		}
		for end := from + 1; end <= n; end++ { // the span [from, end) ends on data
			if s.cells[end-1] == 0 {
				continue
			}
			c := end - from
			if c > nfree {
				break
			}
			for to := 0; to+c <= n; to++ {
				if to < end && from < to+c {
					continue
				}
				free := true
				for i := to; i < to+c; i++ {
					if s.cells[i] != 0 {
						free = false
						break
					}
				}
				if !free {
					continue
				}
				if s.nodes++; s.nodes > exactNodes {
					return false
				}
				copy(buf, s.cells)
				copy(s.cells[to:to+c], buf[from:end])
				for i := from; i < end; i++ {
					s.cells[i] = 0
				}
				s.path = append(s.path, Move{from, to, c})
				if s.dfs(left - 1) {
					return true
				}
				s.path = s.path[:len(s.path)-1]
				copy(s.cells, buf)
			}
		}
	}
	return false
}
