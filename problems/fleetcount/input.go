package fleetcount

import "github.com/judgehq/judge/problems/fleetcount/board"

// Validate checks an input file strictly (see board.Parse); the error names the
// line and column of the first fault.
func (*Problem) Validate(input []byte) error {
	_, err := board.Parse(input)
	return err
}
