package defrag

import "github.com/judgehq/judge/problems/defrag/disk"

// Validate checks a defragNN.in file strictly.
func (p *Problem) Validate(input []byte) error {
	_, err := disk.Parse(input)
	return err
}
