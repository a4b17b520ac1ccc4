package grade

import (
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"os"
	"path/filepath"
	"strings"
)

// Source is one of a student's source files, split into lines, with what a simple
// C++ lexer found on each line.
type Source struct {
	Name  string // base name
	Lines []string
	// Code is each line with its comments blanked out (string and character
	// literals are kept).
	Code []string
	// Margin marks lines where a comment follows code on the same line.
	Margin []bool
	// Comment is the text of each line's comments ("" when it has none).
	Comment []string
}

// sourceExts are the extensions of the files the checks read.
var sourceExts = map[string]bool{".cpp": true, ".cc": true, ".cxx": true, ".c": true, ".h": true, ".hpp": true, ".hh": true}

// isCompiled reports whether a file name is a C++ translation unit.
func isCompiled(name string) bool {
	switch filepath.Ext(name) {
	case ".cpp", ".cc", ".cxx":
		return true
	}
	return false
}

// readSources reads the student's source files of dir (not those the course
// provided), in name order.
func readSources(dir string, provided map[string]bool) ([]*Source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	var out []*Source
	for _, e := range entries {
		// Regular files only: a student's link could lead to another's work or
		// to the host's files (read as the judge, quoted in feedback), a pipe
		// would hang the grading of the whole class.
		if !e.Type().IsRegular() || !sourceExts[filepath.Ext(e.Name())] || provided[e.Name()] {
			continue
		}
		data, err := regular.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", e.Name(), err)
		}
		out = append(out, lexSource(e.Name(), string(data)))
	}
	return out, nil
}

// lexSource splits text into lines and finds the comments of each. It knows
// // and /* */ comments, string and character literals with escapes and line
// splices, which is all the checks need; raw strings are treated as plain strings.
func lexSource(name, text string) *Source {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	s := &Source{Name: name, Lines: lines, Code: make([]string, len(lines)),
		Margin: make([]bool, len(lines)), Comment: make([]string, len(lines))}
	inBlock := false
	for i, line := range lines {
		var code, comment strings.Builder
		codeSeen := strings.HasPrefix(strings.TrimSpace(line), "#") // preprocessor lines are not code for margins
		preproc := codeSeen
		margin := false
		for j := 0; j < len(line); j++ {
			c := line[j]
			if inBlock {
				if c == '*' && j+1 < len(line) && line[j+1] == '/' {
					inBlock = false
					j++
					code.WriteString("  ")
					continue
				}
				comment.WriteByte(c)
				code.WriteByte(' ')
				continue
			}
			switch {
			case c == '/' && j+1 < len(line) && line[j+1] == '/':
				if codeSeen && !preproc {
					margin = true
				}
				comment.WriteString(line[j+2:])
				code.WriteString(strings.Repeat(" ", len(line)-j))
				j = len(line)
			case c == '/' && j+1 < len(line) && line[j+1] == '*':
				if codeSeen && !preproc {
					margin = true
				}
				inBlock = true
				code.WriteString("  ")
				j++
			case c == '"' || c == '\'':
				k := j + 1
				for k < len(line) && line[k] != c {
					if line[k] == '\\' {
						k++
					}
					k++
				}
				if k >= len(line) {
					k = len(line) - 1
				}
				code.WriteString(line[j : k+1])
				j = k
				codeSeen = true
			default:
				code.WriteByte(c)
				if c != ' ' && c != '\t' {
					codeSeen = true
				}
			}
		}
		s.Code[i], s.Margin[i], s.Comment[i] = code.String(), margin, comment.String()
	}
	return s
}

// columns returns the width of a line with tabs expanded to stops every tab
// columns.
func columns(line string, tab int) int {
	n := 0
	for _, r := range line {
		if r == '\t' {
			n += tab - n%tab
			continue
		}
		n++
	}
	return n
}
