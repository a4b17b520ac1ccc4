package build

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestGoFolderOutsideModule(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	dir := filepath.Join(t.TempDir(), "mysolver")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "main.go", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(answer()) }\n")
	writeFile(t, dir, "answer.go", "package main\n\nfunc answer() int { return 42 }\n")
	if inGoModule(dir) {
		t.Skip("the temporary folder lies inside a Go module here")
	}
	b := testBuilder(t, "")
	p, err := b.Build(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.CompileError != "" || p.Unavailable != "" {
		t.Fatalf("CE %q, unavailable %q", p.CompileError, p.Unavailable)
	}
	out, err := exec.Command(p.Argv[0], p.Argv[1:]...).Output()
	if err != nil || strings.TrimSpace(string(out)) != "42" {
		t.Errorf("running the build: %q, %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); !os.IsNotExist(err) {
		t.Errorf("the user's folder got a go.mod: %v", err)
	}

	// A compile error in such a folder names the user's files, not the copy.
	writeFile(t, dir, "answer.go", "package main\n\nfunc answer() int { return x }\n")
	p, err = b.Build(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "answer.go") + ":3:"
	if !strings.Contains(p.CompileError, want) || strings.Contains(p.CompileError, b.Cache) {
		t.Errorf("CE %q: want it to name %s and not the cache", p.CompileError, want)
	}
}

func TestCompileErrorNamesUserFile(t *testing.T) {
	type lang struct{ tool, file, body string }
	tests := []lang{
		{"gcc", "bad.c", "int main(void){ return x; }\n"},
		{"go", "bad.go", "package main\n\nfunc main() { x() }\n"},
		{"python3", "bad.py", "def f(:\n"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			if _, err := exec.LookPath(tt.tool); err != nil {
				t.Skip(tt.tool + " not installed")
			}
			b := testBuilder(t, "")
			dir := filepath.Join(t.TempDir(), "student one")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			src := writeFile(t, dir, tt.file, tt.body)
			for round := 0; round < 2; round++ { // the second is a cache hit
				p, err := b.Build(context.Background(), src)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(p.CompileError, src) {
					t.Errorf("round %d: CE does not name %s:\n%s", round, src, p.CompileError)
				}
				if strings.Contains(p.CompileError, b.Cache) || strings.Contains(p.CompileError, srcPlaceholder) {
					t.Errorf("round %d: CE shows the cache path:\n%s", round, p.CompileError)
				}
			}
			// Another user's copy of the same file (same content and name) is named
			// by its own path, though the build is cached.
			other := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(other, []byte(tt.body), 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := b.Build(context.Background(), other)
			if err != nil || !strings.Contains(p.CompileError, other) {
				t.Errorf("second user: CE %q, %v; want it to name %s", p.CompileError, err, other)
			}
		})
	}
}

func TestCommandQuoting(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	b := testBuilder(t, "")
	tests := []struct {
		line string
		want []string // after argv[0]
		err  string
	}{
		{"sh '/x/my prog.py'", []string{"/x/my prog.py"}, ""},
		{`sh "/x/my prog.py" --flag`, []string{"/x/my prog.py", "--flag"}, ""},
		{`sh -c 'echo "a  b"'`, []string{"-c", `echo "a  b"`}, ""},
		{`sh my\ prog.py`, []string{"my prog.py"}, ""},
		{`sh $HOME`, []string{"$HOME"}, ""},
		{`sh 'unterminated`, nil, "splitting into words"},
		{`sh a.py; rm -rf x`, nil, "shell syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			p, err := b.Command(tt.line)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			abs, _ := filepath.Abs(sh)
			if p.Argv[0] != abs || !reflect.DeepEqual(p.Argv[1:], tt.want) {
				t.Errorf("argv = %q, want %s %q", p.Argv, abs, tt.want)
			}
		})
	}
}

func TestNonUTF8Names(t *testing.T) {
	b := testBuilder(t, "")
	dir := t.TempDir()
	var names []string
	for _, file := range []string{"sol\xff", "sol\xfe", "caf\xc3\xa9"} {
		p, err := b.Build(context.Background(), writeFile(t, dir, file, "#!/bin/sh\nexit 0\n"))
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.ValidString(p.Name) {
			t.Errorf("%q: name %q is not UTF-8", file, p.Name)
		}
		// The name survives JSON unchanged, so a store or report keyed by it
		// sees one submission, not two.
		data, _ := json.Marshal(p.Name)
		var back string
		if err := json.Unmarshal(data, &back); err != nil || back != p.Name {
			t.Errorf("%q: JSON round trip gives %q", p.Name, back)
		}
		names = append(names, p.Name)
	}
	want := []string{`sol\xff`, `sol\xfe`, "café"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("names = %q, want %q", names, want)
	}
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"python3 '/x/my prog.py'", `a "b c" d\ e`, "a; b", "'open", "x | y", "", "\\", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		argv, err := splitCommand(line) // must not panic on any input
		if err == nil && len(argv) > len(line) {
			t.Errorf("%q: %d words from %d bytes", line, len(argv), len(line))
		}
	})
}

func FuzzValidName(f *testing.F) {
	for _, s := range []string{"sol\xff", "café", "", "\xc3", `a\xff`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := validName(s)
		if !utf8.ValidString(v) {
			t.Fatalf("validName(%q) = %q, not UTF-8", s, v)
		}
		if utf8.ValidString(s) && v != s {
			t.Fatalf("validName changed a valid name %q to %q", s, v)
		}
	})
}

// TestCacheFull tells a build that could not write into the judge's own
// cache folder (the judge's failure) from a compile error.
func TestCacheFull(t *testing.T) {
	tmp := "/state/cache/build-123"
	for _, tc := range []struct {
		log  string
		want bool
	}{
		{"copying /tmp/go-build1/b001/exe/a.out to " + tmp + "/main: write " + tmp + "/main: no space left on device", true},
		{"open " + tmp + "/main: read-only file system", true},
		{"./main.go:3:1: syntax error: no space left on device is a string here", false},
		{"write /tmp/x: no space left on device", false},
	} {
		if got := cacheFull(tc.log, tmp); got != tc.want {
			t.Errorf("cacheFull(%q) = %v, want %v", tc.log, got, tc.want)
		}
	}
}
