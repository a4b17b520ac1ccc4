// Package game is the players' view of TriMineSweeper: the triangle geometry, the
// Game a player moves on, a Game over the judge's line protocol (Conn) and an
// in-process Game that plays a known board (Sim) for comparing players quickly.
package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Header is what the judge says first: the board side, the number of bombs and a
// safe cell to start from.
type Header struct {
	N, Bombs, R0, C0 int
}

// Reply is the judge's answer to a move.
type Reply struct {
	Count int  // bombs around a played cell; -1 after a mark or when the game ended
	Win   bool // the move completed the board
	Lose  bool // the move lost the game
}

// Over reports whether the game has ended.
func (r Reply) Over() bool { return r.Win || r.Lose }

// Game is a board being played: one move at a time, by cell index r*n+c.
type Game interface {
	// Move plays cell (mark false: declare it safe) or marks it (mark true: declare a bomb).
	Move(mark bool, cell int) (Reply, error)
}

// Neighbours appends the in-board neighbours of cell i = r*n+c on an n×n board:
// 5 + 4 + 3 cells in the interior (the wide span on the side of the triangle's
// flat edge: above for a down-pointing cell, where r+c is odd).
func Neighbours(n, i int, buf []int) []int {
	r, c := i/n, i%n
	above, below := 1, 2
	if (r+c)&1 == 1 {
		above, below = 2, 1
	}
	add := func(row, half int) {
		if row < 0 || row >= n {
			return
		}
		lo, hi := max(c-half, 0), min(c+half, n-1)
		for cc := lo; cc <= hi; cc++ {
			if row == r && cc == c {
				continue
			}
			buf = append(buf, row*n+cc)
		}
	}
	add(r-1, above)
	add(r, 2)
	add(r+1, below)
	return buf
}

// NeighbourTable returns every cell's neighbours on an n×n board.
func NeighbourTable(n int) [][]int32 {
	t := make([][]int32, n*n)
	var buf [12]int
	for i := range t {
		nb := Neighbours(n, i, buf[:0])
		t[i] = make([]int32, len(nb))
		for k, j := range nb {
			t[i][k] = int32(j)
		}
	}
	return t
}

// Conn is a Game over the judge's protocol: moves go to w, replies come from r.
type Conn struct {
	n   int
	in  *bufio.Reader
	out *bufio.Writer
}

// Dial reads the judge's header from r and returns the game ready for moves.
func Dial(r io.Reader, w io.Writer) (*Conn, Header, error) {
	c := &Conn{in: bufio.NewReader(r), out: bufio.NewWriter(w)}
	line, err := c.line()
	if err != nil {
		return nil, Header{}, fmt.Errorf("reading the header: %w", err)
	}
	var h Header
	if _, err := fmt.Sscan(line, &h.N, &h.Bombs, &h.R0, &h.C0); err != nil {
		return nil, Header{}, fmt.Errorf("header %q: %w", line, err)
	}
	c.n = h.N
	return c, h, nil
}

func (c *Conn) line() (string, error) {
	s, err := c.in.ReadString('\n')
	if err != nil && (s == "" || !errors.Is(err, io.EOF)) {
		return "", err
	}
	return strings.TrimSpace(s), nil
}

// Move sends "P r c" or "M r c", flushes and reads the reply.
func (c *Conn) Move(mark bool, cell int) (Reply, error) {
	k := byte('P')
	if mark {
		k = 'M'
	}
	c.out.WriteByte(k)
	c.out.WriteByte(' ')
	c.out.WriteString(strconv.Itoa(cell / c.n))
	c.out.WriteByte(' ')
	c.out.WriteString(strconv.Itoa(cell % c.n))
	c.out.WriteByte('\n')
	if err := c.out.Flush(); err != nil {
		return Reply{}, fmt.Errorf("sending a move: %w", err)
	}
	s, err := c.line()
	if err != nil {
		return Reply{}, fmt.Errorf("reading a reply: %w", err)
	}
	switch s {
	case "WIN":
		return Reply{Count: -1, Win: true}, nil
	case "LOSE":
		return Reply{Count: -1, Lose: true}, nil
	case "B":
		return Reply{Count: -1}, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || v > 12 {
		return Reply{}, fmt.Errorf("reply %q: want a count, B, WIN or LOSE", s)
	}
	return Reply{Count: v}, nil
}

// Sim is an in-process Game on a known board, with the judge's rules.
type Sim struct {
	n        int
	bomb     []bool
	done     []bool
	resolved int
	over     bool
	Moves    int  // moves made so far
	Won      bool // the board was completed
	nb       [12]int
}

// NewSim returns a game on an n×n board whose bombs are bomb[r*n+c].
func NewSim(n int, bomb []bool) *Sim {
	return &Sim{n: n, bomb: bomb, done: make([]bool, len(bomb))}
}

// Move applies the judge's rules: playing a bomb, marking a safe cell or moving on
// a resolved cell loses; resolving the last cell wins.
func (s *Sim) Move(mark bool, cell int) (Reply, error) {
	if s.over {
		return Reply{}, errors.New("move after the game ended")
	}
	if cell < 0 || cell >= len(s.bomb) {
		return Reply{}, fmt.Errorf("cell %d off the board", cell)
	}
	s.Moves++
	if s.done[cell] || mark != s.bomb[cell] {
		s.over = true
		return Reply{Count: -1, Lose: true}, nil
	}
	s.done[cell] = true
	s.resolved++
	if s.resolved == len(s.bomb) {
		s.over, s.Won = true, true
		return Reply{Count: -1, Win: true}, nil
	}
	if mark {
		return Reply{Count: -1}, nil
	}
	k := 0
	for _, j := range Neighbours(s.n, cell, s.nb[:0]) {
		if s.bomb[j] {
			k++
		}
	}
	return Reply{Count: k}, nil
}
