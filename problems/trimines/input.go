package trimines

import "github.com/judgehq/judge/problems/trimines/board"

// Validate checks a board file strictly (see board.Parse).
func (p *Problem) Validate(input []byte) error {
	_, err := board.Parse(input)
	return err
}
