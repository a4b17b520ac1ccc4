package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/build"
)

// TestEveryLanguage builds and runs a program adding two numbers in each
// language of the built-in table that has a program in testdata/languages, on a
// small problem package, through judge run and so in the jail: each gets AC.
// A language whose toolchain this machine lacks is named and left out; one of
// the built-in table without a program here fails the test, so that a language
// added to the table is tried too.
func TestEveryLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a program in every installed language")
	}
	src := filepath.Join("testdata", "languages")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	langs := build.DefaultLanguages()
	dir := t.TempDir()
	covered := map[string]bool{}
	var progs, missing []string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		lang, ok := langs.ByExtension(e.Name())
		if !ok {
			t.Fatalf("%s: no language has its extension", e.Name())
		}
		covered[lang.Name] = true
		if tool, ok := lang.Toolchain(); !ok {
			missing = append(missing, lang.Name+" ("+tool+")")
			continue
		}
		// Outside the module, so that a Go program builds as an entrant's does.
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		progs = append(progs, filepath.Join(dir, e.Name()))
	}
	for _, l := range langs.All() {
		// Languages without an extension are chosen otherwise than by a file's
		// name: python2 and pypy by a package reader (python2 by a #! line too),
		// a Go package by its folder.
		if len(l.Extensions) > 0 && !covered[l.Name] {
			t.Errorf("language %s has no program in %s", l.Name, src)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		t.Logf("not installed here, left out: %s", strings.Join(missing, ", "))
	}
	if len(progs) == 0 {
		t.Skip("no toolchain installed")
	}
	args := append([]string{"--state", t.TempDir(), "run", filepath.Join(src, "sum"), "--json", "--wall-limit", "60s",
		"-o", filepath.Join(t.TempDir(), "report")}, progs...)
	code, stdout, errOut := judge(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var doc struct {
		Results []struct{ Submission, Dataset, Verdict, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("JSON: %v\n%s", err, stdout)
	}
	passed := map[string]int{}
	for _, r := range doc.Results {
		if r.Verdict != "AC" {
			t.Errorf("%s on %s: %s %s", r.Submission, r.Dataset, r.Verdict, r.Message)
			continue
		}
		passed[filepath.Base(r.Submission)]++
	}
	for _, p := range progs {
		if n := passed[filepath.Base(p)]; n != 2 {
			t.Errorf("%s: %d of 2 datasets passed", filepath.Base(p), n)
		}
	}
}
