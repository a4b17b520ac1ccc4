package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/internal/regular"
)

// Marker is the content of a marker file: of a report folder (MarkerName)
// and of a grade report folder, which share the format.
//
// The first line is the head: a report's run id, or the sentence a grade
// report's marker starts with. Every further line lists one file judge wrote
// in the folder, as a slash-separated path relative to it, preceded by the
// hex SHA-256 of what judge wrote there and two spaces:
//
//	20261121-190000-3fa2
//	9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08  standings.md
//	60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752  sudoku/alice/1.diff
//
// A path holding a control character or starting with a double quote is
// written quoted, as a Go string literal. A path may be listed more than once,
// with different hashes: each is judge's (a write in progress lists what the
// folder held and what it is being given). Markers of older judges list plain
// paths without a hash, or list nothing at all (only the run id): they are
// read as they always were, and for their files no edit can be detected, so
// judge replaces them as it always did (see EditedFiles).
type Marker struct {
	// Head is the first line: the run id of a report folder.
	Head string
	// Files are the files listed, in the marker's order.
	Files []MarkerFile
}

// MarkerFile is one file a marker lists.
type MarkerFile struct {
	// Name is the slash-separated path relative to the folder.
	Name string
	// Sum is the lower-case hex SHA-256 of what judge wrote, or "" when the
	// marker (an older judge's) recorded none.
	Sum string
}

// NewMarker is the marker of a folder whose files judge writes now: path →
// content, listed in path order with their hashes.
func NewMarker(head string, files map[string][]byte) Marker {
	m := Marker{Head: head}
	for name, data := range files {
		sum := sha256.Sum256(data)
		m.Files = append(m.Files, MarkerFile{Name: name, Sum: hex.EncodeToString(sum[:])})
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Name < m.Files[j].Name })
	return m
}

// ParseMarker reads a marker. It never fails: a line it cannot read as a
// hash and a path is a path of an older judge's marker, and empty lines are
// skipped, as they always were.
func ParseMarker(data []byte) Marker {
	lines := strings.Split(string(data), "\n")
	// Every carriage return at the end of the head goes, not only a CRLF
	// editor's one: Bytes writes the head as it is, and a head ending in one
	// would not read back the same.
	m := Marker{Head: strings.TrimRight(lines[0], "\r")}
	for _, line := range lines[1:] {
		// A marker saved by an editor with CRLF line ends: a written path
		// never ends in a carriage return (it would be quoted).
		line = strings.TrimSuffix(line, "\r")
		f := MarkerFile{Name: line}
		if sum, name, ok := hashedLine(line); ok {
			f = MarkerFile{Name: name, Sum: sum}
		}
		if strings.HasPrefix(f.Name, `"`) {
			if s, err := strconv.Unquote(f.Name); err == nil {
				f.Name = s
			}
		}
		if f.Name == "" {
			continue
		}
		m.Files = append(m.Files, f)
	}
	return m
}

// hashedLine splits a line "SUM  PATH" of a marker.
func hashedLine(line string) (sum, name string, ok bool) {
	if len(line) <= 66 || line[64:66] != "  " {
		return "", "", false
	}
	for _, c := range line[:64] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", "", false
		}
	}
	return line[:64], line[66:], true
}

// Bytes is the marker as a file holds it; ParseMarker reads it back as it is
// (a newline in Head, which no run id has, is written as a space).
func (m Marker) Bytes() []byte {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(m.Head, "\n", " "))
	b.WriteByte('\n')
	for _, f := range m.Files {
		name := f.Name
		if needsQuote(name) {
			name = strconv.Quote(name)
		}
		if f.Sum != "" {
			b.WriteString(f.Sum + "  ")
		}
		b.WriteString(name)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// ListNames joins paths for a message, "a, b": a path holding a control
// character, a double quote first or ", " is quoted as a Go string literal, so
// that each is told apart and none breaks the line.
func ListNames(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		if needsQuote(n) || strings.Contains(n, ", ") {
			n = strconv.Quote(n)
		}
		out[i] = n
	}
	return strings.Join(out, ", ")
}

