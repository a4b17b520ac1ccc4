package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/judgehq/judge/harness/sandbox"
)

// rootlessDirEnv names the folder TestRootlessThroughJudge prepared as root for
// its run as another user.
const rootlessDirEnv = "JUDGE_TEST_ROOTLESS_DIR"

// rootlessUID is the user the rootless test runs as.
const rootlessUID = 65534

// rootlessPrograms are bundled sudoku programs written in C and Python, by the
// verdict they must get on every sample in a rootless jail as anywhere ("": a
// mix, and they are run all the same).
var rootlessPrograms = map[string]string{
	"wrong_answer/wrong_digit.c":        "",
	"memory_limit_exceeded/hog.c":       "MLE",
	"time_limit_exceeded/spin.c":        "TLE",
	"run_time_error/segfault.c":         "RTE",
	"output_limit_exceeded/spew.c":      "OLE",
	"presentation_error/no_spaces.py":   "PE",
	"wrong_answer/always_unsolvable.py": "",
}

// rootlessOwnLimits are the programs of rootlessPrograms judged in a run of
// their own, with these flags. The hog touches 256 MiB of fresh pages, which
// costs 0.5–1.5 s of CPU on a busy virtual machine (page faults are system time,
// and transparent huge pages are only a hint): under sudoku's 1 s limit it raced
// the CPU limit, and a loaded CI machine saw TLE on one sample with 234 MiB
// touched (see TestResourceVerdicts, which runs it the same way).
var rootlessOwnLimits = map[string][]string{
	"memory_limit_exceeded/hog.c": {"--time-limit", "20", "--wall-limit", "60"},
}

// TestRootlessThroughJudge runs `judge run` as a user that is not root, where
// the jail is rootless (user namespaces, no cgroup): the bundled C and Python
// programs get their verdicts, and the hostile programs of
// TestHostileThroughJudge neither cheat nor touch the judge's files, which
// there belong to the same user as the programs. As root it prepares a
// folder and runs itself again as uid 65534.
func TestRootlessThroughJudge(t *testing.T) {
	if dir := os.Getenv(rootlessDirEnv); dir != "" {
		rootlessChild(t, dir)
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("starts itself as another user, which needs root")
	}
	if err := sandbox.JailAvailable(); err != nil {
		t.Skipf("no jail on this machine: %v", err)
	}
	if testing.Short() {
		t.Skip("-short: the rootless run is in the full pass")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "judge-rootless-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	prob := filepath.Join(dir, "root", "problems", "sudoku")
	must(os.MkdirAll(filepath.Join(prob, "data"), 0o755))
	must(os.CopyFS(filepath.Join(prob, "data", "sample"), os.DirFS(filepath.Join(repo, "problems", "sudoku", "data", "sample"))))
	b, err := os.ReadFile(filepath.Join(repo, "problems", "sudoku", "problem.yaml"))
	must(err)
	must(os.WriteFile(filepath.Join(prob, "problem.yaml"), b, 0o644))
	for name := range rootlessPrograms {
		dst := filepath.Join(dir, "src", filepath.Base(name))
		must(os.MkdirAll(filepath.Dir(dst), 0o755))
		b, err := os.ReadFile(filepath.Join(repo, "solutions", "sudoku", name))
		must(err)
		must(os.WriteFile(dst, b, 0o644))
	}
	self, err := os.Executable()
	must(err)
	in, err := os.Open(self)
	must(err)
	out, err := os.OpenFile(filepath.Join(dir, "judge.test"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	must(err)
	_, err = io.Copy(out, in)
	in.Close()
	must(err)
	must(out.Close())
	must(filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chown(p, rootlessUID, rootlessUID) // the user's own files, as they would be
	}))
	cmd := exec.Command(filepath.Join(dir, "judge.test"), "-test.run", "^TestRootlessThroughJudge$", "-test.v", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "TMPDIR=" + dir, rootlessDirEnv + "=" + dir}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: rootlessUID, Gid: rootlessUID, Groups: []uint32{}}}
	got, err := cmd.CombinedOutput()
	switch {
	case bytes.Contains(got, []byte("--- SKIP: TestRootlessThroughJudge")):
		t.Skipf("uid %d cannot make rootless jails here:\n%s", rootlessUID, got)
	case err != nil || !bytes.Contains(got, []byte("--- PASS: TestRootlessThroughJudge")):
		t.Fatalf("judge run as uid %d: %v\n%s", rootlessUID, err, got)
	}
}

