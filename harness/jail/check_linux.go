package jail

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"
)

// Check tries to make a jail on this machine and run a probe in it, and lists
// each guarantee with whether it holds and why. It is what `judge doctor`
// shows. self is the binary that serves as the jail's init ("" for this one).
func Check(self string) []Guarantee {
	fail := func(why string) []Guarantee {
		var out []Guarantee
		for _, n := range guaranteeNames {
			out = append(out, Guarantee{Name: n, Why: why})
		}
		return out
	}
	if err := CanJail(); err != nil {
		return fail(err.Error())
	}
	j, err := New(Options{Self: self})
	if err != nil {
		return fail(err.Error())
	}
	defer j.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := j.Run(ctx, Config{Argv: []string{"/bin/sh", "-c", "exit 0"}, Limits: Limits{CPU: 5 * time.Second}})
	if err == nil && (res.ExitCode != 0 || res.ExecError != "") {
		err = fmt.Errorf("the probe /bin/sh ended with %d %s", res.ExitCode, res.ExecError)
	}
	if err != nil {
		return fail("a probe run failed: " + err.Error())
	}
	why := map[string]string{
		"uid": fmt.Sprintf("programs run as uid/gid %d+slot, without capabilities, with no_new_privs", j.all[0].uid),
		"pid namespace": "each slot has its own PID namespace; the program's parent is the slot's init, " +
			"never the judge, and dies with it",
		"network namespace":      "each slot has its own network namespace with only loopback up",
		"mount namespace":        "read-only root of " + strings.Join(systemPaths[:4], ", ") + ", … ; fresh /proc, four devices in /dev",
		"ipc and uts namespaces": "an IPC and a UTS namespace per slot; no POSIX message queues, and the System V objects of a run removed at its end",
		"cgroup owned by the judge": "the run's cgroup v1 groups belong to root, no cgroup file system is mounted " +
			"in the jail and the program has no capabilities",
		"cpu time of all processes": "cpuacct.usage of the run's group counts every process",
		"work folder quota":         "the work folder and /tmp are size-limited tmpfs, fresh for each run",
		"compile limits": fmt.Sprintf("compiles run in the same jail: %v CPU, %v wall, %d MiB, %d processes",
			CompileLimits.CPU, CompileLimits.Wall, CompileLimits.Memory>>20, CompileLimits.Processes),
		"go builds": "Go files, and Go folders that are a module of their own or of none, build in the jail from " +
			"a copy of a warm build cache; a folder inside a larger module (an organiser's solvers) builds on the " +
			"host, with cgo, the module proxy and go.work off and no replace by a folder outside the module",
	}
	holds := map[string]bool{}
	if j.userns {
		// What differs without cgroups (and without root: the uid).
		holds["cgroup owned by the judge"] = false
		if os.Geteuid() != 0 {
			holds["uid"] = false
			why["uid"] = fmt.Sprintf("rootless: programs run as root of a user namespace of their own, which is "+
				"your uid %d outside, without capabilities (empty bounding set, SECBIT_NOROOT), with no_new_privs "+
				"and a seccomp filter; slots do not get distinct uids (run judge as root for that)", os.Getuid())
		} else {
			why["uid"] = fmt.Sprintf("programs run as root of a user namespace of their own, which is uid/gid "+
				"%d+slot outside, without capabilities (empty bounding set, SECBIT_NOROOT), with no_new_privs",
				j.all[0].hostUID)
		}
		why["cgroup owned by the judge"] = "rootless, so no cgroup"
		if os.Geteuid() == 0 {
			why["cgroup owned by the judge"] = "no cgroup v1 hierarchies (cgroup v2 is not supported yet)"
		}
		why["cgroup owned by the judge"] += ": a jail in user namespaces, where the judge's watchdog ends a run whose resident " +
			"size passes the memory limit (read from /proc every 10 ms), RLIMIT_DATA caps it at the limit plus " +
			"1 GiB or more, and processes are limited by RLIMIT_NPROC of the namespace: hard limits set before " +
			"the program's first instruction; memory no process holds is refused (memfd, System V shared memory)"
		why["cpu time of all processes"] = "no cgroup: the CPU time of every process of the run the jail's init " +
			"reaps (all of them, at the run's end); RLIMIT_CPU per process, and the judge's watchdog reads the live " +
			"processes' times from /proc"
		why["compile limits"] += " (no cgroup: rlimits and the judge's watch of /proc)"
	}
	var out []Guarantee
	for _, n := range guaranteeNames {
		h, set := holds[n]
		out = append(out, Guarantee{Name: n, Holds: !set || h, Why: why[n]})
	}
	return out
}
