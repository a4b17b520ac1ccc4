package trimines

import (
	"github.com/judgehq/judge/problems"
)

// Check turns the interactor's outcome into the board's final outcome: the score
// is n² for a won board and 0 otherwise, minus the program's CPU time in
// milliseconds (µs precision). The verdict is the interactor's (AC won, WA lost or
// broke the protocol). Metrics: won, moves, cpu_ms, points.
func (p *Problem) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	in := out.Interaction
	if in == nil {
		return problems.Rejected(problems.JE, "no interaction outcome: trimines is judged in interactive mode")
	}
	ms := float64(out.Usage.CPU.Microseconds()) / 1000
	o := *in
	o.Score = in.Score - ms
	var won, moves float64
	for _, m := range in.Metrics {
		switch m.Name {
		case "won":
			won = m.Value
		case "moves":
			moves = m.Value
		}
	}
	o.Metrics = []problems.Metric{
		{Name: "won", Value: won},
		{Name: "moves", Value: moves},
		{Name: "cpu_ms", Value: ms},
		{Name: "points", Value: o.Score},
	}
	return o
}
