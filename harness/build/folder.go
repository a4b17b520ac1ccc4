package build

import (
	"context"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Options name what a build cannot infer from the source alone.
type Options struct {
	// Language is the language's name ("" infers it from the file extensions).
	Language string
	// Entry is the file a folder program starts from ("" picks it: main.py,
	// the class with a main method, the only source, …).
	Entry string
	// LinksWithin lets a folder program's symbolic links be followed when their
	// target lies inside this folder (a problem package links one program into
	// several places); "" refuses every link, as a jailed build does.
	LinksWithin string
	// Std, when set, replaces the -std= flag of the language's compile command
	// ("gnu++17" for a C++ program written before C++20).
	Std string
}

// withStd is lang with its compile command's -std= flag set to std ("" keeps it).
func withStd(lang Language, std string) Language {
	if std == "" {
		return lang
	}
	lang.Compile = append([]string(nil), lang.Compile...)
	for i, a := range lang.Compile {
		if strings.HasPrefix(a, "-std=") {
			lang.Compile[i] = "-std=" + std
		}
	}
	return lang
}

// BuildWith is Build with the language or, for a folder, the entry file named.
// A folder holding a Go main package builds as one; any other folder is a
// program of several source files in one language, as contest problem packages
// have them: the sources of a compiled language are compiled together, and an
// interpreted program runs from its entry file with the others beside it.
func (b *Builder) BuildWith(ctx context.Context, source string, opt Options) (*Program, error) {
	st, err := os.Stat(source)
	if err != nil || !st.IsDir() {
		if opt.Std == "" || err != nil {
			return b.BuildAs(ctx, source, opt.Language)
		}
		lang, ok := b.Languages.ByName(opt.Language)
		if opt.Language == "" {
			lang, ok = b.Languages.ForSource(source)
		}
		if !ok {
			return b.BuildAs(ctx, source, opt.Language)
		}
		abs, err := filepath.Abs(source)
		if err != nil {
			return nil, fmt.Errorf("submission %s: %w", source, err)
		}
		return b.sourceFile(ctx, source, abs, withStd(lang, opt.Std))
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	if gos, _ := filepath.Glob(filepath.Join(abs, "*.go")); len(gos) > 0 && (opt.Language == "" || opt.Language == "go") {
		return b.goPackage(ctx, source, abs)
	}
	return b.sourceFolder(ctx, source, abs, opt)
}

// folderPriority orders the languages a folder of mixed sources is taken to be
// in: a C++ program may carry a C file, a Java one a Python script, not the
// other way round.
var folderPriority = []string{"cpp", "c", "java", "kotlin", "rust", "python", "javascript"}

// mainRE finds a Java or Kotlin entry point in a source.
var mainRE = map[string]*regexp.Regexp{
	"java":   regexp.MustCompile(`static\s+(?:final\s+)?(?:public\s+)?void\s+main\s*\(`),
	"kotlin": regexp.MustCompile(`(?m)^\s*fun\s+main\s*\(`),
}

// sourceFolder builds a folder program that is not a Go package.
func (b *Builder) sourceFolder(ctx context.Context, source, abs string, opt Options) (*Program, error) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	var files []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		files = append(files, e.Name())
	}
	lang, srcs, err := b.folderLanguage(files, opt.Language)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	lang = withStd(lang, opt.Std)
	entry, err := folderEntry(abs, lang, srcs, opt.Entry)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	sum, err := hashFiles(abs, files, lang.Name, lang.buildKey(), entry)
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", source, err)
	}
	p := b.newProgram(source, lang, sum)
	dir := filepath.Join(b.Cache, sum)
	if _, err := os.Stat(dir); err != nil {
		if tool, ok := lang.Toolchain(); !ok {
			p.Unavailable = fmt.Sprintf("language %s needs %s, which is not on PATH", lang.Name, tool)
			return p, nil
		}
	}
	class := strings.TrimSuffix(entry, filepath.Ext(entry))
	vars := map[string]string{"dir": dir, "src": filepath.Join(dir, entry), "class": class}
	err = b.cached(dir, func(tmp string) (log string, err error) {
		defer func() { log = hideBuildPaths(log, tmp, entry) }()
		for _, name := range files {
			path := filepath.Join(abs, name)
			if err := b.copySource(path, path, filepath.Join(tmp, name), opt.LinksWithin); err != nil {
				return "", err
			}
		}
		if len(lang.Compile) == 0 {
			return "", nil
		}
		tv := map[string]string{"dir": tmp, "src": filepath.Join(tmp, entry), "class": class}
		var argv []string
		for _, a := range lang.Compile {
			if a == "{src}" && lang.AllSources {
				for _, s := range srcs {
					argv = append(argv, filepath.Join(tmp, s))
				}
				continue
			}
			argv = append(argv, expand([]string{a}, tv)...)
		}
		if len(lang.Run) > 0 && argv[0] == lang.Run[0] && len(lang.Resolve) > 0 {
			if real, err := b.interpreter(ctx, lang, argv[0]); err == nil {
				argv[0] = real
			}
		}
		return b.compile(ctx, argv, tmp)
	})
	return b.finish(ctx, p, lang, dir, err, expand(lang.Run, vars))
}

