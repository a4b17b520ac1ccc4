// Command random plays TriMineSweeper blindly: after the free cell it plays
// unresolved cells in a seeded random order and never marks, so it soon plays a
// bomb. Expected: WA (a lost board).
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var n, bombs, r0, c0 int
	if _, err := fmt.Fscan(in, &n, &bombs, &r0, &c0); err != nil {
		os.Exit(1)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	order := rng.Perm(n * n)
	first := r0*n + c0
	order = append([]int{first}, order...)
	done := make([]bool, n*n)
	for _, cell := range order {
		if done[cell] {
			continue
		}
		done[cell] = true
		fmt.Fprintf(out, "P %d %d\n", cell/n, cell%n)
		out.Flush()
		var reply string
		if _, err := fmt.Fscan(in, &reply); err != nil || reply == "WIN" || reply == "LOSE" {
			return
		}
	}
}
