//go:build linux

package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestBusy: a run is busy while a judge command claims it, and not once the
// claim is given up (as when its judge dies: the kernel drops the lock).
func TestBusy(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	run, err := st.NewRun(ctx, Run{Command: "contest"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Busy(run.ID) {
		t.Error("busy before any claim (no lock file yet)")
	}
	release, err := st.Claim(run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Busy(run.ID) {
		t.Error("not busy while claimed")
	}
	other, err := st.NewRun(ctx, Run{Command: "run"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Busy(other.ID) {
		t.Error("another run busy while only the first is claimed")
	}
	release()
	if st.Busy(run.ID) {
		t.Error("busy after the claim was given up")
	}
}
