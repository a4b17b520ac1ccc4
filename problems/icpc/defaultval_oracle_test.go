package icpc

import (
	"fmt"
	"math"
	"strconv"

	"github.com/judgehq/judge/problems"
)

// compareDefaultOld is the default output validator as it was when it held the
// whole answer: the oracle that CompareDefaultReader must agree with on every
// input (FuzzCompareDefaultStream). It shares the helpers the streaming one
// still uses as they were (scanner, lineCol, firstDiff, equalFoldASCII, show,
// floatClose) and keeps its own copy of parseFloatToken, which it replaced.
func compareDefaultOld(answer, output []byte, f Flags) problems.Outcome {
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
			if n-1 == 1 {
				return problems.Accepted(1, "1 token matches")
			}
			return problems.Accepted(1, "%d tokens match", n-1)
		case len(atok) == 0:
			return problems.Rejected(problems.WA, "%s: trailing output %s", where(oat, aat), show(otok))
		case len(otok) == 0:
			return problems.Rejected(problems.WA, "%s: output ends, expected %s", where(oat, aat), show(atok))
		}
		if f.Floats() {
			if a, ok := parseFloatTokenOld(atok); ok {
				s, ok := parseFloatTokenOld(otok)
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

// parseFloatTokenOld parses a token by the format's float grammar:
// [+-]? (digit* "." digit+ | digit+ "." | digit+) ([Ee] [+-]? digit+)?
func parseFloatTokenOld(t []byte) (float64, bool) {
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
