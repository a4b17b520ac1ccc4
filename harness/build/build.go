// Package build turns submissions into runnable programs: it compiles a source file,
// a folder holding a Go main package, a ready binary or a command line once per
// content hash into a cache folder. How each language compiles and runs is data:
// the table in languages.yaml, which a user may extend.
package build

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
)

// Program is a submission ready to run, or the reason it cannot run.
type Program struct {
	Name     string   // display name
	Source   string   // as the user gave it
	Language string   // language name, "binary" or "command"
	Hash     string   // content hash (hex, 16 digits)
	Argv     []string // the command that runs it; Argv[0] is absolute
	Dir      string   // build folder in the cache ("" for binaries and commands)
	// AddressSpace says whether RLIMIT_AS may be applied (see Language).
	AddressSpace bool
	// CompileError holds the compiler's message when the build failed (verdict CE).
	CompileError string
	// Unavailable says why the program cannot run on this machine (a missing
	// toolchain); every dataset is then a judge error, not the submission's fault.
	Unavailable string
	// ReadOnly are host paths its runtime needs besides the system folders
	// (Language.HostPaths), for a jail to show read-only.
	ReadOnly []string
}

// newProgram is the program of source in language lang with content hash sum.
// The host paths its toolchain needs are shown from now on in the Builder's
// jail, where its compiler runs.
func (b *Builder) newProgram(source string, lang Language, sum string) *Program {
	p := &Program{Name: displayName(source), Source: source, Language: lang.Name, Hash: sum,
		AddressSpace: lang.UsesAddressSpaceLimit(), ReadOnly: lang.HostPaths()}
	if b.Jail != nil {
		b.Jail.AddReadOnly(p.ReadOnly...)
	}
	return p
}

// Builder compiles submissions once per content hash into a cache folder. It is
// safe for concurrent use.
type Builder struct {
	Cache     string // e.g. .judge/cache
	Languages *Languages
	// CompileTimeout bounds each compilation (default 60 s).
	CompileTimeout time.Duration
	// Jail, when set, runs every compiler in a jail under its compile limits
	// (jail.CompileLimits): only the sources are visible, and the judge copies
	// what the compiler made into the cache. Nil compiles on the host.
	Jail *jail.Jail
	// GoCache is the folder of warm Go build caches for jailed Go builds
	// (default: judge/ in the user's cache folder).
	GoCache string

	mu       sync.Mutex
	resolved map[string]string      // language name → real interpreter path
	broken   map[string]error       // language name → why its interpreter cannot start
	warmMu   sync.Mutex             // held while goTools is read or filled
	goTools  map[string]goToolchain // Go toolchain path → what its jailed builds need
}

