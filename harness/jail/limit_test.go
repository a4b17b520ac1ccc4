//go:build linux

package jail

import "testing"

func TestEndedByMemory(t *testing.T) {
	tests := []struct {
		limit    Limit
		exit     int
		exceeded bool
		want     bool
	}{
		{NoLimit, -1, true, true},   // killed by the kernel at the limit
		{WallLimit, -1, true, true}, // thrashing until the wall timer
		{CPULimit, -1, true, true},  // faulting and reclaiming until the CPU watchdog
		{CPULimit, -1, false, false},
		{WallLimit, -1, false, false},
		{NoLimit, 0, true, false}, // a run that ended well is no MLE
		{OutputLimit, -1, true, false},
		{MemoryLimit, -1, false, false}, // decided already
	}
	for _, tt := range tests {
		asked := false
		got := endedByMemory(tt.limit, tt.exit, func() bool { asked = true; return tt.exceeded })
		if got != tt.want {
			t.Errorf("endedByMemory(%s, %d, %v) = %v, want %v", tt.limit, tt.exit, tt.exceeded, got, tt.want)
		}
		if asked && (tt.limit == OutputLimit || tt.limit == MemoryLimit) {
			t.Errorf("%s: the group was asked", tt.limit)
		}
	}
}
