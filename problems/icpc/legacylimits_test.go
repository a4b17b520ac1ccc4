package icpc

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// atRE splits an error that names a position: FILE:LINE:COL: message.
var atRE = regexp.MustCompile(`^(.*?):(\d+):(\d+): `)

// errorAt returns the line and column an error names after file, or ok false
// when it does not start with file:LINE:COL.
func errorAt(err error, file string) (line, col int, ok bool) {
	m := atRE.FindStringSubmatch(err.Error())
	if m == nil || m[1] != file {
		return 0, 0, false
	}
	line, _ = strconv.Atoi(m[2])
	col, _ = strconv.Atoi(m[3])
	return line, col, line >= 1 && col >= 1
}

// offsetAt returns the byte offset of a 1-based line and column (columns count
// characters, as YAML's do) in text; ok is false when text has no such place.
// The place just past a line's last character counts.
func offsetAt(text string, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		nl := strings.IndexByte(text[off:], '\n')
		if nl < 0 {
			return 0, false
		}
		off += nl + 1
	}
	end := len(text)
	if nl := strings.IndexByte(text[off:], '\n'); nl >= 0 {
		end = off + nl
	}
	for c := 1; c < col; c++ {
		if off >= end {
			return 0, false
		}
		_, size := utf8.DecodeRuneInString(text[off:])
		off += size
	}
	return off, off <= end
}

// checkLimit holds a time limit read from a file to what every limit must be:
// finite, at most maxTimeLimit seconds, and long enough to be a limit once it is a
// duration (a zero duration is no limit at all to the sandbox).
func checkLimit(t *testing.T, v float64) {
	t.Helper()
	if math.IsNaN(v) || math.IsInf(v, 0) || v > maxTimeLimit || problems.Seconds(v) <= 0 {
		t.Fatalf("limit %v (%v as a duration) taken", v, problems.Seconds(v))
	}
}

// TestLegacyLimitPositions reads .timelimit and domjudge-problem.ini texts
// whose limit is refused: the error names the file, and the line and the
// column (in characters) where the value starts.
func TestLegacyLimitPositions(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, want string
	}{
		{"timelimit comma", ".timelimit", "1,5\n", `.timelimit:1:1: "1,5": want`},
		{"timelimit after blank lines", ".timelimit", "\n  0\n", `.timelimit:2:3: "0": want`},
		{"timelimit empty", ".timelimit", "", `.timelimit:1:1: "": want`},
		{"ini quoted", "domjudge-problem.ini", "name='X'\ntimelimit = '1,5'\n", `domjudge-problem.ini:2:13: timelimit "1,5": want`},
		{"ini bare", "domjudge-problem.ini", "timelimit=inf\n", `domjudge-problem.ini:1:11: timelimit "inf": want`},
		{"timelimit after a form feed", ".timelimit", "\f0\n", `.timelimit:1:2: "0": want`},
		{"timelimit after wide spaces", ".timelimit", "\u00a0\u00a0x\n", `.timelimit:1:3: "x": want`},
		{"ini after a carriage return", "domjudge-problem.ini", "timelimit=\r0\n", `domjudge-problem.ini:1:12: timelimit "0": want`},
		{"ini key after a wide space", "domjudge-problem.ini", "\u3000timelimit=x\n", `domjudge-problem.ini:1:12: timelimit "x": want`},
		{"ini hexadecimal", "domjudge-problem.ini", "timelimit=0x1p1\n", `domjudge-problem.ini:1:11: timelimit "0x1p1": want`},
		{"ini quoted semicolon", "domjudge-problem.ini", "timelimit='2;3'\n", `domjudge-problem.ini:1:11: timelimit "2;3": want`},
		{"timelimit with underscores", ".timelimit", "1_0\n", `.timelimit:1:1: "1_0": want`},
		{"timelimit over an hour", ".timelimit", "7200\n", `.timelimit:1:1: "7200": want`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.file == ".timelimit" {
				_, err = parseTimelimitFile([]byte(tc.text), tc.file)
			} else {
				_, _, err = parseDomjudgeINI([]byte(tc.text), tc.file)
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
		})
	}
}