// needsQuote reports whether a path must be quoted to be read back as it is.
func needsQuote(name string) bool {
	if strings.HasPrefix(name, `"`) {
		return true
	}
	if _, _, ok := hashedLine(name); ok {
		return true // a plain path that would be read as a hash and a path
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}

// ErrEdited is returned (wrapped, as an *EditedError) when a folder judge is
// about to replace holds files judge wrote that were edited since: nothing is
// changed then. The CLI maps it to exit code 2, as it does ErrNotReportFolder.
var ErrEdited = errors.New("files judge wrote were edited since")

// EditedError names the files of a report folder that hold the user's work
// where judge wrote a file (see EditedFiles).
type EditedError struct {
	// Dir is the folder and Files the paths in it, slash-separated and
	// relative to it, sorted.
	Dir   string
	Files []string
}

func (e *EditedError) Error() string {
	what := "a file judge wrote there, which was edited since"
	if len(e.Files) > 1 {
		what = fmt.Sprintf("%d files judge wrote there, which were edited since", len(e.Files))
	}
	return fmt.Sprintf("report folder %s holds %s (%s); nothing was changed", e.Dir, what, ListNames(e.Files))
}

// Is makes errors.Is(err, ErrEdited) hold.
func (e *EditedError) Is(target error) bool { return target == ErrEdited }

// EditedFiles lists the entries of folder dir that hold the user's work where
// files lists a file judge wrote: a regular file whose content is no longer
// the one its hash records (edited), anything not a regular file there (a
// folder, a symbolic link, which is never followed), and a file or link where
// judge made a folder on the way to it. A file that is missing was deleted,
// which is no edit. A file listed without a hash (an older judge's marker)
// counts only when it is no regular file. Paths that are not local to dir
// (absolute, "..") are skipped: a marker never makes judge look outside its
// folder. The result is sorted, slash-separated, and holds no path inside
// another one it holds.
func EditedFiles(dir string, files []MarkerFile) ([]string, error) {
	// A path listed more than once is judge's when it holds any of the
	// contents recorded for it (a write in progress lists the old and the new).
	sums := map[string][]string{}
	var names []string
	for _, f := range files {
		if !fs.ValidPath(f.Name) || f.Name == "." {
			continue
		}
		if _, seen := sums[f.Name]; !seen {
			names = append(names, f.Name)
		}
		sums[f.Name] = append(sums[f.Name], f.Sum)
	}
	found := map[string]bool{}
	for _, name := range names {
		user, err := editedEntry(dir, name, sums[name])
		if err != nil {
			return nil, err
		}
		if user != "" {
			found[user] = true
		}
	}
	var out []string
	for p := range found {
		inside := false
		for q := p; strings.Contains(q, "/"); {
			q = q[:strings.LastIndex(q, "/")]
			if found[q] {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

// editedEntry is the entry of dir on the way to, or at, the listed file name
// that holds the user's work, or "" when there is none; sums are the contents
// judge wrote there ("": not recorded).
func editedEntry(dir, name string, sums []string) (string, error) {
	if p, err := InTheWay(dir, name); err != nil || p != "" {
		return p, err
	}
	// A folder on the way that is missing (deleted with the file) leaves
	// the file missing below.
	full := filepath.Join(dir, filepath.FromSlash(name))
	st, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("report folder %s: %w", dir, err)
	case !st.Mode().IsRegular():
		return name, nil
	case slices.Contains(sums, ""):
		return "", nil
	}
	sum, err := fileSum(full)
	if err != nil {
		return "", fmt.Errorf("report folder %s: %w", dir, err)
	}
	if !slices.Contains(sums, sum) {
		return name, nil
	}
	return "", nil
}

// InTheWay is the entry of the folder dir on the way to the file name (a
// slash-separated path inside it) that is no folder: a file, or a symbolic
// link, which a writer must never follow out of the folder it owns. It is ""
// when there is none, or when a folder on the way is missing.
func InTheWay(dir, name string) (string, error) {
	parts := strings.Split(name, "/")
	for i := 1; i < len(parts); i++ {
		p := strings.Join(parts[:i], "/")
		st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", nil
		case err != nil:
			return "", fmt.Errorf("report folder %s: %w", dir, err)
		case !st.IsDir():
			return p, nil
		}
	}
	return "", nil
}

// fileSum is the hex SHA-256 of the regular file at path. A pipe put there
// since it was looked at is refused, not waited for.
func fileSum(path string) (string, error) {
	r, err := regular.Open(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// BackupPrefix starts the name of the folder BackUpEdited makes.
const BackupPrefix = "edited-"

// BackUpEdited moves the entries edited (paths relative to dir, as
// EditedFiles returns them) into a new folder dir/edited-YYYYMMDD-HHMMSS (the
// local time now; "-2", "-3"… appended when that name is taken or taken(name)
// says it is one the new report needs), each at its own relative path, and
// returns the folder's path. Entries are moved, not copied: a folder or a
// symbolic link is moved as it is, never followed. On failure what was moved
// is moved back where that works, and the error says where anything is.
func BackUpEdited(dir string, edited []string, now time.Time, taken func(name string) bool) (string, error) {
	base := BackupPrefix + now.Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		_, err := os.Lstat(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) && (taken == nil || !taken(name)) {
			break
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("backing up edited files in %s: %w", dir, err)
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
	backup := filepath.Join(dir, name)
	if err := os.Mkdir(backup, 0o755); err != nil {
		return "", fmt.Errorf("backing up edited files in %s: %w", dir, err)
	}
	// The backup folder and the folders in it are the user's: they get the
	// owner and group of dir, as every file the user moved into them has.
	owner, owned := filemeta.Owner{}, false
	if st, err := os.Lstat(dir); err == nil {
		owner, owned = filemeta.Of(st)
	}
	mkdirs := func(folder string) error {
		for _, p := range foldersOnTheWay(backup, folder) {
			if err := os.Mkdir(p, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
			if owned {
				if err := filemeta.Give(p, owner); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i, rel := range edited {
		src := filepath.Join(dir, filepath.FromSlash(rel))
		dst := filepath.Join(backup, filepath.FromSlash(rel))
		err := mkdirs(filepath.Dir(dst))
		if err == nil {
			err = os.Rename(src, dst)
		}
		if err == nil {
			continue
		}
		for _, back := range edited[:i] {
			if rerr := os.Rename(filepath.Join(backup, filepath.FromSlash(back)), filepath.Join(dir, filepath.FromSlash(back))); rerr != nil {
				return "", fmt.Errorf("backing up %s: %w; %s is in %s, moving it back failed (%v)", src, err, back, backup, rerr)
			}
		}
		if rerr := removeOurs(backup, nil); rerr != nil { // folders only now
			return "", fmt.Errorf("backing up %s: %w (nothing was moved, but %v)", src, err, rerr)
		}
		return "", fmt.Errorf("backing up %s: %w (nothing was moved)", src, err)
	}
	return backup, nil
}

// foldersOnTheWay are the folders from base (included) down to folder, which
// lies inside it, outermost first.
func foldersOnTheWay(base, folder string) []string {
	var out []string
	for p := folder; ; p = filepath.Dir(p) {
		out = append(out, p)
		if p == base || p == filepath.Dir(p) {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// CheckEdited reads the marker of the report folder dir and returns an
// *EditedError when files it lists were edited since judge wrote them (see
// EditedFiles), nil when none were, when dir is no report folder or its marker
// records no hashes. It reads only, so that a command can refuse before it
// spends time judging; WriteReportWith checks again under the lock.
func CheckEdited(dir string) error {
	dir = absFolder(dir)
	st, err := os.Lstat(filepath.Join(dir, MarkerName))
	if err != nil || !st.Mode().IsRegular() {
		return nil // no report folder: CheckReportFolder says so
	}
	data, err := regular.ReadFile(filepath.Join(dir, MarkerName))
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	edited, err := EditedFiles(dir, ParseMarker(data).Files)
	if err != nil {
		return err
	}
	if len(edited) > 0 {
		return &EditedError{Dir: dir, Files: edited}
	}
	return nil
}
