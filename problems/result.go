package problems

import "time"

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
}
