package store

import (
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Claim marks run id as being judged by this process until release is called
// or the process ends (the kernel drops the claim of a judge that dies, so a
// crash leaves nothing to clean up). A run another judge command has claimed
// gives an error wrapping ErrRunBusy: two commands judging one run would both
// judge every job left.
//
// The claim is a lock on one byte of runs.lock beside the database, at an
// offset the run's id hashes to (an open file description lock, so it works
// between two sessions of one process too).
func (s *Store) Claim(id string) (release func(), err error) {
	f, err := os.OpenFile(filepath.Join(filepath.Dir(s.path), "runs.lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("claiming run %s: %w", id, err)
	}
	lock := unix.Flock_t{Type: unix.F_WRLCK, Whence: 0, Start: int64(crc32.ChecksumIEEE([]byte(id))), Len: 1}
	if err := unix.FcntlFlock(f.Fd(), unix.F_OFD_SETLK, &lock); err != nil {
		f.Close()
		if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EACCES) {
			return nil, fmt.Errorf("run %s: %w", id, ErrRunBusy)
		}
		return nil, fmt.Errorf("claiming run %s: %w", id, err)
	}
	return func() { f.Close() }, nil
}

// Busy reports whether a judge command holds the claim on run id now (see
// Claim). A run stored as running that nobody claims was left by a judge that
// died (killed, or a full disk kept it from saying it stopped). When the lock
// file cannot be read it reports true: nothing is known.
func (s *Store) Busy(id string) bool {
	f, err := os.OpenFile(filepath.Join(filepath.Dir(s.path), "runs.lock"), os.O_RDONLY, 0)
	if err != nil {
		return !errors.Is(err, os.ErrNotExist) // no lock file: nobody ever claimed a run
	}
	defer f.Close()
	lock := unix.Flock_t{Type: unix.F_WRLCK, Whence: 0, Start: int64(crc32.ChecksumIEEE([]byte(id))), Len: 1}
	if err := unix.FcntlFlock(f.Fd(), unix.F_OFD_GETLK, &lock); err != nil {
		return true
	}
	return lock.Type != unix.F_UNLCK
}
