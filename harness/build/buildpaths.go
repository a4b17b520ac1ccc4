package build

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/judgehq/judge/internal/regular"
	"github.com/mattn/go-shellwords"
)

// splitCommand splits a command line into words by the POSIX shell's quoting rules
// (single and double quotes, backslashes). Environment variables and backquotes are
// left as they are: a submission's command line is data, not a script.
func splitCommand(line string) ([]string, error) {
	p := shellwords.NewParser()
	p.ParseEnv, p.ParseBacktick = false, false
	argv, err := p.Parse(line)
	if err != nil {
		return nil, fmt.Errorf("splitting into words: %w", err)
	}
	if p.Position >= 0 {
		// The parser stops at ; & | and the like; those are shell, not a command.
		rest := ""
		if p.Position < len(line) {
			rest = line[p.Position:]
		}
		return nil, fmt.Errorf("splitting into words: %q at byte %d is shell syntax; quote it or wrap the command in sh -c '…'",
			rest, p.Position+1)
	}
	return argv, nil
}

// validName makes a name valid UTF-8: every byte that is not part of a UTF-8
// sequence becomes a \xHH escape, so two names that differ only in such bytes stay
// different and JSON, tables and the store all see the same string.
func validName(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// srcPlaceholder stands for the source file's path in a cached compile error;
// showSourcePath replaces it with the path the user gave.
const srcPlaceholder = "\x00src\x00"

// hideBuildPaths replaces the paths of the temporary build folder tmp holding the
// source srcName in a compiler's message by srcPlaceholder: the absolute and the
// relative form, and the "./NAME" form compilers print when run inside tmp.
func hideBuildPaths(log, tmp, srcName string) string {
	if log == "" {
		return log
	}
	olds := []string{filepath.Join(tmp, srcName)}
	if abs, err := filepath.Abs(tmp); err == nil && abs != tmp {
		olds = append([]string{filepath.Join(abs, srcName)}, olds...)
	}
	for _, old := range olds {
		log = strings.ReplaceAll(log, old, srcPlaceholder)
	}
	return replaceAtWordStart(log, "./"+srcName, srcPlaceholder)
}

// showSourcePath puts source, the path the user gave, in place of srcPlaceholder.
func showSourcePath(log, source string) string {
	return strings.ReplaceAll(log, srcPlaceholder, validName(source))
}

// goPackagePaths rewrites a go build message of the folder built in buildIn so
// that it names the files under source, the folder the user gave: go prints
// "./main.go:3:2: …" relative to buildIn, and absolute paths inside a copy.
func goPackagePaths(log, buildIn, source string) string {
	source = validName(filepath.Clean(source))
	log = strings.ReplaceAll(log, buildIn+string(filepath.Separator), source+string(filepath.Separator))
	return replaceAtWordStart(log, "./", source+string(filepath.Separator))
}

// replaceAtWordStart replaces old by repl where old begins a line or follows a
// space, so "./a.c" in "see ./a.c:3" changes but "x./a.c" does not.
func replaceAtWordStart(s, old, repl string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, old)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		if i == 0 || s[i-1] == '\n' || s[i-1] == ' ' || s[i-1] == '\t' {
			b.WriteString(s[:i])
			b.WriteString(repl)
		} else {
			b.WriteString(s[:i+len(old)])
		}
		s = s[i+len(old):]
	}
}

// inGoModule reports whether dir lies inside a Go module: it or a parent holds a
// go.mod file.
func inGoModule(dir string) bool {
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && st.Mode().IsRegular() {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// copyFolder copies the regular files of src, and of its sub-folders but hidden ones,
// into dst (which exists). Symbolic links and other special files are skipped.
func copyFolder(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if rel == "." {
				return nil
			}
			if strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir // .git and the like: go build never reads them
			}
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		return copyFile(p, target)
	})
}

func copyFile(src, dst string) (err error) {
	in, err := regular.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, out.Close()) }()
	_, err = io.Copy(out, in)
	return err
}
