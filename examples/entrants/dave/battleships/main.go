// Battleships by backtracking: the ships go in longest first, each at every position
// across and down that its cells, the counts and the revealed cells allow. The bug:
// a ship only keeps the cells beside, above and below it free, not the corners, so
// two ships may meet diagonally, and on some puzzles the first grid found does.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

var (
	n, m             int
	hint, grid       [][]byte
	rowLeft, colLeft []int
	ships            []int
	blocked          [][]int
)

func isPart(h byte) bool { return h != ' ' && h != '.' }

func open(r, c int) bool { return blocked[r][c] == 0 && hint[r][c] != '.' }

func part(length, i int, down bool) byte {
	switch {
	case length == 1:
		return 'O'
	case i == 0 && down:
		return '^'
	case i == 0:
		return '<'
	case i == length-1 && down:
		return 'v'
	case i == length-1:
		return '>'
	}
	return '+'
}

// cells returns the ship's cells and the cells next to them (sharing an edge).
func cells(r, c, length int, down bool) (ship, near [][2]int) {
	r2, c2 := r, c+length-1
	if down {
		r2, c2 = r+length-1, c
	}
	for y := r - 1; y <= r2+1; y++ {
		for x := c - 1; x <= c2+1; x++ {
			inRows, inCols := y >= r && y <= r2, x >= c && x <= c2
			switch {
			case y < 0 || y >= n || x < 0 || x >= m:
			case inRows && inCols:
				ship = append(ship, [2]int{y, x})
			case inRows || inCols: // beside, above or below: corners are forgotten
				near = append(near, [2]int{y, x})
			}
		}
	}
	return ship, near
}

func fits(r, c, length int, down bool) bool {
	if (down && r+length > n) || (!down && c+length > m) {
		return false
	}
	ship, near := cells(r, c, length, down)
	for i, p := range ship {
		h := hint[p[0]][p[1]]
		if !open(p[0], p[1]) || rowLeft[p[0]] < 1 || colLeft[p[1]] < 1 {
			return false
		}
		if h != ' ' && h != 'X' && h != part(length, i, down) {
			return false
		}
	}
	if down && colLeft[c] < length || !down && rowLeft[r] < length {
		return false
	}
	for _, p := range near {
		if isPart(hint[p[0]][p[1]]) {
			return false
		}
	}
	return true
}

func place(r, c, length int, down bool, d int) {
	ship, near := cells(r, c, length, down)
	for i, p := range ship {
		blocked[p[0]][p[1]] += d
		rowLeft[p[0]] -= d
		colLeft[p[1]] -= d
		grid[p[0]][p[1]] = '.'
		if d > 0 {
			grid[p[0]][p[1]] = part(length, i, down)
		}
	}
	for _, p := range near {
		blocked[p[0]][p[1]] += d
	}
}

func possible() bool {
	colRoom, colHints := make([]int, m), make([]int, m)
	for r := 0; r < n; r++ {
		room, hints := 0, 0
		for c := 0; c < m; c++ {
			uncovered := isPart(hint[r][c]) && grid[r][c] == '.'
			if open(r, c) {
				room++
				colRoom[c]++
			} else if uncovered {
				return false
			}
			if uncovered {
				hints++
				colHints[c]++
			}
		}
		if room < rowLeft[r] || hints > rowLeft[r] {
			return false
		}
	}
	for c := 0; c < m; c++ {
		if colRoom[c] < colLeft[c] || colHints[c] > colLeft[c] {
			return false
		}
	}
	return true
}

func solve(k, from int) bool {
	if k == len(ships) {
		return possible()
	}
	length := ships[k]
	if k == 0 || ships[k-1] != length {
		from = 0
	}
	for p := from; p < n*m*2; p++ {
		r, c, down := p/2/m, p/2%m, p%2 == 1
		if (length == 1 && down) || !fits(r, c, length, down) {
			continue
		}
		place(r, c, length, down, 1)
		if possible() && solve(k+1, p+1) {
			return true
		}
		place(r, c, length, down, -1)
	}
	return false
}

func main() {
	var lines []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for _, e := range strings.Fields(strings.TrimPrefix(lines[0], "fleet:")) {
		lc := strings.Split(e, "x")
		length, _ := strconv.Atoi(lc[0])
		count, _ := strconv.Atoi(lc[1])
		for i := 0; i < count; i++ {
			ships = append(ships, length)
		}
	}
	m = len(lines[1]) / 2
	for i := 2; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		row := make([]byte, m)
		for j := range row {
			row[j] = lines[i][1+2*j]
		}
		hint = append(hint, row)
		count, _ := strconv.Atoi(strings.TrimSpace(lines[i][2*m+1:]))
		rowLeft = append(rowLeft, count)
		grid = append(grid, []byte(strings.Repeat(".", m)))
		blocked = append(blocked, make([]int, m))
	}
	n = len(hint)
	for _, f := range strings.Fields(lines[n+3]) {
		count, _ := strconv.Atoi(f)
		colLeft = append(colLeft, count)
	}
	solve(0, 0)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for i, l := range lines {
		if i >= 2 && i < n+2 {
			b := []byte(l)
			for j := 0; j < m; j++ {
				b[1+2*j] = grid[i-2][j]
			}
			l = string(b)
		}
		fmt.Fprintln(w, l)
	}
}
