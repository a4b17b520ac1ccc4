package solver

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/battleships/grid"
)

// randomPuzzle places a fleet at random on a rows×cols grid and reveals each cell
// with probability reveal (ship parts sometimes as X). Puzzles made this way may
// have any number of solutions, which is what the counting tests want.
func randomPuzzle(rng *rand.Rand, rows, cols int, fleet []grid.Ship, reveal float64) *grid.Puzzle {
	for {
		sol := make([]byte, rows*cols)
		for i := range sol {
			sol[i] = grid.Water
		}
		ok := true
		for _, s := range fleet {
			for n := 0; n < s.Count && ok; n++ {
				ok = dropShip(rng, sol, rows, cols, s.Len)
			}
		}
		if !ok {
			continue
		}
		p := &grid.Puzzle{Rows: rows, Cols: cols, Fleet: fleet, RowCounts: make([]int, rows), ColCounts: make([]int, cols)}
		p.Cells = make([]byte, rows*cols)
		for i, b := range sol {
			if grid.IsShip(b) {
				p.RowCounts[i/cols]++
				p.ColCounts[i%cols]++
			}
			p.Cells[i] = grid.Blank
			if rng.Float64() < reveal {
				p.Cells[i] = b
				if grid.IsShip(b) && rng.IntN(4) == 0 {
					p.Cells[i] = grid.Part
				}
			}
		}
		return p
	}
}

func dropShip(rng *rand.Rand, cells []byte, rows, cols, l int) bool {
	for try := 0; try < 500; try++ {
		p := placement{r: rng.IntN(rows), c: rng.IntN(cols), l: l, vert: l > 1 && rng.IntN(2) == 0}
		dr, dc := p.step()
		if p.r+dr*(l-1) >= rows || p.c+dc*(l-1) >= cols {
			continue
		}
		free := true
		for y := p.r - 1; y <= p.r+dr*(l-1)+1 && free; y++ {
			for x := p.c - 1; x <= p.c+dc*(l-1)+1 && free; x++ {
				free = y < 0 || x < 0 || y >= rows || x >= cols || cells[y*cols+x] == grid.Water
			}
		}
		if !free {
			continue
		}
		for i := 0; i < l; i++ {
			cells[(p.r+dr*i)*cols+p.c+dc*i] = p.part(i)
		}
		return true
	}
	return false
}

// valid is a plain statement of the rules, for checking answers in these tests.
func valid(pz, ans *grid.Puzzle) error {
	at := func(r, c int) byte { return ans.At(r, c) }
	ship := func(r, c int) bool { return grid.IsShip(at(r, c)) }
	rows, cols := make([]int, ans.Rows), make([]int, ans.Cols)
	lengths := map[int]int{}
	for r := 0; r < ans.Rows; r++ {
		for c := 0; c < ans.Cols; c++ {
			b, h := at(r, c), pz.At(r, c)
			switch {
			case b == grid.Blank || b == grid.Part:
				return fmt.Errorf("(%d,%d) undecided", r+1, c+1)
			case h != grid.Blank && h != b && !(h == grid.Part && grid.IsShip(b)):
				return fmt.Errorf("(%d,%d) given %q, answer %q", r+1, c+1, h, b)
			case !ship(r, c):
				continue
			case ship(r+1, c-1) || ship(r+1, c+1):
				return fmt.Errorf("(%d,%d) touches a ship at a corner", r+1, c+1)
			}
			rows[r]++
			cols[c]++
			if ship(r, c-1) || ship(r-1, c) {
				continue // not the first part of its ship
			}
			l, dr, dc := 1, 0, 1
			if ship(r+1, c) {
				dr, dc = 1, 0
			}
			for ship(r+dr*l, c+dc*l) {
				l++
			}
			for i := 0; i < l; i++ {
				want := placement{r: r, c: c, l: l, vert: dr == 1}.part(i)
				if got := at(r+dr*i, c+dc*i); got != want {
					return fmt.Errorf("(%d,%d) is %q, want %q", r+dr*i+1, c+dc*i+1, got, want)
				}
				if ship(r+dr*i+dc, c+dc*i+dr) {
					return fmt.Errorf("bent ship at (%d,%d)", r+1, c+1)
				}
			}
			lengths[l]++
		}
	}
	for r, n := range rows {
		if n != pz.RowCounts[r] {
			return fmt.Errorf("row %d has %d parts, want %d", r+1, n, pz.RowCounts[r])
		}
	}
	for c, n := range cols {
		if n != pz.ColCounts[c] {
			return fmt.Errorf("column %d has %d parts, want %d", c+1, n, pz.ColCounts[c])
		}
	}
	for _, s := range pz.Fleet {
		if lengths[s.Len] != s.Count {
			return fmt.Errorf("%d ships of length %d, want %d", lengths[s.Len], s.Len, s.Count)
		}
		delete(lengths, s.Len)
	}
	if len(lengths) > 0 {
		return fmt.Errorf("ships of lengths outside the fleet: %v", lengths)
	}
	return nil
}

var smallFleets = func() [][]grid.Ship {
	var out [][]grid.Ship
	for _, s := range []string{"3x1 2x2 1x3", "4x1 3x1 2x2 1x2", "3x2 1x3", "2x3 1x2"} {
		f, err := grid.ParseFleet(s)
		if err != nil {
			panic(err)
		}
		out = append(out, f)
	}
	return out
}()

