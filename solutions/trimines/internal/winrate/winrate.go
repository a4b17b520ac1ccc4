// Package winrate plays TriMineSweeper players in-process over a folder of boards
// and sums up how they fare: boards won with a 95 % Wilson interval, mean points
// (n² per won board minus milliseconds of CPU) and time per board.
package winrate

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"github.com/judgehq/judge/problems/trimines/board"
	"github.com/judgehq/judge/solutions/trimines/internal/exact"
	"github.com/judgehq/judge/solutions/trimines/internal/game"
	"github.com/judgehq/judge/solutions/trimines/internal/sets"
)

// Player plays one game to its end and reports whether it won.
type Player func(g game.Game, h game.Header) (bool, error)

// Players are the players this package knows, by solution name.
func Players() map[string]Player {
	return map[string]Player{
		"sets": sets.Play,
		"reference": func(g game.Game, h game.Header) (bool, error) {
			won, _, err := exact.Play(g, h, exact.Options{})
			return won, err
		},
	}
}

// Load reads every NAME.in board in dir, in name order.
func Load(dir string) ([]*board.Board, []string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil {
		return nil, nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	sort.Strings(paths)
	var boards []*board.Board
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, fmt.Errorf("reading board: %w", err)
		}
		b, err := board.Parse(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p, err)
		}
		boards = append(boards, b)
	}
	return boards, paths, nil
}

// Summary is how one player fared over a set of boards.
type Summary struct {
	Player   string
	Boards   int
	Won      int
	Lo, Hi   float64       // 95 % Wilson interval of the win rate
	Points   float64       // mean points per board
	Time     time.Duration // mean CPU time per board (in-process)
	Outcomes []bool        // won or lost, board by board
}

// Rate returns the win rate.
func (s Summary) Rate() float64 { return float64(s.Won) / float64(max(s.Boards, 1)) }

// Wilson returns the 95 % Wilson score interval for won successes in n trials.
func Wilson(won, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(won) / float64(n)
	nf := float64(n)
	d := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / d
	half := z / d * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(centre-half, 0), min(centre+half, 1)
}

// Run plays p on every board and sums up. Time is the CPU time of the thread
// that plays (the simulated judge's small share included, the garbage
// collector's background work left out).
func Run(name string, p Player, boards []*board.Board) (Summary, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	s := Summary{Player: name, Boards: len(boards)}
	var total time.Duration
	points := 0.0
	for i, b := range boards {
		sim := game.NewSim(b.N, b.Bomb)
		start := threadCPU()
		won, err := p(sim, game.Header{N: b.N, Bombs: b.Bombs, R0: b.R0, C0: b.C0})
		el := threadCPU() - start
		if err != nil {
			return s, fmt.Errorf("%s on board %d: %w", name, i, err)
		}
		if won != sim.Won {
			return s, fmt.Errorf("%s on board %d: says won=%v, the game says %v", name, i, won, sim.Won)
		}
		total += el
		ms := float64(el.Microseconds()) / 1000
		if won {
			s.Won++
			points += float64(b.N * b.N)
		}
		points -= ms
		s.Outcomes = append(s.Outcomes, won)
	}
	s.Lo, s.Hi = Wilson(s.Won, s.Boards)
	if s.Boards > 0 {
		s.Points = points / float64(s.Boards)
		s.Time = total / time.Duration(s.Boards)
	}
	return s, nil
}

// Discordant counts the boards won by a but lost by b, and the other way round
// (both summaries over the same boards): the pairs that tell players apart.
func Discordant(a, b Summary) (onlyA, onlyB int) {
	for i := range min(len(a.Outcomes), len(b.Outcomes)) {
		switch {
		case a.Outcomes[i] && !b.Outcomes[i]:
			onlyA++
		case b.Outcomes[i] && !a.Outcomes[i]:
			onlyB++
		}
	}
	return onlyA, onlyB
}

// Print writes one line per summary.
func Print(w io.Writer, sums []Summary) {
	fmt.Fprintf(w, "%-10s %6s %6s %8s  %-17s %11s %12s\n", "player", "boards", "won", "rate", "95% interval", "mean points", "cpu/board")
	for _, s := range sums {
		fmt.Fprintf(w, "%-10s %6d %6d %7.1f%%  [%5.1f%%, %5.1f%%] %11.1f %12s\n", s.Player, s.Boards, s.Won,
			100*s.Rate(), 100*s.Lo, 100*s.Hi, s.Points, s.Time.Round(time.Microsecond))
	}
}
