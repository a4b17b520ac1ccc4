// Package atomicfile writes files whole or not at all: through a temporary
// file in the same folder, renamed over the destination once complete.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/judgehq/judge/internal/filemeta"
)

// NewFileMode is the mode of a file Write creates where none was (whatever the
// umask).
const NewFileMode fs.FileMode = 0o644

// Write writes data to path through a temporary file beside it that is synced
// to disk and then renamed into place: a reader sees the old file or the new
// one, never part of it, and a failed write leaves the old file and no
// temporary one. A regular file at path keeps its permission bits (a 0444
// answer stays 0444) and its owner and group, which the new file is given
// before it takes the old one's place (see filemeta.Give: a writer that is not
// root cannot give a file away, and as root a failure to do so leaves the old
// file as it was and returns an error). A new file gets NewFileMode and the
// writer's owner. A symbolic link at path is replaced by a regular file with
// NewFileMode, not followed. A file with more names (hard links) is replaced
// under path only: the other names keep the old content.
func Write(path string, data []byte) error {
	return write(path, data, nil)
}

// WriteOwned is Write, but a file it makes where there was none (or a
// symbolic link) is given the owner o, as root; an existing regular file keeps
// its own. A writer filling a folder of someone else's passes the folder's
// owner, so that the files it adds are theirs too.
func WriteOwned(path string, data []byte, o filemeta.Owner) error {
	return write(path, data, &o)
}

func write(path string, data []byte, owner *filemeta.Owner) error {
	mode := NewFileMode
	st, err := os.Lstat(path)
	switch {
	case err == nil && st.Mode().IsRegular():
		mode = st.Mode().Perm()
		if o, ok := filemeta.Of(st); ok {
			owner = &o
		}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("writing %s: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		// Synced before the rename, so that a crash after it finds the new
		// content, not an empty file, under the old name.
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && owner != nil {
		// Before the mode: a change of owner may clear mode bits.
		err = filemeta.Give(f.Name(), *owner)
	}
	if err == nil {
		err = os.Chmod(f.Name(), mode)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Create makes the file path holding data, whole or not at all, and never
// over an existing file: data goes to a temporary file beside it (mode
// NewFileMode), which is then linked to path, failing with an error wrapping
// fs.ErrExist when path exists. A crash or a full disk never leaves a cut-off
// file under path, nor one that blocks a retry.
func Create(path string, data []byte) error {
	return CreateMode(path, data, NewFileMode)
}

// CreateMode is Create with the new file's permission bits: 0o600 makes a
// secret that no other user can read at any moment, the temporary file
// included.
func CreateMode(path string, data []byte, mode fs.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Link(f.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
