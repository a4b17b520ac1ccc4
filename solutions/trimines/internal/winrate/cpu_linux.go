package winrate

import (
	"syscall"
	"time"
)

// rusageThread asks getrusage for the calling thread only.
const rusageThread = 1

// threadCPU returns the CPU time (user + system) the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
