//go:build !linux

package store

// Claim does nothing on this system: two judge commands may judge one run
// at once (each job's result is kept once all the same).
func (s *Store) Claim(id string) (release func(), err error) { return func() {}, nil }
