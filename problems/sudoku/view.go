package sudoku

import (
	"fmt"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/sudoku/grid"
	"github.com/judgehq/judge/problems/svg"
)

var _ problems.Visualiser = (*Problem)(nil)

const (
	cellSize = 36
	viewCSS  = `.cell{fill:#fff;stroke:#bbb;stroke-width:1}.box{fill:none;stroke:#222;stroke-width:2.5}` +
		`.given{font-size:22px;font-weight:bold;fill:#111}.filled{font-size:22px;fill:#1f5fbf}` +
		`.givenbg{fill:#ececec}.clashbg{fill:#ffd9d9}.unsolvable{font-size:30px;font-weight:bold;fill:#b00;opacity:.8;` +
		`stroke:#fff;stroke-width:4px;paint-order:stroke}`
)

// sheet is what an output (or answer file) says, read as leniently as the checker
// reads content: the solution block's digits (0 where a cell holds none) and the
// status it declares.
type sheet struct {
	hasSol   bool
	sol      grid.Grid
	declared string // statusSolved, statusNone or ""
	problem  string // why the output could not be read to the end, or ""
}

// readSheet walks an output with the checker's reader: header, echo, optional
// solution block, status.
func readSheet(out []byte) sheet {
	var s sheet
	r := &reader{data: out, line: 1, col: 1}
	if _, _, ok := r.phrase(headOriginal); !ok {
		s.problem = fmt.Sprintf("no %q header", headOriginal)
		return s
	}
	for i := 0; i < grid.Size; i++ {
		if _, _, _, ok := r.next(); !ok {
			s.problem = "the output ends inside the echo of the puzzle"
			return s
		}
	}
	if _, _, ok := r.phrase(headSolution); ok {
		s.hasSol = true
		for i := 0; i < grid.Size; i++ {
			b, _, _, ok := r.next()
			if !ok {
				s.problem = "the output ends inside the solution"
				return s
			}
			if '1' <= b && b <= '9' {
				s.sol[i] = b - '0'
			}
		}
	}
	for _, st := range []string{statusSolved, statusNone} {
		if _, _, ok := r.phrase(st); ok {
			s.declared = st
			break
		}
	}
	if s.declared == "" {
		s.problem = "no status line"
	}
	return s
}

// clashes returns the filled cells of g that share a row, column or square with
// another cell holding the same digit, each with the unit they clash in.
func clashes(g grid.Grid) map[int]string {
	out := map[int]string{}
	for b := 0; b < grid.Size; b++ {
		for a := 0; a < b; a++ {
			if g[a] != 0 && g[a] == g[b] && (a/9 == b/9 || a%9 == b%9 || grid.Box(a) == grid.Box(b)) {
				u := fmt.Sprintf("%d appears twice in %s", g[a], grid.Unit(a, b))
				out[a], out[b] = u, u
			}
		}
	}
	return out
}

// Visualise draws the 9×9 grid: givens bold on grey, filled digits in blue, cells
// that clash (the same digit twice in a row, column or square) or that replace a
// given ringed in red. An unsolvable puzzle carries the word across the grid; an
// output that wrongly declares a solvable puzzle unsolvable says so in red.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	puzzle, err := ParseInput(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("sudoku %s: %w", ds.Name, err)
	}
	n, _ := Solutions(puzzle, 1)
	solvable := n > 0
	head := "sudoku " + ds.Name
	if oc != nil {
		head += " · " + string(oc.Verdict)
		if oc.Message != "" {
			head += ": " + oc.Message
		}
	}
	cap := svg.Caption{Head: head, Width: 60}
	var sh sheet
	if out != nil {
		sh = readSheet(out.Stdout)
		if sh.problem != "" {
			cap.Errs = append(cap.Errs, "output: "+sh.problem)
		}
		cap.Lines = append(cap.Lines, "bold on grey: givens; blue: the program's digits")
	} else {
		sh = readSheet(ds.Answer)
		cap.Lines = append(cap.Lines, "bold on grey: givens; blue: the answer file's digits")
	}
	shown := puzzle
	marks := map[int]string{}
	if sh.hasSol {
		for i, v := range sh.sol {
			if v != 0 {
				shown[i] = v
			}
			if puzzle[i] != 0 && v != 0 && v != puzzle[i] {
				marks[i] = fmt.Sprintf("%d replaces the given %d", v, puzzle[i])
			}
		}
	}
	for i, why := range clashes(shown) {
		if _, ok := marks[i]; !ok {
			marks[i] = why
		}
	}
	if len(marks) > 0 {
		cap.Errs = append(cap.Errs, fmt.Sprintf("%d cells ringed in red: a digit clashes or replaces a given", len(marks)))
	}
	banner := ""
	switch {
	case !solvable:
		banner = "unsolvable"
		cap.Lines = append(cap.Lines, "the puzzle has no solution")
	case sh.declared == statusNone:
		banner = "declared unsolvable"
		cap.Errs = append(cap.Errs, "the output declares the puzzle unsolvable, but it has a solution")
	}
	if solvable {
		cap.Lines = append(cap.Lines, fmt.Sprintf("%d givens", puzzle.Clues()))
	}

	const ox, oy = 12.0, 12.0
	side := 9.0 * cellSize
	w := max(ox*2+side, float64(cap.Width*7+24))
	h := oy + side + 12 + cap.Height()
	c := svg.New("pic-sudoku", w, h, svg.Style+viewCSS)
	c.Background()
	mid := svg.Attr{Name: "text-anchor", Value: "middle"}
	for i := 0; i < grid.Size; i++ {
		x, y := ox+float64(i%9*cellSize), oy+float64(i/9*cellSize)
		title := fmt.Sprintf("row %d, column %d", i/9+1, i%9+1)
		class := "cell"
		switch {
		case marks[i] != "":
			class += " clashbg"
			title += ": " + marks[i]
		case puzzle[i] != 0:
			class += " givenbg"
		}
		c.Rect(x, y, cellSize, cellSize, title, svg.Class(class))
		if v := shown[i]; v != 0 {
			cls := "filled"
			if puzzle[i] != 0 && (!sh.hasSol || sh.sol[i] == puzzle[i] || sh.sol[i] == 0) {
				cls = "given"
			}
			c.Text(x+cellSize/2, y+cellSize*0.72, fmt.Sprint(v), svg.Class(cls), mid)
		}
		if marks[i] != "" {
			c.Rect(x+2, y+2, cellSize-4, cellSize-4, title, svg.Class("bad"))
		}
	}
	for b := 0; b < 9; b++ {
		c.Rect(ox+float64(b%3*3*cellSize), oy+float64(b/3*3*cellSize), 3*cellSize, 3*cellSize, "", svg.Class("box"))
	}
	if banner != "" {
		c.Text(ox+side/2, oy+side/2+8, strings.ToUpper(banner), svg.Class("unsolvable"), mid)
	}
	cap.Draw(c, ox, oy+side+10)
	return c.Bytes(), nil
}
