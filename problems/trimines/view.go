package trimines

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/svg"
	"github.com/judgehq/judge/problems/trimines/board"
)

var _ problems.Visualiser = (*Problem)(nil)

// transcriptHead starts the transcript the interactor leaves in Outcome.Details.
const transcriptHead = "moves and replies:"

// maxTranscript bounds the transcript kept in an outcome: every move of a 100×100
// board fits; longer games keep their first moves and say they were cut.
const maxTranscript = 128 << 10

// transcript records a game's moves and the judge's replies, one "P r c REPLY" line
// per move, for the replay in the report.
type transcript struct {
	b     strings.Builder
	moves int
	cut   bool
}

func (t *transcript) add(m Move, reply string) {
	t.moves++
	if t.cut {
		return
	}
	if t.b.Len() == 0 {
		t.b.WriteString(transcriptHead + "\n")
	}
	if t.b.Len() > maxTranscript {
		t.cut = true
		return
	}
	t.b.WriteString(m.String())
	t.b.WriteByte(' ')
	t.b.WriteString(reply)
	t.b.WriteByte('\n')
}

// String returns the transcript, with a last line saying when it was cut.
func (t *transcript) String() string {
	if t.cut {
		return t.b.String() + fmt.Sprintf("(cut: %d moves in all)\n", t.moves)
	}
	return t.b.String()
}

// step is one recorded move with the judge's reply.
type step struct {
	m     Move
	reply string
}

// readTranscript reads the moves of a transcript; cut reports a transcript that
// stops before the game did.
func readTranscript(details string, n int) (steps []step, cut bool) {
	i := strings.Index(details, transcriptHead+"\n")
	if i < 0 {
		return nil, false
	}
	sc := bufio.NewScanner(strings.NewReader(details[i+len(transcriptHead)+1:]))
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.HasPrefix(line, []byte("(cut")) {
			return steps, true
		}
		k := bytes.LastIndexByte(line, ' ')
		if k < 0 {
			break
		}
		m, err := ParseMove(line[:k], n)
		if err != nil {
			break
		}
		steps = append(steps, step{m, string(line[k+1:])})
	}
	return steps, false
}

// Boards larger than these are drawn leaner, to keep a report of many of them
// small: no small boards of the replay above maxThumbN, no tooltips above maxTitleN.
const (
	maxThumbN = 30
	maxTitleN = 30
)

const viewCSS = `.tri{stroke:#fff;stroke-width:.6}.open{fill:#c9ced6}.played{fill:#f4f1e8}.marked{fill:#f0a030}` +
	`.lost{fill:#e01010}.bomb{fill:#555}.start{fill:none;stroke:#1a7f1a;stroke-width:2.5}` +
	`.num{fill:#234;text-anchor:middle}.thumbcap{font-size:11px;fill:#333}`

// Visualise draws the triangular board, up- and down-pointing cells as the
// statement lays them out. With an outcome (or an output's interaction) holding the
// judge's transcript it replays the game: small boards after a quarter, half and
// three quarters of the moves, then the board at the end with played cells and
// their numbers, marked bombs in orange, the move that lost in red and the bombs
// never found in grey. Without one it shows the hidden board: bombs and numbers,
// the named start cell ringed in green.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	b, err := board.Parse(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("trimines %s: %w", ds.Name, err)
	}
	n := b.N
	head := "trimines " + ds.Name
	details := ""
	if oc != nil {
		head += " · " + string(oc.Verdict)
		if oc.Message != "" {
			head += ": " + oc.Message
		}
		details = oc.Details
	}
	if out != nil && out.Interaction != nil && details == "" {
		details = out.Interaction.Details
	}
	steps, cut := readTranscript(details, n)
	replay := out != nil || oc != nil
	cap := svg.Caption{Head: head, Width: 96}
	cap.Lines = append(cap.Lines, fmt.Sprintf("%d×%d board, %d bombs, start cell (%d, %d)", n, n, b.Bombs, b.R0, b.C0))
	switch {
	case replay && details == "":
		cap.Errs = append(cap.Errs, "no transcript recorded: the hidden board is shown")
		replay = false
	case replay && cut:
		cap.Errs = append(cap.Errs, fmt.Sprintf("the transcript was cut after %d moves", len(steps)))
	}
	if replay {
		cap.Lines = append(cap.Lines, fmt.Sprintf("%d moves replayed; pale: played (with its number), orange: marked bomb, red: the losing move, grey triangles: unresolved, dark dots: bombs never found", len(steps)))
	} else {
		cap.Lines = append(cap.Lines, "the hidden board: dark dots are bombs, numbers count the bombs among a cell's neighbours; green: the start cell")
	}

	const ox, oy = 10.0, 10.0
	w := math.Min(40, 1400/float64(n+1))
	main := boardSize(n, w)
	thumbs := 0
	var tw float64
	if replay && len(steps) >= 4 && n <= maxThumbN {
		thumbs = 3
		tw = math.Min(220, (main[0]-2*10)/3)
	}
	// Thumbnails stand at least a caption's width apart ("after 12 of 48 moves",
	// about 110 px at 11 px), so that their captions never run into each other.
	step := math.Max(tw, 115) + 10
	thumbW := tw * 2 / float64(n+1)
	thumbH := 0.0
	if thumbs > 0 {
		thumbH = boardSize(n, thumbW)[1] + 18
	}
	cw := math.Max(main[0]+2*ox, float64(cap.Width*7)+20)
	cw = math.Max(cw, ox+float64(thumbs)*step)
	ch := oy + thumbH + main[1] + 10 + cap.Height()
	c := svg.New("pic-trimines", cw, ch, svg.Style+viewCSS)
	c.Background()
	for k := 1; k <= thumbs; k++ {
		upto := k * len(steps) / 4
		x := ox + float64(k-1)*step
		c.Group(fmt.Sprintf("after %d moves", upto), svg.Class("thumb"))
		drawBoard(c, b, steps[:upto], true, x, oy, thumbW, false)
		c.End()
		c.Text(x, oy+thumbH-4, fmt.Sprintf("after %d of %d moves", upto, len(steps)), svg.Class("thumbcap"))
	}
	c.Group("the board", svg.Class("main"))
	drawBoard(c, b, steps, replay, ox, oy+thumbH, w, true)
	c.End()
	cap.Draw(c, ox, oy+thumbH+main[1]+8)
	return c.Bytes(), nil
}

