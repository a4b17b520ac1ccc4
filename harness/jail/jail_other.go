//go:build !linux

package jail

import (
	"context"
	"fmt"
	"runtime"
)

// Jail is unavailable on this system; New always fails.
type Jail struct{}

// New refuses: jails need Linux namespaces and cgroups.
func New(Options) (*Jail, error) {
	return nil, fmt.Errorf("%w (%s has no Linux namespaces)", ErrUnsupported, runtime.GOOS)
}

// Run refuses.
func (*Jail) Run(context.Context, Config) (Result, error) { return Result{}, ErrUnsupported }

// AddReadOnly does nothing.
func (*Jail) AddReadOnly(...string) {}

// Close does nothing.
func (*Jail) Close() error { return nil }

// Check lists every guarantee as not holding, with the reason.
func Check(string) []Guarantee {
	var out []Guarantee
	for _, n := range guaranteeNames {
		out = append(out, Guarantee{Name: n, Why: runtime.GOOS + " has no Linux namespaces or cgroups"})
	}
	return out
}

// CanJail reports whether jails can be made here; never on this system.
func CanJail() error { return ErrUnsupported }

// Main does nothing outside Linux.
func Main() {}