// interpreter returns the program a language's run command starts: its resolve
// command's answer when it has one that names an executable file, else run[0] as
// found on PATH. An interpreter found on PATH whose resolve command cannot run at
// all (a version manager's shim with no version behind it, exit 126 or 127) is an
// error wrapping errDoesNotRun.
func (b *Builder) interpreter(ctx context.Context, lang Language, run0 string) (string, error) {
	if len(lang.Resolve) == 0 || strings.Contains(run0, "{") || strings.ContainsRune(run0, '/') {
		return LookTool(run0)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if p, ok := b.resolved[lang.Name]; ok {
		return p, nil
	}
	if err, ok := b.broken[lang.Name]; ok {
		return "", err
	}
	path, err := LookTool(run0)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	resolve := append([]string(nil), lang.Resolve...)
	if resolve[0] == run0 { // ask the very program the run command starts
		resolve[0] = path
	}
	cmd := exec.CommandContext(ctx, resolve[0], resolve[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && (ee.ExitCode() == 126 || ee.ExitCode() == 127) {
		why := fmt.Errorf("%s is on PATH (%s) but %w: %s", run0, path, errDoesNotRun, firstLine(stderr.String(), ee.String()))
		if b.broken == nil {
			b.broken = map[string]error{}
		}
		b.broken[lang.Name] = why
		return "", why
	}
	if real := strings.TrimSpace(string(out)); err == nil && filepath.IsAbs(real) {
		if st, err := os.Stat(real); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			path = real
		}
	}
	if b.resolved == nil {
		b.resolved = map[string]string{}
	}
	b.resolved[lang.Name] = path
	return path, nil
}

// Broken says why language l cannot run here although its toolchain is on
// PATH ("" when nothing says so): its interpreter is found but does not start
// (a version manager's shim with no version behind it).
func (b *Builder) Broken(ctx context.Context, l Language) string {
	if len(l.Run) == 0 {
		return ""
	}
	if _, err := b.interpreter(ctx, l, l.Run[0]); errors.Is(err, errDoesNotRun) {
		return err.Error()
	}
	return ""
}

// errDoesNotRun marks an interpreter that is found but cannot start.
var errDoesNotRun = errors.New("does not run")

// firstLine is the first non-blank line of s, or def when it has none.
func firstLine(s, def string) string {
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return def
}

// compileLogLimit caps the compiler output kept for a CE message.
const compileLogLimit = 64 << 10

// Build turns a submission into a Program. source is a source file, a folder
// holding a Go main package, an executable file, or a command line (anything with a
// space that is not an existing path). An error means the submission could not be
// understood at all (no such file, unknown language); compile errors and missing
// toolchains are reported in the Program.
func (b *Builder) Build(ctx context.Context, source string) (*Program, error) {
	return b.BuildAs(ctx, source, "")
}

// BuildAs is Build with the language named instead of inferred from the file's
// extension ("" infers it).
func (b *Builder) BuildAs(ctx context.Context, source, language string) (*Program, error) {
	st, statErr := os.Stat(source)
	if statErr != nil {
		if strings.ContainsAny(source, " \t") {
			return b.Command(source)
		}
		return nil, fmt.Errorf("submission %s: %w", source, unwrapPathError(statErr))
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	if st.IsDir() {
		if language != "" && language != "go" && language != "go-package" {
			return nil, fmt.Errorf("submission %s: a folder must hold a Go main package, not %s", source, language)
		}
		return b.goPackage(ctx, source, abs)
	}
	if language != "" {
		lang, ok := b.Languages.ByName(language)
		if !ok {
			return nil, fmt.Errorf("submission %s: unknown language %q", source, language)
		}
		return b.sourceFile(ctx, source, abs, lang)
	}
	if lang, ok := b.Languages.ForSource(abs); ok {
		return b.sourceFile(ctx, source, abs, lang)
	}
	if st.Mode()&0o111 != 0 {
		sum, err := hashFiles(filepath.Dir(abs), []string{filepath.Base(abs)})
		if err != nil {
			return nil, fmt.Errorf("submission %s: %w", source, err)
		}
		return &Program{Name: displayName(source), Source: source, Language: "binary", Hash: sum, Argv: []string{abs}, AddressSpace: true}, nil
	}
	return nil, fmt.Errorf("submission %s: unknown language for extension %q (known: %s)", source, filepath.Ext(abs), b.extensions())
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (b *Builder) extensions() string {
	var exts []string
	for _, l := range b.Languages.All() {
		exts = append(exts, l.Extensions...)
	}
	return strings.Join(exts, " ")
}

// displayName shortens a path to what a table shows: the file or folder name with
// its parent ("tactics", "wrong_answer/loop.c").
// The name is always valid UTF-8 (see validName).
// DisplayName is the name Build gives the program of source: its file name,
// under its folder's when that names a verdict or the file has an extension.
func DisplayName(source string) string { return displayName(source) }

func displayName(source string) string {
	clean := filepath.Clean(source)
	base := filepath.Base(clean)
	parent := filepath.Base(filepath.Dir(clean))
	switch parent {
	case ".", "/", "":
		return validName(base)
	}
	if _, ok := problems.ParseVerdict(parent); ok || filepath.Ext(base) != "" {
		return validName(parent + "/" + base)
	}
	return validName(base)
}

// Command makes a Program of a command line, split into words as a POSIX shell
// would ("python3 '/x/my prog.py'" is two words) but with no variables, globs or
// substitutions expanded; its first word is looked up on PATH.
func (b *Builder) Command(line string) (*Program, error) {
	argv, err := splitCommand(line)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", line, err)
	}
	if len(argv) == 0 {
		return nil, errors.New("empty command line")
	}
	path, err := LookTool(argv[0])
	if err != nil {
		return nil, fmt.Errorf("command %q: %s not found", line, argv[0])
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, fmt.Errorf("command %q: %w", line, err)
	}
	argv[0] = path
	sum := sha256.Sum256([]byte(line))
	return &Program{Name: validName(line), Source: line, Language: "command", Hash: hex.EncodeToString(sum[:8]), Argv: argv, AddressSpace: false}, nil
}

func (b *Builder) sourceFile(ctx context.Context, source, abs string, lang Language) (*Program, error) {
	sum, err := hashFiles(filepath.Dir(abs), []string{filepath.Base(abs)}, lang.Name, lang.buildKey())
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	p := b.newProgram(source, lang, sum)
	dir := filepath.Join(b.Cache, sum)
	if _, err := os.Stat(dir); err != nil { // not built yet: the compiler is needed
		if tool, ok := lang.Toolchain(); !ok {
			p.Unavailable = fmt.Sprintf("language %s needs %s, which is not on PATH", lang.Name, tool)
			return p, nil
		}
		if len(lang.Run) > 0 {
			if _, err := b.interpreter(ctx, lang, lang.Run[0]); errors.Is(err, errDoesNotRun) {
				p.Unavailable = fmt.Sprintf("language %s: %v", lang.Name, err)
				return p, nil
			}
		}
	}
	srcName := filepath.Base(abs)
	vars := map[string]string{"dir": dir, "src": filepath.Join(dir, srcName), "class": strings.TrimSuffix(srcName, filepath.Ext(srcName))}
	err = b.cached(dir, func(tmp string) (log string, err error) {
		// The cached message names the source by a placeholder; finish puts the
		// path this user gave in its place.
		defer func() { log = hideBuildPaths(log, tmp, srcName) }()
		if err := b.copySource(abs, source, filepath.Join(tmp, srcName), ""); err != nil {
			return "", err
		}
		if len(lang.Compile) == 0 {
			return "", nil
		}
		tv := map[string]string{"dir": tmp, "src": filepath.Join(tmp, srcName), "class": vars["class"]}
		argv := expand(lang.Compile, tv)
		if len(lang.Run) > 0 && argv[0] == lang.Run[0] && len(lang.Resolve) > 0 {
			// A syntax check by the interpreter that runs the program: the real
			// one, not a wrapper script that may not work in a jail.
			if real, err := b.interpreter(ctx, lang, argv[0]); err == nil {
				argv[0] = real
			}
		}
		return b.compile(ctx, argv, tmp)
	})
	return b.finish(ctx, p, lang, dir, err, expand(lang.Run, vars))
}

// copySource copies the source at abs (shown as name in errors) to dst. A jailed
// build refuses a symbolic link, unless it leads to a file inside linksWithin:
// the judge reads the file as root, and a link could name any file of the host.
func (b *Builder) copySource(abs, name, dst, linksWithin string) error {
	if st, err := os.Lstat(abs); err == nil && st.Mode()&os.ModeSymlink != 0 && b.Jail != nil && !LinkWithin(abs, linksWithin) {
		return fmt.Errorf("%s is a symbolic link; jailed compiles take regular files only: %w", name, jail.ErrSourceRefused)
	}
	data, err := regular.ReadFile(abs)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// goPackage builds a folder holding a Go main package. Go's own build cache makes a
// rebuild cheap, and it alone knows every imported package, so the folder is built
// every time and the binary's hash names the cache entry.
func (b *Builder) goPackage(ctx context.Context, source, abs string) (*Program, error) {
	gos, _ := filepath.Glob(filepath.Join(abs, "*.go"))
	if len(gos) == 0 {
		return nil, fmt.Errorf("submission %s: a folder must hold a Go main package (no .go files there)", source)
	}
	lang, ok := b.Languages.ByName("go-package")
	if !ok {
		return nil, errors.New("language table has no go-package entry")
	}
	p := &Program{Name: displayName(source), Source: source, Language: "go", AddressSpace: lang.UsesAddressSpaceLimit()}
	if tool, ok := lang.Toolchain(); !ok {
		p.Unavailable = fmt.Sprintf("Go packages need %s, which is not on PATH", tool)
		sum, _ := hashFiles(abs, relNames(gos))
		p.Hash = sum
		return p, nil
	}
	// Only jailed builds, which treat the source as hostile, hold a module to its
	// own folder: an organiser's solvers may share code through replaces.
	if root := moduleRoot(abs); root != "" && b.Jail != nil {
		goTool, err := LookTool(lang.Compile[0])
		if err != nil {
			return nil, fmt.Errorf("running %s: %w", lang.Compile[0], err)
		}
		bad, err := outsideReplaces(ctx, goTool, root)
		if err != nil {
			bad = []string{err.Error()}
		}
		bad = append(bad, linksOutside(abs, root, source)...)
		if len(bad) > 0 {
			sum, _ := hashFiles(abs, relNames(gos))
			p.Hash = sum
			p.CompileError = strings.Join(bad, "\n") + "\nA submission is built from its own files only."
			return p, nil
		}
	}
	if err := os.MkdirAll(b.Cache, 0o755); err != nil {
		return nil, fmt.Errorf("build cache: %w", err)
	}
	tmp, err := os.MkdirTemp(b.Cache, "build-")
	if err != nil {
		return nil, fmt.Errorf("build cache: %w", err)
	}
	defer os.RemoveAll(tmp)
	// A folder outside every Go module is built as a module of its own: a copy
	// of the folder with a go.mod, so "go: go.mod file not found" is not a CE.
	buildIn, env := abs, []string(nil)
	if !inGoModule(abs) {
		mod, err := os.MkdirTemp(b.Cache, "module-")
		if err != nil {
			return nil, fmt.Errorf("build cache: %w", err)
		}
		defer os.RemoveAll(mod)
		if err := copyFolder(abs, mod); err != nil {
			return nil, fmt.Errorf("submission %s: copying it to build as a module: %w", source, err)
		}
		env = []string{"GOWORK=off"}
		if log, err := b.compile(ctx, []string{lang.Compile[0], "mod", "init", "submission"}, mod, env...); err != nil {
			if log == "" {
				return nil, err
			}
			return nil, fmt.Errorf("submission %s: go mod init: %s", source, strings.TrimSpace(log))
		}
		buildIn = mod
	}
	log, err := b.compile(ctx, expand(lang.Compile, map[string]string{"dir": tmp, "pkg": "."}), buildIn, env...)
	if err != nil {
		if log == "" {
			return nil, err
		}
		if cacheFull(log, tmp) {
			// The toolchain could not write the program into the judge's
			// own build cache: the judge's failure, not a compile error.
			return nil, fmt.Errorf("submission %s: build cache: %s", source, strings.TrimSpace(log))
		}
		sum, _ := hashFiles(abs, relNames(gos))
		p.Hash, p.CompileError = sum, goPackagePaths(log, buildIn, source)
		return p, nil
	}
	sum, err := hashFiles(tmp, []string{"main"})
	if err != nil {
		return nil, fmt.Errorf("hashing %s: %w", source, err)
	}
	dir := filepath.Join(b.Cache, sum)
	if err := os.Rename(tmp, dir); err != nil && !isExist(err) {
		return nil, fmt.Errorf("build cache: %w", err)
	}
	p.Hash, p.Dir, p.Argv = sum, dir, expand(lang.Run, map[string]string{"dir": dir})
	return p, nil
}

// cacheFull reports whether a build log says that writing into the build cache
// folder tmp failed for want of room or of write access.
func cacheFull(log, tmp string) bool {
	if !strings.Contains(log, tmp) {
		return false
	}
	for _, why := range []string{"no space left on device", "disk quota exceeded", "read-only file system"} {
		if strings.Contains(log, why) {
			return true
		}
	}
	return false
}

func relNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

func isExist(err error) bool {
	return errors.Is(err, fs.ErrExist) || strings.Contains(err.Error(), "directory not empty")
}

// cached runs build into a fresh temporary folder and renames it to dir, unless dir
// already exists. A compile error is kept in dir/compile-error.txt so the same
// source is not compiled again to fail again.
func (b *Builder) cached(dir string, build func(tmp string) (string, error)) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(b.Cache, 0o755); err != nil {
		return fmt.Errorf("build cache: %w", err)
	}
	tmp, err := os.MkdirTemp(b.Cache, "build-")
	if err != nil {
		return fmt.Errorf("build cache: %w", err)
	}
	defer os.RemoveAll(tmp)
	log, err := build(tmp)
	if err != nil {
		if log == "" {
			return err
		}
		if werr := os.WriteFile(filepath.Join(tmp, "compile-error.txt"), []byte(log), 0o644); werr != nil {
			return werr
		}
	}
	if err := os.Rename(tmp, dir); err != nil && !isExist(err) {
		return fmt.Errorf("build cache: %w", err)
	}
	return nil
}

func (b *Builder) finish(ctx context.Context, p *Program, lang Language, dir string, err error, argv []string) (*Program, error) {
	if err != nil {
		return nil, fmt.Errorf("building %s: %w", p.Source, err)
	}
	if log, err := os.ReadFile(filepath.Join(dir, "compile-error.txt")); err == nil {
		p.CompileError = showSourcePath(string(log), p.Source)
		return p, nil
	}
	if rel, err := filepath.Rel(dir, argv[0]); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		// The program the build made: the submission's fault when it
		// cannot run (a compile error), not a run-time error on every dataset.
		if why := notRunnable(argv[0]); why != "" {
			p.CompileError = why
			return p, nil
		}
	}
	path, err := b.interpreter(ctx, lang, argv[0])
	if errors.Is(err, errDoesNotRun) {
		p.Unavailable = fmt.Sprintf("language %s: %v", p.Language, err)
		return p, nil
	}
	if err != nil {
		p.Unavailable = fmt.Sprintf("language %s runs with %s, which is not on PATH", p.Language, argv[0])
		return p, nil
	}
	argv[0], _ = filepath.Abs(path)
	p.Dir, p.Argv = dir, argv
	return p, nil
}

// compile runs a compiler in dir. A non-zero exit returns the compiler's output as
// log together with an error; a failure to run it returns only an error.
// extraEnv is added to the judge's own environment.
func (b *Builder) compile(ctx context.Context, argv []string, dir string, extraEnv ...string) (log string, err error) {
	if b.Jail != nil {
		if filepath.Base(argv[0]) != "go" {
			return b.jailCompile(ctx, argv, dir, extraEnv)
		}
		if goJailable(argv, dir) {
			return b.jailGoBuild(ctx, argv, dir, extraEnv)
		}
		// A package inside a larger module needs the whole module: it builds on
		// the host. Without cgo and without a module proxy the toolchain runs no
		// code of the submission and fetches nothing.
		// Nor does it read a go.work, which could name folders anywhere on
		// the host (go.mod's own replace directives are checked before).
		extraEnv = append(extraEnv, "CGO_ENABLED=0", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	}
	timeout := b.CompileTimeout
	if timeout == 0 {
		timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	prog, err := LookTool(argv[0])
	if err != nil {
		return "", fmt.Errorf("running %s: %w", argv[0], err)
	}
	cmd := exec.CommandContext(ctx, prog, argv[1:]...)
	cmd.Dir = dir
	if len(extraEnv) > 0 {
		cmd.Env = append(os.Environ(), extraEnv...)
	}
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	out := &cappedBuffer{max: compileLogLimit}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		msg := out.String()
		if out.dropped {
			msg += "\n[compiler output truncated]"
		}
		if ctx.Err() != nil {
			return "compilation took longer than " + timeout.String(), ctx.Err()
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if msg == "" {
				msg = err.Error()
			}
			return msg, err
		}
		return "", fmt.Errorf("running %s: %w", argv[0], err)
	}
	return "", nil
}

// hashFiles hashes the named files of dir (and any extra strings) into 16 hex digits.
func hashFiles(dir string, names []string, extra ...string) (string, error) {
	h := sha256.New()
	for _, e := range extra {
		io.WriteString(h, e)
		h.Write([]byte{0})
	}
	sort.Strings(names)
	for _, n := range names {
		f, err := regular.Open(filepath.Join(dir, n))
		if err != nil {
			return "", err
		}
		io.WriteString(h, n)
		h.Write([]byte{0})
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// cappedBuffer keeps the first max bytes written to it and drops the rest, so
// that a compiler printing without end costs the judge no memory.
type cappedBuffer struct {
	buf     bytes.Buffer
	max     int
	dropped bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room < len(p) {
		c.dropped = true
		c.buf.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.buf.Write(p)
}

func (c *cappedBuffer) String() string { return c.buf.String() }

// notRunnable says why the file a build made cannot be run as a program, or ""
// when it can: a native executable (ELF) or a script (#!).
func notRunnable(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "the build made no program (" + filepath.Base(path) + " is missing)"
	}
	defer f.Close()
	head := make([]byte, 8)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")), bytes.HasPrefix(head, []byte("#!")):
		return ""
	case bytes.HasPrefix(head, []byte("!<arch>")):
		return "the build made a library, not a program: a Go submission must be package main, with func main"
	}
	return "the build made no program that can run (not an executable)"
}
