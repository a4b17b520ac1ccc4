//go:build !linux

package supervise

import (
	"fmt"
	"os"
)

// Env names the environment variable that carries a supervisor's configuration and
// marks a process as a supervisor.
const Env = "JUDGE_SUPERVISOR_CONFIG"

// Active reports whether this process was started as a supervisor: never, on a
// system other than Linux.
func Active() bool { return false }

// Main exits: the supervisor needs Linux.
func Main() {
	fmt.Fprintln(os.Stderr, "judge-supervisor: running submissions needs Linux")
	os.Exit(2)
}
