//go:build !linux

package winrate

import "time"

var epoch = time.Now()

// threadCPU falls back to wall time where per-thread CPU time is not available.
func threadCPU() time.Duration { return time.Since(epoch) }
