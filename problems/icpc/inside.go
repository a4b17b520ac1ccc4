package icpc

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/internal/regular"
)

// ErrOutside is the fault of a path of a package that, its links followed, leads
// out of the package folder: a downloaded package is not trusted, and the host's
// files must not reach its programs, its reports or the judge's messages.
var ErrOutside = errors.New("leads outside the package")

// resolveRoot returns the package folder dir absolute, with its links followed:
// what every path the package uses must stay in.
func resolveRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// resolveInside returns path with every link on it followed (its own and its
// folders'), and an error wrapping ErrOutside that names its target when that
// lies outside root (a package folder from resolveRoot). A path that does not
// exist is an error fs.ErrNotExist matches.
func resolveInside(root, path string) (string, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	if target, err = filepath.Abs(target); err != nil {
		return "", err
	}
	if !within(root, target) {
		return target, fmt.Errorf("%w (to %s)", ErrOutside, target)
	}
	return target, nil
}

// within reports whether the resolved absolute path target is root or lies below it.
func within(root, target string) bool {
	rel, err := filepath.Rel(root, target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// readPackageFile reads the regular file at path of the package whose resolved
// folder is root, of at most max bytes; a path that leads out of the package is
// refused before it is opened. A missing file is an error fs.ErrNotExist matches.
func readPackageFile(root, path string, max int64) ([]byte, error) {
	if _, err := resolveInside(root, path); errors.Is(err, ErrOutside) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return regular.ReadFileMax(path, max)
}

// Inside returns path, a file or folder of the package, with its links followed,
// or an error wrapping ErrOutside, naming where it leads, when that is out of the
// package.
func (p *Package) Inside(path string) (string, error) {
	return resolveInside(p.root, path)
}
