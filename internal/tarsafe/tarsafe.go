// Package tarsafe unpacks tar archives that come from untrusted hands (a blob
// from a broker, what a jailed build left in its folder) without letting them
// reach outside the folder they are unpacked in.
package tarsafe

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Extract unpacks the archive r into dir. Only regular files and folders are
// taken; an entry that names a path outside dir (absolute, or through ..), a
// link or any other kind of entry is an error, and so is an existing file in
// the way (files are created, never written over). A file's mode is 0755 when
// the archive gives it any execute bit, else 0644. max bounds the bytes of all
// files together (0: no bound).
func Extract(r io.Reader, dir string, max int64) error {
	tr := tar.NewReader(r)
	var total int64
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		name := path.Clean(hdr.Name)
		if name == "." && hdr.Typeflag == tar.TypeDir {
			continue // the archive's own top folder ("./")
		}
		if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") || name == "." {
			return fmt.Errorf("archive entry %q leaves the folder", hdr.Name)
		}
		full := filepath.Join(dir, filepath.FromSlash(name))
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(full, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			total += hdr.Size
			if max > 0 && total > max {
				return fmt.Errorf("archive entry %q: the files come to more than %d bytes", hdr.Name, max)
			}
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				return err
			}
			mode := os.FileMode(0o644)
			if hdr.Mode&0o111 != 0 {
				mode = 0o755
			}
			f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
			if err != nil {
				return err
			}
			if _, err := io.Copy(f, io.LimitReader(tr, hdr.Size)); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
		default:
			return fmt.Errorf("archive entry %q: only files and folders are allowed", hdr.Name)
		}
	}
}
