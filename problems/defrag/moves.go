package defrag

import (
	"bytes"
	"fmt"
	"strconv"
)

// MaxMoves is the most moves an answer may hold for one case. A disk of 32 767 blocks
// can always be put in order with fewer, and the cap keeps the checker's work bounded
// whatever a program writes.
const MaxMoves = 100000

// MaxBlocksMoved is the most blocks all the moves of one answer may carry together
// (some three thousand times a full disk), for the same reason.
const MaxBlocksMoved = 100000000

// Move is one line of a defragNN.out file: copy Count blocks starting at From to the
// blocks starting at To.
type Move struct {
	From, To, Count int
}

func (m Move) String() string { return fmt.Sprintf("%d,%d,%d", m.From, m.To, m.Count) }

// maxDigits bounds the digits of one number so that values never overflow; any
// number this long is far off the disk anyway.
const maxDigits = 12

// ParseMove reads one move line "FROM,TO,COUNT": three unsigned decimal numbers
// separated by commas. Spaces and tabs around the numbers and a trailing carriage
// return are tolerated.
func ParseMove(line []byte) (Move, error) {
	line = bytes.TrimSuffix(line, []byte("\r"))
	var v [3]int
	rest := line
	for i := range v {
		var field []byte
		if i < 2 {
			j := bytes.IndexByte(rest, ',')
			if j < 0 {
				return Move{}, fmt.Errorf("want three numbers separated by commas, found %d", i+1)
			}
			field, rest = rest[:j], rest[j+1:]
		} else {
			if bytes.IndexByte(rest, ',') >= 0 {
				return Move{}, fmt.Errorf("want three numbers separated by commas, found more")
			}
			field = rest
		}
		n, err := parseUint(field)
		if err != nil {
			return Move{}, fmt.Errorf("%s: %w", [3]string{"first block", "new location", "number of blocks"}[i], err)
		}
		v[i] = n
	}
	return Move{From: v[0], To: v[1], Count: v[2]}, nil
}

func parseUint(field []byte) (int, error) {
	field = bytes.Trim(field, " \t")
	if len(field) == 0 {
		return 0, fmt.Errorf("missing number")
	}
	if len(field) > maxDigits {
		return 0, fmt.Errorf("number %s… is too long", printable(field[:maxDigits]))
	}
	n := 0
	for _, c := range field {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("\"%s\" is not an unsigned number", printable(field))
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}

// printable returns at most 40 bytes of b with anything unprintable escaped.
func printable(b []byte) string {
	if len(b) > 40 {
		b = b[:40]
	}
	q := strconv.QuoteToASCII(string(b))
	return q[1 : len(q)-1]
}

// MoveLines walks the lines of an answer file, calling fn with each move and its
// 1-based line number. Blank lines are allowed only at the end. It stops at the first
// fault or the first error fn returns, and returns it with its line number (0 when
// the fault is not on a line).
func MoveLines(out []byte, fn func(line int, m Move) error) (int, error) {
	line := 0
	blank := 0 // line number of the first blank line seen, 0 when none
	count := 0
	for len(out) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			l, out = out[:i], out[i+1:]
		} else {
			l, out = out, nil
		}
		if len(bytes.Trim(l, " \t\r")) == 0 {
			if blank == 0 {
				blank = line
			}
			continue
		}
		if blank != 0 {
			return blank, fmt.Errorf("empty line before more moves")
		}
		m, err := ParseMove(l)
		if err != nil {
			return line, err
		}
		count++
		if count > MaxMoves {
			return line, fmt.Errorf("more than %d moves", MaxMoves)
		}
		if err := fn(line, m); err != nil {
			return line, err
		}
	}
	return 0, nil
}
