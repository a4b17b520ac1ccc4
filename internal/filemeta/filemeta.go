// Package filemeta reads and keeps who owns a file, and how many names it has:
// what a writer that replaces a file or folder by a new one (through a
// temporary name and a rename) must carry over for the new one to stay the
// user's. A judge run as root (for the jail) would otherwise hand every file it
// replaces to root.
package filemeta

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Owner is a file's user and group id.
type Owner struct {
	UID, GID int
}

// Of is the owner of the file fi describes (from os.Lstat or os.Stat); ok is
// false where the system does not say (not a Unix system).
func Of(fi fs.FileInfo) (o Owner, ok bool) {
	return of(fi)
}

// Links is the number of names (hard links) of the file fi describes, or 1
// where the system does not say.
func Links(fi fs.FileInfo) uint64 {
	return links(fi)
}

// Give makes o the owner of path itself (a symbolic link is not followed) when
// it is not already. It is a best effort that never fails for a writer that is
// not root: such a process cannot give a file away, so path stays its own (as
// every file it makes), keeping only o's group where it is a member of it. As
// root, a failure is returned: callers give a new file its owner before it
// takes the old one's place, so that on failure the old one stays as it was,
// owner and all, and nothing is lost. On a system without owners it does
// nothing.
func Give(path string, o Owner) error {
	st, err := os.Lstat(path)
	if err != nil {
		return fmt.Errorf("giving %s its owner: %w", path, err)
	}
	if cur, ok := Of(st); !ok || cur == o {
		return nil
	}
	err = os.Lchown(path, o.UID, o.GID)
	if err == nil {
		return nil
	}
	if os.Geteuid() != 0 {
		_ = os.Lchown(path, -1, o.GID) // the group alone, where allowed
		return nil
	}
	return fmt.Errorf("giving %s to uid %d, gid %d (the owner of what it replaces): %w", path, o.UID, o.GID, err)
}

// GiveTree is Give for the folder root and everything in it (symbolic links
// are given, not followed).
func GiveTree(root string, o Owner) error {
	return filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("giving %s its owner: %w", p, err)
		}
		return Give(p, o)
	})
}
