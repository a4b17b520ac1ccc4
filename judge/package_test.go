package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

// TestRunPackages judges the example submissions of fixture packages with judge
// run, which opens a package folder as a problem: a custom output validator and
// an interactive validator (with the format's rule of which verdict wins) run in
// the jail, and each submission's verdicts match its folder.
func TestRunPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("judges whole packages")
	}
	for _, tool := range []string{"gcc", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	state := t.TempDir()
	for _, name := range []string{"guess", "pairsum", "tolerance"} {
		t.Run(name, func(t *testing.T) {
			pkg := filepath.Join("..", "problems", "icpc", "testdata", name)
			all, _ := filepath.Glob(filepath.Join(pkg, "submissions", "*", "*"))
			var subs []string
			for _, s := range all {
				// guess's too-slow program never flushes: it waits out the wall
				// limit, roomy here (the fixtures test of icpcrun judges it).
				if name == "guess" && strings.Contains(s, "time_limit_exceeded") {
					continue
				}
				subs = append(subs, s)
			}
			// A roomy wall limit: the CPU limit is what these submissions are held
			// to, and a busy machine must not turn a slow interaction into a TLE.
			args := append([]string{"--state", state, "run", pkg, "--json", "--wall-limit", "30s",
				"-o", filepath.Join(t.TempDir(), "report")}, subs...)
			code, stdout, errOut := judge(t, args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, errOut)
			}
			var doc struct {
				Results []struct {
					Submission, Dataset, Verdict, Message string
				}
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("JSON: %v\n%s", err, stdout)
			}
			got := map[string]map[string]int{} // submission → verdict → count
			messages := map[string]string{}
			for _, r := range doc.Results {
				if got[r.Submission] == nil {
					got[r.Submission] = map[string]int{}
				}
				got[r.Submission][r.Verdict]++
				if r.Verdict != "AC" {
					messages[r.Submission] += r.Dataset + ": " + r.Verdict + " " + r.Message + "; "
				}
				if r.Verdict == "JE" {
					t.Errorf("%s on %s: JE %s", r.Submission, r.Dataset, r.Message)
				}
			}
			if len(got) != len(subs) {
				t.Errorf("%d submissions in the results, want %d", len(got), len(subs))
			}
			want := map[string]string{"accepted": "AC", "wrong_answer": "WA", "time_limit_exceeded": "TLE", "run_time_error": "RTE"}
			for sub, verdicts := range got {
				folder, _, _ := strings.Cut(sub, "/")
				v := want[folder]
				if v == "AC" {
					if len(verdicts) != 1 || verdicts["AC"] == 0 {
						t.Errorf("%s: %v, want AC everywhere (%s)", sub, verdicts, messages[sub])
					}
				} else if verdicts[v] == 0 {
					t.Errorf("%s: %v, want some %s", sub, verdicts, v)
				}
			}
		})
	}
}

// TestValidatePackage runs a package's own input validators on every case with
// judge validate PACKAGE.
func TestValidatePackage(t *testing.T) {
	needTool(t, "python3")
	code, stdout, errOut := judge(t, "--state", t.TempDir(), "validate", filepath.Join("..", "problems", "icpc", "testdata", "pairsum"))
	if code != 0 || !strings.Contains(stdout, "input validator format: 5 valid, 0 not") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	// A user's files go through the package's validators too.
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.in"), filepath.Join(dir, "bad.in")
	os.WriteFile(good, []byte("12\n"), 0o644)
	os.WriteFile(bad, []byte("1\n"), 0o644)
	code, stdout, errOut = judge(t, "--state", t.TempDir(), "validate", filepath.Join("..", "problems", "icpc", "testdata", "pairsum"), good, bad)
	if code != exitFailed || !strings.Contains(stdout, "bad.in") || !strings.Contains(stdout, "want one integer") || !strings.Contains(stdout, "1 valid, 1 not") {
		t.Errorf("validating a user's files: exit %d\n%s\n%s", code, stdout, errOut)
	}
}

