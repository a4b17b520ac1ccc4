//go:build !linux

package sandbox

import (
	"context"
	"fmt"

	"github.com/judgehq/judge/harness/jail"
	"runtime"
)

// NewRunner returns a runner that refuses every run: running submissions needs
// Linux (rlimits set before exec, /proc, process groups and cgroups).
func NewRunner(self string) (Runner, error) { return unsupported{}, nil }

// NewDirectRunner returns a runner that refuses every run, as NewRunner does.
func NewDirectRunner() Runner { return unsupported{} }

type unsupported struct{}

func (unsupported) Run(context.Context, Spec) (Measure, error) {
	return Measure{}, fmt.Errorf("%w (this is %s)", ErrUnsupported, runtime.GOOS)
}

func (unsupported) Guarantees() Guarantees {
	return Guarantees{Backend: "none", MemoryLimit: "none", PeakMemory: "none", ProcessLimit: "none", TreeKill: "none",
		CgroupError: ErrUnsupported.Error()}
}

func (unsupported) Close() error { return nil }

// JailAvailable reports why programs cannot be jailed here: never on this system.
func JailAvailable() error { return fmt.Errorf("%w (this is %s)", ErrUnsupported, runtime.GOOS) }

// NewJailRunner refuses: jails need Linux.
func NewJailRunner(self string, slots, uidBase, warm int) (Runner, error) {
	return nil, JailAvailable()
}

// InstallRoot is the folder a runtime at path needs (see jail.InstallRoot).
func InstallRoot(path string) string { return jail.InstallRoot(path) }
