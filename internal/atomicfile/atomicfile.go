// Package atomicfile writes files whole or not at all: through a temporary
// file in the same folder, renamed over the destination once complete.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write writes data to path with mode 0644 (whatever the umask), through a
// temporary file beside it that is renamed into place: a reader sees the old
// file or the new one, never part of it, and a failed write leaves the old
// file and no temporary one. A symbolic link at path is replaced, not
// followed.
func Write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
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
