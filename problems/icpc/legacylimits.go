package icpc

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// parseTimelimitFile reads a legacy .timelimit at path: the time limit in
// seconds, alone but for white space. Anything else is an error at the file,
// line and column of the text found in its place.
func parseTimelimitFile(raw []byte, path string) (float64, error) {
	text := string(raw)
	v := strings.TrimSpace(text)
	t, ok := seconds(v)
	if !ok {
		line, col := position(text, len(text)-len(strings.TrimLeftFunc(text, unicode.IsSpace)))
		return 0, problems.PositionedError(path, problems.Errorf(line, col, "%q: want the time limit in seconds, a number from 0.001 to 3600 such as 1.5", v))
	}
	return t, nil
}

// parseDomjudgeINI reads the time limit of a DOMjudge domjudge-problem.ini at
// path: the first line timelimit = SECONDS (the number may be quoted); found
// is false when there is none. A timelimit that is not a number of seconds is
// an error at the file, line and column of its value.
func parseDomjudgeINI(raw []byte, path string) (t float64, found bool, err error) {
	for i, line := range strings.Split(string(raw), "\n") {
		if i == 0 {
			// A byte order mark, as some editors write, is not part of the key.
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "timelimit" {
			continue
		}
		_, col := position(line, len(line)-len(strings.TrimLeftFunc(v, unicode.IsSpace)))
		v = iniValue(strings.TrimSpace(v))
		t, ok := seconds(v)
		if !ok {
			return 0, true, problems.PositionedError(path, problems.Errorf(i+1, col, "timelimit %q: want seconds, a number from 0.001 to 3600 such as 1.5", v))
		}
		return t, true, nil
	}
	return 0, false, nil
}

// iniValue is the value of an INI line from the text after its "=", white
// space trimmed: what its quotes hold, or the text before a comment (";").
func iniValue(v string) string {
	if v != "" && (v[0] == '"' || v[0] == '\'') {
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			if rest := strings.TrimSpace(v[end+2:]); rest == "" || rest[0] == ';' {
				return v[1 : end+1]
			}
		}
	} else {
		v, _, _ = strings.Cut(v, ";")
	}
	return strings.Trim(strings.TrimSpace(v), `"'`)
}

// The shortest and longest time limits in seconds a package may state: a
// shorter one would be no limit at all once it is a duration rounded to zero
// (the sandbox takes a zero limit for none), and no program starts in less; a
// longer one would hold a judge for more than an hour a case, more than the
// judge's own problems may ask.
const (
	minTimeLimit = 0.001
	maxTimeLimit = 3600
)

// seconds reads a time limit in seconds: a finite number from minTimeLimit to
// maxTimeLimit.
func seconds(s string) (float64, bool) {
	if !decimalRE.MatchString(s) {
		return 0, false // no hexadecimal, no underscores, no sign
	}
	t, err := strconv.ParseFloat(s, 64)
	return t, err == nil && t >= minTimeLimit && t <= maxTimeLimit
}

// decimalRE matches a number written in decimal, as a person writes a limit:
// 2, 1.5, .5, 2e0.
var decimalRE = regexp.MustCompile(`^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// position returns the 1-based line and column of byte offset in text. Columns
// count characters, as YAML's do (and an editor's).
func position(text string, offset int) (line, col int) {
	before := text[:offset]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}
