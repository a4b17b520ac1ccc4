package trimines

import (
	"bytes"
	"fmt"
	"strconv"
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
// decimal coordinates inside the board. The error says what is wrong in words.
func ParseMove(line []byte, n int) (Move, error) {
	line = bytes.TrimSuffix(line, []byte("\r"))
	f := bytes.Split(line, []byte(" "))
	if len(f) != 3 {
		return Move{}, fmt.Errorf("want \"P r c\" or \"M r c\" with single spaces, found %d fields", len(f))
	}
	var m Move
	switch string(f[0]) {
	case "P":
	case "M":
		m.Mark = true
	default:
		return Move{}, fmt.Errorf("move kind %q: want P or M", clip(f[0]))
	}
	var err error
	if m.R, err = coord("row", f[1], n); err != nil {
		return Move{}, err
	}
	if m.C, err = coord("column", f[2], n); err != nil {
		return Move{}, err
	}
	return m, nil
}

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
