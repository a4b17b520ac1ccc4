// dave's TriMineSweeper player in Go, and a poor one: it plays every cell in
// reading order without looking at the numbers, so it loses each board at the
// first bomb it steps on.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var n, bombs, r0, c0 int
	if _, err := fmt.Fscan(in, &n, &bombs, &r0, &c0); err != nil {
		os.Exit(1)
	}
	in.ReadString('\n')
	play := func(r, c int) bool {
		fmt.Fprintf(out, "P %d %d\n", r, c)
		out.Flush()
		reply, err := in.ReadString('\n')
		reply = strings.TrimSpace(reply)
		return err == nil && reply != "WIN" && reply != "LOSE"
	}
	if !play(r0, c0) {
		return
	}
	for r := range n {
		for c := range n {
			if (r != r0 || c != c0) && !play(r, c) {
				return
			}
		}
	}
}
