package battleships

import (
	"fmt"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
)

// maxOutput is the most output the checker reads; a 30×30 answer is under 2 KiB.
const maxOutput = 1 << 20

// Check judges an answer: the same fleet, size and counts as the puzzle, every cell
// decided, the given cells kept, straight ships with the right end and middle
// symbols, no two ships touching (corners included), the counts met and the fleet
// placed exactly. Any answer that does all that is accepted; the message names the
// first rule broken and where. Layout slips (carriage returns, trailing spaces, a
// missing final newline) in an otherwise right answer are PE.
func (p *Problem) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	pz, err := grid.Parse(ds.Input)
	if err != nil {
		return problems.Rejected(problems.JE, "the puzzle does not parse: %v", err)
	}
	if len(out.Stdout) > maxOutput {
		return problems.Rejected(problems.WA, "output of %d bytes; an answer is a grid of at most a few KiB", len(out.Stdout))
	}
	if len(out.Stdout) == 0 {
		return problems.Rejected(problems.WA, "empty output")
	}
	ans, slipped, err := grid.Tolerant(out.Stdout)
	if err != nil {
		return problems.Rejected(problems.WA, "the answer does not read as a grid: %v", err)
	}
	if msg := judge(pz, ans); msg != "" {
		return problems.Rejected(problems.WA, "%s", msg)
	}
	if slipped {
		if _, err := grid.Parse(out.Stdout); err != nil {
			return problems.Rejected(problems.PE, "right answer, wrong layout: %v", err)
		}
	}
	return problems.Accepted(1, "valid answer")
}

// judge returns what is wrong with ans as an answer to pz, or "".
func judge(pz, ans *grid.Puzzle) string {
	if got, want := grid.FleetString(ans.Fleet), grid.FleetString(pz.Fleet); got != want {
		return fmt.Sprintf("fleet line: the answer says %q, the puzzle %q", got, want)
	}
	if ans.Rows != pz.Rows || ans.Cols != pz.Cols {
		return fmt.Sprintf("size: the answer is %dx%d, the puzzle %dx%d", ans.Rows, ans.Cols, pz.Rows, pz.Cols)
	}
	for r, v := range pz.RowCounts {
		if ans.RowCounts[r] != v {
			return fmt.Sprintf("count of row %d: the answer says %d, the puzzle %d", r+1, ans.RowCounts[r], v)
		}
	}
	for c, v := range pz.ColCounts {
		if ans.ColCounts[c] != v {
			return fmt.Sprintf("count of column %d: the answer says %d, the puzzle %d", c+1, ans.ColCounts[c], v)
		}
	}
	at := func(r, c int) string { return fmt.Sprintf("row %d, column %d", r+1, c+1) }
	for i, b := range ans.Cells {
		if b == grid.Blank || b == grid.Part {
			return fmt.Sprintf("undecided cell at %s (%q): every cell must be water or a named ship part", at(i/ans.Cols, i%ans.Cols), b)
		}
	}
	for i, h := range pz.Cells {
		b := ans.Cells[i]
		if h == grid.Blank || h == b || h == grid.Part && grid.IsShip(b) {
			continue
		}
		return fmt.Sprintf("given cell changed at %s: the puzzle gives %q, the answer has %q", at(i/ans.Cols, i%ans.Cols), h, b)
	}
	if msg := shapes(ans); msg != "" {
		return msg
	}
	ship := func(r, c int) bool { return grid.IsShip(ans.At(r, c)) }
	for r := 0; r < ans.Rows; r++ {
		for c := 0; c < ans.Cols; c++ {
			if ship(r, c) && (ship(r+1, c-1) || ship(r+1, c+1)) {
				return fmt.Sprintf("ships touch diagonally at %s", at(r, c))
			}
		}
	}
	for r := 0; r < ans.Rows; r++ {
		n := 0
		for c := 0; c < ans.Cols; c++ {
			if ship(r, c) {
				n++
			}
		}
		if n != pz.RowCounts[r] {
			return fmt.Sprintf("row %d has %d ship parts, its count is %d", r+1, n, pz.RowCounts[r])
		}
	}
	for c := 0; c < ans.Cols; c++ {
		n := 0
		for r := 0; r < ans.Rows; r++ {
			if ship(r, c) {
				n++
			}
		}
		if n != pz.ColCounts[c] {
			return fmt.Sprintf("column %d has %d ship parts, its count is %d", c+1, n, pz.ColCounts[c])
		}
	}
	return fleetMatches(pz, ans)
}

// shapes checks that every group of joined parts is a straight ship whose parts carry
// the symbols of their places: O alone, < + … > across, ^ + … v down.
func shapes(ans *grid.Puzzle) string {
	ship := func(r, c int) bool { return grid.IsShip(ans.At(r, c)) }
	for r := 0; r < ans.Rows; r++ {
		for c := 0; c < ans.Cols; c++ {
			if !ship(r, c) {
				continue
			}
			across := ship(r, c-1) || ship(r, c+1)
			down := ship(r-1, c) || ship(r+1, c)
			if across && down {
				return fmt.Sprintf("bent ship: the part at row %d, column %d has neighbours across and down", r+1, c+1)
			}
			var want byte
			switch {
			case across && ship(r, c-1) && ship(r, c+1), down && ship(r-1, c) && ship(r+1, c):
				want = grid.Middle
			case across && ship(r, c+1):
				want = grid.Left
			case across:
				want = grid.Right
			case down && ship(r+1, c):
				want = grid.Top
			case down:
				want = grid.Bottom
			default:
				want = grid.Sub
			}
			if got := ans.At(r, c); got != want {
				return fmt.Sprintf("wrong symbol at row %d, column %d: %q where its ship needs %q", r+1, c+1, got, want)
			}
		}
	}
	return ""
}

// fleetMatches compares the ships on the grid with the fleet line.
func fleetMatches(pz, ans *grid.Puzzle) string {
	have := map[int]int{}
	for r := 0; r < ans.Rows; r++ {
		for c := 0; c < ans.Cols; c++ {
			n := 0
			switch ans.At(r, c) {
			case grid.Sub:
				n = 1
			case grid.Left:
				for n = 1; c+n < ans.Cols && ans.At(r, c+n) != grid.Right; n++ {
				}
				n++
			case grid.Top:
				for n = 1; r+n < ans.Rows && ans.At(r+n, c) != grid.Bottom; n++ {
				}
				n++
			}
			if n > 0 {
				have[n]++
			}
		}
	}
	want := map[int]int{}
	for _, s := range pz.Fleet {
		want[s.Len] = s.Count
	}
	for l := grid.MaxSize; l >= 1; l-- {
		if have[l] != want[l] {
			return fmt.Sprintf("fleet: the answer has %d ships of length %d, the fleet line asks for %d", have[l], l, want[l])
		}
	}
	return ""
}
