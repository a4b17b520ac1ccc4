package icpc

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// Flags are the default output validator's arguments.
type Flags struct {
	CaseSensitive        bool
	SpaceChangeSensitive bool
	// AbsTol and RelTol are the float tolerances; a negative value means not set.
	AbsTol, RelTol float64
}

// Floats reports whether any float tolerance is set.
func (f Flags) Floats() bool { return f.AbsTol >= 0 || f.RelTol >= 0 }

// ParseFlags reads the default output validator's arguments. Unknown arguments are
// an error, as are a repeated float tolerance and float_tolerance together with a
// specific one, as the format says.
func ParseFlags(args []string) (Flags, error) {
	f := Flags{AbsTol: -1, RelTol: -1}
	seenAbs, seenRel := false, false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "case_sensitive":
			f.CaseSensitive = true
		case "space_change_sensitive":
			f.SpaceChangeSensitive = true
		case "float_tolerance", "float_absolute_tolerance", "float_relative_tolerance":
			if i+1 >= len(args) {
				return f, fmt.Errorf("%s: missing value", a)
			}
			i++
			v, ok := parseFloatToken([]byte(args[i]))
			if !ok || v < 0 || math.IsInf(v, 0) {
				return f, fmt.Errorf("%s: %q is not a non-negative number", a, args[i])
			}
			abs, rel := a != "float_relative_tolerance", a != "float_absolute_tolerance"
			if (abs && seenAbs) || (rel && seenRel) {
				return f, fmt.Errorf("%s: a float tolerance is given twice", a)
			}
			if abs {
				seenAbs, f.AbsTol = true, v
			}
			if rel {
				seenRel, f.RelTol = true, v
			}
		default:
			return f, fmt.Errorf("unknown default validator argument %q", a)
		}
	}
	return f, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'
}

// scanner walks a file as alternating white space runs and tokens.
type scanner struct {
	b   []byte
	pos int
}

// next returns the white space before the next token and the token ("" at the end),
// and the byte offset where the token starts (the end of the file when there is
// none); the white space starts at that offset minus its length.
func (s *scanner) next() (space, tok []byte, at int) {
	start := s.pos
	for s.pos < len(s.b) && isSpace(s.b[s.pos]) {
		s.pos++
	}
	space, at = s.b[start:s.pos], s.pos
	for s.pos < len(s.b) && !isSpace(s.b[s.pos]) {
		s.pos++
	}
	return space, s.b[at:s.pos], at
}

// lineCol returns the 1-based line and column of byte offset off of b, the column
// counted in characters (a byte that is not valid UTF-8 counts as one).
func lineCol(b []byte, off int) (line, col int) {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	return bytes.Count(b[:start], []byte{'\n'}) + 1, utf8.RuneCount(b[start:off]) + 1
}

// firstDiff returns the index of the first byte where a and b differ, or the length
// of the shorter when one begins the other.
func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// parseFloatToken parses a token by the format's float grammar:
// [+-]? (digit* "." digit+ | digit+ "." | digit+) ([Ee] [+-]? digit+)?
func parseFloatToken(t []byte) (float64, bool) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	intDigits := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
		intDigits++
	}
	fracDigits := 0
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			fracDigits++
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return 0, false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		expDigits := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			expDigits++
		}
		if expDigits == 0 {
			return 0, false
		}
	}
	if i != len(t) {
		return 0, false
	}
	// The grammar is a subset of Go's syntax; out of range values round to ±Inf or 0.
	v, err := strconv.ParseFloat(string(t), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return v, true
}

func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// show quotes a token for a message, cut to a readable length.
func show(t []byte) string {
	const max = 40
	if len(t) > max {
		return strconv.Quote(string(t[:max])) + "…"
	}
	return strconv.Quote(string(t))
}

// CompareDefault is the default output validator: it compares a team's output with
// the answer file under the flags and returns AC or WA with a message naming where
// they first differ: the line and column of the output (of the first character that
// differs, or where the output ends) and the line of the answer.
func CompareDefault(answer, output []byte, f Flags) problems.Outcome {
	ans := scanner{b: answer}
	out := scanner{b: output}
	where := func(ooff, aoff int) string {
		oline, ocol := lineCol(output, ooff)
		aline, _ := lineCol(answer, aoff)
		return fmt.Sprintf("line %d, column %d of output (line %d of answer)", oline, ocol, aline)
	}
	for n := 1; ; n++ {
		aspace, atok, aat := ans.next()
		ospace, otok, oat := out.next()
		if f.SpaceChangeSensitive && string(aspace) != string(ospace) {
			k := firstDiff(aspace, ospace)
			return problems.Rejected(problems.WA, "%s: white space differs: expected %s, got %s",
				where(oat-len(ospace)+k, aat-len(aspace)+k), show(aspace), show(ospace))
		}
		switch {
		case len(atok) == 0 && len(otok) == 0:
			return problems.Accepted(1, "%d tokens match", n-1)
		case len(atok) == 0:
			return problems.Rejected(problems.WA, "%s: trailing output %s", where(oat, aat), show(otok))
		case len(otok) == 0:
			return problems.Rejected(problems.WA, "%s: output ends, expected %s", where(oat, aat), show(atok))
		}
		if f.Floats() {
			if a, ok := parseFloatToken(atok); ok {
				s, ok := parseFloatToken(otok)
				if !ok {
					return problems.Rejected(problems.WA, "%s: expected a number like %s, got %s", where(oat, aat), show(atok), show(otok))
				}
				if !floatClose(a, s, f) {
					return problems.Rejected(problems.WA, "%s: %s too far from %s (absolute error %.3g, relative %.3g)",
						where(oat, aat), show(otok), show(atok), math.Abs(s-a), math.Abs(s-a)/math.Abs(a))
				}
				continue
			}
		}
		same := string(atok) == string(otok)
		if !same && !f.CaseSensitive {
			same = equalFoldASCII(atok, otok)
		}
		if !same {
			return problems.Rejected(problems.WA, "%s: expected %s, got %s", where(oat, aat), show(atok), show(otok))
		}
	}
}

func floatClose(a, s float64, f Flags) bool {
	if a == s {
		return true
	}
	if math.IsInf(a, 0) || math.IsInf(s, 0) {
		// An answer out of range (1e400) would make every relative error
		// acceptable: an infinity is close to itself only.
		return false
	}
	d := math.Abs(s - a)
	if f.AbsTol >= 0 && d <= f.AbsTol {
		return true
	}
	return f.RelTol >= 0 && d <= f.RelTol*math.Abs(a)
}
