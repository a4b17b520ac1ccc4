package reports

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// Task is one problem's share of a run: how many jobs (submission × dataset ×
// attempt) it has.
type Task struct {
	Problem string
	Jobs    int
}

// Progress shows how far a judging run has got, one entry per problem with its
// jobs done and a tally of verdicts. On a terminal it draws a live bar per problem;
// elsewhere (a pipe, a CI log) it writes a plain line at most once per interval, and
// a last one when the run finishes. It is safe for concurrent use.
type Progress struct {
	mu       sync.Mutex
	w        io.Writer
	interval time.Duration
	last     time.Time
	tasks    []Task
	done     map[string]int
	tally    map[string]map[problems.Verdict]int
	bars     map[string]*mpb.Bar
	pool     *mpb.Progress
	finished bool
}

// NewProgress starts showing progress on w for the given tasks. tty selects live
// bars (pass true only when w is a terminal); interval spaces the plain lines (every
// result gets one when it is zero). Cancelling ctx stops the bars; call Finish in any
// case.
func NewProgress(ctx context.Context, w io.Writer, tty bool, interval time.Duration, tasks []Task) *Progress {
	p := &Progress{w: w, interval: interval, tasks: append([]Task(nil), tasks...),
		done: map[string]int{}, tally: map[string]map[problems.Verdict]int{}}
	for _, t := range tasks {
		p.tally[t.Problem] = map[problems.Verdict]int{}
	}
	if !tty {
		return p
	}
	width := 0
	for _, t := range tasks {
		width = max(width, len(t.Problem))
	}
	// The caller has decided w is a terminal, so refresh even if mpb cannot tell.
	p.pool = mpb.NewWithContext(ctx, mpb.WithOutput(w),
		mpb.WithRefreshRate(150*time.Millisecond), mpb.WithAutoRefresh())
	p.bars = map[string]*mpb.Bar{}
	for _, t := range tasks {
		name := t.Problem
		p.bars[name] = p.pool.AddBar(int64(t.Jobs), mpb.BarWidth(30),
			mpb.PrependDecorators(
				// The bars reach the terminal unescaped: a package's name is escaped here.
				decor.Name(Printable(name), decor.WC{W: width + 1, C: decor.DindentRight}),
				decor.CountersNoUnit("%d/%d", decor.WCSyncSpace),
			),
			mpb.AppendDecorators(
				decor.Any(func(decor.Statistics) string {
					p.mu.Lock()
					defer p.mu.Unlock()
					return tallyText(p.tally[name], false)
				}),
				decor.Elapsed(decor.ET_STYLE_GO, decor.WC{W: 6}),
			),
		)
	}
	return p
}

// Add counts one finished job.
func (p *Progress) Add(r problems.Result) {
	p.mu.Lock()
	if p.finished {
		p.mu.Unlock()
		return
	}
	p.done[r.Problem]++
	if p.tally[r.Problem] == nil {
		p.tally[r.Problem] = map[problems.Verdict]int{}
	}
	p.tally[r.Problem][r.Outcome.Verdict]++
	bar := p.bars[r.Problem]
	var line string
	if p.pool == nil {
		if now := time.Now(); p.interval <= 0 || now.Sub(p.last) >= p.interval {
			p.last = now
			line = p.lineLocked("progress")
		}
	}
	p.mu.Unlock()
	if bar != nil {
		bar.Increment()
	}
	if line != "" {
		io.WriteString(p.w, line)
	}
}

// Finish stops the display: bars of unfinished problems are left where they
// stopped, and in plain mode a last line gives the final counts.
func (p *Progress) Finish() {
	p.mu.Lock()
	if p.finished {
		p.mu.Unlock()
		return
	}
	p.finished = true
	var line string
	if p.pool == nil {
		line = p.lineLocked("done")
	}
	p.mu.Unlock()
	if p.pool != nil {
		for _, b := range p.bars {
			if !b.Completed() {
				b.Abort(false)
			}
		}
		p.pool.Wait()
		return
	}
	io.WriteString(p.w, line)
}

// lineLocked is the plain progress line, e.g.
// "progress: sudoku 12/40 (10 AC, 2 WA); trimines 0/12".
func (p *Progress) lineLocked(label string) string {
	var parts []string
	for _, t := range p.tasks {
		s := t.Problem + " " + strconv.Itoa(p.done[t.Problem]) + "/" + strconv.Itoa(t.Jobs)
		if tl := tallyText(p.tally[t.Problem], false); tl != "" {
			s += " (" + tl + ")"
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("%s: %s\n", label, strings.Join(parts, "; "))
}
