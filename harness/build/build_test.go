package build

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

func testBuilder(t *testing.T, extra string) *Builder {
	t.Helper()
	langs := DefaultLanguages()
	if extra != "" {
		f := filepath.Join(t.TempDir(), "langs.yaml")
		if err := os.WriteFile(f, []byte(extra), 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		if langs, err = LoadLanguages(f); err != nil {
			t.Fatal(err)
		}
	}
	return &Builder{Cache: filepath.Join(t.TempDir(), "cache"), Languages: langs}
}

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBuild(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	extra := `languages:
  - name: nolang
    extensions: [.nol]
    compile: [no-such-compiler-anywhere, "{src}"]
    run: ["{dir}/main"]
  - name: shell
    extensions: [.sh]
    run: [sh, "{src}"]
    resolve: [sh, -c, "echo /bin/sh"]
`
	tests := []struct {
		name, file, body string
		check            func(t *testing.T, p *Program, err error)
	}{
		{"c ok", "ok.c", "int main(void){return 0;}", func(t *testing.T, p *Program, err error) {
			if err != nil || p.CompileError != "" || p.Language != "c" || len(p.Hash) != 16 || !filepath.IsAbs(p.Argv[0]) {
				t.Errorf("got %+v, %v", p, err)
			}
		}},
		{"c compile error", "bad.c", "int main(void){ return x; }", func(t *testing.T, p *Program, err error) {
			if err != nil || !strings.Contains(p.CompileError, "x") {
				t.Errorf("want a CE naming x, got %+v, %v", p, err)
			}
		}},
		{"python 3 as problemtools names it", "hi.py3", "print(1)\n", func(t *testing.T, p *Program, err error) {
			if _, lerr := exec.LookPath("python3"); lerr != nil {
				t.Skip("python3 not installed")
			}
			if err != nil || p.Language != "python" || p.CompileError != "" {
				t.Errorf("want python, got %+v, %v", p, err)
			}
		}},
		{"go package that is not main", "lib.go", "package foo\n\nfunc F() int { return 1 }\n", func(t *testing.T, p *Program, err error) {
			if _, lerr := exec.LookPath("go"); lerr != nil {
				t.Skip("go not installed")
			}
			if err != nil || !strings.Contains(p.CompileError, "package main") {
				t.Errorf("want a CE saying it must be package main, got %+v, %v", p, err)
			}
		}},
		{"missing toolchain", "a.nol", "", func(t *testing.T, p *Program, err error) {
			if err != nil || !strings.Contains(p.Unavailable, "no-such-compiler-anywhere") {
				t.Errorf("want unavailable, got %+v, %v", p, err)
			}
		}},
		{"resolved interpreter", "s.sh", "exit 0", func(t *testing.T, p *Program, err error) {
			if err != nil || p.Argv[0] != "/bin/sh" {
				t.Errorf("want /bin/sh from resolve, got %+v, %v", p, err)
			}
		}},
		{"binary", "prog", "#!/bin/sh\nexit 0\n", func(t *testing.T, p *Program, err error) {
			if err != nil || p.Language != "binary" {
				t.Errorf("got %+v, %v", p, err)
			}
		}},
		{"unknown extension", "x.zz", "", func(t *testing.T, p *Program, err error) {
			if err == nil || !strings.Contains(err.Error(), `unknown language for extension ".zz"`) {
				t.Errorf("err = %v", err)
			}
		}},
	}
	b := testBuilder(t, extra)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, dir, tt.file, tt.body)
			if tt.file == "x.zz" {
				os.Chmod(path, 0o644)
			}
			p, err := b.Build(context.Background(), path)
			tt.check(t, p, err)
		})
	}
	t.Run("command line", func(t *testing.T) {
		p, err := b.Build(context.Background(), "sh -c true")
		if err != nil || p.Language != "command" || len(p.Argv) != 3 {
			t.Errorf("got %+v, %v", p, err)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		_, err := b.Build(context.Background(), filepath.Join(dir, "nope.c"))
		if err == nil || !strings.Contains(err.Error(), "nope.c: no such file") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("cache hit", func(t *testing.T) {
		src := writeFile(t, dir, "again.c", "int main(void){return 1;}")
		p1, err := b.Build(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		// Break the compiler: a cached build must not need it.
		b2 := &Builder{Cache: b.Cache, Languages: b.Languages}
		t.Setenv("PATH", "/nonexistent")
		p2, err := b2.Build(context.Background(), src)
		if err != nil || p2.Hash != p1.Hash || p2.Argv[0] != p1.Argv[0] {
			t.Errorf("cache miss: %+v vs %+v, %v", p1, p2, err)
		}
	})
}

// TestParseLanguages checks each fault of a language table at its exact line
// and column: the value at fault, else its language.
func TestParseLanguages(t *testing.T) {
	tests := []struct{ yaml, want string }{
		{"languages:\n  - name: x\n", `line 2, column 5: language "x": run command missing`},
		{"languages:\n  - run: [a]\n", "line 2, column 5: language 1: name missing"},
		{"languages:\n  - {name: a, run: [x]}\n  - {name: a, run: [y]}\n", `line 3, column 12: language "a": defined twice`},
		{"languages:\n  - {name: a, run: [x], extensions: [c]}\n", `line 2, column 38: language "a": extension "c" must start with a dot`},
		{"languages:\n  - {name: a, run: [x], colour: 1}\n", "line 2, column 25: field colour not found"},
		{"languages:\n  - name: a\n    run: [x]\n\n  - nmae: b\n", "line 5, column 5: field nmae not found"},
		{"languages:\n  - name: a\n    run: [x]\n    extensions: .c\n", "line 4, column 17: cannot unmarshal !!str `.c` into []string"},
		{"languages:\n  - {name: a, run: [x], extensions: [.q]}\n  - {name: b, run: [y], extensions: [.Q]}\n", `line 3, column 38: language "b": extension .Q is language "a"'s already`},
		{"languages:\n  - {name: a, compile: [cc, \"{sorce}\"], run: [x]}\n", "line 2, column 29: language \"a\": compile command: unknown placeholder {sorce}"},
		{"languages:\n  - {name: a, run: [x]\n", "line 2: did not find expected ',' or '}'"},
		{"languages:\n  - {name: a, run: [x], read_only: [/etc/a, etc/b]}\n", `line 2, column 45: language "a": read_only path "etc/b" must be absolute and not /`},
		{"languages:\n  - {name: a, run: [x], read_only: [/]}\n", `line 2, column 37: language "a": read_only path "/" must be absolute and not /`},
	}
	for _, tt := range tests {
		if _, err := ParseLanguages([]byte(tt.yaml)); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ParseLanguages(%q) = %v, want %q", tt.yaml, err, tt.want)
		}
	}
	if _, err := ParseLanguages(builtinLanguages); err != nil {
		t.Errorf("built-in table: %v", err)
	}
	path := filepath.Join(t.TempDir(), "langs.yaml")
	if err := os.WriteFile(path, []byte("languages:\n  - {name: a, run: [x], extensions: [xx]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadLanguages(path); err == nil || err.Error() != path+`:2:38: language "a": extension "xx" must start with a dot` {
		t.Errorf("LoadLanguages: %v, want FILE:2:38: ...", err)
	}
}

// TestHostPaths follows a read_only path's chain of links, so that the jail shows
// every step, and leaves out paths missing here.
func TestHostPaths(t *testing.T) {
	dir := t.TempDir()
	target := writeFile(t, dir, "fpc-1.cfg", "")
	for link, to := range map[string]string{"alt": "fpc-1.cfg", "fpc.cfg": filepath.Join(dir, "alt")} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	l := Language{ReadOnly: []string{filepath.Join(dir, "fpc.cfg"), filepath.Join(dir, "missing")}}
	want := []string{filepath.Join(dir, "fpc.cfg"), filepath.Join(dir, "alt"), target}
	if got := l.HostPaths(); !slices.Equal(got, want) {
		t.Errorf("HostPaths = %v, want %v", got, want)
	}
	l2 := l
	l2.ReadOnly = l.ReadOnly[:1]
	if l.buildKey() == (Language{}).buildKey() || l.buildKey() == l2.buildKey() {
		t.Error("the build key does not depend on read_only")
	}
}

// TestLoadLanguagesExtensionsGoToTheUser lays a table over the built-in one
// whose new language takes .c: C sources are that language's then, and the
// built-in c keeps its name but no longer its extension.
func TestLoadLanguagesExtensionsGoToTheUser(t *testing.T) {
	path := filepath.Join(t.TempDir(), "langs.yaml")
	if err := os.WriteFile(path, []byte("languages:\n  - {name: c2, compile: [gcc, -O0, -o, \"{dir}/main\", \"{src}\"], run: [\"{dir}/main\"], extensions: [.c]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ls, err := LoadLanguages(path)
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := ls.ByExtension("prog.c"); !ok || l.Name != "c2" {
		t.Errorf("prog.c is %q (%v), want c2", l.Name, ok)
	}
	if l, ok := ls.ByExtension("prog.cpp"); !ok || l.Name != "cpp" {
		t.Errorf("prog.cpp is %q (%v), want the built-in cpp", l.Name, ok)
	}
	if _, ok := ls.ByName("c"); !ok {
		t.Error("the built-in c is gone by name")
	}
}

func FuzzParseLanguages(f *testing.F) {
	f.Add(builtinLanguages)
	f.Add([]byte("languages:\n  - {name: a, run: [x], extensions: [.a]}\n"))
	f.Add([]byte("languages: [1, 2"))
	f.Add([]byte("languages:\n  - name: a\n    run: [x]\n    extensions: [.a, b]\n  - {name: a, run: [\"{nope}\"]}\n"))
	f.Add([]byte("languages: [&a {name: a, run: [x]}, *a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ls, err := ParseLanguages(data)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) || strings.HasPrefix(ie.Msg, "language ") && ie.Line <= 0 {
				t.Fatalf("a fault of the table without its position: %v", err)
			}
			return
		}
		for _, l := range ls.All() {
			if l.Name == "" || len(l.Run) == 0 {
				t.Fatalf("accepted a language without name or run: %+v", l)
			}
			if got, ok := ls.ByName(l.Name); !ok || got.Name != l.Name {
				t.Fatalf("ByName(%q) does not find it", l.Name)
			}
		}
	})
}

func TestCappedBuffer(t *testing.T) {
	for _, tc := range []struct {
		writes  []string
		want    string
		dropped bool
	}{
		{[]string{"ab", "cd"}, "abcd", false},
		{[]string{"abcde"}, "abcde", false},
		{[]string{"abc", "def"}, "abcde", true},
		{[]string{"abcdefgh", "ij"}, "abcde", true},
	} {
		c := &cappedBuffer{max: 5}
		for _, w := range tc.writes {
			if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
				t.Fatalf("Write(%q) = %d, %v", w, n, err)
			}
		}
		if c.String() != tc.want || c.dropped != tc.dropped {
			t.Errorf("%q: kept %q dropped %v, want %q %v", tc.writes, c.String(), c.dropped, tc.want, tc.dropped)
		}
	}
}

func TestNotRunnable(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, head, want string // want: "" runnable, else a word of the reason
	}{
		{"elf", "\x7fELF\x02\x01\x01", ""},
		{"script", "#!/bin/sh\necho\n", ""},
		{"archive", "!<arch>\n__.PKGDEF", "package main"},
		{"garbage", "MZ\x90\x00", "not an executable"},
		{"empty", "", "not an executable"},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.head), 0o755); err != nil {
			t.Fatal(err)
		}
		if got := notRunnable(path); tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := notRunnable(filepath.Join(dir, "missing")); !strings.Contains(got, "missing") {
		t.Errorf("missing: %q", got)
	}
}
