// Disk defragmentation, hopefully: every file in pieces is copied, one move per
// fragment, into the first stretch of free blocks long enough to hold it. When no
// stretch is long enough it copies the file to the first free block anyway and
// trusts the disk to make room, which it does not: on a crowded disk the moves land
// on blocks that still hold data, and the judge rejects them.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

type fragment struct{ start, length int }

func solve(in *os.File, out *bufio.Writer) {
	r := bufio.NewReader(in)
	var blocks, files int
	fmt.Fscan(r, &blocks, &files)
	disk := make([]bool, blocks) // true where a block holds data
	all := make([][]fragment, files)
	for i := range all {
		var k int
		fmt.Fscan(r, &k)
		for j := 0; j < k; j++ {
			var line string
			fmt.Fscan(r, &line)
			var f fragment
			fmt.Sscanf(strings.Replace(line, ",", " ", 1), "%d %d", &f.start, &f.length)
			all[i] = append(all[i], f)
			for b := f.start; b < f.start+f.length; b++ {
				disk[b] = true
			}
		}
	}
	for _, frags := range all {
		if len(frags) == 1 {
			continue
		}
		size := 0
		for _, f := range frags {
			size += f.length
		}
		dest, run, first := -1, 0, -1
		for b := 0; b < blocks && dest < 0; b++ {
			if disk[b] {
				run = 0
				continue
			}
			if first < 0 {
				first = b
			}
			run++
			if run == size {
				dest = b - size + 1
			}
		}
		if dest < 0 {
			dest = first // no stretch is long enough: hope for the best
		}
		for _, f := range frags {
			fmt.Fprintf(out, "%d,%d,%d\n", f.start, dest, f.length)
			for b := 0; b < f.length; b++ {
				disk[f.start+b] = false
			}
			for b := 0; b < f.length && dest+b < blocks; b++ {
				disk[dest+b] = true
			}
			dest += f.length
		}
	}
}

func main() {
	var cases int
	f, err := os.Open("defrag.in")
	if err != nil {
		os.Exit(1)
	}
	fmt.Fscan(f, &cases)
	f.Close()
	for c := 1; c <= cases; c++ {
		in, err := os.Open(fmt.Sprintf("defrag%02d.in", c))
		if err != nil {
			os.Exit(1)
		}
		o, _ := os.Create(fmt.Sprintf("defrag%02d.out", c))
		w := bufio.NewWriter(o)
		solve(in, w)
		w.Flush()
		o.Close()
		in.Close()
	}
}
