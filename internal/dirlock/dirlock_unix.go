//go:build unix

package dirlock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Try takes an exclusive lock on the folder dir without waiting. ok is false
// when another open descriptor holds it (a running process, or this one
// through another Try); release drops a lock taken. On a file system that
// cannot lock, ok is true and nothing is held.
func Try(dir string) (release func(), ok bool, err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false, fmt.Errorf("locking %s: %w", dir, err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return func() {
				_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			f.Close()
			return nil, false, nil
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOTSUP):
			f.Close()
			return func() {}, true, nil
		default:
			f.Close()
			return nil, false, fmt.Errorf("locking %s: %w", dir, err)
		}
	}
}
