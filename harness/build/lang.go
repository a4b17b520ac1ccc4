package build

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/internal/yamlerr"
	"github.com/judgehq/judge/problems"
)

//go:embed languages.yaml
var builtinLanguages []byte

// Language says how to compile and run programs of one language.
type Language struct {
	Name       string   `yaml:"name"`
	Extensions []string `yaml:"extensions"`
	Compile    []string `yaml:"compile"`
	Run        []string `yaml:"run"`
	// AddressSpace, when false, keeps RLIMIT_AS off for this language.
	AddressSpace *bool `yaml:"address_space"`
	// Resolve prints the real path of Run[0] (see languages.yaml).
	Resolve []string `yaml:"resolve"`
	// AllSources, for a program of several files, puts all its sources where
	// Compile says {src} (compilers that build them together: C, C++, Java);
	// otherwise {src} is the entry file.
	AllSources bool `yaml:"all_sources"`
	// ReadOnly are host paths the toolchain needs besides the system folders
	// (a compiler's configuration under /etc, a package database under /var);
	// a jail shows them read-only, at the same place, to the compiler and the
	// program. Paths missing here are skipped.
	ReadOnly []string `yaml:"read_only"`
}

// buildKey is what of the language a build depends on, beside the sources: its
// compile command and the host paths its compiler is shown (a build that failed
// for want of one is built again once the table names it).
func (l Language) buildKey() string {
	key := strings.Join(l.Compile, "\x00")
	if len(l.ReadOnly) > 0 {
		key += "\x01" + strings.Join(l.ReadOnly, "\x00")
	}
	return key
}

// HostPaths returns the language's read-only paths as a jail must show them:
// each path, and every step of a symbolic link chain from it, so that a link
// such as /etc/fpc.cfg leads somewhere inside the jail too. Paths missing on
// this machine are left out.
func (l Language) HostPaths() []string {
	var out []string
	for _, p := range l.ReadOnly {
		for hop := 0; hop < 40; hop++ {
			st, err := os.Lstat(p)
			if err != nil {
				break
			}
			out = append(out, p)
			if st.Mode()&os.ModeSymlink == 0 {
				break
			}
			target, err := os.Readlink(p)
			if err != nil {
				break
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(p), target)
			}
			p = filepath.Clean(target)
		}
	}
	return out
}

// UsesAddressSpaceLimit reports whether RLIMIT_AS may be applied to programs of l.
func (l Language) UsesAddressSpaceLimit() bool { return l.AddressSpace == nil || *l.AddressSpace }

// Languages is a language table, looked up by name or file extension.
type Languages struct {
	list []Language
	// parsed, when not nil, is closed once list holds the built-in table,
	// which DefaultLanguages parses in the background.
	parsed chan struct{}
}

// entries returns the table's languages, once they are there.
func (ls *Languages) entries() []Language {
	if ls.parsed != nil {
		<-ls.parsed
	}
	return ls.list
}

type languageFile struct {
	Languages []Language `yaml:"languages"`
}

// DefaultLanguages returns the built-in table, parsed in the background: a
// command asks for it as it starts, and reads it only when it builds, after
// loading its problem. (Parsing takes about 0.8 ms, which every command
// spent before its first step.)
func DefaultLanguages() *Languages {
	ls := &Languages{parsed: make(chan struct{})}
	go func() {
		defer close(ls.parsed)
		ls.list = builtin()
	}()
	return ls
}

// builtin parses the built-in table.
func builtin() []Language {
	l, err := ParseLanguages(builtinLanguages)
	if err != nil {
		panic("build: built-in languages.yaml is broken: " + err.Error())
	}
	return l.list
}

