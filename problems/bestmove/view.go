package bestmove

import (
	"fmt"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/bestmove/board"
	"github.com/judgehq/judge/problems/svg"
)

var _ problems.Visualiser = (*Problem)(nil)

const (
	sq       = 22.0 // side of one square
	perRow   = 3    // boards side by side
	boardGap = 26.0
	viewCSS  = `.cell{stroke:#fff;stroke-width:1}.miss{fill:#d8dde3}.hit{fill:#e03c31}.sunk{fill:#555}` +
		`.empty{fill:#f6f6f6}.best{fill:none;stroke:#0a8a2a;stroke-width:2.5}.named{fill:#1f5fbf}` +
		`.axis{font-size:10px;fill:#666;text-anchor:middle}.val{font-size:9px;fill:#222;text-anchor:middle}` +
		`.setcap{font-size:12px;fill:#222}.setbad{font-size:12px;fill:#b00}`
)

// Visualise draws every data set as a 10×10 heat map of the placement values the
// statement defines (only squares that may be the best move are coloured, the
// others show their shot: grey miss, red hit, dark sunk), the best squares ringed
// in green. With an output, the squares the program named are blue dots, and a
// named square that is not a best move is ringed in red.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	pos, err := board.Parse(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("bestmove %s: %w", ds.Name, err)
	}
	head := "bestmove " + ds.Name
	if oc != nil {
		head += " · " + string(oc.Verdict)
		if oc.Message != "" {
			head += ": " + oc.Message
		}
	}
	cap := svg.Caption{Head: head, Width: 100}
	var got answer
	if out != nil {
		var perr error
		got, perr = parseAnswer(out.Stdout)
		if perr != nil {
			cap.Errs = append(cap.Errs, "the output reads only up to "+perr.Error())
		}
	}
	cap.Lines = append(cap.Lines, "colour: the value of a square that may be the best move (pale: the lowest candidate, deep orange: the best); green ring: the best squares",
		"grey: miss, red: hit, dark: sunk; blue dot: a square the output names, red ring: named but not best")

	const ox, oy = 10.0, 10.0
	bw := 16 + 10*sq // board width with its row labels
	bh := 14 + 10*sq + 34
	rows := (len(pos) + perRow - 1) / perRow
	w := max(ox*2+float64(min(len(pos), perRow))*(bw+boardGap), float64(cap.Width*7)+20)
	h := oy + float64(rows)*(bh+10) + cap.Height()
	c := svg.New("pic-bestmove", w, h, svg.Style+viewCSS)
	c.Background()
	for k := range pos {
		p := &pos[k]
		x := ox + float64(k%perRow)*(bw+boardGap)
		y := oy + float64(k/perRow)*(bh+10)
		best := Solve(p)
		var named []string
		if k < len(got.sets) {
			named = got.sets[k].squares
		}
		drawSet(c, p, best, named, out != nil, x, y, k+1)
	}
	cap.Draw(c, ox, oy+float64(rows)*(bh+10)-4)
	return c.Bytes(), nil
}

// drawSet draws one data set at x, y.
func drawSet(c *svg.Canvas, p *board.Position, best Best, named []string, haveOut bool, x, y float64, set int) {
	value, candidate := values(p)
	isBest := map[string]bool{}
	for _, s := range best.Squares {
		isBest[s.String()] = true
	}
	isNamed := map[string]bool{}
	for _, s := range named {
		isNamed[s] = true
	}
	lo := best.Value // the lowest candidate value, where the colour scale starts
	for r := range board.Size {
		for col := range board.Size {
			if candidate[r][col] {
				lo = min(lo, value[r][col])
			}
		}
	}
	c.Group(fmt.Sprintf("data set %d", set), svg.Class("set"))
	gx, gy := x+16, y+14
	for col := 0; col < board.Size; col++ {
		c.Text(gx+float64(col)*sq+sq/2, y+10, string(rune('A'+col)), svg.Class("axis"))
	}
	for r := 0; r < board.Size; r++ {
		c.Text(x+7, gy+float64(r)*sq+sq*0.65, fmt.Sprint(r+1), svg.Class("axis"))
		for col := 0; col < board.Size; col++ {
			cx, cy := gx+float64(col)*sq, gy+float64(r)*sq
			name := board.SquareName(r, col)
			title := name
			var attrs []svg.Attr
			switch {
			case candidate[r][col]:
				v := value[r][col]
				share := 0.0
				if best.Value > lo {
					share = float64(v-lo) / float64(best.Value-lo)
				}
				attrs = []svg.Attr{svg.Class("cell cand"), svg.Fill(fmt.Sprintf("hsl(32,95%%,%.0f%%)", 94-44*share))}
				title = fmt.Sprintf("%s: value %d", name, v)
			case p.Grid[r][col] == board.Miss:
				attrs, title = []svg.Attr{svg.Class("cell miss")}, ""
			case p.Grid[r][col] == board.Hit:
				attrs, title = []svg.Attr{svg.Class("cell hit")}, ""
			case p.Grid[r][col] == board.Sunk:
				attrs, title = []svg.Attr{svg.Class("cell sunk")}, ""
			default:
				attrs, title = []svg.Attr{svg.Class("cell empty")}, ""
			}
			c.Rect(cx, cy, sq, sq, title, attrs...)
			if candidate[r][col] && value[r][col] > 0 {
				c.Text(cx+sq/2, cy+sq*0.64, fmt.Sprint(value[r][col]), svg.Class("val"))
			}
			if isBest[name] {
				c.Rect(cx+1.5, cy+1.5, sq-3, sq-3, name+": a best move", svg.Class("best"))
			}
			if isNamed[name] {
				c.Circle(cx+sq*0.8, cy+sq*0.22, 3, name+": named by the output", svg.Class("named"))
				if !isBest[name] {
					c.Rect(cx+3, cy+3, sq-6, sq-6, name+": named, but not a best move", svg.Class("bad"))
				}
			}
		}
	}
	names := make([]string, len(best.Squares))
	for i, s := range best.Squares {
		names[i] = s.String()
	}
	base := gy + 10*sq
	c.Text(x, base+14, fmt.Sprintf("Set %d (%s): best %d at %s", set, string(p.Ships), best.Value, strings.Join(names, ", ")), svg.Class("setcap"))
	if haveOut {
		cls := "setcap"
		if strings.Join(named, ",") != strings.Join(names, ",") {
			cls = "setbad"
		}
		said := "nothing"
		if len(named) > 0 {
			said = strings.Join(named, ", ")
		}
		c.Text(x, base+28, "output: "+said, svg.Class(cls))
	}
	c.End()
}
