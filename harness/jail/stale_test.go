//go:build linux

package jail

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/internal/dirlock"
)

// TestRemoveStale: what jails of killed judges left in the temporary folder is
// removed, and nothing else: not a folder of a judge whose process exists, nor
// one another jail holds, nor one with anything in it that a jail does not
// make there, nor a name without a judge's process id. As root with cgroups, the slot groups of a judge that no longer runs go
// too, those of a running one stay.
func TestRemoveStale(t *testing.T) {
	tmp := t.TempDir()
	mk := func(name string, files ...string) string {
		dir := filepath.Join(tmp, name)
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o555); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	// The id of a process that has ended, and this one's.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead, live := cmd.Process.Pid, os.Getpid()
	gone := []string{
		mk(fmt.Sprintf("judge-jail-%d-101", dead)),
		mk(fmt.Sprintf("judge-progs-%d-102", dead), "fe00-9a6f02-3fe0-18ebb860d7c03dff", ".new-4242"),
		mk(fmt.Sprintf("judge-progs-%d-103", dead)),
	}
	kept := []string{
		mk(fmt.Sprintf("judge-jail-%d-201", dead), "notes.txt"),
		mk(fmt.Sprintf("judge-progs-%d-202", dead), "fe00-9a6f02-3fe0-18ebb860d7c03dff", "notes.txt"),
		mk(fmt.Sprintf("judge-jail-%d-203", live)),
		mk("judge-jail-204"), // a judge from before the lock, maybe running
		mk("judge-progs-205", "fe00-1-2-3"),
		mk(fmt.Sprintf("judge-jail-%d-mine", dead)),
		mk(fmt.Sprintf("judge-jail-%d-206", dead)),
		mk(fmt.Sprintf("judge-progs-%d-207", dead), "fe00-1-2-3"),
	}
	for _, held := range kept[len(kept)-2:] {
		release, ok, err := dirlock.Try(held)
		if err != nil || !ok {
			t.Fatalf("locking %s: %v %v", held, ok, err)
		}
		defer release()
	}
	var h *hierarchies
	var deadGroup, liveGroup []string
	if os.Geteuid() == 0 {
		if found, err := findHierarchies(); err == nil {
			h = &found
			for _, parent := range []string{h.memory, h.pids, h.cpuacct} {
				for _, g := range []struct {
					pid  int
					list *[]string
				}{{dead, &deadGroup}, {live, &liveGroup}} {
					dir := filepath.Join(parent, fmt.Sprintf("judge-jail-%d-0badf00d-0", g.pid))
					if err := os.Mkdir(dir, 0o755); err != nil {
						t.Fatal(err)
					}
					*g.list = append(*g.list, dir)
				}
			}
			t.Cleanup(func() {
				for _, d := range append(deadGroup, liveGroup...) {
					os.Remove(d)
				}
			})
		}
	}
	removeStale(h, tmp)
	for _, d := range append(gone, deadGroup...) {
		if _, err := os.Lstat(d); err == nil {
			t.Errorf("%s is still there", d)
		}
	}
	for _, d := range append(kept, liveGroup...) {
		if _, err := os.Lstat(d); err != nil {
			t.Errorf("%s was removed: %v", d, err)
		}
	}
	if h == nil {
		t.Log("not root with cgroup v1: the groups were not tried")
	}
}

// TestNewRemovesStaleGroups: a jail removes, in the background, the slot groups
// a dead judge left; by the time it is closed they are gone.
func TestNewRemovesStaleGroups(t *testing.T) {
	requireJail(t)
	h, err := findHierarchies()
	if os.Geteuid() != 0 || err != nil {
		t.Skip("not root with cgroup v1: no groups to leave")
	}
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(h.pids, fmt.Sprintf("judge-jail-%d-0badf00d-0", cmd.Process.Pid))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(dir) })
	j, err := New(Options{Slots: 1, UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := os.Lstat(dir); err == nil {
		t.Errorf("%s is still there", dir)
	}
}
