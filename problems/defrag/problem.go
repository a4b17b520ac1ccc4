// Package defrag is the disk defragmentation problem: a program reads a simulated
// disk from defragNN.in and writes block moves to defragNN.out that leave every file
// in one piece. The checker replays the moves; a valid answer scores a penalty of
// 100 per move, raised by 1 % per millisecond of CPU time the harness measured.
package defrag

import (
	"github.com/judgehq/judge/problems"
)

// The files of one run: the harness gives every case a working directory of its own
// with a one-case defrag.in, so each case's CPU time is its own.
const (
	IndexFile  = "defrag.in"
	CaseInput  = "defrag01.in"
	CaseOutput = "defrag01.out"
	LogFile    = "challenge.log"
)

// Problem is the defrag problem.
type Problem struct {
	*problems.Folder
}

// New returns the problem for its loaded folder.
func New(f *problems.Folder) problems.Problem { return &Problem{Folder: f} }

var (
	_ problems.Problem     = (*Problem)(nil)
	_ problems.FileIO      = (*Problem)(nil)
	_ problems.Generator   = (*Problem)(nil)
	_ problems.TimeCharger = (*Problem)(nil)
)

// TimeCharge names the CPU charge of the scoring rules.
func (p *Problem) TimeCharge() string {
	return "the 1 % added to a case's penalty per millisecond of CPU time"
}

// InputFiles returns defrag.in (one case) and the case as defrag01.in.
func (p *Problem) InputFiles(ds problems.Dataset) (map[string][]byte, error) {
	return map[string][]byte{IndexFile: []byte("1\n"), CaseInput: ds.Input}, nil
}

// OutputFiles names the answer file and the program's own optional timing log.
func (p *Problem) OutputFiles(problems.Dataset) []string {
	return []string{CaseOutput, LogFile}
}
