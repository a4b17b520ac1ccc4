package battleships

import (
	"fmt"
	"sort"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships/grid"
	"github.com/judgehq/judge/problems/svg"
)

var _ problems.Visualiser = (*Problem)(nil)

// cellSize is the side of one grid cell in the picture.
const cellSize = 28

const viewStyle = `.cell{fill:#eef5fb;stroke:#9db4c8;stroke-width:1}` +
	`.ship-given{fill:#333}.ship-placed{fill:#2f6db5}.ship-ref{fill:#7d9cc0}` +
	`.water-given{fill:#7fb2e0;font-size:16px}.undecided{fill:#999;font-size:14px}` +
	`.count{font-size:13px;fill:#222}.ghost{opacity:.35}`

// finding is a rule an answer breaks and the cells (row-major indices) that break it.
type finding struct {
	rule  string
	cells []int
	rows  []int // row counts that are not met (0-based)
	cols  []int // column counts that are not met
}

// Visualise draws the grid with its row and column counts. Given cells are dark,
// placed ships blue, each ship drawn as one shape; without an output the answer
// file is drawn in a paler blue. On a wrong answer every cell that breaks a rule is
// ringed in red, its tooltip naming the rule, and the rules are listed below.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	pz, err := grid.Parse(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("battleships %s: %w", ds.Name, err)
	}
	cap := svg.Caption{Head: head(ds, oc), Width: max(56, (pz.Cols*cellSize+60)/7)}
	var shown *grid.Puzzle // the filled grid drawn over the puzzle, if any
	placedClass := "ship-placed"
	var finds []finding
	switch {
	case out != nil:
		ans, _, err := grid.Tolerant(out.Stdout)
		switch {
		case len(out.Stdout) == 0:
			cap.Errs = append(cap.Errs, "the program wrote nothing")
		case err != nil:
			cap.Errs = append(cap.Errs, "the output does not read as a grid: "+err.Error())
		case ans.Rows != pz.Rows || ans.Cols != pz.Cols:
			cap.Errs = append(cap.Errs, fmt.Sprintf("the output is a %dx%d grid, the puzzle %dx%d", ans.Rows, ans.Cols, pz.Rows, pz.Cols))
		default:
			shown = ans
			finds = findings(pz, ans)
			if msg := judge(pz, ans); msg != "" && (oc == nil || oc.Message != msg) {
				cap.Errs = append(cap.Errs, "checker: "+msg)
			}
			for _, f := range finds {
				cap.Errs = append(cap.Errs, fmt.Sprintf("marked: %s", f.rule))
			}
			cap.Lines = append(cap.Lines, "dark: given cells; blue: ships the program placed")
		}
	default:
		if ans, err := grid.Parse(ds.Answer); err == nil && ans.Rows == pz.Rows && ans.Cols == pz.Cols {
			shown = ans
			placedClass = "ship-ref"
			cap.Lines = append(cap.Lines, "dark: given cells; pale blue: the answer file")
		} else {
			cap.Lines = append(cap.Lines, "the puzzle (no answer to draw)")
		}
	}
	cap.Lines = append(cap.Lines, "fleet: "+grid.FleetString(pz.Fleet))

	const ox, oy = 12.0, 12.0
	gw, gh := float64(pz.Cols*cellSize), float64(pz.Rows*cellSize)
	w := max(ox+gw+40, float64(cap.Width*7+24))
	h := oy + gh + 26 + cap.Height() + 8
	c := svg.New("pic-battleships", w, h, svg.Style+viewStyle)
	c.Background()

	badCell := map[int][]string{}
	badRow, badCol := map[int]bool{}, map[int]bool{}
	for _, f := range finds {
		for _, i := range f.cells {
			badCell[i] = append(badCell[i], f.rule)
		}
		for _, r := range f.rows {
			badRow[r] = true
		}
		for _, k := range f.cols {
			badCol[k] = true
		}
	}
	at := func(i int) (float64, float64) {
		return ox + float64(i%pz.Cols*cellSize), oy + float64(i/pz.Cols*cellSize)
	}
	for i := range pz.Cells {
		x, y := at(i)
		c.Rect(x, y, cellSize, cellSize, fmt.Sprintf("row %d, column %d", i/pz.Cols+1, i%pz.Cols+1), svg.Class("cell"))
	}
	// Ships: every group of joined parts as one vessel.
	cells := pz.Cells
	if shown != nil {
		cells = shown.Cells
	}
	for _, v := range vessels(pz.Rows, pz.Cols, cells) {
		c.Group(fmt.Sprintf("ship of length %d", len(v)), svg.Class("vessel"))
		for _, i := range v {
			class := placedClass
			if grid.IsShip(pz.Cells[i]) {
				class = "ship-given"
			}
			x, y := at(i)
			drawPart(c, x, y, cells[i], across(pz.Rows, pz.Cols, cells, i), class)
		}
		c.End()
	}
	for i, h := range pz.Cells {
		if shown != nil && grid.IsShip(h) && !grid.IsShip(shown.Cells[i]) {
			// A given ship part the answer dropped: drawn faintly where it was.
			x, y := at(i)
			drawPart(c, x, y, h, across(pz.Rows, pz.Cols, pz.Cells, i), "ship-given ghost")
		}
	}
	for i, b := range cells {
		x, y := at(i)
		switch {
		case pz.Cells[i] == grid.Water:
			c.Text(x+cellSize/2, y+cellSize*0.68, "~", svg.Class("water-given"), svg.Attr{Name: "text-anchor", Value: "middle"})
		case shown != nil && (b == grid.Blank || b == grid.Part) && !grid.IsShip(pz.Cells[i]):
			c.Text(x+cellSize/2, y+cellSize*0.68, "?", svg.Class("undecided"), svg.Attr{Name: "text-anchor", Value: "middle"})
		}
	}
	keys := make([]int, 0, len(badCell))
	for i := range badCell {
		keys = append(keys, i)
	}
	sort.Ints(keys)
	for _, i := range keys {
		x, y := at(i)
		c.Rect(x+2, y+2, cellSize-4, cellSize-4, fmt.Sprintf("row %d, column %d: %s", i/pz.Cols+1, i%pz.Cols+1, strings.Join(badCell[i], "; ")), svg.Class("bad"))
	}
	mid := svg.Attr{Name: "text-anchor", Value: "middle"}
	for r, n := range pz.RowCounts {
		class := "count"
		if badRow[r] {
			class = "labelbad"
		}
		c.Text(ox+gw+8, oy+float64(r*cellSize)+cellSize*0.65, fmt.Sprint(n), svg.Class(class))
	}
	for k, n := range pz.ColCounts {
		class := "count"
		if badCol[k] {
			class = "labelbad"
		}
		c.Text(ox+float64(k*cellSize)+cellSize/2, oy+gh+17, fmt.Sprint(n), svg.Class(class), mid)
	}
	cap.Draw(c, ox, oy+gh+26)
	return c.Bytes(), nil
}

