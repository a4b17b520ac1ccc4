package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/harness/store"
	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
	"golang.org/x/sys/unix"
)

func TestMain(m *testing.M) {
	if sandbox.IsSupervisor() {
		sandbox.Supervise()
	}
	os.Exit(m.Run())
}

// judge runs the CLI in-process and returns its exit code and output.
func judge(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"judge"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

// needTool skips the test when the program name is not on PATH.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed", name)
	}
}

func TestReorderArgs(t *testing.T) {
	app := newApp(nil, nil)
	tests := []struct{ in, want string }{
		{"judge run sudoku a.c --json", "judge run --json sudoku a.c"},
		{"judge run sudoku a.c -j 3 b.c", "judge run --jobs 3 sudoku a.c b.c"},
		{"judge gen defrag --param a=1 -p b=2", "judge gen --param a=1 --param b=2 defrag"},
		{"judge --root x run sudoku --time-limit 2 a.c", "judge --root x run --time-limit 2 sudoku a.c"},
		{"judge run sudoku -- -weird-name", "judge run sudoku -- -weird-name"},
		{"judge regen sudoku --check", "judge regen --check sudoku"},
		{"judge", "judge"},
		{"judge nosuch --x y", "judge nosuch --x y"},
	}
	for _, tt := range tests {
		ordered, _ := reorderArgs(app, strings.Fields(tt.in))
		got := strings.Join(ordered, " ")
		if got != tt.want {
			t.Errorf("reorderArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	state := t.TempDir()
	goodYAML := "slug: sudoku\ntitle: T\nkind: pass-fail\nreference: tactics\n"
	badYAML := t.TempDir()
	testfiles.Write(t, badYAML, map[string]string{"problems/sudoku/problem.yaml": "slug: sudoku\ntitle: T\nkind: pass-fail\nreference: tactics\ncolour: red\n"})
	noAns := t.TempDir()
	testfiles.Write(t, noAns, map[string]string{"problems/sudoku/problem.yaml": goodYAML, "problems/sudoku/data/secret/x.in": "1\n",
		"problems/sudoku/data/sample/1.in": "1\n", "problems/sudoku/data/sample/1.ans": "1\n"})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown problem", []string{"run", "nosuch", "/bin/true"}, `unknown problem "nosuch"`},
		{"missing submission", []string{"run", "sudoku", "missing.c"}, "submission missing.c: no such file or directory"},
		{"unknown language", []string{"run", "sudoku", "main_test.go.orig"}, ""},
		{"malformed problem.yaml", []string{"--root", badYAML, "run", "sudoku", "/bin/true"}, "problem.yaml:5:1: field colour not found"},
		{"dataset without answer", []string{"--root", noAns, "run", "sudoku", "/bin/true"}, "x.ans: missing answer file"},
		{"no problem", []string{"run"}, "which problem?"},
		{"problems takes no arguments", []string{"problems", "sudoku"}, `problems: takes no arguments, got "sudoku"`},
		{"doctor takes no arguments", []string{"doctor", "now"}, `doctor: takes no arguments, got "now"`},
		{"history takes no arguments", []string{"history", "5"}, `history: takes no arguments, got "5"`},
		{"negative history limit", []string{"history", "-n", "-3"}, "--limit -3: want a number of runs, or 0 for all"},
		{"worker jobs out of range", []string{"worker", "--nats", "nats://127.0.0.1:1", "-j", "0"}, "worker: -j 0: want 1 to 256 jobs at once"},
		{"flag value that does not parse", []string{"gen", "sudoku", "--seed", "1.5"}, `--seed "1.5": want a whole number (judge gen --help)`},
		{"bad sandbox", []string{"--sandbox", "box", "problems"}, `--sandbox "box"`},
		{"bad param", []string{"gen", "sudoku", "--param", "nonsense"}, `--param "nonsense"`},
		{"zero time limit", []string{"run", "sudoku", "/bin/true", "-t", "0"}, "--time-limit 0: want more than 0 and at most 1h0m0s"},
		{"huge time limit", []string{"run", "sudoku", "/bin/true", "-t", "1e9"}, "--time-limit 1e9: want more than 0"},
		{"zero memory limit", []string{"run", "sudoku", "/bin/true", "-m", "0"}, "--memory-limit 0: want at least 1 MiB and at most 1 TiB"},
		{"negative -j", []string{"run", "sudoku", "/bin/true", "-j", "-1"}, "-j -1: want 1 to 256"},
		{"huge -j", []string{"run", "sudoku", "/bin/true", "-j", "99999"}, "-j 99999: want 1 to 256"},
		{"empty group", []string{"run", "sudoku", "/bin/true", "-g", "sample", "-g", ""}, `--group "": an empty group name`},
		{"bad export format", []string{"export", "sudoku", "x", "--format", "2023-07"}, `--format "2023-07": want 2025-09`},
		{"export of a package", []string{"export", "../problems/icpc/testdata/pairsum", "x"}, "is a problem package already"},
		{"export into a file", []string{"export", "sudoku", "main.go"}, "export: main.go is a file, not a folder"},
		{"rejudge without resume", []string{"contest", "../examples/contest.yaml", "--rejudge-changed"}, "--rejudge-changed goes with --resume"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "unknown language" {
				f := filepath.Join(t.TempDir(), "prog.cob")
				testfiles.Write(t, filepath.Dir(f), map[string]string{"prog.cob": "IDENTIFICATION DIVISION."})
				tt.args = []string{"run", "sudoku", f}
				tt.want = `unknown language for extension ".cob"`
			}
			code, out, errOut := judge(t, append([]string{"--state", state}, tt.args...)...)
			if code != exitUsage {
				t.Errorf("exit code %d, want %d; stderr %q", code, exitUsage, errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.want)
			}
			if strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Errorf("want one line, got %q", errOut)
			}
			if out != "" {
				t.Errorf("nothing should be written to stdout, got %q", out)
			}
		})
	}
}

