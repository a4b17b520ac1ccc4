//go:build linux

package jail

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// builtEnv names a folder of hostile programs built already: TestHostile takes
// them from there instead of building them (a rootless run cannot write the Go
// or Java caches of the user who built them, nor should it wait for a cold one).
const builtEnv = "JUDGE_TEST_HOSTILE_BUILT"

// rootlessUID is the user TestHostileRootless runs the suite as.
const rootlessUID = 65534

// TestHostileRootless runs the hostile suite in rootless jails: as root, it
// builds the programs, then runs TestHostile again in a copy of this test
// binary as uid 65534, where New makes user namespaces without cgroups (with
// TestProgramBoundReadOnly: there the program owns its program's copy, and must
// still neither change nor list it).
func TestHostileRootless(t *testing.T) {
	if os.Getenv(builtEnv) != "" {
		t.Skip("this is the rootless run itself")
	}
	if os.Geteuid() != 0 {
		t.Skip("starts the suite as another user, which needs root; as that user, run TestHostile itself")
	}
	requireJail(t)
	if testing.Short() {
		t.Skip("-short: the rootless suite runs in the full pass")
	}
	dir, err := os.MkdirTemp("", "judge-rootless-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "bin")
	for _, d := range []string{bin, filepath.Join(dir, "tmp"), filepath.Join(dir, "testdata")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	progs := hostilePrograms(t, bin, true)
	// The child reads the sources' headers (and the Python sources) from its own
	// folder, and runs a copy of this binary: the originals may lie where that
	// user cannot look.
	if err := os.CopyFS(filepath.Join(dir, "testdata", "hostile"), os.DirFS("testdata/hostile")); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	test := filepath.Join(dir, "jail.test")
	if err := copyExecutable(self, test); err != nil {
		t.Fatal(err)
	}
	if err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if p == filepath.Join(dir, "tmp") {
			return os.Chown(p, rootlessUID, rootlessUID)
		}
		return os.Chmod(p, info.Mode()|0o444|(info.Mode()&0o100)>>3|(info.Mode()&0o100)>>6)
	}); err != nil {
		t.Fatal(err)
	}
	args := []string{"-test.run", "^(TestHostile|TestProgramBoundReadOnly)$", "-test.v", "-test.count=1"}
	cmd := exec.Command(test, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(dir, "tmp"),
		"TMPDIR=" + filepath.Join(dir, "tmp"), builtEnv + "=" + bin}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: rootlessUID, Gid: rootlessUID, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	summary := passLines(out)
	switch {
	case bytes.Contains(out, []byte("--- SKIP: TestHostile")):
		t.Skipf("uid %d cannot make rootless jails here:\n%s", rootlessUID, out)
	case err != nil || !bytes.Contains(out, []byte("--- PASS: TestHostile ")) ||
		!bytes.Contains(out, []byte("--- PASS: TestProgramBoundReadOnly ")):
		t.Fatalf("the hostile suite in rootless jails (uid %d): %v\n%s", rootlessUID, err, out)
	}
	t.Logf("%d hostile programs, rootless (uid %d):\n%s", len(progs), rootlessUID, summary)
}

// passLines keeps the per-program result lines of a verbose test run.
func passLines(out []byte) string {
	var keep []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--- ") {
			keep = append(keep, strings.TrimSpace(line))
		}
	}
	return strings.Join(keep, "\n")
}

// copyExecutable copies the file src to dst, executable by everyone.
func copyExecutable(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
