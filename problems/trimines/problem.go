// Package trimines is the TriMineSweeper problem: an interactive game on a board of
// triangular cells where the program plays or marks one cell per move. The
// interactor (interact.go) keeps the board and answers each move; Check (check.go)
// charges the program's CPU time against the points of a won board.
package trimines

import "github.com/judgehq/judge/problems"

// Problem is TriMineSweeper: the folder's metadata and data plus the rules in code.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem       = (*Problem)(nil)
	_ problems.Interactor    = (*Problem)(nil)
	_ problems.Generator     = (*Problem)(nil)
	_ problems.TimeCharger   = (*Problem)(nil)
	_ problems.FailureScorer = (*Problem)(nil)
)

// FailureScore scores a board whose run ended in a time, memory, output or
// crash verdict as a lost one: 0 points minus its CPU milliseconds.
func (p *Problem) FailureScore(u problems.Usage) float64 {
	return -float64(u.CPU.Microseconds()) / 1000
}

// TimeCharge names the CPU charge of the scoring rules.
func (p *Problem) TimeCharge() string {
	return "the point taken off per millisecond of CPU time"
}