// head is the caption's first line: the dataset and, when judged, the verdict.
func head(ds problems.Dataset, oc *problems.Outcome) string {
	s := "battleships " + ds.Name
	if oc != nil {
		s += " · " + string(oc.Verdict)
		if oc.Message != "" {
			s += ": " + oc.Message
		}
	}
	return s
}

// vessels groups the ship parts of cells into ships joined along rows and columns
// (bent groups stay one group, so they show as the broken shape they are).
func vessels(rows, cols int, cells []byte) [][]int {
	seen := make([]bool, len(cells))
	var out [][]int
	for i, b := range cells {
		if seen[i] || !grid.IsShip(b) {
			continue
		}
		var v []int
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			v = append(v, j)
			r, c := j/cols, j%cols
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || cc < 0 || rr >= rows || cc >= cols {
					continue
				}
				k := rr*cols + cc
				if !seen[k] && grid.IsShip(cells[k]) {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		sort.Ints(v)
		out = append(out, v)
	}
	return out
}

// across reports whether the ship part at i has a ship neighbour in its row.
func across(rows, cols int, cells []byte, i int) bool {
	r, c := i/cols, i%cols
	return c > 0 && grid.IsShip(cells[r*cols+c-1]) || c+1 < cols && grid.IsShip(cells[r*cols+c+1])
}

// drawPart draws one ship part as the piece of a ship its symbol names.
func drawPart(c *svg.Canvas, x, y float64, b byte, horizontal bool, class string) {
	const s = cellSize
	const m = s * 0.14
	r := (s - 2*m) / 2
	n := svg.Num
	cls := svg.Class("ship " + class)
	title := fmt.Sprintf("%q", b)
	switch b {
	case grid.Sub:
		c.Circle(x+s/2, y+s/2, r, title, cls)
	case grid.Left:
		c.Path(fmt.Sprintf("M%s %s H%s A%s %s 0 0 0 %s %s H%s Z", n(x+s), n(y+m), n(x+m+r), n(r), n(r), n(x+m+r), n(y+s-m), n(x+s)), title, cls)
	case grid.Right:
		c.Path(fmt.Sprintf("M%s %s H%s A%s %s 0 0 1 %s %s H%s Z", n(x), n(y+m), n(x+s-m-r), n(r), n(r), n(x+s-m-r), n(y+s-m), n(x)), title, cls)
	case grid.Top:
		c.Path(fmt.Sprintf("M%s %s V%s A%s %s 0 0 1 %s %s V%s Z", n(x+m), n(y+s), n(y+m+r), n(r), n(r), n(x+s-m), n(y+m+r), n(y+s)), title, cls)
	case grid.Bottom:
		c.Path(fmt.Sprintf("M%s %s V%s A%s %s 0 0 0 %s %s V%s Z", n(x+m), n(y), n(y+s-m-r), n(r), n(r), n(x+s-m), n(y+s-m-r), n(y)), title, cls)
	case grid.Middle:
		if horizontal {
			c.Rect(x, y+m, s, s-2*m, title, cls)
		} else {
			c.Rect(x+m, y, s-2*m, s, title, cls)
		}
	default: // X: a part whose kind is not revealed
		c.Rect(x+m, y+m, s-2*m, s-2*m, "ship part of unknown kind", cls)
	}
}

// findings lists every rule of the statement that ans breaks as an answer to pz,
// with the cells that break it. The checker stops at the first rule broken; the
// picture shows them all. ans must have pz's size.
func findings(pz, ans *grid.Puzzle) []finding {
	var out []finding
	add := func(rule string, i int) {
		for k := range out {
			if out[k].rule == rule {
				out[k].cells = append(out[k].cells, i)
				return
			}
		}
		out = append(out, finding{rule: rule, cells: []int{i}})
	}
	ship := func(r, c int) bool { return grid.IsShip(ans.At(r, c)) }
	for i, b := range ans.Cells {
		if b == grid.Blank || b == grid.Part {
			add("undecided cell", i)
		}
		if h := pz.Cells[i]; h != grid.Blank && h != b && !(h == grid.Part && grid.IsShip(b)) {
			add("given cell changed", i)
		}
	}
	for r := 0; r < ans.Rows; r++ {
		for c := 0; c < ans.Cols; c++ {
			if !ship(r, c) {
				continue
			}
			i := r*ans.Cols + c
			hor := ship(r, c-1) || ship(r, c+1)
			ver := ship(r-1, c) || ship(r+1, c)
			if hor && ver {
				add("bent ship", i)
			} else if want := symbolFor(ans, r, c, hor, ver); ans.At(r, c) != grid.Part && ans.At(r, c) != want {
				add("wrong ship symbol", i)
			}
			for _, d := range [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				if ship(r+d[0], c+d[1]) && !ship(r+d[0], c) && !ship(r, c+d[1]) {
					add("ships touch diagonally", i)
					break
				}
			}
		}
	}
	var rowsBad, colsBad []int
	for r := 0; r < ans.Rows; r++ {
		n := 0
		for c := 0; c < ans.Cols; c++ {
			if ship(r, c) {
				n++
			}
		}
		if n != pz.RowCounts[r] {
			rowsBad = append(rowsBad, r)
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
			colsBad = append(colsBad, c)
		}
	}
	if len(rowsBad) > 0 || len(colsBad) > 0 {
		out = append(out, finding{rule: "row or column count not met (counts in red)", rows: rowsBad, cols: colsBad})
	}
	want := map[int]int{}
	for _, s := range pz.Fleet {
		want[s.Len] = s.Count
	}
	have := map[int]int{}
	vs := vessels(ans.Rows, ans.Cols, ans.Cells)
	for _, v := range vs {
		have[len(v)]++
	}
	for _, v := range vs {
		if have[len(v)] > want[len(v)] {
			for _, i := range v {
				add(fmt.Sprintf("more ships of length %d than the fleet has", len(v)), i)
			}
		}
	}
	return out
}

// symbolFor is the symbol the ship part at (r, c) needs given its neighbours.
func symbolFor(ans *grid.Puzzle, r, c int, hor, ver bool) byte {
	ship := func(r, c int) bool { return grid.IsShip(ans.At(r, c)) }
	switch {
	case hor && ship(r, c-1) && ship(r, c+1), ver && ship(r-1, c) && ship(r+1, c):
		return grid.Middle
	case hor && ship(r, c+1):
		return grid.Left
	case hor:
		return grid.Right
	case ver && ship(r+1, c):
		return grid.Top
	case ver:
		return grid.Bottom
	}
	return grid.Sub
}
