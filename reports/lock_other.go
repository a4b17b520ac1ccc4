//go:build !unix

package reports

import "context"

// LockFolder does nothing on this system, which has no flock: two judges
// writing one report folder at once are not serialised here (see lock_unix.go
// for what the lock guards).
func LockFolder(ctx context.Context, parent string, note func(string)) (func(), error) {
	return func() {}, ctx.Err()
}