// TestCountsAgree is the acceptance test: bap's count equals the exhaustive count of
// pure search (and of search1) on small random puzzles, many with several solutions.
func TestCountsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	several := 0
	for i := 0; i < 40; i++ {
		rows, cols := 6+i%3, 6+(i/3)%3
		pz := randomPuzzle(rng, rows, cols, smallFleets[i%len(smallFleets)], 0.08+0.04*float64(i%4))
		want, _, err := Count(pz, Options{Variant: Search2}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want > 1 {
			several++
		}
		for _, v := range []Variant{Bap, Search1} {
			got, _, err := Count(pz, Options{Variant: v}, 0)
			if err != nil || got != want {
				t.Errorf("puzzle %d, %s: %d solutions (%v), search2 counts %d\n%s", i, v, got, err, want, grid.Format(pz))
			}
		}
		if lim, _, _ := Count(pz, Options{Variant: Bap}, 2); lim != min(want, 2) {
			t.Errorf("puzzle %d: count with limit 2 gave %d, want %d", i, lim, min(want, 2))
		}
	}
	t.Logf("40 puzzles, %d of them with several solutions", several)
	if several < 10 {
		t.Errorf("only %d of 40 puzzles had several solutions; the test wants variety", several)
	}
}

// TestSolveValid checks that every variant's answer obeys the rules.
func TestSolveValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 20; i++ {
		pz := randomPuzzle(rng, 7+i%4, 7+i%5, smallFleets[i%len(smallFleets)], 0.1)
		for _, v := range []Variant{Bap, Search1, Search2} {
			ans, _, err := Solve(pz, Options{Variant: v})
			if err != nil {
				t.Fatalf("puzzle %d, %s: %v", i, v, err)
			}
			if err := valid(pz, ans); err != nil {
				t.Errorf("puzzle %d, %s: %v\n%s", i, v, err, grid.Format(ans))
			}
		}
	}
}

func TestNoSolution(t *testing.T) {
	pz, err := grid.Parse([]byte("fleet: 2x1\n - - -\n|. .  | 2\n - - -\n 1 1 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []Variant{Bap, Search1, Search2} {
		if _, _, err := Solve(pz, Options{Variant: v}); err != ErrNoSolution {
			t.Errorf("%s: got %v, want ErrNoSolution", v, err)
		}
	}
}

func TestDiagonalOption(t *testing.T) {
	// Two submarines in a 2×2 grid fit only on a diagonal.
	pz, err := grid.Parse([]byte("fleet: 1x2\n - -\n|   | 1\n|   | 1\n - -\n 1 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n, _, _ := Count(pz, Options{}, 0); n != 0 {
		t.Errorf("proper rules: %d solutions, want 0", n)
	}
	if n, _, _ := Count(pz, Options{AllowDiagonal: true}, 0); n != 2 {
		t.Errorf("corners allowed: %d solutions, want 2", n)
	}
}

const tiny = "fleet: 3x1 2x2 1x3\n" +
	" - - - - - -\n" +
	"|  O        | 1\n" +
	"|           | 0\n" +
	"|           | 4\n" +
	"|           | 1\n" +
	"|           | 1\n" +
	"|           | 3\n" +
	" - - - - - -\n" +
	" 2 1 2 2 1 2\n"

func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run(Bap, nil, strings.NewReader(tiny), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	pz, _ := grid.Parse([]byte(tiny))
	ans, err := grid.Parse(out.Bytes())
	if err != nil {
		t.Fatalf("answer does not parse: %v\n%s", err, out.String())
	}
	if err := valid(pz, ans); err != nil {
		t.Errorf("answer invalid: %v", err)
	}
	plain := out.String()

	out.Reset()
	errb.Reset()
	if code := Run(Bap, []string{"--explain"}, strings.NewReader(tiny), &out, &errb); code != 0 {
		t.Fatalf("--explain: exit %d", code)
	}
	if out.String() != plain {
		t.Errorf("--explain changed stdout:\n%s", out.String())
	}
	for _, want := range []string{"step 1:", "pad_water", "chain of steps"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("--explain: stderr lacks %q", want)
		}
	}

	out.Reset()
	if code := Run(Search2, []string{"--count", "--limit", "1000"}, strings.NewReader(tiny), &out, &errb); code != 0 {
		t.Fatalf("--count: exit %d", code)
	}
	n, _, _ := Count(pz, Options{}, 0)
	if got := strings.TrimSpace(out.String()); got != fmt.Sprint(n) {
		t.Errorf("--count printed %q, want %d", got, n)
	}

	for _, bad := range []string{"", "fleet: 1x1\n"} {
		if code := Run(Bap, nil, strings.NewReader(bad), &out, &errb); code == 0 {
			t.Errorf("input %q: want a non-zero exit", bad)
		}
	}
	if code := Run(Bap, []string{"--bogus"}, strings.NewReader(tiny), &out, &errb); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
}

// FuzzSolve runs bap on arbitrary puzzle files: no panics, and any answer is valid.
func FuzzSolve(f *testing.F) {
	f.Add([]byte(tiny))
	f.Add([]byte("fleet: 1x2\n - -\n|   | 1\n|   | 1\n - -\n 1 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pz, err := grid.Parse(data)
		if err != nil || pz.Rows*pz.Cols > 64 {
			return
		}
		ans, _, err := Solve(pz, Options{})
		if err != nil {
			return
		}
		if err := valid(pz, ans); err != nil {
			t.Fatalf("invalid answer: %v\n%s", err, grid.Format(ans))
		}
	})
}