// FuzzParseTimelimitFile reads any .timelimit: a limit it takes is the
// file's one number and a limit the sandbox can enforce; an error names the
// file, and the line and column where the text in the number's place starts.
func FuzzParseTimelimitFile(f *testing.F) {
	for _, s := range []string{"1\n", "2.5\n", "  3  \r\n", "0.25", "1e9", "\n  0\n", "", "1,5\n", "2s\n", "1\n2\n", "-1", "inf", "NaN", "1e10",
		"1e-10\n", // a limit that is zero as a duration: no limit to the sandbox
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const file = "pkg/.timelimit"
		v, err := parseTimelimitFile([]byte(text), file)
		if err == nil {
			checkLimit(t, v)
			if want, perr := strconv.ParseFloat(strings.TrimSpace(text), 64); perr != nil || want != v {
				t.Fatalf("limit %v from %q", v, text)
			}
			return
		}
		line, col, ok := errorAt(err, file)
		if !ok {
			t.Fatalf("error %q does not name %s:LINE:COL", err, file)
		}
		off, ok := offsetAt(text, line, col)
		if want := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace)); !ok || off != want {
			t.Fatalf("error %q is at byte %d (%v), want %d, where %q starts", err, off, ok, want, strings.TrimSpace(text))
		}
	})
}

// FuzzParseDomjudgeINI reads any domjudge-problem.ini: it finds the first
// timelimit line, a limit it takes is one the sandbox can enforce, and an
// error names the file, and the line and column where the value starts.
func FuzzParseDomjudgeINI(f *testing.F) {
	for _, s := range []string{
		"name='X'\ntimelimit='3'\n", "timelimit = 2.5\r\n", "timelimit=\"1\"\ncolor=red\n", "probid=A\nname=Hello\n",
		"name='X'\ntimelimit = '1,5'\n", "timelimit=inf\n", "timelimit=\n", "; timelimit=3\ntimelimit=4\n", "timelimit=1\ntimelimit=x\n", "",
		"timelimit = 1e-12\n", // a limit that is zero as a duration: no limit to the sandbox
		"\uFEFFtimelimit = 2\n", "timelimit = 2 ; seconds\n", "timelimit = '2;3'\n", "timelimit = 0x1p1\n", "timelimit = 1_0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const file = "pkg/domjudge-problem.ini"
		v, found, err := parseDomjudgeINI([]byte(text), file)
		// The line the reader must have read: the first whose key is timelimit.
		first := -1
		lines := strings.Split(text, "\n")
		lines[0] = strings.TrimPrefix(lines[0], "\uFEFF") // a byte order mark
		for i, l := range lines {
			if k, _, ok := strings.Cut(l, "="); ok && strings.TrimSpace(k) == "timelimit" {
				first = i
				break
			}
		}
		if found != (first >= 0) {
			t.Fatalf("found %v, but the first timelimit line is %d", found, first+1)
		}
		if !found {
			if err != nil || v != 0 {
				t.Fatalf("no timelimit line, yet %v, %v", v, err)
			}
			return
		}
		if err == nil {
			checkLimit(t, v)
			// The limit is one of the numbers after the line's "=".
			_, val, _ := strings.Cut(lines[first], "=")
			seen := false
			for _, n := range regexp.MustCompile(`[0-9.eE+-]+`).FindAllString(val, -1) {
				if x, perr := strconv.ParseFloat(n, 64); perr == nil && x == v {
					seen = true
				}
			}
			if !seen {
				t.Fatalf("limit %v from line %q", v, lines[first])
			}
			return
		}
		line, col, ok := errorAt(err, file)
		if !ok || line != first+1 {
			t.Fatalf("error %q, want one at %s:%d:COL", err, file, first+1)
		}
		off, ok := offsetAt(lines[first], 1, col)
		k, val, _ := strings.Cut(lines[first], "=")
		if want := len(k) + 1 + len(val) - len(strings.TrimLeftFunc(val, unicode.IsSpace)); !ok || off != want {
			t.Fatalf("error %q is at byte %d (%v) of line %q, want %d, where the value starts", err, off, ok, lines[first], want)
		}
	})
}

// TestDomjudgeINIReadsAsDOMjudge reads limits DOMjudge's INI files hold as
// DOMjudge reads them: after a byte order mark, and with a comment after the
// value.
func TestDomjudgeINIReadsAsDOMjudge(t *testing.T) {
	for _, tc := range []struct {
		text string
		want float64
	}{
		{"\uFEFFtimelimit = 2\n", 2},
		{"timelimit = 2.5 ; seconds\n", 2.5},
		{"timelimit = \"3\" ; quoted\n", 3},
		{"name = 'A'\ntimelimit=.5\n", 0.5},
	} {
		got, found, err := parseDomjudgeINI([]byte(tc.text), "domjudge-problem.ini")
		if err != nil || !found || got != tc.want {
			t.Errorf("%q: %v, %v, %v; want %v", tc.text, got, found, err, tc.want)
		}
	}
}