// TestResourceVerdicts judges small C programs on sudoku's sample data and checks
// that the limits turn into the right verdicts. The wall limit is generous so that
// a loaded machine cannot turn the memory hog into a wall-clock TLE, and the hog's
// CPU limit too: touching 256 MiB of fresh pages costs 0.5–1.5 s of CPU on a busy
// virtual machine (page faults are system time), so under a 1 s limit the hog
// raced the CPU watchdog and got TLE before it reached its memory limit.
func TestResourceVerdicts(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	src := filepath.Join("..", "harness", "sandbox", "testdata")
	tests := []struct {
		prog, want, cpu string
	}{
		{"spin.c", "TLE", "1"},
		{"hog.c", "MLE", "20"},
		{"flood.c", "OLE", "1"},
		{"escape.c", "WA", "1"},
	}
	state := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.prog, func(t *testing.T) {
			code, out, errOut := judge(t, "--state", state, "run", "sudoku", filepath.Join(src, tt.prog),
				"--group", "sample", "--time-limit", tt.cpu, "--wall-limit", "60", "--memory-limit", "256", "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var rep struct {
				Results []struct{ Verdict, Message string }
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("bad JSON: %v\n%s", err, out)
			}
			if len(rep.Results) == 0 {
				t.Fatal("no results")
			}
			for _, r := range rep.Results {
				if r.Verdict != tt.want {
					t.Errorf("%s: verdict %s (%s), want %s", tt.prog, r.Verdict, r.Message, tt.want)
				}
			}
		})
	}
}

func TestRunReference(t *testing.T) {
	code, out, errOut := judge(t, "--state", t.TempDir(), "run", "sudoku", filepath.Join("..", "solutions", "sudoku", "tactics"), "--group", "sample", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"tactics on sudoku", "ranked by pass-fail", "AC"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " WA ") || strings.Contains(out, " JE ") {
		t.Errorf("reference not AC on the samples:\n%s", out)
	}
}

// closedPipe is an output whose reader has gone.
type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// TestClosedOutputStopsTheRun judges with an output nobody reads (judge ... |
// head, once head has exited): the judge stops as on Ctrl-C, with exit code 1
// and the run stored as interrupted, instead of dying midway by SIGPIPE and
// leaving the run "running".
func TestClosedOutputStopsTheRun(t *testing.T) {
	state := t.TempDir()
	code := run([]string{"judge", "--state", state, "run", "sudoku", filepath.Join("..", "solutions", "sudoku", "tactics"),
		"--out", t.TempDir()}, closedPipe{}, closedPipe{})
	if code != exitFailed {
		t.Errorf("exit code %d, want %d", code, exitFailed)
	}
	_, out, _ := judge(t, "--state", state, "history")
	if !strings.Contains(out, "interrupted") {
		t.Errorf("history does not show the run interrupted:\n%s", out)
	}
}

// TestInterruptedJSONRunPrintsNoTable stops a run --json at once: standard
// output, which a script parses, must not get the partial text table.
func TestInterruptedJSONRunPrintsNoTable(t *testing.T) {
	var out bytes.Buffer
	code := run([]string{"judge", "--state", t.TempDir(), "run", "sudoku", filepath.Join("..", "solutions", "sudoku", "tactics"),
		"--json", "--out", t.TempDir()}, &out, closedPipe{})
	if code != exitFailed {
		t.Errorf("exit code %d, want %d", code, exitFailed)
	}
	if out.Len() > 0 {
		t.Errorf("standard output holds %q, want nothing", out.String())
	}
}

