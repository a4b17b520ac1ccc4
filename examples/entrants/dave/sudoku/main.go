// dave: a wrong answer in Go. The solver is right, but when the search fails it
// prints the puzzle as its own "solution" instead of declaring it unsolvable, so it
// fails every unsolvable dataset and passes the rest.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

func ok(g *[81]int, i, d int) bool {
	r, c := i/9, i%9
	br, bc := r/3*3, c/3*3
	for k := range 9 {
		if g[r*9+k] == d || g[k*9+c] == d || g[(br+k/3)*9+bc+k%3] == d {
			return false
		}
	}
	return true
}

func solve(g *[81]int) bool {
	i := 0
	for i < 81 && g[i] != 0 {
		i++
	}
	if i == 81 {
		return true
	}
	for d := 1; d <= 9; d++ {
		if ok(g, i, d) {
			g[i] = d
			if solve(g) {
				return true
			}
		}
	}
	g[i] = 0
	return false
}

func show(w io.Writer, g [81]int) {
	for r := range 9 {
		if r == 3 || r == 6 {
			fmt.Fprintln(w)
		}
		var b strings.Builder
		for c := range 9 {
			if c == 3 || c == 6 {
				b.WriteByte(' ')
			}
			if v := g[r*9+c]; v != 0 {
				b.WriteByte(byte('0' + v))
			} else {
				b.WriteByte('-')
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

func main() {
	in, _ := io.ReadAll(os.Stdin)
	var g [81]int
	n := 0
	for _, ch := range in {
		if n == 81 {
			break
		}
		switch {
		case ch == '-':
			n++
		case ch >= '1' && ch <= '9':
			g[n] = int(ch - '0')
			n++
		}
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprint(w, "The original puzzle:\n\n")
	show(w, g)
	fmt.Fprint(w, "\nSolution:\n\n")
	s := g
	solve(&s) // the bug: the result is ignored
	show(w, s)
	fmt.Fprint(w, "\nThe puzzle was solved.\n")
}
