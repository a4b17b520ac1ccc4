package trimines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/trimines/board"
)

// maxLine is the longest move line read; a longer one is a protocol breach.
const maxLine = 64

// Cell states kept by the judge.
const (
	open   = iota // not yet resolved
	played        // played and safe
	marked        // marked and a bomb
)

// game is the judge's side of one board: which cells are resolved.
type game struct {
	b        *board.Board
	state    []byte
	resolved int
	moves    int
}

// apply makes move m. It returns the reply to send and, when the move lost, why.
func (g *game) apply(m Move) (reply string, lost string) {
	g.moves++
	i := m.R*g.b.N + m.C
	switch {
	case g.state[i] == played:
		return "LOSE", fmt.Sprintf("move %d (%s) repeats a move on a cell already played", g.moves, m)
	case g.state[i] == marked:
		return "LOSE", fmt.Sprintf("move %d (%s) repeats a move on a cell already marked", g.moves, m)
	case !m.Mark && g.b.Bomb[i]:
		return "LOSE", fmt.Sprintf("move %d (%s) played a bomb", g.moves, m)
	case m.Mark && !g.b.Bomb[i]:
		return "LOSE", fmt.Sprintf("move %d (%s) marked a safe cell", g.moves, m)
	}
	g.resolved++
	if m.Mark {
		g.state[i] = marked
	} else {
		g.state[i] = played
	}
	if g.resolved == len(g.state) {
		return "WIN", ""
	}
	if m.Mark {
		return "B", ""
	}
	return strconv.Itoa(g.b.Count(m.R, m.C)), ""
}

// Interact plays the judge's side of one board: it sends "n B r0 c0", then reads
// one move per line and answers each with the count of bomb neighbours (a play),
// "B" (a mark), "WIN" when the board is complete or "LOSE" when the move lost. A
// won board is AC with score n²; a lost one, a protocol breach or an unfinished
// game is WA with score 0. Metrics: won (1/0) and moves.
func (p *Problem) Interact(ctx context.Context, ds problems.Dataset, fromSol io.Reader, toSol io.Writer) problems.Outcome {
	b, err := board.Parse(ds.Input)
	if err != nil {
		return problems.Rejected(problems.JE, "board %s: %v", ds.Name, err)
	}
	return play(ctx, b, fromSol, toSol)
}

// beyond returns the column, in characters, of the character holding byte limit
// (0-based) of line: the first character past a limit of that many bytes.
func beyond(line []byte, limit int) int {
	i, col := 0, 1
	for i < len(line) {
		_, n := utf8.DecodeRune(line[i:])
		if i+n > limit {
			break
		}
		i, col = i+n, col+1
	}
	return col
}

func play(ctx context.Context, b *board.Board, fromSol io.Reader, toSol io.Writer) problems.Outcome {
	g := &game{b: b, state: make([]byte, b.N*b.N)}
	var tr transcript // the moves and replies, for the report's replay (view.go)
	in := bufio.NewReaderSize(fromSol, maxLine+2)
	out := bufio.NewWriter(toSol)
	result := func(v problems.Verdict, format string, args ...any) problems.Outcome {
		o := problems.Outcome{Verdict: v, Message: fmt.Sprintf(format, args...), Details: tr.String()}
		won := 0.0
		if v == problems.AC {
			won, o.Score = 1, float64(b.N*b.N)
		}
		o.Metrics = []problems.Metric{{Name: "won", Value: won}, {Name: "moves", Value: float64(g.moves)}}
		return o
	}
	send := func(s string) error {
		out.WriteString(s)
		out.WriteByte('\n')
		return out.Flush()
	}
	if err := send(fmt.Sprintf("%d %d %d %d", b.N, b.Bombs, b.R0, b.C0)); err != nil {
		return result(problems.WA, "the program stopped before the game began: %v", err)
	}
	for {
		if err := ctx.Err(); err != nil {
			return result(problems.WA, "stopped after %d moves: %v", g.moves, err)
		}
		line, err := in.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			send("LOSE")
			return result(problems.WA, "line %d, column %d: move %d: protocol breach: line longer than %d bytes",
				g.moves+1, beyond(line, maxLine), g.moves+1, maxLine)
		case err != nil && len(line) == 0:
			return result(problems.WA, "the program stopped after %d moves with %d cells unresolved", g.moves, len(g.state)-g.resolved)
		}
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
		}
		m, perr := ParseMove(line, b.N)
		if perr != nil {
			send("LOSE")
			// Move k is line k of the program's output: each move is one line, and the
			// game ends at the first that is not a move.
			var ie *problems.InputError
			if !errors.As(perr, &ie) {
				return result(problems.WA, "move %d: protocol breach: %q: %v", g.moves+1, clip(line), perr)
			}
			return result(problems.WA, "line %d, column %d: move %d: protocol breach: %q: %s",
				g.moves+1, ie.Col, g.moves+1, clip(line), ie.Msg)
		}
		reply, lost := g.apply(m)
		tr.add(m, reply)
		if err := send(reply); err != nil && lost == "" && reply != "WIN" {
			return result(problems.WA, "the program stopped after %d moves: %v", g.moves, err)
		}
		if lost != "" {
			return result(problems.WA, "%s", lost)
		}
		if reply == "WIN" {
			return result(problems.AC, "won in %d moves", g.moves)
		}
	}
}
