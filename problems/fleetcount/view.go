package fleetcount

import (
	"fmt"
	"math"
	"math/big"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/fleetcount/board"
	"github.com/judgehq/judge/problems/svg"
)

var _ problems.Visualiser = (*Problem)(nil)

const viewCSS = `.cell{stroke:#fff;stroke-width:1}.num{font-size:10px;fill:#111;text-anchor:middle}` +
	`.numlight{font-size:10px;fill:#fff;text-anchor:middle}.miss{fill:#3a6fb0}.hit{stroke:#000;stroke-width:2.2}`

// Visualise draws a heat map of the per-cell counts: each cell coloured by the
// share of all placements that cover it (white none, deep red all of them), its
// count written in when it is short, misses as blue dots and hits as black crosses.
// The counts are the output's when given, else the answer file's; an output's cells
// that differ from the answer file are ringed in red.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	b, err := board.Parse(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("fleetcount %s: %w", ds.Name, err)
	}
	head := "fleetcount " + ds.Name
	if oc != nil {
		head += " · " + string(oc.Verdict)
		if oc.Message != "" {
			head += ": " + oc.Message
		}
	}
	cap := svg.Caption{Head: head, Width: 80}
	want, _ := parseAnswer(ds.Answer, b.R, b.C)
	shown := want
	var wrong [][]bool
	switch {
	case out != nil:
		got, err := parseAnswer(out.Stdout, b.R, b.C)
		if err != nil {
			cap.Errs = append(cap.Errs, "the output does not read as counts: "+err.Error())
			shown = nil
			break
		}
		shown = got
		cap.Lines = append(cap.Lines, "the program's counts")
		if want != nil {
			bad := 0
			wrong = make([][]bool, b.R)
			for i := range wrong {
				wrong[i] = make([]bool, b.C)
				for j := range wrong[i] {
					if got.cells[i][j] != want.cells[i][j] {
						wrong[i][j] = true
						bad++
					}
				}
			}
			if bad > 0 {
				cap.Errs = append(cap.Errs, fmt.Sprintf("%d cells differ from the answer file (ringed in red)", bad))
			}
			if got.total != want.total {
				cap.Errs = append(cap.Errs, fmt.Sprintf("total %s, the answer file says %s", short(got.total), short(want.total)))
			}
		}
	case want != nil:
		cap.Lines = append(cap.Lines, "the answer file's counts")
	}
	cap.Lines = append(cap.Lines, fmt.Sprintf("%d×%d, rule %s, ships %v", b.R, b.C, b.Rule, b.Ships))
	var total *big.Int
	if shown != nil {
		total, _ = new(big.Int).SetString(shown.total, 10)
		cap.Lines = append(cap.Lines, "placements in all: "+short(shown.total))
	}
	cap.Lines = append(cap.Lines, "colour: share of the placements covering the cell (white 0 %, deep red 100 %); blue dot: miss; cross: hit")

	cell := math.Min(34, 600/float64(max(b.R, b.C)))
	const ox, oy = 10.0, 10.0
	gw, gh := cell*float64(b.C), cell*float64(b.R)
	w := math.Max(gw+2*ox, float64(cap.Width*7)+20)
	h := oy + gh + 10 + cap.Height()
	c := svg.New("pic-fleetcount", w, h, svg.Style+viewCSS)
	c.Background()
	for r := 0; r < b.R; r++ {
		for k := 0; k < b.C; k++ {
			x, y := ox+float64(k)*cell, oy+float64(r)*cell
			share := 0.0
			count := "?"
			if shown != nil {
				count = shown.cells[r][k]
				share = ratio(count, total)
			}
			light := 97 - 55*share
			title := fmt.Sprintf("row %d, column %d: %s placements (%.1f %%)", r+1, k+1, short(count), 100*share)
			if wrong != nil && wrong[r][k] {
				title += fmt.Sprintf("; the answer file says %s", short(want.cells[r][k]))
			}
			c.Rect(x, y, cell, cell, title, svg.Class("cell"), svg.Fill(fmt.Sprintf("hsl(8,80%%,%.0f%%)", light)))
			switch b.Grid[r][k] {
			case board.Miss:
				c.Circle(x+cell/2, y+cell/2, cell*0.14, "miss", svg.Class("miss"))
			case board.Hit:
				d := cell * 0.28
				c.Path(fmt.Sprintf("M%s %s L%s %s M%s %s L%s %s", svg.Num(x+d), svg.Num(y+d), svg.Num(x+cell-d), svg.Num(y+cell-d),
					svg.Num(x+cell-d), svg.Num(y+d), svg.Num(x+d), svg.Num(y+cell-d)), "hit", svg.Class("hit"))
			default:
				if len(count) <= 4 && cell >= 24 && shown != nil {
					cls := "num"
					if share > 0.6 {
						cls = "numlight"
					}
					c.Text(x+cell/2, y+cell*0.62, count, svg.Class(cls))
				}
			}
			if wrong != nil && wrong[r][k] {
				c.Rect(x+2, y+2, cell-4, cell-4, title, svg.Class("bad"))
			}
		}
	}
	cap.Draw(c, ox, oy+gh+8)
	return c.Bytes(), nil
}

// ratio returns count/total as a float in [0, 1] (0 when total is 0 or either
// does not parse; counts above the total, which only a wrong output has, give 1).
func ratio(count string, total *big.Int) float64 {
	v, ok := new(big.Int).SetString(count, 10)
	if !ok || total == nil || total.Sign() == 0 {
		return 0
	}
	f, _ := new(big.Rat).SetFrac(v, total).Float64()
	return math.Max(0, math.Min(1, f))
}