// LinkWithin reports whether the symbolic link at path leads to a regular file
// inside root ("" never).
func LinkWithin(path, root string) bool {
	if root == "" {
		return false
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	if target, err = filepath.Abs(target); err != nil {
		return false
	}
	if r, err = filepath.Abs(r); err != nil {
		return false
	}
	rel, err := filepath.Rel(r, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	st, err := os.Stat(target)
	return err == nil && st.Mode().IsRegular()
}

// folderLanguage picks a folder's language (named, or by its sources' extensions
// in folderPriority order) and lists its sources in that language.
func (b *Builder) folderLanguage(files []string, name string) (Language, []string, error) {
	of := func(l Language) []string {
		var srcs []string
		for _, f := range files {
			for _, ext := range l.Extensions {
				if strings.EqualFold(filepath.Ext(f), ext) {
					srcs = append(srcs, f)
				}
			}
		}
		sort.Strings(srcs)
		return srcs
	}
	if name != "" {
		l, ok := b.Languages.ByName(name)
		if !ok {
			// Package formats name languages their own way (python3, c++).
			l, ok = b.Languages.ByName(languageAlias[strings.ToLower(name)])
		}
		if !ok {
			return Language{}, nil, fmt.Errorf("unknown language %q", name)
		}
		srcs := of(l)
		if len(srcs) == 0 {
			return Language{}, nil, fmt.Errorf("no %s sources (%s)", l.Name, strings.Join(l.Extensions, " "))
		}
		return l, srcs, nil
	}
	for _, n := range folderPriority {
		if l, ok := b.Languages.ByName(n); ok {
			if srcs := of(l); len(srcs) > 0 {
				return l, srcs, nil
			}
		}
	}
	for _, l := range b.Languages.All() {
		if srcs := of(l); len(srcs) > 0 {
			return l, srcs, nil
		}
	}
	return Language{}, nil, fmt.Errorf("no source file of a known language (known: %s)", b.extensions())
}

// languageAlias maps the language names of problem packages to the table's.
var languageAlias = map[string]string{"python3": "python", "c++": "cpp", "cplusplus": "cpp", "js": "javascript", "node": "javascript", "pypy3": "pypy"}

// folderEntry picks the file a folder program starts from: the one named; for
// Java and Kotlin the one source with a main function; else main.EXT, the
// folder's own name with the extension, or the only source.
func folderEntry(abs string, lang Language, srcs []string, named string) (string, error) {
	if named != "" {
		for _, s := range srcs {
			if s == named {
				return s, nil
			}
		}
		return "", fmt.Errorf("entry point %s is not one of its %s sources (%s)", named, lang.Name, strings.Join(srcs, " "))
	}
	if len(srcs) == 1 {
		return srcs[0], nil
	}
	if re, ok := mainRE[lang.Name]; ok {
		var with []string
		for _, s := range srcs {
			if data, err := regular.ReadFile(filepath.Join(abs, s)); err == nil && re.Match(data) {
				with = append(with, s)
			}
		}
		if len(with) == 1 {
			return with[0], nil
		}
	}
	ext := filepath.Ext(srcs[0])
	for _, want := range []string{"main" + ext, "Main" + ext, filepath.Base(abs) + ext} {
		for _, s := range srcs {
			if s == want {
				return s, nil
			}
		}
	}
	if lang.AllSources && lang.Name != "java" && lang.Name != "kotlin" {
		return srcs[0], nil // compiled together: the linker finds main
	}
	return "", fmt.Errorf("%d %s sources and no way to tell which one the program starts from (name it as entrypoint)", len(srcs), lang.Name)
}

// linksOutside lists, as CE lines, the symbolic links in the folder abs (shown
// as source) and below it that lead outside the module rooted at root. A
// package inside a larger module builds on the host, where the toolchain
// would read through such a link any file the judge may read, and show its
// first words in the compile error.
func linksOutside(abs, root, source string) []string {
	var bad []string
	_ = filepath.WalkDir(abs, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 || LinkWithin(path, root) {
			return nil
		}
		rel, _ := filepath.Rel(abs, path)
		bad = append(bad, fmt.Sprintf("%s is a symbolic link that leads outside the module", filepath.Join(source, rel)))
		return nil
	})
	return bad
}
