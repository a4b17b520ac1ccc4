package defrag

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
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
// return are tolerated. A fault is a *problems.InputError at line 1 (the line read on
// its own; MoveLines puts the line of the file) and the column, in characters, of the
// faulty field: where its number starts, or would start when it is missing. A missing
// comma points at the first character after the number where the comma should be,
// a comma too many at that comma.
func ParseMove(line []byte) (Move, error) {
	line = bytes.TrimSuffix(line, []byte("\r"))
	col := func(off int) int { return utf8.RuneCount(line[:off]) + 1 }
	var v [3]int
	off := 0 // where the field being read starts in line
	for i := range v {
		rest := line[off:]
		var field []byte
		if i < 2 {
			j := bytes.IndexByte(rest, ',')
			if j < 0 {
				return Move{}, problems.Errorf(1, col(off+afterNumber(rest)), "want three numbers separated by commas, found %d", i+1)
			}
			field = rest[:j]
		} else {
			if j := bytes.IndexByte(rest, ','); j >= 0 {
				return Move{}, problems.Errorf(1, col(off+j), "want three numbers separated by commas, found more")
			}
			field = rest
		}
		n, err := parseUint(field)
		if err != nil {
			start := off + len(field) - len(bytes.TrimLeft(field, " \t"))
			return Move{}, problems.Errorf(1, col(start), "%s: %v", [3]string{"first block", "new location", "number of blocks"}[i], err)
		}
		v[i] = n
		off += len(field) + 1
	}
	return Move{From: v[0], To: v[1], Count: v[2]}, nil
}

// afterNumber returns the offset in b of the first byte after its leading blanks,
// digits and the blanks after them: where a comma should follow a number.
func afterNumber(b []byte) int {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

func parseUint(field []byte) (int, error) {
	field = bytes.Trim(field, " \t")
	if len(field) == 0 {
		return 0, errors.New("missing number")
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
// the fault is not on a line). The error is a *problems.InputError at that line and
// a column: the faulty field's for a line that does not read as a move (see
// ParseMove), column 1 for a blank line before more moves, and the move's first
// character when the move itself is at fault (fn's error, or one move too many).
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
			return blank, problems.Errorf(blank, 1, "empty line before more moves")
		}
		m, err := ParseMove(l)
		if err != nil {
			var ie *problems.InputError
			if errors.As(err, &ie) {
				ie.Line = line
			}
			return line, err
		}
		first := len(l) - len(bytes.TrimLeft(l, " \t")) + 1 // blanks are one byte each
		count++
		if count > MaxMoves {
			return line, problems.Errorf(line, first, "more than %d moves", MaxMoves)
		}
		if err := fn(line, m); err != nil {
			return line, problems.Errorf(line, first, "%v", err)
		}
	}
	return 0, nil
}
