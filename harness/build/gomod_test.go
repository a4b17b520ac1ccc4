//go:build linux

package build

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/internal/testfiles"
)

// TestGoModuleKeptToItsFolder builds Go folders whose go.mod replaces a module
// with a folder: a jailed build refuses a folder outside the module (it would
// compile code from anywhere on the host into the submission) and allows one
// inside; a build without a jail, an organiser's, allows both.
func TestGoModuleKeptToItsFolder(t *testing.T) {
	j := goJail(t)
	dir := t.TempDir()
	files := map[string]string{
		"lib/go.mod":      "module lib\n\ngo 1.21\n",
		"lib/lib.go":      "package lib\n\nconst Secret = \"host code\"\n",
		"out/go.mod":      "module sub\n\ngo 1.21\n\nrequire lib v0.0.0\n\nreplace lib => ../lib\n",
		"out/main.go":     "package main\n\nimport (\n\t\"fmt\"\n\t\"lib\"\n)\n\nfunc main() { fmt.Println(lib.Secret) }\n",
		"in/go.mod":       "module sub\n\ngo 1.21\n\nrequire lib v0.0.0\n\nreplace lib => ./inner\n",
		"in/main.go":      "package main\n\nimport (\n\t\"fmt\"\n\t\"lib\"\n)\n\nfunc main() { fmt.Println(lib.Secret) }\n",
		"in/inner/go.mod": "module lib\n\ngo 1.21\n",
		"in/inner/lib.go": "package lib\n\nconst Secret = \"own code\"\n",
	}
	testfiles.Write(t, dir, files)
	for _, tc := range []struct {
		folder string
		jailed bool
		ce     string // what the CE message must hold; "" for a build
	}{
		{"out", true, "go.mod:7: replaces lib with ../lib, a folder outside the submission's module"},
		{"in", true, ""},
		{"out", false, ""},
	} {
		b := testBuilder(t, "")
		if tc.jailed {
			b.Jail = j
		}
		p, err := b.Build(context.Background(), filepath.Join(dir, tc.folder))
		if err != nil {
			t.Fatalf("%s (jailed %v): %v", tc.folder, tc.jailed, err)
		}
		if tc.ce == "" {
			if p.CompileError != "" || p.Unavailable != "" {
				t.Errorf("%s (jailed %v): CE %q %s", tc.folder, tc.jailed, p.CompileError, p.Unavailable)
			}
			continue
		}
		if !strings.Contains(p.CompileError, tc.ce) {
			t.Errorf("%s (jailed %v): CE %q, want it to say %q", tc.folder, tc.jailed, p.CompileError, tc.ce)
		}
	}
}

// TestGoLinksKeptToTheModule builds a Go folder inside a larger module, which
// builds on the host, holding a symbolic link: one that leads to a file
// outside the module makes a CE that names it (the toolchain would otherwise
// read the file and show its first word); one that stays inside (a note
// shared by two solvers) is no reason for a CE.
func TestGoLinksKeptToTheModule(t *testing.T) {
	j := goJail(t)
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"secret.txt":           "HOSTSECRET is not Go\n",
		"mod/go.mod":           "module solvers\n\ngo 1.21\n",
		"mod/shared/notes.txt": "how the solvers work\n",
		"mod/leaky/main.go":    "package main\n\nfunc main() {}\n",
		"mod/linked/main.go":   "package main\n\nfunc main() {}\n",
	})
	for _, link := range []struct{ at, to string }{
		{"mod/leaky/leak.go", filepath.Join(dir, "secret.txt")},
		{"mod/linked/notes.txt", "../shared/notes.txt"},
	} {
		if err := os.Symlink(link.to, filepath.Join(dir, link.at)); err != nil {
			t.Fatal(err)
		}
	}
	b := testBuilder(t, "")
	b.Jail = j
	p, err := b.Build(context.Background(), filepath.Join(dir, "mod/leaky"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.CompileError, "leak.go is a symbolic link that leads outside the module") ||
		strings.Contains(p.CompileError, "HOSTSECRET") {
		t.Errorf("leaky: CE %q, want the link refused without its target's text", p.CompileError)
	}
	p, err = b.Build(context.Background(), filepath.Join(dir, "mod/linked"))
	if err != nil {
		t.Fatal(err)
	}
	if p.CompileError != "" || p.Unavailable != "" {
		t.Errorf("linked: CE %q %s, want a build", p.CompileError, p.Unavailable)
	}
}

// TestGoBuildsInJail builds, with a jailed builder, a Go file, a folder with its
// own go.mod and a sub-package, and a file that does not compile: the first two
// run and print what they should, the third is a CE that names the user's file.
func TestGoBuildsInJail(t *testing.T) {
	j := goJail(t)
	dir := t.TempDir()
	files := map[string]string{
		"one.go":          "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"one\") }\n",
		"bad.go":          "package main\n\nfunc main() { x := }\n",
		"pkg/go.mod":      "module pkg\n\ngo 1.21\n",
		"pkg/main.go":     "package main\n\nimport (\n\t\"fmt\"\n\t\"pkg/sub\"\n)\n\nfunc main() { fmt.Println(sub.Word) }\n",
		"pkg/sub/sub.go":  "package sub\n\n// Word is printed.\nconst Word = \"sub\"\n",
		"pkg/.git/config": "not a source\n",
	}
	testfiles.Write(t, dir, files)
	b := testBuilder(t, "")
	b.Jail = j
	for _, tc := range []struct{ source, prints, ce string }{
		{"one.go", "one\n", ""},
		{"pkg", "sub\n", ""},
		{"bad.go", "", filepath.Join(dir, "bad.go") + ":3:20: syntax error"},
	} {
		p, err := b.Build(context.Background(), filepath.Join(dir, tc.source))
		if err != nil {
			t.Fatalf("%s: %v", tc.source, err)
		}
		if tc.ce != "" {
			if !strings.Contains(p.CompileError, tc.ce) {
				t.Errorf("%s: CE %q, want it to hold %q", tc.source, p.CompileError, tc.ce)
			}
			continue
		}
		if p.CompileError != "" || p.Unavailable != "" {
			t.Fatalf("%s: CE %q %s", tc.source, p.CompileError, p.Unavailable)
		}
		out, err := exec.Command(p.Argv[0], p.Argv[1:]...).Output()
		if err != nil || string(out) != tc.prints {
			t.Errorf("%s printed %q, %v; want %q", tc.source, out, err, tc.prints)
		}
	}
}

// goJail skips the test without a Go toolchain or a jail, and returns a jail
// closed at the test's end.
func goJail(t *testing.T) *jail.Jail {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	if err := jail.CanJail(); err != nil {
		t.Skipf("no jail here: %v", err)
	}
	j, err := jail.New(jail.Options{UIDBase: 62000})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}
