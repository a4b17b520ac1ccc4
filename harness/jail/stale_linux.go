package jail

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"

	"github.com/judgehq/judge/internal/dirlock"
)

// A judge killed with SIGKILL (or by the OOM killer) cannot remove what its jail
// made: the slots' cgroups and, in the temporary folder, the mount point and the
// program folder with its copies of the programs. A new jail removes what such
// a judge left, and only that: a folder that another running jail holds
// (dirlock), a group whose judge still runs, or anything not named and made as a
// jail names and makes it, stays.

// Names of what a jail makes: the slot groups (judge-jail-PID-NONCE-SLOT, see
// New), the mount point and the program folder (os.MkdirTemp's digits after
// the prefix), and the copies in the program folder (progOf's keys, and the
// temporary files they are written as).
var (
	staleGroupName = regexp.MustCompile(`^judge-jail-([0-9]+)-[0-9a-f]+-[0-9]+$`)
	staleRootName  = regexp.MustCompile(`^judge-jail-[0-9]+$`)
	staleProgsName = regexp.MustCompile(`^judge-progs-[0-9]+$`)
	progKeyName    = regexp.MustCompile(`^([0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+|\.new-[0-9]+)$`)
)

// removeStale removes the groups under the hierarchies h (none in user
// namespaces) and the folders in tmp that jails of dead judges left.
func removeStale(h *hierarchies, tmp string) {
	if h != nil {
		for _, parent := range []string{h.memory, h.pids, h.cpuacct} {
			entries, _ := os.ReadDir(parent)
			for _, e := range entries {
				m := staleGroupName.FindStringSubmatch(e.Name())
				if m == nil || !e.IsDir() {
					continue
				}
				if pid, err := strconv.Atoi(m[1]); err != nil || pid == os.Getpid() || processExists(pid) {
					continue
				}
				// rmdir refuses a group that still holds a process.
				_ = syscall.Rmdir(filepath.Join(parent, e.Name()))
			}
		}
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		name := e.Name()
		root, progs := staleRootName.MatchString(name), staleProgsName.MatchString(name)
		if !root && !progs || !e.IsDir() {
			continue
		}
		dir := filepath.Join(tmp, name)
		if !ownFolder(dir) {
			continue
		}
		release, free, err := dirlock.Try(dir)
		if err != nil || !free {
			continue
		}
		if root {
			_ = os.Remove(dir) // an empty mount point; anything in it stays
		} else if onlyProgCopies(dir) {
			_ = os.RemoveAll(dir)
		}
		release()
	}
}

// processExists reports whether a process of that id exists.
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownFolder reports whether dir is a real folder of this process's user.
func ownFolder(dir string) bool {
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Geteuid()
}

// onlyProgCopies reports whether the folder holds nothing but regular files
// named as progOf names its copies.
func onlyProgCopies(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !progKeyName.MatchString(e.Name()) {
			return false
		}
	}
	return true
}
