// Command reversed is a wrong answer: it moves each fragmented file into the first
// free hole that holds it, but lays the fragments down last one first, so the file
// ends up in one piece with its parts in the wrong order.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	var n int
	idx, err := os.Open("defrag.in")
	if err != nil {
		os.Exit(1)
	}
	fmt.Fscan(idx, &n)
	idx.Close()
	for c := 1; c <= n; c++ {
		if err := solve(c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func solve(c int) error {
	in, err := os.Open(fmt.Sprintf("defrag%02d.in", c))
	if err != nil {
		return err
	}
	defer in.Close()
	r := bufio.NewReader(in)
	var blocks, files int
	fmt.Fscan(r, &blocks, &files)
	used := make([]bool, blocks)
	type frag struct{ s, l int }
	all := make([][]frag, files)
	for f := range all {
		var k int
		fmt.Fscan(r, &k)
		for range k {
			var s, l int
			fmt.Fscanf(r, "\n%d,%d", &s, &l)
			all[f] = append(all[f], frag{s, l})
			for b := s; b < s+l; b++ {
				used[b] = true
			}
		}
	}
	out, err := os.Create(fmt.Sprintf("defrag%02d.out", c))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	for _, fr := range all {
		if len(fr) < 2 {
			continue
		}
		size := 0
		for _, x := range fr {
			size += x.l
		}
		at, run := -1, 0
		for b := 0; b < blocks && at < 0; b++ {
			if used[b] {
				run = 0
				continue
			}
			if run++; run == size {
				at = b - size + 1
			}
		}
		if at < 0 {
			continue
		}
		for i := len(fr) - 1; i >= 0; i-- {
			x := fr[i]
			fmt.Fprintf(w, "%d,%d,%d\n", x.s, at, x.l)
			for b := 0; b < x.l; b++ {
				used[x.s+b] = false
				used[at+b] = true
			}
			at += x.l
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return out.Close()
}
