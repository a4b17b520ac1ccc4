//go:build linux

package jail

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func requireTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed", name)
	}
}

func TestCompile(t *testing.T) {
	requireJail(t)
	requireTool(t, "gcc")
	src := filepath.Join(t.TempDir(), "main.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void){puts(\"built\");return 0;}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "shadow.c")
	if err := os.Symlink("/etc/shadow", link); err != nil {
		t.Fatal(err)
	}
	j, err := New(Options{UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	ctx := context.Background()
	gcc := func(name string) []string { return []string{"/usr/bin/gcc", "-O1", "-o", "main", name} }

	tests := []struct {
		name      string
		src       string
		argv      []string
		limits    Limits
		wantOK    bool
		message   string // wanted Message
		refused   bool
		truncated bool
	}{
		{name: "builds", src: src, argv: gcc("main.c"), wantOK: true},
		{name: "symlink to /etc/shadow is refused", src: link, argv: gcc("shadow.c"), refused: true},
		{name: "huge output is cut at 1 MiB", src: "testdata/compile/noise.c", argv: gcc("noise.c"),
			message: "compiler exited with 1", truncated: true},
	}
	if _, err := exec.LookPath("g++"); err == nil {
		tests = append(tests, struct {
			name      string
			src       string
			argv      []string
			limits    Limits
			wantOK    bool
			message   string
			refused   bool
			truncated bool
		}{name: "template bomb hits the compile limit", src: "testdata/compile/bomb.cpp",
			argv:   []string{"/usr/bin/g++", "-ftemplate-depth=100000", "-o", "main", "bomb.cpp"},
			limits: Limits{CPU: 3 * time.Second, Wall: 8 * time.Second}, message: "compile time limit"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			res, err := j.Compile(ctx, CompileConfig{Argv: tc.argv, Sources: []string{tc.src}, Artefacts: []string{"main"},
				OutDir: out, Limits: tc.limits})
			if tc.refused {
				if !errors.Is(err, ErrSourceRefused) || !strings.Contains(err.Error(), "symbolic link") {
					t.Fatalf("err = %v, want a refusal naming the symbolic link", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.OK() != tc.wantOK || res.Message != tc.message {
				t.Fatalf("OK %v message %q, want %v %q; output:\n%.1000s", res.OK(), res.Message, tc.wantOK, tc.message, res.Output)
			}
			if (tc.truncated && !res.Truncated) || len(res.Output) > CompileOutputMax {
				t.Errorf("truncated %v with %d bytes kept", res.Truncated, len(res.Output))
			}
			_, statErr := os.Stat(filepath.Join(out, "main"))
			if tc.wantOK != (statErr == nil) {
				t.Errorf("artefact present %v, want %v", statErr == nil, tc.wantOK)
			}
			if tc.wantOK {
				b, err := exec.Command(filepath.Join(out, "main")).Output()
				if err != nil || string(b) != "built\n" {
					t.Errorf("artefact printed %q, %v", b, err)
				}
			}
			if left := jailProcesses(testUIDBase, testUIDBase+1); len(left) > 0 {
				t.Errorf("leftover compiler processes: %v", left)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	requireJail(t)
	for _, g := range Check("") {
		if !g.Holds {
			t.Errorf("%s does not hold: %s", g.Name, g.Why)
		}
	}
}
