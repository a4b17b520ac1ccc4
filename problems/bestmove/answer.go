package bestmove

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// answer is an output read line by line: the header's data set count and one entry
// per data set.
type answer struct {
	count int
	sets  []setAnswer
}

// setAnswer is the two lines of one data set.
type setAnswer struct {
	label   int      // the number after "Data Set"
	value   int      // the best value
	squares []string // normalised square names: upper-case letter, row without zeros in front
	line    int      // line of the "Best Move" line, for messages
}

// lineFault is a line that does not have the expected form.
type lineFault struct {
	line int
	msg  string
}

func (f *lineFault) Error() string { return fmt.Sprintf("line %d: %s", f.line, f.msg) }

// The line forms, matched against the lower-cased line. Spacing is free, even none
// between words; numbers are at most 9 digits, so they always fit in an int.
var (
	headerRE = regexp.MustCompile(`^\s*analyzing\s*(\d{1,9})\s*data\s*set(?:s|\s*\(\s*s\s*\))?\s*$`)
	setRE    = regexp.MustCompile(`^\s*data\s*set\s*(\d{1,9})\s*$`)
	bestRE   = regexp.MustCompile(`^\s*best\s*move\s*value\s*:\s*(\d{1,9})\s*at\s*([a-j]\s*\d{1,9}(?:\s*,\s*[a-j]\s*\d{1,9})*)\s*$`)
	squareRE = regexp.MustCompile(`([a-j])\s*(\d{1,9})`)
)

// lowerASCII lower-cases ASCII letters and leaves every other byte alone.
func lowerASCII(b []byte) []byte {
	out := make([]byte, len(b))
	for i, ch := range b {
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		out[i] = ch
	}
	return out
}

// parseAnswer reads an output in the expected layout: a header line, then a
// "Data Set" line and a "Best Move Value" line per data set. Blank lines are
// skipped; letter case and spacing are free. The first malformed line is an error.
func parseAnswer(text []byte) (answer, error) {
	var a answer
	lines := strings.Split(string(lowerASCII(text)), "\n")
	state := 0 // 0: header next, 1: "Data Set" next, 2: "Best Move" next
	for i, l := range lines {
		no := i + 1
		if strings.TrimSpace(l) == "" {
			continue
		}
		switch state {
		case 0:
			m := headerRE.FindStringSubmatch(l)
			if m == nil {
				return a, &lineFault{no, "expected \"Analyzing N data sets\""}
			}
			a.count = atoi(m[1])
			state = 1
		case 1:
			m := setRE.FindStringSubmatch(l)
			if m == nil {
				return a, &lineFault{no, fmt.Sprintf("expected \"Data Set %d\"", len(a.sets)+1)}
			}
			a.sets = append(a.sets, setAnswer{label: atoi(m[1])})
			state = 2
		case 2:
			m := bestRE.FindStringSubmatch(l)
			if m == nil {
				return a, &lineFault{no, fmt.Sprintf("expected \"Best Move Value: V at SQUARES\" for data set %d", len(a.sets))}
			}
			s := &a.sets[len(a.sets)-1]
			s.value, s.line = atoi(m[1]), no
			for _, sq := range squareRE.FindAllStringSubmatch(m[2], -1) {
				s.squares = append(s.squares, squareName(sq[1], sq[2]))
			}
			state = 1
		}
	}
	switch state {
	case 0:
		return a, &lineFault{len(lines), "no \"Analyzing N data sets\" line"}
	case 2:
		return a, &lineFault{len(lines), fmt.Sprintf("data set %d has no \"Best Move Value\" line", len(a.sets))}
	}
	return a, nil
}

// atoi reads a decimal string that the patterns above already limited to 9 digits.
func atoi(s string) int {
	v, _ := strconv.Atoi(s)
	return v
}

// squareName normalises a square: upper-case column letter, row as a plain number.
func squareName(letter, row string) string {
	return strings.ToUpper(letter) + strconv.Itoa(atoi(row))
}

// tokens returns the contents of an output read loosely, whatever its layout: every
// number, and every square (a lone letter A–J followed by a number), in order; other
// words and punctuation are ignored. It stops after limit tokens.
func tokens(text []byte, limit int) []string {
	t := lowerASCII(text)
	var out []string
	isLetter := func(ch byte) bool { return ch >= 'a' && ch <= 'z' }
	isDigit := func(ch byte) bool { return ch >= '0' && ch <= '9' }
	digits := func(i int) (string, int) {
		j := i
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		d := strings.TrimLeft(string(t[i:j]), "0")
		if d == "" {
			d = "0"
		}
		return d, j
	}
	for i := 0; i < len(t) && len(out) < limit; {
		switch ch := t[i]; {
		case isLetter(ch):
			j := i
			for j < len(t) && isLetter(t[j]) {
				j++
			}
			if j-i == 1 && ch <= 'j' {
				k := j
				for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
					k++
				}
				if k < len(t) && isDigit(t[k]) {
					d, end := digits(k)
					out = append(out, strings.ToUpper(string(ch))+d)
					j = end
				}
			}
			i = j
		case isDigit(ch):
			var d string
			d, i = digits(i)
			out = append(out, d)
		default:
			i++
		}
	}
	return out
}

// tokensOf lists the loose tokens of a parsed answer, with the data set each comes
// from (0 for the header).
func tokensOf(a answer) (toks []string, set []int) {
	toks = append(toks, strconv.Itoa(a.count))
	set = append(set, 0)
	for i, s := range a.sets {
		toks = append(toks, strconv.Itoa(s.label), strconv.Itoa(s.value))
		set = append(set, i+1, i+1)
		for _, q := range s.squares {
			toks = append(toks, q)
			set = append(set, i+1)
		}
	}
	return toks, set
}