// TestRunPackageJudgesItsSubmissions runs a package with no submission
// named: its own submissions/ are judged, not the project's solutions.
func TestRunPackageJudgesItsSubmissions(t *testing.T) {
	needTool(t, "python3")
	code, out, errOut := judge(t, "--state", t.TempDir(), "run", filepath.Join("..", "problems", "icpc", "testdata", "pairsum"),
		"-g", "sample", "--out", t.TempDir())
	if code != 0 || !strings.Contains(out, "accepted/one.py") || !strings.Contains(out, "wrong_answer/zero.py") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestExportVerifies exports a problem that reads and writes files in both
// formats and judges the packages with judge verify: every exported program gets
// its folder's verdict, so the validators run wherever the jail copies their
// executable, the file I/O wrappers (Go, C, Python) pass the files on standard
// I/O, and the legacy layout reads back.
func TestExportVerifies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and judges exported packages")
	}
	for _, tool := range []string{"go", "gcc", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	state := t.TempDir()
	for _, tc := range []struct{ slug, format string }{{"defrag", "2025-09"}, {"defrag", "legacy"}} {
		t.Run(tc.slug+"/"+tc.format, func(t *testing.T) {
			pkg := filepath.Join(t.TempDir(), tc.slug)
			if code, _, errOut := judge(t, "--state", state, "export", "--format", tc.format, tc.slug, pkg); code != 0 {
				t.Fatalf("export: exit %d\n%s", code, errOut)
			}
			code, stdout, errOut := judge(t, "--state", state, "verify", pkg)
			if code != 0 || !strings.Contains(stdout, "all good") {
				t.Fatalf("verify: exit %d\n%s\n%s", code, stdout, errOut)
			}
		})
	}
}