// boardSize returns the width and height of an n×n board of triangles of side w.
func boardSize(n int, w float64) [2]float64 {
	return [2]float64{float64(n+1) * w / 2, float64(n) * w * math.Sqrt(3) / 2}
}

// drawBoard draws the board at x, y with triangles of side w: replayed up to the end
// of steps, or (replay false) with everything revealed. main adds numbers, titles and
// classes the tests count.
func drawBoard(c *svg.Canvas, b *board.Board, steps []step, replay bool, x, y, w float64, main bool) {
	n := b.N
	h := w * math.Sqrt(3) / 2
	state := make([]byte, n*n) // 0 open, 'P' played, 'M' marked, 'L' lost
	order := make([]int, n*n)
	for k, s := range steps {
		i := s.m.R*n + s.m.C
		switch {
		case s.reply == "LOSE":
			state[i] = 'L'
		case s.m.Mark:
			state[i] = 'M'
		default:
			state[i] = 'P'
		}
		order[i] = k + 1
	}
	fontSize := w * 0.36
	for r := 0; r < n; r++ {
		for col := 0; col < n; col++ {
			i := r*n + col
			x0, y0 := x+float64(col)*w/2, y+float64(r)*h
			down := board.Down(r, col)
			pts := []float64{x0, y0 + h, x0 + w/2, y0, x0 + w, y0 + h}
			cy := y0 + h*0.72 // where the centre of the triangle's inscribed circle is
			if down {
				pts = []float64{x0, y0, x0 + w, y0, x0 + w/2, y0 + h}
				cy = y0 + h*0.38
			}
			class := "open"
			what := "unresolved"
			switch {
			case !replay && b.Bomb[i]:
				class, what = "open", "bomb"
			case !replay:
				class, what = "played", fmt.Sprintf("safe, %d", b.Count(r, col))
			case state[i] == 'P':
				class, what = "played", fmt.Sprintf("move %d: played, %d", order[i], b.Count(r, col))
			case state[i] == 'M':
				class, what = "marked", fmt.Sprintf("move %d: marked a bomb", order[i])
			case state[i] == 'L':
				class, what = "lost", fmt.Sprintf("move %d lost the game", order[i])
			}
			title := ""
			cls := "tri " + class
			if main && n <= maxTitleN {
				title = fmt.Sprintf("(%d, %d) %s: %s", r, col, map[bool]string{true: "down", false: "up"}[down], what)
			}
			if !main {
				cls = class
			}
			c.Polygon(pts, title, svg.Class(cls))
			if !main {
				continue
			}
			bomb := b.Bomb[i]
			switch {
			case bomb && (!replay || state[i] == 0 || state[i] == 'L'):
				c.Circle(x0+w/2, cy, w*0.12, "", svg.Class("bomb"))
			case !bomb && (!replay || state[i] == 'P') && w >= 14:
				c.Text(x0+w/2, cy+fontSize*0.35, fmt.Sprint(b.Count(r, col)), svg.Class("num"),
					svg.Attr{Name: "font-size", Value: svg.Num(fontSize)})
			}
			if !replay && r == b.R0 && col == b.C0 {
				c.Polygon(pts, "the start cell", svg.Class("start"))
			}
		}
	}
}