// ParseLanguages reads a language table strictly. An error is a
// *problems.InputError at the line and column of the fault.
func ParseLanguages(data []byte) (*Languages, error) {
	var doc yaml.Node // for the positions of faults
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line, msg := yamlerr.Split(err)
		return nil, &problems.InputError{Line: line, Msg: msg}
	}
	var f languageFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		line, msg := yamlerr.Split(err)
		col := 0
		if n, _ := yamlerr.Find(&doc, line, msg); n != nil {
			col = n.Column
		}
		return nil, &problems.InputError{Line: line, Col: col, Msg: typeName.ReplaceAllString(msg, "")}
	}
	nodes := languageNodes(&doc)
	// at is the position of the i-th language's key, else of the language.
	at := func(i int, key string) *yaml.Node {
		if i >= len(nodes) {
			return &yaml.Node{}
		}
		return valueOf(nodes[i], key)
	}
	errAt := func(n *yaml.Node, format string, args ...any) error {
		return &problems.InputError{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[string]bool{}
	claimed := map[string]string{} // extension → language
	for i, l := range f.Languages {
		switch {
		case l.Name == "":
			return nil, errAt(at(i, ""), "language %d: name missing", i+1)
		case seen[l.Name]:
			return nil, errAt(at(i, "name"), "language %q: defined twice", l.Name)
		case len(l.Run) == 0:
			return nil, errAt(at(i, "run"), "language %q: run command missing", l.Name)
		}
		for j, e := range l.Extensions {
			if !strings.HasPrefix(e, ".") {
				return nil, errAt(item(at(i, "extensions"), j), "language %q: extension %q must start with a dot", l.Name, e)
			}
			if other, ok := claimed[strings.ToLower(e)]; ok {
				return nil, errAt(item(at(i, "extensions"), j), "language %q: extension %s is language %q's already", l.Name, e, other)
			}
			claimed[strings.ToLower(e)] = l.Name
		}
		for _, cmd := range []struct {
			what string
			argv []string
		}{{"compile", l.Compile}, {"run", l.Run}, {"resolve", l.Resolve}} {
			for j, a := range cmd.argv {
				for _, m := range placeholderRE.FindAllString(a, -1) {
					if !placeholders[m] {
						return nil, errAt(item(at(i, cmd.what), j), "language %q: %s command: unknown placeholder %s (known: {src}, {dir}, {class}, {pkg})", l.Name, cmd.what, m)
					}
				}
			}
		}
		for j, p := range l.ReadOnly {
			if !filepath.IsAbs(p) || filepath.Clean(p) == "/" {
				return nil, errAt(item(at(i, "read_only"), j), "language %q: read_only path %q must be absolute and not /", l.Name, p)
			}
		}
		seen[l.Name] = true
	}
	return &Languages{list: f.Languages}, nil
}

// typeName is how the decoder names this package's types; a table's author
// knows keys, not types.
var typeName = regexp.MustCompile(` in type build\.\w+`)

// languageNodes returns the nodes of a language table's languages list, one
// per language in order (none when the document has no such list).
func languageNodes(doc *yaml.Node) []*yaml.Node {
	if len(doc.Content) == 0 {
		return nil
	}
	if list := valueOf(doc.Content[0], "languages"); list.Kind == yaml.SequenceNode {
		return list.Content
	}
	return nil
}

// valueOf returns the value of key in the mapping n, or n when key is "" or
// n has no such key.
func valueOf(n *yaml.Node, key string) *yaml.Node {
	for i := 0; key != "" && n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return n
}

// item returns the j-th item of the list n, or n when it has none.
func item(n *yaml.Node, j int) *yaml.Node {
	if n.Kind == yaml.SequenceNode && j < len(n.Content) {
		return n.Content[j]
	}
	return n
}

// placeholders are what a language's commands may name: the source, the build
// folder, the Java class and the Go package.
var placeholders = map[string]bool{"{src}": true, "{dir}": true, "{class}": true, "{pkg}": true}

// placeholderRE finds what looks like a placeholder in a command's argument.
var placeholderRE = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*\}`)

// LoadLanguages reads a user's table from path and lays it over the built-in one:
// a language of the same name replaces the built-in entry, others are added, and
// an extension the user's table gives a language is that language's alone (a
// user's "c2" for .c files takes them from the built-in "c").
func LoadLanguages(path string) (*Languages, error) {
	data, err := regular.ReadFileMax(path, regular.ConfigMax)
	if err != nil {
		return nil, fmt.Errorf("language table: %w", err)
	}
	user, err := ParseLanguages(data)
	if err != nil {
		return nil, problems.PositionedError(path, err)
	}
	merged := &Languages{list: builtin()}
	for _, u := range user.list {
		for i := range merged.list {
			merged.list[i].Extensions = slices.DeleteFunc(slices.Clone(merged.list[i].Extensions), func(e string) bool {
				return slices.ContainsFunc(u.Extensions, func(ue string) bool { return strings.EqualFold(ue, e) })
			})
		}
		replaced := false
		for i := range merged.list {
			if merged.list[i].Name == u.Name {
				merged.list[i], replaced = u, true
			}
		}
		if !replaced {
			merged.list = append(merged.list, u)
		}
	}
	return merged, nil
}

// ByName returns the language called name.
func (ls *Languages) ByName(name string) (Language, bool) {
	for _, l := range ls.entries() {
		if l.Name == name {
			return l, true
		}
	}
	return Language{}, false
}

// ByExtension returns the language of a file name's extension.
func (ls *Languages) ByExtension(file string) (Language, bool) {
	ext := strings.ToLower(filepath.Ext(file))
	for _, l := range ls.entries() {
		for _, e := range l.Extensions {
			if e == ext {
				return l, true
			}
		}
	}
	return Language{}, false
}

// ForSource returns the language of the source file at path: its extension's,
// except that a Python source whose #! line names python2 is Python 2 when the
// table has a language of that name (problemtools and Kattis read the line so
// too). Only the first line is read.
func (ls *Languages) ForSource(path string) (Language, bool) {
	l, ok := ls.ByExtension(path)
	if !ok || l.Name != "python" {
		return l, ok
	}
	if py2, found := ls.ByName("python2"); found && firstLineNames(path, "python2") {
		return py2, true
	}
	return l, true
}

// firstLineNames reports whether the file at path starts with a #! line that
// contains name.
func firstLineNames(path, name string) bool {
	f, err := regular.Open(path) // a pipe would hang the open, a device never end
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, _ := io.ReadFull(f, buf)
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	return bytes.HasPrefix(line, []byte("#!")) && bytes.Contains(line, []byte(name))
}

// All returns the languages in table order.
func (ls *Languages) All() []Language { return append([]Language(nil), ls.entries()...) }

// Toolchain returns the program a language needs first (its compiler, else its
// runner) and whether it is on PATH.
func (l Language) Toolchain() (string, bool) {
	cmd := l.Run[0]
	if len(l.Compile) > 0 {
		cmd = l.Compile[0]
	}
	if strings.Contains(cmd, "{") {
		return cmd, true
	}
	_, err := LookTool(cmd)
	return cmd, err == nil
}

// LookTool finds the program a language table names. A bare name is looked up
// first in the system's program folders (the jail's fixed PATH, jail.Path) and
// only then on the caller's PATH, so a contest runs the machine's own compilers
// and interpreters whoever starts the judge and whatever their shell puts first
// (a pyenv or virtualenv python, say). A language table that wants another
// program names it with its full path.
//
// A rustup proxy (cargo's bin folder links rustc to rustup) is replaced by the
// toolchain's own program, which `rustup which` names: the proxy needs the
// caller's rustup settings, which no jail has.
func LookTool(name string) (string, error) {
	if name == "" || strings.ContainsRune(name, '/') {
		return exec.LookPath(name)
	}
	for _, dir := range filepath.SplitList(jail.Path) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	return unproxied(p, name), nil
}

// unproxied returns the real program behind a rustup proxy at p, or p.
func unproxied(p, name string) string {
	real, err := filepath.EvalSymlinks(p)
	if err != nil || filepath.Base(real) != "rustup" || filepath.Base(p) == "rustup" {
		return p
	}
	out, err := exec.Command(real, "which", name).Output()
	if err != nil {
		return p
	}
	target := strings.TrimSpace(string(out))
	if st, err := os.Stat(target); err == nil && filepath.IsAbs(target) && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		return target
	}
	return p
}

// expand replaces the placeholders of a command template.
func expand(tmpl []string, vars map[string]string) []string {
	out := make([]string, len(tmpl))
	for i, a := range tmpl {
		for k, v := range vars {
			a = strings.ReplaceAll(a, "{"+k+"}", v)
		}
		out[i] = a
	}
	return out
}
