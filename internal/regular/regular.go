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

// OpenMax opens the regular file at path, as Open does, for reading as one
// goes, and refuses it when it holds more than max bytes.
func OpenMax(path string, max int64) (*os.File, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.Size() > max {
		f.Close()
		return nil, fmt.Errorf("%s: larger than %s", path, sizeString(max))
	}
	return f, nil
}

// ReadFileMax reads the regular file at path whole, and fails on one of more
// than max bytes (a file that grows past max while it is read included)
// without reading it all.
func ReadFileMax(path string, max int64) ([]byte, error) {
	f, err := OpenMax(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooLarge := fmt.Errorf("%s: larger than %s", path, sizeString(max))
	st, err := f.Stat()
	// The buffer is made at the file's size at once: io.ReadAll would grow
	// it by doubling, copying a large file several times over.
	var buf bytes.Buffer
	if err == nil {
		buf.Grow(int(st.Size()) + 512)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > max {
		return nil, tooLarge
	}
	return data, nil
}

// sizeString writes n bytes in MiB when it is a whole number of them.
func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
