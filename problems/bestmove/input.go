package bestmove

import (
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
)

// Validate checks an input file: the format of board.Parse, then two promises the
// statement makes about each data set: some square has a positive value, so the
// answer is never empty, and all hits form one group of side-adjacent cells. Each
// data set is checked as soon as it is read, so the fault reported is the first in
// the file: a broken promise is not passed over for a fault of the format further on.
func (*Problem) Validate(input []byte) error {
	_, err := board.Scan(input, checkPosition)
	return err
}

// gridLine returns the file line of grid row r of a position read from a file.
func gridLine(p *board.Position, r int) int { return p.Line + 2 + r }

// checkPosition tests the promises beyond the format for data set number set, in
// the order of the places it reports: the data set's first line for a position
// without a positive value, then the stray hit's square.
func checkPosition(p *board.Position, set int) error {
	if b := Solve(p); b.Value == 0 {
		return problems.Errorf(p.Line, 1, "data set %d: no square has a positive value (no ship in play fits)", set)
	}
	if q, ok := strayHit(p); !ok {
		return problems.Errorf(gridLine(p, q.Row), 2*q.Col+1,
			"data set %d: hit at %s is not connected to the hit at %s; all hits must form one group",
			set, q, firstHit(p))
	}
	return nil
}

func firstHit(p *board.Position) Square {
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] == board.Hit {
				return Square{r, c}
			}
		}
	}
	return Square{-1, -1}
}

// strayHit returns the first hit (row-major) that is not side-connected to the
// first hit through other hits; ok is true when there is none.
func strayHit(p *board.Position) (Square, bool) {
	start := firstHit(p)
	if start.Row < 0 {
		return Square{}, true
	}
	var seen [board.Size][board.Size]bool
	seen[start.Row][start.Col] = true
	queue := []Square{start}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, d := range []Square{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			n := Square{q.Row + d.Row, q.Col + d.Col}
			if inside(n) && !seen[n.Row][n.Col] && p.Grid[n.Row][n.Col] == board.Hit {
				seen[n.Row][n.Col] = true
				queue = append(queue, n)
			}
		}
	}
	for r := range board.Size {
		for c := range board.Size {
			if p.Grid[r][c] == board.Hit && !seen[r][c] {
				return Square{r, c}, false
			}
		}
	}
	return Square{}, true
}
