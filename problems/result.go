package problems

import (
	"bytes"
	"time"
	"unicode/utf8"
)

// Result is one judged run: one submission on one dataset of one problem. It is the
// row that the harness produces, the store keeps and the reports rank and render.
type Result struct {
	Run        string    `json:"run"`        // id of the judging run (contest or command)
	Problem    string    `json:"problem"`    // problem slug
	Submission string    `json:"submission"` // display name: an entrant or a program path
	Source     string    `json:"source"`     // the program as given (path or command)
	Hash       string    `json:"hash"`       // content hash of the submission
	Language   string    `json:"language"`   // language name from the language table
	Dataset    string    `json:"dataset"`    // dataset name, e.g. "secret/07"
	Attempt    int       `json:"attempt"`    // 0 for the first run; repeats count up
	Outcome    Outcome   `json:"outcome"`
	Usage      Usage     `json:"usage"`
	Started    time.Time `json:"started"`
	// Diff is a unified diff of the expected answer against the output, for WA and PE
	// results of checkers that compare text; empty otherwise.
	Diff string `json:"diff,omitempty"`
	// KeptOutput is the program's answer-bearing output (stdout, or the first
	// output file) of a WA or PE result when it is at most MaxKeptOutput bytes,
	// kept so that the report can draw it; nil otherwise. Not in results.json.
	KeptOutput []byte `json:"-"`
	// StderrTail is the end of the program's standard error stream (at most
	// MaxStderrTail bytes) of a result that is not AC, for the report. Not in
	// results.json (an RTE's details carry it already).
	StderrTail string `json:"-"`
}

// The most of a run's output and standard error a result keeps.
const (
	MaxKeptOutput = 256 << 10
	MaxStderrTail = 4 << 10
)

// Keep fills KeptOutput and StderrTail from a run's output and standard error,
// by the rules their fields give, once the verdict is known.
func (r *Result) Keep(output, stderr []byte) {
	r.KeptOutput, r.StderrTail = nil, ""
	v := r.Outcome.Verdict
	if v == AC || v == NJ {
		return
	}
	if (v == WA || v == PE) && len(output) <= MaxKeptOutput {
		r.KeptOutput = append([]byte{}, output...)
	}
	if len(stderr) > MaxStderrTail {
		stderr = stderr[len(stderr)-MaxStderrTail:]
		// Start on a whole line, and on a whole UTF-8 character at least.
		if i := bytes.IndexByte(stderr, '\n'); i >= 0 && i < len(stderr)-1 {
			stderr = stderr[i+1:]
		}
		for len(stderr) > 0 && !utf8.RuneStart(stderr[0]) {
			stderr = stderr[1:]
		}
	}
	r.StderrTail = string(stderr)
}
