package defrag

import (
	"fmt"
	"math"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
	"github.com/judgehq/judge/problems/svg"
)

var _ problems.Visualiser = (*Problem)(nil)

const (
	bandWidth  = 720.0 // pixels for the whole disk
	bandHeight = 22.0
	bandGap    = 16.0
	labelWidth = 120.0
	maxStages  = 7 // bands after the first: the moves are cut into at most this many stages
	viewCSS    = `.band{fill:#fff;stroke:#888;stroke-width:1}.stage{font-size:12px;fill:#333}` +
		`.frag{stroke:#000;stroke-width:.4}.lastmove{fill:none;stroke:#000;stroke-width:1.5;stroke-dasharray:3 2}`
)

// Visualise draws the disk as bands, one per stage of the moves: the disk before
// any move, after evenly spaced numbers of moves, and after the last one (or just
// before the move that failed, whose destination is ringed in red). Each file has
// its own hue: strong while the file is in pieces, pale once it lies in one run, so
// the fragmented files stand out. Without an output the answer file's moves are
// drawn. The caption gives moves, the lower bound, moves per bound and the penalty.
func (p *Problem) Visualise(ds problems.Dataset, out *problems.Output, oc *problems.Outcome) ([]byte, error) {
	d, err := disk.Parse(ds.Input)
	if err != nil {
		return nil, fmt.Errorf("defrag %s: %w", ds.Name, err)
	}
	head := "defrag " + ds.Name
	if oc != nil {
		head += " · " + string(oc.Verdict)
		if oc.Message != "" {
			head += ": " + oc.Message
		}
	}
	cap := svg.Caption{Head: head, Width: 128}
	src := ds.Answer
	whose := "the answer file's"
	var cpu time.Duration
	if out != nil {
		src, whose, cpu = out.Files[CaseOutput], "the program's", out.Usage.CPU
		if _, ok := out.Files[CaseOutput]; !ok {
			cap.Errs = append(cap.Errs, "no "+CaseOutput+" written")
		}
	}
	var moves []Move
	if _, err := MoveLines(src, func(_ int, m Move) error { moves = append(moves, m); return nil }); err != nil {
		cap.Errs = append(cap.Errs, fmt.Sprintf("%s %v (the moves before it are drawn)", CaseOutput, err)) // err names the line and column
	}

	// Replay, taking snapshots at the stage boundaries.
	sim := NewSimulator(d)
	stages := min(len(moves), maxStages)
	type snap struct {
		after  int
		blocks []int32
		failed *Move
	}
	snaps := []snap{{0, append([]int32(nil), sim.blocks...), nil}}
	done := 0
	for j := 1; j <= stages; j++ {
		upto := int(math.Round(float64(j) * float64(len(moves)) / float64(stages)))
		var failed *Move
		for ; done < upto; done++ {
			if err := sim.Apply(moves[done]); err != nil {
				cap.Errs = append(cap.Errs, fmt.Sprintf("move %d: %v", done+1, err))
				m := moves[done]
				failed = &m
				break
			}
		}
		snaps = append(snaps, snap{done, append([]int32(nil), sim.blocks...), failed})
		if failed != nil {
			break
		}
	}
	lb := d.LowerBound()
	cap.Lines = append(cap.Lines,
		fmt.Sprintf("%d blocks, %d files, %d breaks; lower bound %d moves", d.Blocks, len(d.Files), d.Breaks(), lb),
		fmt.Sprintf("%s moves: %d (moves/LB ×%.2f)", whose, len(moves), Ratio(len(moves), lb)))
	if out != nil {
		pen := Penalty(len(moves), cpu.Microseconds())
		if oc != nil && oc.Verdict == problems.AC {
			pen = oc.Score
		}
		cap.Lines = append(cap.Lines, fmt.Sprintf("CPU %d µs, penalty %.1f", cpu.Microseconds(), pen))
	}
	cap.Lines = append(cap.Lines, "strong colour: a file still in pieces; pale: a file in one run; white: free")

	const ox, oy = 10.0, 10.0
	w := ox*2 + labelWidth + bandWidth + 90
	h := oy + float64(len(snaps))*(bandHeight+bandGap) + cap.Height() + 6
	c := svg.New("pic-defrag", w, h, svg.Style+viewCSS)
	c.Background()
	for k, s := range snaps {
		y := oy + float64(k)*(bandHeight+bandGap)
		label := "before"
		switch {
		case s.failed != nil:
			label = fmt.Sprintf("stuck at move %d", s.after+1)
		case k > 0 && s.after == len(moves):
			label = fmt.Sprintf("after all %d", s.after)
		case k > 0:
			label = fmt.Sprintf("after %d moves", s.after)
		}
		// Tooltips on the first and the last band only, to keep the picture small.
		tips := k == 0 || k == len(snaps)-1
		pieces := drawBand(c, d, sim, s.blocks, ox+labelWidth, y, fmt.Sprintf("%s: %s", label, ds.Name), tips)
		c.Text(ox, y+bandHeight*0.7, label, svg.Class("stage"))
		c.Text(ox+labelWidth+bandWidth+6, y+bandHeight*0.7, fmt.Sprintf("%d in pieces", pieces), svg.Class("stage"))
		if s.failed != nil {
			x0 := ox + labelWidth + float64(s.failed.To)*bandWidth/float64(d.Blocks)
			wd := max(3, float64(s.failed.Count)*bandWidth/float64(d.Blocks))
			c.Rect(x0, y-2, min(wd, ox+labelWidth+bandWidth-x0+2), bandHeight+4, "the failed move's destination: "+s.failed.String(), svg.Class("bad"))
		}
	}
	cap.Draw(c, ox, oy+float64(len(snaps))*(bandHeight+bandGap)-6)
	return c.Bytes(), nil
}

