package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/sandbox"
)

// hostilePrograms are submissions that attack the judge from inside a run, each
// with the verdict it must get on sudoku's samples. The ones that would win by
// cheating print the answer when the cheat works, so an escape shows as AC.
// STATE is the state folder, SAMPLE the sample folder.
var hostilePrograms = map[string]struct {
	src  string
	want string // the verdict summary of judge run's table
}{
	"stdinlink.c": {`#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
	char p[4096]; ssize_t n = readlink("/proc/self/fd/0", p, sizeof p - 5);
	if (n < 4) return 0;
	p[n] = 0; strcpy(p + n - 3, ".ans");
	FILE *f = fopen(p, "r"); if (!f) return 0;
	int c; while ((c = fgetc(f)) != EOF) putchar(c);
	return 0;
}
`, "WA"},
	"abspath.c": {`#include <stdio.h>
#include <string.h>
static char in[1<<16], other[1<<16];
static long slurp(const char *p, char *buf) {
	FILE *f = fopen(p, "r"); if (!f) return -1;
	long n = fread(buf, 1, (1<<16) - 1, f); fclose(f); buf[n] = 0; return n;
}
int main(void) {
	long n = fread(in, 1, sizeof in - 1, stdin); in[n] = 0;
	const char *names[] = {"1-spaced", "2-compact", "3-unsolvable"};
	for (int i = 0; i < 3; i++) {
		char p[4096]; snprintf(p, sizeof p, "%s/%s.in", SAMPLE, names[i]);
		if (slurp(p, other) < 0 || strcmp(other, in) != 0) continue;
		snprintf(p, sizeof p, "%s/%s.ans", SAMPLE, names[i]);
		if (slurp(p, other) >= 0) fputs(other, stdout);
	}
	return 0;
}
`, "WA"},
	"forge.c": {`#include <stdio.h>
#include <dirent.h>
#include <string.h>
static void spoil(const char *dir) {
	DIR *d = opendir(dir); if (!d) return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.') continue;
		char p[4096]; snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		FILE *f = fopen(p, "w"); if (f) { fputs("forged", f); fclose(f); }
		spoil(p);
	}
	closedir(d);
}
int main(void) {
	FILE *f = fopen(STATE "/judge.db", "w"); if (f) { fputs("forged", f); fclose(f); }
	f = fopen(STATE "/escaped", "w"); if (f) fclose(f);
	spoil(STATE "/cache");
	return 0;
}
`, "WA"},
	"killparent.c": {`#include <signal.h>
#include <unistd.h>
int main(void) { kill(getppid(), SIGKILL); kill(1, SIGKILL); return 0; }
`, "WA"},
	"stopparent.c": {`#include <signal.h>
#include <unistd.h>
int main(void) { kill(getppid(), SIGSTOP); kill(1, SIGSTOP); return 0; }
`, "WA"},
	"leftover.c": {`#include <unistd.h>
int main(void) {
	if (fork() == 0) { setsid(); if (fork() == 0) { execl("/bin/sleep", "judge-hostile-leftover", "300", (char *)0); } _exit(0); }
	return 0;
}
`, "WA"},
}

// TestHostileThroughJudge runs submissions that attack the judge through the real
// `judge run` with the jail, and checks from outside: the verdicts, the answers,
// the history and the build cache untouched, nothing written outside, the judge
// alive, no process left.
func TestHostileThroughJudge(t *testing.T) {
	if err := sandbox.JailAvailable(); err != nil {
		t.Skipf("no jail on this machine: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sample := filepath.Join(root, "problems", "sudoku", "data", "sample")
	state := t.TempDir()
	src := t.TempDir()
	// An honest submission first, so that the cache and the history hold
	// something to attack.
	if code, out, errOut := judge(t, "--state", state, "run", "sudoku", "-g", "sample", filepath.Join(root, "solutions", "sudoku", "tactics")); code != 0 {
		t.Fatalf("honest run: exit %d\n%s\n%s", code, out, errOut)
	}
	var names, args []string
	for name, p := range hostilePrograms {
		path := filepath.Join(src, name)
		text := strings.NewReplacer("STATE", fmt.Sprintf("%q", state), "SAMPLE", fmt.Sprintf("%q", sample)).Replace(p.src)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
		args = append(args, path)
	}
	answers := hashTree(t, sample)
	cacheBefore := hashTree(t, filepath.Join(state, "cache"))
	code, out, errOut := judge(t, append([]string{"--state", state, "run", "sudoku", "-g", "sample", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("judge run: exit %d, want 0 (judged to the end)\n%s\n%s", code, out, errOut)
	}
	for _, name := range names {
		want := hostilePrograms[name].want
		if !verdictIs(out, name, want) {
			t.Errorf("%s: want every dataset %s; judge printed:\n%s", name, want, out)
		}
	}
	if got := hashTree(t, sample); !equalMaps(got, answers) {
		t.Errorf("the sample data changed")
	}
	cacheAfter := hashTree(t, filepath.Join(state, "cache"))
	for k, v := range cacheBefore {
		if cacheAfter[k] != v {
			t.Errorf("cache file %s changed", k)
		}
	}
	if _, err := os.Stat(filepath.Join(state, "escaped")); err == nil {
		t.Errorf("a program wrote into the state folder")
	}
	if code, out, errOut := judge(t, "--state", state, "history"); code != 0 || strings.Contains(out+errOut, "forged") {
		t.Errorf("history after the attack: exit %d\n%s\n%s", code, out, errOut)
	}
	if b, err := exec.Command("pgrep", "-f", "judge-hostile-leftover").Output(); err == nil && len(b) > 0 {
		t.Errorf("processes left behind: %s", b)
		_ = exec.Command("pkill", "-9", "-f", "judge-hostile-leftover").Run()
	}
}

// verdictIs reports whether every result in the JSON output whose source ends
// in name has verdict v (and there is at least one).
func verdictIs(jsonOut, name, v string) bool {
	found, all := 0, true
	err := eachResult(jsonOut, name, func(r map[string]any) {
		found++
		all = all && r["verdict"] == v
	})
	return err == nil && found > 0 && all
}

// eachResult calls f with every result (an object with a verdict) in the JSON
// output whose source ends in name.
func eachResult(jsonOut, name string, f func(map[string]any)) error {
	var doc any
	if err := json.Unmarshal([]byte(jsonOut), &doc); err != nil {
		return err
	}
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			if src, ok := x["source"].(string); ok && strings.HasSuffix(src, "/"+name) {
				if _, ok := x["verdict"].(string); ok {
					f(x)
				}
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(doc)
	return nil
}

// hashTree hashes every regular file under dir by its path relative to dir.
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(b)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = hex.EncodeToString(s[:])
		return nil
	})
	return out
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
