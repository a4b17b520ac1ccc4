package trimines

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
)

// Move is one line a program sends: play (declare safe) or mark (declare a bomb) a cell.
type Move struct {
	Mark bool // true for "M r c", false for "P r c"
	R, C int
}

// String renders the move as the program wrote it.
func (m Move) String() string {
	k := "P"
	if m.Mark {
		k = "M"
	}
	return fmt.Sprintf("%s %d %d", k, m.R, m.C)
}

// ParseMove reads one move line (without its newline; a trailing carriage return is
// tolerated) for an n×n board: "P r c" or "M r c" with single spaces and 0-based
// decimal coordinates inside the board. The error says what is wrong in words: a
// *problems.InputError at line 1 (the line read on its own; the interactor puts
// the line of the program's output) and the column, in characters, of the faulty
// field, or of the first character that breaks the single-space layout.
func ParseMove(line []byte, n int) (Move, error) {
	line = bytes.TrimSuffix(line, []byte("\r"))
	col := func(off int) int { return utf8.RuneCount(line[:off]) + 1 }
	f := bytes.Split(line, []byte(" "))
	if len(f) != 3 {
		return Move{}, problems.Errorf(1, col(layoutFault(line)), "want \"P r c\" or \"M r c\" with single spaces, found %d fields", len(f))
	}
	var m Move
	switch string(f[0]) {
	case "P":
	case "M":
		m.Mark = true
	default:
		return Move{}, problems.Errorf(1, 1, "move kind %q: want P or M", clip(f[0]))
	}
	var err error
	rowAt := len(f[0]) + 1
	if m.R, err = coord("row", f[1], n); err != nil {
		return Move{}, problems.Errorf(1, col(rowAt), "%v", err)
	}
	if m.C, err = coord("column", f[2], n); err != nil {
		return Move{}, problems.Errorf(1, col(rowAt+len(f[1])+1), "%v", err)
	}
	return m, nil
}

// layoutFault returns the offset of the first byte where line stops being three
// non-empty fields separated by single spaces: an empty field (a space, or the end,
// where a field should start), a tab, the end where a space should be, or a space
// after the third field. For a line of that layout it returns len(line).
func layoutFault(line []byte) int {
	i := 0
	for k := 0; k < 3; k++ {
		if k > 0 {
			if i == len(line) {
				return i // a space and a field are missing
			}
			i++ // the space that ended the field before
		}
		if i == len(line) || line[i] == ' ' {
			return i // an empty field
		}
		for i < len(line) && line[i] != ' ' {
			if line[i] == '\t' {
				return i
			}
			i++
		}
	}
	return i // the end of the line, or a space after the third field
}

// coord reads a 0-based coordinate below n; the error names the field by what.
func coord(what string, tok []byte, n int) (int, error) {
	if len(tok) == 0 {
		return 0, fmt.Errorf("%s: empty", what)
	}
	if len(tok) > 9 {
		return 0, fmt.Errorf("%s %q: too long", what, clip(tok))
	}
	for _, ch := range tok {
		if ch < '0' || ch > '9' {
			return 0, fmt.Errorf("%s %q: want a decimal number", what, clip(tok))
		}
	}
	v, _ := strconv.Atoi(string(tok))
	if v >= n {
		return 0, fmt.Errorf("%s %d: off the %d×%d board", what, v, n, n)
	}
	return v, nil
}

// clip shortens hostile tokens for messages.
func clip(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}
