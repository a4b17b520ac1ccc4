package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/judgehq/judge/problems/sudoku/grid"
)

// LineError is a fault in a batch file at a 1-based line and column.
type LineError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// parseLine reads one puzzle line of a batch file: 81 cells ('1'–'9', '.' or '0'),
// then nothing, or white space and anything after it. skip is true for a line that
// is empty (or only white space) or starts with '#'. A fault comes back as a
// LineError with its column; the caller fills in the file and line.
func parseLine(line []byte) (g grid.Grid, skip bool, err *LineError) {
	blank := true
	for _, b := range line {
		if b != ' ' && b != '\t' && b != '\r' {
			blank = false
			break
		}
	}
	if blank || line[0] == '#' {
		return g, true, nil
	}
	for i := range grid.Size {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' {
			return g, false, &LineError{Col: i + 1, Msg: fmt.Sprintf("the line ends after %d cells; a puzzle has 81", i)}
		}
		switch b := line[i]; {
		case b == '.' || b == '0':
		case '1' <= b && b <= '9':
			g[i] = b - '0'
		default:
			return g, false, &LineError{Col: i + 1, Msg: fmt.Sprintf("%s is not a cell: want '1'-'9', '.' or '0'", charAt(line, i))}
		}
	}
	if len(line) > grid.Size {
		if b := line[grid.Size]; b != ' ' && b != '\t' && b != '\r' {
			return g, false, &LineError{Col: grid.Size + 1, Msg: fmt.Sprintf("%s after 81 cells: a puzzle has 81, and a comment must follow white space", charAt(line, grid.Size))}
		}
	}
	return g, false, nil
}

// charAt quotes the character that starts at byte i of line (every byte before
// it is a cell, so i is also its column less one): a whole UTF-8 character
// such as 'é', or the byte in hex when it starts none.
func charAt(line []byte, i int) string {
	r, size := utf8.DecodeRune(line[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", line[i])
	}
	return fmt.Sprintf("%q", r)
}

// runBatch solves every puzzle line of in and writes, for each, the 81 digits of a
// solution or "unsolvable" on a line of out. name is the input's name for errors.
func runBatch(name string, in io.Reader, out io.Writer) error {
	// Lines are read in pieces of at most the reader's buffer: a puzzle is in
	// the first 82 bytes, and a comment after it may be as long as it likes.
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	var text [grid.Size + 1]byte
	text[grid.Size] = '\n'
	for n := 1; ; n++ {
		line, more, err := r.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			w.Flush()
			return fmt.Errorf("reading %s: %w", name, err)
		}
		g, skip, lerr := parseLine(line)
		for more && err == nil {
			_, more, err = r.ReadLine() // the rest of a long comment
		}
		if lerr != nil {
			lerr.File, lerr.Line = name, n
			w.Flush()
			return lerr
		}
		if err != nil && err != io.EOF {
			w.Flush()
			return fmt.Errorf("reading %s: %w", name, err)
		}
		if skip {
			continue
		}
		sol, ok := Solve(g)
		if !ok {
			w.WriteString("unsolvable\n")
			continue
		}
		for i, v := range sol {
			text[i] = '0' + v
		}
		w.Write(text[:])
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the solutions: %w", err)
	}
	return nil
}

// runBatchFile runs runBatch on the file at path, or on standard input for "-".
func runBatchFile(path string, out io.Writer) error {
	if path == "-" {
		return runBatch("standard input", os.Stdin, out)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("opening the batch file: %w", err)
	}
	defer f.Close()
	return runBatch(path, f, out)
}
