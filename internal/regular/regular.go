// Package regular opens files that must be regular files. A path from an
// untrusted hand (a submission's source, a student's folder) may name a pipe,
// whose open never returns, or a device, whose read never ends: both would
// hang the judge past Ctrl-C.
package regular

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"syscall"
)

// Open opens path for reading, following links, and fails unless it is a
// regular file. A pipe does not block the open: it is refused at once.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file but %s", path, kind(st.Mode()))
	}
	return f, nil
}

// kind names what a file that is not regular is.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}

// ReadFile reads the regular file at path whole.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// ConfigMax bounds a configuration file the judge reads whole (a problem.yaml,
// a contest file, a rubric, a language table): far above any real one.
const ConfigMax = 16 << 20

// ReadFileMax reads the regular file at path whole, and fails on one of more
// than max bytes (a file that grows past max while it is read included)
// without reading it all.
func ReadFileMax(path string, max int64) ([]byte, error) {
	r, err := openMax(path, max)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// The buffer is made at the file's size at once: io.ReadAll would grow
	// it by doubling, copying a large file several times over.
	var buf bytes.Buffer
	buf.Grow(int(r.size) + 512)
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// OpenMax opens the regular file at path to be read as it goes, and fails on
// one of more than max bytes; a read past max bytes fails the same way (a
// file that grows while it is read).
func OpenMax(path string, max int64) (io.ReadCloser, error) {
	r, err := openMax(path, max)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// maxReader reads a regular file of at most max bytes.
type maxReader struct {
	f    *os.File
	path string
	max  int64
	size int64 // the file's size when it was opened
	left int64 // bytes it may still read
	err  error // the error that ended it: sticky
}

func openMax(path string, max int64) (*maxReader, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	r := &maxReader{f: f, path: path, max: max, left: max}
	st, err := f.Stat()
	if err == nil {
		r.size = st.Size()
	}
	if r.size > max {
		f.Close()
		return nil, r.tooLarge()
	}
	return r, nil
}

// Size is the file's size when it was opened (0 when unknown): a hint, the
// file may have grown since.
func (r *maxReader) Size() int64 { return r.size }

func (r *maxReader) tooLarge() error {
	return fmt.Errorf("%s: larger than %s", r.path, sizeString(r.max))
}

// Read reads from the file, and fails once it holds more than max bytes.
func (r *maxReader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if int64(len(p)) > r.left {
		p = p[:r.left+1] // one byte more than allowed tells a file that grew
	}
	n, err := r.f.Read(p)
	if int64(n) > r.left {
		n, r.left, r.err = int(r.left), 0, r.tooLarge()
		return n, r.err
	}
	r.left -= int64(n)
	return n, err
}

// Close closes the file.
func (r *maxReader) Close() error { return r.f.Close() }

// sizeString writes n bytes in MiB when it is a whole number of them.
func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
