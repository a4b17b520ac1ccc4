package build

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildFolder builds folder programs of several files, as problem packages
// hold them, and runs each: the sources of C and Java compile together, Python
// starts from its entry file, and a folder whose entry cannot be told is an error.
func TestBuildFolder(t *testing.T) {
	tests := []struct {
		name  string
		tool  string
		files map[string]string
		opt   Options
		err   string // part of the build error, "" for a program that prints "ok"
	}{
		{"c", "gcc", map[string]string{
			"main.c": "#include <stdio.h>\nconst char *word(void);\nint main(void){puts(word());return 0;}\n",
			"word.c": "const char *word(void){return \"ok\";}\n"}, Options{}, ""},
		{"python entry", "python3", map[string]string{
			"main.py": "raise SystemExit('decoy')\n", "real.py": "import helper\nhelper.say()\n",
			"helper.py": "def say():\n    print('ok')\n"}, Options{Entry: "real.py"}, ""},
		{"python main", "python3", map[string]string{
			"main.py": "import helper\nhelper.say()\n", "helper.py": "def say():\n    print('ok')\n"}, Options{}, ""},
		{"python named language", "python3", map[string]string{"a.py": "print('ok')\n"}, Options{Language: "python3"}, ""},
		{"java main class", "javac", map[string]string{
			"Solve.java": "public class Solve { public static void main(String[] a) { System.out.println(Util.word()); } }\n",
			"Util.java":  "class Util { static String word() { return \"ok\"; } }\n"}, Options{}, ""},
		{"python ambiguous", "python3", map[string]string{"a.py": "print(1)\n", "b.py": "print(2)\n"}, Options{}, "no way to tell"},
		{"missing entry", "python3", map[string]string{"a.py": "print(1)\n"}, Options{Entry: "b.py"}, "not one of its"},
		{"no sources", "", map[string]string{"notes.txt": "hello\n"}, Options{}, "no source file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.tool != "" {
				if _, err := exec.LookPath(tc.tool); err != nil {
					t.Skipf("%s not installed", tc.tool)
				}
			}
			dir := filepath.Join(t.TempDir(), "prog")
			for name, src := range tc.files {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			p, err := testBuilder(t, "").BuildWith(context.Background(), dir, tc.opt)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil || p.CompileError != "" || p.Unavailable != "" {
				t.Fatalf("build: %v %q %q", err, p.CompileError, p.Unavailable)
			}
			cmd := exec.Command(p.Argv[0], p.Argv[1:]...)
			cmd.Dir = p.Dir
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "ok" {
				t.Errorf("run %v: %v %q", p.Argv, err, out)
			}
		})
	}
}

// TestBuildWithStd compiles a C++ program that uses a name C++17 took only
// with an older standard named.
func TestBuildWithStd(t *testing.T) {
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ not installed")
	}
	src := filepath.Join(t.TempDir(), "old.cpp")
	prog := "#include <string>\n#include <cstdio>\nusing namespace std;\ntemplate <class T> int size(const T &x) { return x.size(); }\n" +
		"int main() { string s = \"ok\"; printf(\"%d\\n\", size(s)); }\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	b := testBuilder(t, "")
	p, err := b.BuildWith(context.Background(), src, Options{})
	if err != nil || p.CompileError == "" {
		t.Fatalf("C++20 build: %v, compile error %q; want the ambiguous size", err, p.CompileError)
	}
	p, err = b.BuildWith(context.Background(), src, Options{Std: "gnu++14"})
	if err != nil || p.CompileError != "" {
		t.Fatalf("C++14 build: %v %q", err, p.CompileError)
	}
}
