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
// a judge left, and only that: a group or folder whose judge's process still
// exists, a folder that a running jail holds (dirlock), or anything not named
// and made as a jail names and makes it, stays.

// Names of what a jail makes: the slot groups (judge-jail-PID-NONCE-SLOT), the
// mount point and the program folder (judge-jail-PID-N and judge-progs-PID-N,
// N os.MkdirTemp's digits), all with the id of the judge's process, and the
// copies in the program folder (progOf's keys, and the temporary files they
// are written as). Folders named without an id, by judges from before the
// lock, stay: such a judge may still run, holding no lock.
var (
	staleGroupName  = regexp.MustCompile(`^judge-jail-([0-9]+)-[0-9a-f]+-[0-9]+$`)
	staleFolderName = regexp.MustCompile(`^judge-(jail|progs)-([0-9]+)-[0-9]+$`)
	progKeyName     = regexp.MustCompile(`^([0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+|\.new-[0-9]+)$`)
)

// jailFolderPrefix is the name os.MkdirTemp makes a jail's folder of kind
// ("jail" or "progs") with.
func jailFolderPrefix(kind string) string {
	return "judge-" + kind + "-" + strconv.Itoa(os.Getpid()) + "-"
}

// deadJudge reports whether the process of id s (a decimal number) no longer
// exists and is not this one.
func deadJudge(s string) bool {
	pid, err := strconv.Atoi(s)
	return err == nil && pid != os.Getpid() && !processExists(pid)
}

// removeStale removes the groups under the hierarchies h (none in user
// namespaces) and the folders in tmp that jails of dead judges left.
func removeStale(h *hierarchies, tmp string) {
	if h != nil {
		parents := []string{h.memory, h.pids, h.cpuacct}
		if h.cpu != "" && h.cpu != h.cpuacct {
			parents = append(parents, h.cpu)
		}
		for _, parent := range parents {
			entries, _ := os.ReadDir(parent)
			for _, e := range entries {
				m := staleGroupName.FindStringSubmatch(e.Name())
				if m == nil || !e.IsDir() || !deadJudge(m[1]) {
					continue
				}
				// rmdir refuses a group that still holds a process.
				_ = syscall.Rmdir(filepath.Join(parent, e.Name()))
			}
		}
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		m := staleFolderName.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() || !deadJudge(m[2]) {
			continue
		}
		root := m[1] == "jail"
		dir := filepath.Join(tmp, e.Name())
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
