// Command judge-supervisor is the run supervisor on its own: a small binary that the
// judge uses instead of re-executing itself when it finds this one beside it, because
// a small Go binary starts faster than the whole judge. All its work happens in the
// supervise package's init.
package main

import (
	"fmt"
	"os"

	"github.com/judgehq/judge/harness/supervise"
)

func main() {
	// Reached only when not started by the judge (supervise's init never returns).
	fmt.Fprintf(os.Stderr, "judge-supervisor: started without $%s; the judge runs this, not you\n", supervise.Env)
	os.Exit(2)
}
