// Command judge-jail is a jail's init on its own: a small binary the judge starts
// in each jail slot instead of re-executing itself when it finds this one beside
// it, because a small Go binary starts faster than the whole judge (no database,
// network or report packages to initialise). All its work happens in the jail
// package's init.
package main

import (
	"fmt"
	"os"

	_ "github.com/judgehq/judge/harness/jail" // its init is the jail's init
)

func main() {
	// Reached only when not started by the judge (the jail's init never returns).
	fmt.Fprintln(os.Stderr, "judge-jail: the judge starts this in its jails; it does nothing on its own")
	os.Exit(2)
}
