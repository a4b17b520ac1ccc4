// Command winrate compares TriMineSweeper players in-process over a folder of
// boards (by default the problem's winrate group) and prints their win rates with
// 95 % intervals, mean points and time per board.
//
//	go run ./solutions/trimines/internal/cmd/winrate [-dir DIR] [-players sets,reference] [-limit N]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/judgehq/judge/solutions/trimines/internal/winrate"
)

func main() {
	dir := flag.String("dir", "problems/trimines/data/winrate", "folder of NAME.in boards")
	names := flag.String("players", "sets,reference", "players to compare, comma-separated")
	limit := flag.Int("limit", 0, "play only the first N boards (0: all)")
	flag.Parse()
	if err := run(*dir, *names, *limit); err != nil {
		fmt.Fprintln(os.Stderr, "winrate:", err)
		os.Exit(1)
	}
}

func run(dir, names string, limit int) error {
	boards, _, err := winrate.Load(dir)
	if err != nil {
		return err
	}
	if len(boards) == 0 {
		return fmt.Errorf("%s: no boards", dir)
	}
	if limit > 0 && limit < len(boards) {
		boards = boards[:limit]
	}
	known := winrate.Players()
	var sums []winrate.Summary
	for _, name := range strings.Split(names, ",") {
		p, ok := known[name]
		if !ok {
			return fmt.Errorf("unknown player %q", name)
		}
		s, err := winrate.Run(name, p, boards)
		if err != nil {
			return err
		}
		sums = append(sums, s)
	}
	winrate.Print(os.Stdout, sums)
	for i := 1; i < len(sums); i++ {
		a, b := sums[0], sums[i]
		onlyA, onlyB := winrate.Discordant(a, b)
		fmt.Printf("paired: %d boards won only by %s, %d only by %s\n", onlyA, a.Player, onlyB, b.Player)
	}
	return nil
}
