//go:build unix

package reports

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// LockFolder takes an exclusive lock on the folder parent, waiting while ctx
// allows for other writers that hold it, and returns its release. Every
// writer of a report folder (WriteReportWith, judge grade) takes it on the
// report folder's parent.
//
// The lock is flock(2) on the parent folder's own descriptor, not a lock file:
// the swap it serialises renames entries of the parent; the report folder
// itself may be missing or about to be moved aside (a lock taken on it, or on a
// file inside it, would move away with it); and a lock file beside it would be
// one more file left in the user's folder for good (removing it after use lets
// two writers lock two different files of one name). The kernel drops the lock
// when its process dies, so a killed writer never blocks the next one. The price
// is that writers of different report folders in one parent wait for each other
// as well, which costs little: a swap takes milliseconds.
//
// On a file system that does not support the lock (some network file systems)
// the write goes on unlocked and note says so.
func LockFolder(ctx context.Context, parent string, note func(string)) (func(), error) {
	f, err := os.Open(parent)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", parent, err)
	}
	fd := int(f.Fd())
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return func() {
				_ = syscall.Flock(fd, syscall.LOCK_UN)
				f.Close()
			}, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOTSUP):
			f.Close()
			note(fmt.Sprintf("%s cannot be locked here (%v): writing unlocked, so do not write this report folder from two judges at once", parent, err))
			return func() {}, nil
		case !errors.Is(err, syscall.EWOULDBLOCK):
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", parent, err)
		}
		// Another writer holds it: wait, without giving up on ctx.
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("waiting for another judge writing beside %s: %w", parent, ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}