// TestRunScoresPackageGroups ranks a scoring package's submissions by its test
// groups (min within a group, groups summed), not by datasets passed.
func TestRunScoresPackageGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("judges a package")
	}
	for _, tool := range []string{"gcc", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	pkg := filepath.Join("..", "problems", "icpc", "testdata", "subtasks")
	code, stdout, errOut := judge(t, "--state", t.TempDir(), "run", pkg, "--json", "-o", filepath.Join(t.TempDir(), "report"),
		filepath.Join(pkg, "submissions", "accepted", "sum.py"), filepath.Join(pkg, "submissions", "wrong_answer", "int32.c"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var doc struct {
		Problems []struct {
			Entries []struct {
				Submission string
				Score      float64
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Problems) != 1 {
		t.Fatalf("JSON: %v\n%s", err, stdout)
	}
	want := map[string]float64{"accepted/sum.py": 100, "wrong_answer/int32.c": 30}
	for _, e := range doc.Problems[0].Entries {
		if e.Score != want[e.Submission] {
			t.Errorf("%s scored %g, want %g", e.Submission, e.Score, want[e.Submission])
		}
	}
}

// TestExportRefusesNonEmptyFolder keeps a user's folder as it is: export
// writes only into a new or empty folder.
func TestExportRefusesNonEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "problem.yaml")
	if err := os.WriteFile(mine, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := judge(t, "--state", t.TempDir(), "export", "sudoku", dir)
	if code != 2 || !strings.Contains(errOut, "is not empty") {
		t.Fatalf("exit %d, want 2 and a refusal\n%s", code, errOut)
	}
	if data, err := os.ReadFile(mine); err != nil || string(data) != "my notes\n" {
		t.Errorf("the user's file is now %q (%v)", data, err)
	}
}

// TestPackageWarningsAreShown reads a package whose submissions.yaml has faults
// the format tolerates: they are read past, and each is said with its line.
func TestPackageWarningsAreShown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	src := filepath.Join("..", "problems", "icpc", "testdata", "pairsum")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	yaml := "problem_format_version: 2025-09\nname: Two positive parts\nlimits:\n  time_limit: 1\nflavour: sweet\n"
	if err := os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := "accepted:\n  permitted: [OK]\nwa/{x:\n  required: [WA]\n"
	if err := os.WriteFile(filepath.Join(dir, "submissions", "submissions.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, errOut := judge(t, "--state", t.TempDir(), "validate", dir)
	for _, want := range []string{"problem.yaml:5:1", `"flavour"`, "submissions.yaml:2:14", "submissions.yaml:3:1"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("no warning naming %s:\n%s", want, errOut)
		}
	}
}

// TestPackageValidatorBuildIsJailed judges a package whose output validator is a
// hostile build script: it is built in the jail (not as the judge's user on the
// host: the file it writes to a host path never appears there), and the links in
// its folder that lead out of the package (a secret, a device) are not copied
// in, so the build neither reads the secret nor hangs on the device.
func TestPackageValidatorBuildIsJailed(t *testing.T) {
	needTool(t, "python3")
	host := t.TempDir()
	secret := filepath.Join(host, "secret.txt")
	if err := os.WriteFile(secret, []byte("host secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(host, "built-on-the-host")
	pkg := filepath.Join(t.TempDir(), "hostile")
	build := "id -u > uid.txt\n" +
		"echo hostile > " + marker + " 2>/dev/null || true\n" +
		"cat leak >> uid.txt 2>/dev/null || true\n" +
		"head -c 4 zero >> uid.txt 2>/dev/null || true\n" +
		"printf '#!/bin/sh\\nexit 42\\n' > run\nchmod +x run\n"
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":                 "name: Hostile\nvalidation: custom\n",
		"data/sample/1.in":             "1\n",
		"data/sample/1.ans":            "1\n",
		"data/secret/1.in":             "2\n",
		"data/secret/1.ans":            "2\n",
		"output_validators/v/build":    build,
		"submissions/accepted/echo.py": "print(input())\n",
	})
	for name, target := range map[string]string{"leak": secret, "zero": "/dev/zero"} {
		if err := os.Symlink(target, filepath.Join(pkg, "output_validators", "v", name)); err != nil {
			t.Fatal(err)
		}
	}
	state := t.TempDir()
	code, out, errOut := judge(t, "--state", state, "run", pkg, "--json", "--out", t.TempDir())
	if code != 0 || !strings.Contains(out, `"AC": 2`) {
		t.Fatalf("exit %d, want every dataset AC\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the validator's build wrote %s on the host", marker)
	}
	uids, _ := filepath.Glob(filepath.Join(state, "cache", "icpc-*", "uid.txt"))
	if len(uids) != 1 {
		t.Fatalf("build folders with uid.txt: %v", uids)
	}
	got, err := os.ReadFile(uids[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "host secret") || strings.Contains(string(got), "\x00") {
		t.Errorf("the build read through a link out of the package: %q", got)
	}
	if os.Geteuid() == 0 && strings.HasPrefix(string(got), "0\n") {
		t.Errorf("the build ran as root: %q", got)
	}
}

// TestVerifySaysWhatWasNotChecked verifies a package with one accepted
// submission and neither secret data nor input validators: it is all good, and
// says what that leaves unchecked; the count reads as English.
func TestVerifySaysWhatWasNotChecked(t *testing.T) {
	needTool(t, "python3")
	pkg := filepath.Join(t.TempDir(), "bare")
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":                 "name: Bare\nlimits:\n  time_limit: 1\n",
		"data/sample/1.in":             "1\n",
		"data/sample/1.ans":            "1\n",
		"submissions/accepted/echo.py": "print(input())\n",
	})
	code, out, errOut := judge(t, "--state", t.TempDir(), "verify", pkg)
	for _, want := range []string{"WARN no input validators under", "all good (1 submission, 0 skipped)"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, no %q in\n%s\n%s", code, want, out, errOut)
		}
	}
	if !strings.Contains(errOut, "only the samples are judged") {
		t.Errorf("no word of the missing secret data:\n%s", errOut)
	}
}

// TestVerifyPartiallyAccepted verifies partially_accepted submissions of a
// pass-fail package, whose cases stop at the first rejection: one accepted
// only after its first rejected case is judged on every case and passes; one
// accepted nowhere fails (stopping at its first case said it passed).
func TestVerifyPartiallyAccepted(t *testing.T) {
	needTool(t, "python3")
	pkg := filepath.Join(t.TempDir(), "partial")
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":                           "problem_format_version: 2023-07-draft\nname: Partial\nlimits:\n  time_limit: 1\n",
		"data/sample/1.in":                       "1\n",
		"data/sample/1.ans":                      "1\n",
		"data/secret/2.in":                       "2\n",
		"data/secret/2.ans":                      "2\n",
		"submissions/accepted/echo.py":           "print(input())\n",
		"submissions/partially_accepted/late.py": "n = input()\nprint(n if n == '2' else 0)\n",
		"submissions/partially_accepted/none.py": "print(0)\n",
	})
	code, out, errOut := judge(t, "--state", t.TempDir(), "verify", pkg)
	if code != exitFailed {
		t.Errorf("exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	for _, want := range []string{"FAIL partially_accepted/none.py: partially_accepted/ (the format's default) requires one of [AC], got [WA WA]"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "FAIL partially_accepted/late.py") {
		t.Errorf("late.py, accepted on the secret case, failed:\n%s", out)
	}
}

// TestValidatorFaultSaidOnce validates a package whose input validator does
// not build: the fault is said once for every input, not once per input.
func TestValidatorFaultSaidOnce(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	pkg := filepath.Join(t.TempDir(), "badiv")
	files := map[string]string{
		"problem.yaml":              "name: Bad IV\nlimits:\n  time_limit: 1\n",
		"input_validators/iv/v.c":   "int main(void) { return 42 }\n",
		"submissions/accepted/a.py": "print(input())\n",
	}
	for i := 1; i <= 5; i++ {
		files[fmt.Sprintf("data/secret/%d.in", i)] = "1\n"
		files[fmt.Sprintf("data/secret/%d.ans", i)] = "1\n"
	}
	testfiles.Write(t, pkg, files)
	code, out, errOut := judge(t, "--state", t.TempDir(), "validate", pkg)
	if code != exitFailed || strings.Count(out, "does not build") != 1 ||
		!strings.Contains(out, "iv: 5 inputs (secret/1, secret/2, secret/3, …): error does not build: ") {
		t.Errorf("exit %d, want %d and one line for the five inputs\n%s\n%s", code, exitFailed, out, errOut)
	}
}

// TestRunPackageBuildsAsVerify: judge run on a package's own submissions builds
// them as judge verify does. In a legacy package a .py that only Python 2
// reads is Python 2 (judged by python2, or JE where none runs here, never CE),
// a C++ program that a C++20 compiler refuses is compiled as C++17, which the
// judge says, and a named pipe where a program should be is the package's
// fault (JE), not a compile error.
func TestRunPackageBuildsAsVerify(t *testing.T) {
	needTool(t, "g++")
	needTool(t, "python3")
	pkg := filepath.Join(t.TempDir(), "legacy")
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":     "name: Echo\n",
		"data/sample/1.in": "7\n", "data/sample/1.ans": "7\n",
		"submissions/accepted/old.py":    "import sys\nprint sys.stdin.readline().strip()\n",
		"submissions/accepted/older.cpp": "#include <iostream>\nint main() { int requires = 0; long long x; std::cin >> x; std::cout << x + requires << std::endl; }\n",
	})
	if err := syscall.Mkfifo(filepath.Join(pkg, "submissions", "accepted", "pipe.py"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, errOut := judge(t, "--state", t.TempDir(), "run", pkg, "--json", "-o", filepath.Join(t.TempDir(), "report"))
	var doc struct {
		Results []struct{ Submission, Verdict, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("exit %d, JSON: %v\n%s\n%s", code, err, stdout, errOut)
	}
	got := map[string]string{}
	for _, r := range doc.Results {
		got[r.Submission] = r.Verdict + " " + r.Message
	}
	if v := got["accepted/older.cpp"]; !strings.HasPrefix(v, "AC") {
		t.Errorf("older.cpp: %s, want AC (compiled as C++17)", v)
	}
	if !strings.Contains(errOut, "compiled with -std=gnu++17") {
		t.Errorf("no word of the older standard:\n%s", errOut)
	}
	if v := got["accepted/old.py"]; !strings.HasPrefix(v, "AC") && !(strings.HasPrefix(v, "JE") && strings.Contains(v, "Python 2")) {
		t.Errorf("old.py: %s, want AC under python2 or JE naming Python 2", v)
	}
	if v := got["accepted/pipe.py"]; !strings.HasPrefix(v, "JE") || !strings.Contains(v, "named pipe") {
		t.Errorf("pipe.py: %s, want JE naming the pipe (the package's fault)", v)
	}
}