// TestNoControlSequencesReachTheTerminal judges a program that writes escape
// sequences to its output and error stream (which the run's message quotes):
// the judge's output holds them as visible escapes, never as the bytes a
// terminal would act on.
func TestNoControlSequencesReachTheTerminal(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	state := t.TempDir()
	// A source the compiler quotes in its error: the compile error is printed
	// line by line, not in a table.
	ce := filepath.Join(t.TempDir(), "ce.c")
	if err := os.WriteFile(ce, []byte("int main(void) { return \x1b]0;PWNED\x07\x1b]52;c;cHduZWQ=\x07; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "sudoku", filepath.Join("testdata", "escapes.c"), "--group", "sample", "--details"},
		{"run", "sudoku", filepath.Join("testdata", "escapes.c"), "--group", "sample", "--json"},
		{"run", "sudoku", ce, "--group", "sample"},
	} {
		code, out, errOut := judge(t, append([]string{"--state", state}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		all := out + errOut
		for _, bad := range []string{"\x1b", "\x07", "\r", "\u202e"} {
			if strings.Contains(all, bad) {
				t.Errorf("%v: the output holds %q:\n%s", args, bad, all)
			}
		}
		if !strings.Contains(all, `\x1b]52;c;cHduZWQ=`) && !strings.Contains(all, `\u001b]52;c;cHduZWQ=`) {
			t.Errorf("%v: the program's error stream is not shown, escaped:\n%s", args, all)
		}
	}
}

// openPTY returns a pseudo-terminal's two ends, the terminal sized 150 × 40.
func openPTY(t *testing.T, cols uint16) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlocking a pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("naming a pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening a pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Col: cols, Row: 40}); err != nil {
		t.Fatal(err)
	}
	return master, tty
}

// TestProgressOnATerminal runs a judging with its standard error on a terminal:
// the live bars redraw themselves with the cursor movements the judge writes,
// not with those movements escaped into text (as they were once, when the bars
// went through the escaping of everything else the judge writes); on a terminal
// without a width the progress comes as plain lines.
func TestProgressOnATerminal(t *testing.T) {
	needTool(t, "python3")
	prog := filepath.Join(t.TempDir(), "wrong.py")
	if err := os.WriteFile(prog, []byte("print('no')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cols uint16
		bars bool
	}{
		{"sized terminal", 150, true},
		{"terminal without a width", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			master, tty := openPTY(t, tt.cols)
			got := make(chan string)
			go func() {
				b, _ := io.ReadAll(master) // ends with EIO once the terminal is closed
				got <- string(b)
			}()
			var out bytes.Buffer
			code := run([]string{"judge", "--state", t.TempDir(), "run", "sudoku", prog, "-g", "sample", "--out", t.TempDir()}, &out, tty)
			tty.Close()
			text := <-got
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, out.String(), text)
			}
			if strings.Contains(text, `\x1b`) {
				t.Errorf("escaped control sequences on the terminal:\n%q", text)
			}
			if has := strings.Contains(text, "\x1b[") && strings.Contains(text, "3/3 ["); has != tt.bars {
				t.Errorf("live bars %v, want %v:\n%q", has, tt.bars, text)
			}
			if !tt.bars && !strings.Contains(text, "done: sudoku 3/3") {
				t.Errorf("no plain progress line:\n%q", text)
			}
		})
	}
}

// TestAgainstRunKeepsNamesOnOneLine compares a submission whose file name holds
// a line break with a stored run: every line of the comparison is the judge's,
// none is forged by the name.
func TestAgainstRunKeepsNamesOnOneLine(t *testing.T) {
	name := "h/evil\nfake-line: 0 change(s) against the stored run.py"
	r := problems.Result{Problem: "sudoku", Submission: name, Dataset: "sample/1", Outcome: problems.Outcome{Verdict: problems.AC}}
	var out bytes.Buffer
	if err := againstRun(&out, "sudoku", []problems.Result{r}, []problems.Result{r}, false); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(line, "fake-line") {
			t.Errorf("a name forged a line: %q", out.String())
		}
	}
	if !strings.Contains(out.String(), `h/evil\nfake-line`) {
		t.Errorf("the name is not shown with its break escaped: %q", out.String())
	}
}

// TestHistoryShowsStoppedRuns: a run stored as running that no judge command
// holds (its judge was killed) is listed as stopped, with how to go on; one a
// command holds stays running.
func TestHistoryShowsStoppedRuns(t *testing.T) {
	ctx := context.Background()
	state := t.TempDir()
	st, err := store.Open(ctx, filepath.Join(state, "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	dead, err := st.NewRun(ctx, store.Run{Command: "contest", Contest: "dead"})
	if err != nil {
		t.Fatal(err)
	}
	live, err := st.NewRun(ctx, store.Run{Command: "contest", Contest: "live"})
	if err != nil {
		t.Fatal(err)
	}
	release, err := st.Claim(live.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	st.Close()
	_, out, _ := judge(t, "--state", state, "history")
	for id, want := range map[string]string{dead.ID: "stopped", live.ID: "running"} {
		if !regexp.MustCompile(regexp.QuoteMeta(id) + `.*\| ` + want + ` +\|`).MatchString(out) {
			t.Errorf("run %s not shown %s:\n%s", id, want, out)
		}
	}
	if !strings.Contains(out, "--resume RUN-ID") {
		t.Errorf("no word on how to go on:\n%s", out)
	}
}