// rootlessChild is TestRootlessThroughJudge as the user that is not root.
func rootlessChild(t *testing.T, dir string) {
	if err := sandbox.JailAvailable(); err != nil {
		t.Skipf("no rootless jail for uid %d: %v", os.Getuid(), err)
	}
	root, state := filepath.Join(dir, "root"), filepath.Join(dir, "state")
	sample := filepath.Join(root, "problems", "sudoku", "data", "sample")
	code, out, errOut := judge(t, "--root", root, "--state", state, "doctor")
	if code != 0 || !strings.Contains(out, "rootless") {
		t.Fatalf("judge doctor: exit %d, want a rootless jail\n%s\n%s", code, out, errOut)
	}
	args := []string{"--root", root, "--state", state, "run", "sudoku", "-g", "sample", "--json"}
	for name := range rootlessPrograms {
		if rootlessOwnLimits[name] == nil {
			args = append(args, filepath.Join(dir, "src", filepath.Base(name)))
		}
	}
	for name, p := range hostilePrograms {
		path := filepath.Join(dir, "src", name)
		text := strings.NewReplacer("STATE", fmt.Sprintf("%q", state), "SAMPLE", fmt.Sprintf("%q", sample)).Replace(p.src)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, path)
	}
	answers := hashTree(t, sample)
	code, out, errOut = judge(t, args...)
	if code != 0 && code != exitFailed {
		t.Fatalf("judge run: exit %d\n%s\n%s", code, out, errOut)
	}
	for name, flags := range rootlessOwnLimits {
		own := append([]string{"--root", root, "--state", state, "run", "sudoku", "-g", "sample", "--json"}, flags...)
		code, ownOut, errOut := judge(t, append(own, filepath.Join(dir, "src", filepath.Base(name)))...)
		if code != 0 && code != exitFailed {
			t.Fatalf("judge run %s: exit %d\n%s\n%s", name, code, ownOut, errOut)
		}
		if want := rootlessPrograms[name]; !verdictIs(ownOut, filepath.Base(name), want) {
			t.Errorf("%s: want every dataset %s; got %s", name, want, resultsOf(ownOut, filepath.Base(name)))
		}
	}
	for name, want := range rootlessPrograms {
		if want != "" && rootlessOwnLimits[name] == nil && !verdictIs(out, filepath.Base(name), want) {
			t.Errorf("%s: want every dataset %s; got %s", name, want, resultsOf(out, filepath.Base(name)))
		}
	}
	for name, p := range hostilePrograms {
		if !verdictIs(out, name, p.want) {
			t.Errorf("%s: want every dataset %s; got %s", name, p.want, resultsOf(out, name))
		}
	}
	if got := hashTree(t, sample); !equalMaps(got, answers) {
		t.Errorf("the sample data changed")
	}
	if _, err := os.Stat(filepath.Join(state, "escaped")); err == nil {
		t.Errorf("a program wrote into the state folder")
	}
	if code, out, errOut := judge(t, "--state", state, "--root", root, "history"); code != 0 || strings.Contains(out+errOut, "forged") {
		t.Errorf("history after the attack: exit %d\n%s\n%s", code, out, errOut)
	}
	if b, err := exec.Command("pgrep", "-f", "judge-hostile-leftover").Output(); err == nil && len(b) > 0 {
		t.Errorf("processes left behind: %s", b)
		_ = exec.Command("pkill", "-9", "-f", "judge-hostile-leftover").Run()
	}
}

// resultsOf lists the verdict, message and usage of every result in the JSON
// output whose source ends in name.
func resultsOf(jsonOut, name string) string {
	var lines []string
	err := eachResult(jsonOut, name, func(r map[string]any) {
		lines = append(lines, fmt.Sprintf("%v %v %q cpu %vus wall %vus peak %vKiB",
			r["dataset"], r["verdict"], r["message"], r["cpu_us"], r["wall_us"], r["peak_kib"]))
	})
	if err != nil {
		return "unreadable output: " + err.Error()
	}
	return "\n" + strings.Join(lines, "\n")
}
