package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForSourceReadsTheFirstLine: a .py file is Python 3 unless its #! line
// names python2, as problemtools and Kattis take it.
func TestForSourceReadsTheFirstLine(t *testing.T) {
	dir := t.TempDir()
	langs := DefaultLanguages()
	tests := []struct{ name, body, want string }{
		{"env2.py", "#!/usr/bin/env python2\nprint 1\n", "python2"},
		{"path2.py", "#!/usr/bin/python2.7\nprint 1\n", "python2"},
		{"env3.py", "#!/usr/bin/env python3\nprint(1)\n", "python"},
		{"plain.py", "print(1)\n", "python"},
		{"late.py", "print(1)\n#!/usr/bin/env python2\n", "python"},
		{"empty.py", "", "python"},
		{"c.c", "#!python2\nint main(void){return 0;}\n", "c"},
	}
	for _, tc := range tests {
		p := writeFile(t, dir, tc.name, tc.body)
		l, ok := langs.ForSource(p)
		if !ok || l.Name != tc.want {
			t.Errorf("%s: %q %v, want %s", tc.name, l.Name, ok, tc.want)
		}
	}
	if l, ok := langs.ForSource(filepath.Join(dir, "missing.py")); !ok || l.Name != "python" {
		t.Errorf("a missing file: %q %v, want python by its extension", l.Name, ok)
	}
}

// TestInterpreterThatDoesNotRun: an interpreter found on PATH that cannot start
// (a version manager's shim with nothing behind it exits 127) makes the
// language unavailable here, named so, rather than a compile error that blames
// the program.
func TestInterpreterThatDoesNotRun(t *testing.T) {
	bin := t.TempDir()
	shim := "judge-test-shim-" + filepath.Base(bin)
	writeFile(t, bin, shim, "#!/bin/sh\necho \"shim: $0: command not found\" >&2\nexit 127\n")
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	b := testBuilder(t, `languages:
  - name: shimmed
    extensions: [.shim]
    compile: [`+shim+`, -c, "check", "{src}"]
    run: [`+shim+`, "{src}"]
    resolve: [`+shim+`, -c, "where"]
`)
	src := writeFile(t, t.TempDir(), "prog.shim", "anything\n")
	p, err := b.Build(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if p.CompileError != "" || !strings.Contains(p.Unavailable, "does not run") || !strings.Contains(p.Unavailable, "command not found") {
		t.Fatalf("compile error %q, unavailable %q: want it unavailable, saying why", p.CompileError, p.Unavailable)
	}
	l, _ := b.Languages.ByName("shimmed")
	if why := b.Broken(context.Background(), l); !strings.Contains(why, "does not run") {
		t.Errorf("Broken: %q, want why it does not run (for judge doctor)", why)
	}
	if l, _ := b.Languages.ByName("c"); b.Broken(context.Background(), l) != "" {
		t.Errorf("Broken says a language without an interpreter does not run")
	}
}