// drawBand draws one state of the disk as a band and returns how many files are in
// pieces in it. Blocks are binned into at most one bin per pixel; a bin shows the
// file of its first data block.
func drawBand(c *svg.Canvas, d *disk.Disk, sim *Simulator, blocks []int32, x, y float64, title string, tips bool) int {
	c.Rect(x, y, bandWidth, bandHeight, title, svg.Class("band"))
	nf := len(d.Files)
	if nf == 0 {
		return 0
	}
	used := sim.base[nf]
	pos := make([]int32, used)
	for b, id := range blocks {
		if id != free {
			pos[id] = int32(b)
		}
	}
	whole := make([]bool, nf)
	pieces := 0
	for f := 0; f < nf; f++ {
		whole[f] = true
		for id := sim.base[f] + 1; id < sim.base[f+1]; id++ {
			if pos[id] != pos[id-1]+1 {
				whole[f] = false
				pieces++
				break
			}
		}
	}
	bins := min(len(blocks), int(bandWidth))
	fileAt := make([]int, bins)
	for b := range bins {
		fileAt[b] = -1
		lo, hi := b*len(blocks)/bins, (b+1)*len(blocks)/bins
		for i := lo; i < hi; i++ {
			if blocks[i] != free {
				fileAt[b] = sim.fileOf(blocks[i])
				break
			}
		}
	}
	px := bandWidth / float64(bins)
	for b := 0; b < bins; {
		e := b + 1
		for e < bins && fileAt[e] == fileAt[b] {
			e++
		}
		if f := fileAt[b]; f >= 0 {
			hue := math.Mod(float64(f)*137.508, 360)
			fill := fmt.Sprintf("hsl(%.0f,30%%,80%%)", hue)
			class := "run"
			state := "in one run"
			if !whole[f] {
				fill = fmt.Sprintf("hsl(%.0f,80%%,45%%)", hue)
				class = "run frag"
				state = "in pieces"
			}
			tip := ""
			if tips {
				tip = fmt.Sprintf("file %d (%s)", f+1, state)
			}
			c.Rect(x+float64(b)*px, y, float64(e-b)*px, bandHeight, tip, svg.Class(class), svg.Fill(fill))
		}
		b = e
	}
	return pieces
}
