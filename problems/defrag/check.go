package defrag

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
)

// Penalty returns 100 × moves × (1 + ms/100), ms being the CPU time in milliseconds.
func Penalty(moves int, cpuMicros int64) float64 {
	return 100 * float64(moves) * (1 + float64(cpuMicros)/1000/100)
}

// Ratio returns moves / lb; when the bound is 0 it is 1 for no moves (the bound is
// met) and the number of moves otherwise.
func Ratio(moves, lb int) float64 {
	if lb == 0 {
		if moves == 0 {
			return 1
		}
		return float64(moves)
	}
	return float64(moves) / float64(lb)
}

// Check replays the moves in defrag01.out. A valid answer is AC with its penalty as
// the score; an invalid move or a file left in pieces is WA.
func (p *Problem) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	d, err := disk.Parse(ds.Input)
	if err != nil {
		return problems.Rejected(problems.JE, "input %s is invalid: %v", ds.Name, err)
	}
	ans, ok := out.Files[CaseOutput]
	if !ok {
		return problems.Rejected(problems.WA, "no %s written", CaseOutput)
	}
	moves, line, err := Replay(d, ans)
	if err != nil {
		if line > 0 {
			return problems.Rejected(problems.WA, "%s %v", CaseOutput, err) // err names the line and column
		}
		return problems.Rejected(problems.WA, "after %d moves: %v", moves, err)
	}
	lb := d.LowerBound()
	cpu := out.Usage.CPU.Microseconds()
	pen := Penalty(moves, cpu)
	o := problems.Accepted(pen, "%d moves (bound %d, ×%.2f), %d µs, penalty %.1f", moves, lb, Ratio(moves, lb), cpu, pen)
	o.Metrics = []problems.Metric{
		{Name: "moves", Value: float64(moves)},
		{Name: "lb", Value: float64(lb)},
		{Name: "moves_per_lb", Value: Ratio(moves, lb)},
		{Name: "cpu_us", Value: float64(cpu)},
		{Name: "penalty", Value: pen},
	}
	var det strings.Builder
	fmt.Fprintf(&det, "blocks %d, files %d, breaks %d, lower bound %d\n", d.Blocks, len(d.Files), d.Breaks(), lb)
	fmt.Fprintf(&det, "moves %d, cpu %d µs (harness), penalty %.2f\n", moves, cpu, pen)
	if own, ok := ownLog(out.Files[LogFile]); ok {
		o.Metrics = append(o.Metrics, problems.Metric{Name: "own_log_us", Value: float64(own)})
		fmt.Fprintf(&det, "the program's own challenge.log: %d µs\n", own)
	}
	if n, _, err := Replay(d, ds.Answer); err == nil && len(ds.Answer) > 0 {
		fmt.Fprintf(&det, "reference answer: %d moves\n", n)
	}
	o.Details = det.String()
	return o
}

// ownLog reads the first line of a program's challenge.log: its own figure in
// microseconds for the one case of the run.
func ownLog(b []byte) (int64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	v, err := strconv.ParseInt(string(bytes.TrimSpace(line)), 10, 64)
	if err != nil || v < 0 {
		return 0, false
	}
	return v, true
}
