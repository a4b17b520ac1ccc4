package grade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/judgehq/judge/internal/regular"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// buildTimeout bounds each compiler, make or nm command.
const buildTimeout = 2 * time.Minute

// logLimit caps the command output kept as evidence.
const logLimit = 32 << 10

// Build is what building one student's folder produced.
type Build struct {
	// OK is false when the program could not be built; Log then says why.
	OK  bool
	Log string
	// Command is the build command as a student would type it.
	Command string
	// Exe is the built program (absolute), when OK.
	Exe string
	// CompileLog is the output of compiling every translation unit with the
	// course's flags (warnings come from here); CompileOK says whether all compiled.
	CompileLog string
	CompileOK  bool
	// Objects maps a translation unit's base name to its object file.
	Objects map[string]string
	// Notes are remarks for the feedback that deduct nothing.
	Notes []string
}

// buildStudent builds a student's folder in work (a folder of its own, created by
// the caller). It is the only step that runs the student's build: a copy of the
// folder is made with its Makefile when it has one (plain "make"), otherwise every
// translation unit is compiled with the course's flags and linked. Either way every
// translation unit is also compiled with the course's flags to an object file of
// its own, for the warnings and the symbols.
func buildStudent(ctx context.Context, r *Rubric, dir, work string, tool toolFunc) (*Build, error) {
	if tool == nil {
		tool = runTool
	}
	src := filepath.Join(work, "src")
	if err := copyFolder(dir, src); err != nil {
		return nil, fmt.Errorf("copying %s: %w", dir, err)
	}
	if err := addCourseFiles(r, src); err != nil {
		return nil, err
	}
	// Submitted executables and object files must not stand in for the build:
	// an object compiled elsewhere from other code would be linked, or read by
	// the design checks, in place of the one compiled from the sources (and
	// make could take them as up to date, the copy's times being all new).
	os.Remove(filepath.Join(src, r.Program))
	if stale, err := filepath.Glob(filepath.Join(src, "*.o")); err == nil {
		for _, f := range stale {
			os.Remove(f)
		}
	}
	objDir := filepath.Join(work, "obj")
	if err := os.MkdirAll(objDir, 0o755); err != nil {
		return nil, fmt.Errorf("object folder: %w", err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	b := &Build{CompileOK: true, Objects: map[string]string{}}
	var objs []string
	var log strings.Builder
	for _, e := range entries {
		if e.IsDir() || !isCompiled(e.Name()) {
			continue
		}
		obj := filepath.Join(objDir, strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))+".o")
		argv := append(append([]string{}, r.Compiler...), "-c", e.Name(), "-o", obj)
		out, err := tool(ctx, src, argv...)
		log.WriteString(out)
		if err != nil {
			b.CompileOK = false
			continue
		}
		b.Objects[e.Name()] = obj
		objs = append(objs, obj)
	}
	b.CompileLog = clipLog(log.String())
	if len(objs) == 0 && b.CompileOK {
		b.Log = "no C++ source file (.cpp, .cc, .cxx) in the folder"
		return b, nil
	}
	exe := filepath.Join(src, r.Program)
	made := false
	if _, err := os.Stat(filepath.Join(src, "Makefile")); err == nil {
		before := map[string]bool{}
		if entries, err := os.ReadDir(src); err == nil {
			for _, e := range entries {
				before[e.Name()] = true
			}
		}
		// "make PROGRAM" is how the assignment builds the program; plain "make"
		// (the default target) is the fallback for a Makefile without that target.
		var log strings.Builder
		exe = ""
		for _, argv := range [][]string{{"make", r.Program}, {"make"}} {
			b.Command = strings.Join(argv, " ")
			out, err := tool(ctx, src, argv...)
			fmt.Fprintf(&log, "$ %s\n%s", b.Command, out)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if err == nil {
				exe = findProgram(src, r.Program, before)
			}
			if exe != "" {
				made = true
				break
			}
		}
		b.Log = clipLog(log.String())
		if exe == "" {
			// A broken Makefile is not a compile error: build as without one.
			b.Notes = append(b.Notes, fmt.Sprintf("the Makefile did not build %s, so the program was compiled without it:\n%s", r.Program, b.Log))
			exe = filepath.Join(src, r.Program)
		}
	}
	if !made {
		if !b.CompileOK {
			b.Command = strings.Join(r.Compiler, " ") + " -c …"
			b.Log = b.CompileLog
			return b, nil
		}
		argv := append([]string{r.Compiler[0], "-o", exe}, objs...)
		b.Command = strings.Join(r.Compiler, " ") + " -o " + r.Program + " *.cpp"
		out, err := tool(ctx, src, argv...)
		b.Log = clipLog(b.CompileLog + out)
		if err != nil {
			// A file that includes another .cpp, or a second main, breaks the
			// link of every file: the file holding main alone may still build.
			m := mainFile(src)
			if m == "" {
				return b, nil
			}
			argv := append(append([]string{}, r.Compiler...), "-o", exe, m)
			if out2, err := tool(ctx, src, argv...); err != nil {
				b.Log = clipLog(b.Log + "\n" + strings.Join(argv, " ") + ":\n" + out2)
				return b, nil
			}
			b.Command = strings.Join(argv[:len(argv)-3], " ") + " -o " + r.Program + " " + m
		}
	}
	b.OK, b.Exe = true, exe
	return b, nil
}

// addCourseFiles copies the provided files a student did not hand in from the
// course's folder into the build folder src.
func addCourseFiles(r *Rubric, src string) error {
	if r.CourseFiles == "" {
		return nil
	}
	for _, name := range r.Provided {
		if _, err := os.Stat(filepath.Join(src, name)); err == nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(r.CourseFiles, name))
		if err != nil {
			return fmt.Errorf("course files: %w", err)
		}
		if err := os.WriteFile(filepath.Join(src, name), data, 0o644); err != nil {
			return fmt.Errorf("course files: %w", err)
		}
	}
	return nil
}

// findProgram returns the executable a Makefile built: want when it exists, else
// the only executable file in dir that was not there before (nil when none or
// several).
func findProgram(dir, want string, before map[string]bool) string {
	if st, err := os.Stat(filepath.Join(dir, want)); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		return filepath.Join(dir, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	found := ""
	for _, e := range entries {
		st, err := e.Info()
		if err != nil || !st.Mode().IsRegular() || st.Mode()&0o111 == 0 || before[e.Name()] {
			continue
		}
		if found != "" {
			return ""
		}
		found = filepath.Join(dir, e.Name())
	}
	return found
}

// runTool runs a build tool in dir and returns its combined output; an error means
// it failed (or could not start, in which case the output says so).
func runTool(ctx context.Context, dir string, argv ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.WaitDelay = time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String() + fmt.Sprintf("\n%s took longer than %s", argv[0], buildTimeout), ctx.Err()
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return fmt.Sprintf("%s could not be started: %v", argv[0], err), err
	}
	return out.String(), err
}

func clipLog(s string) string {
	if len(s) > logLimit {
		return s[:logLimit] + "\n[output truncated]"
	}
	return s
}

// copyFolder copies the regular files of src (recursively) into dst, which must
// not exist yet.
func copyFolder(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil // links and devices are not copied
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		in, err := regular.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, st.Mode().Perm()|0o200)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

// Symbol is a symbol an object file defines.
type Symbol struct {
	File string // the translation unit
	Type byte   // nm's letter: T text, D data, B bss, R read-only, …
	Name string // demangled
}

// symbols lists the symbols the student's object files define (nm -C).
func symbols(ctx context.Context, b *Build) ([]Symbol, error) {
	var out []Symbol
	files := make([]string, 0, len(b.Objects))
	for file := range b.Objects {
		files = append(files, file)
	}
	sort.Strings(files) // the deductions come out in the same order every time
	for _, file := range files {
		obj := b.Objects[file]
		text, err := runTool(ctx, filepath.Dir(obj), "nm", "-C", "--defined-only", obj)
		if err != nil {
			return nil, fmt.Errorf("nm %s: %s", file, strings.TrimSpace(text))
		}
		for _, line := range strings.Split(text, "\n") {
			f := strings.SplitN(strings.TrimSpace(line), " ", 3)
			if len(f) != 3 || len(f[1]) != 1 {
				continue
			}
			out = append(out, Symbol{File: file, Type: f[1][0], Name: f[2]})
		}
	}
	return out, nil
}

// diagnosticLine matches a compiler diagnostic: file:line:col: kind: text.
var diagnosticLine = lazyRegexp(`^([^:\s]+):(\d+):(?:\d+:)? (warning|error|fatal error): (.*)$`)

// Warning is one compiler warning.
type Warning struct {
	File string
	Line int
	Text string
}

// warnings parses the compiler's warnings about the files in want.
func warnings(log string, want map[string]bool) []Warning {
	return diagnostics(log, want, "warning")
}

// diagnostics parses the compiler's diagnostics of a kind ("warning", "error")
// about the files in want; "error" includes fatal errors.
func diagnostics(log string, want map[string]bool, kind string) []Warning {
	var out []Warning
	for _, line := range strings.Split(log, "\n") {
		m := diagnosticLine().FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || !want[filepath.Base(m[1])] || !strings.HasSuffix(m[3], kind) {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		out = append(out, Warning{File: filepath.Base(m[1]), Line: n, Text: m[4]})
	}
	return out
}

// compileAgainst compiles the student's translation units (syntax only) with the
// provided files replaced by those of folder files. ok is true when all compile.
func compileAgainst(ctx context.Context, s *Submission, files string) (log string, ok bool, err error) {
	dst := filepath.Join(s.Work, "alt")
	if err := os.RemoveAll(dst); err != nil {
		return "", false, fmt.Errorf("scratch folder: %w", err)
	}
	if err := copyFolder(s.Dir, dst); err != nil {
		return "", false, fmt.Errorf("copying %s: %w", s.Dir, err)
	}
	for _, name := range s.Rubric.Provided {
		data, err := os.ReadFile(filepath.Join(files, name))
		if err != nil {
			return "", false, fmt.Errorf("second version of the provided files: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), data, 0o644); err != nil {
			return "", false, fmt.Errorf("scratch folder: %w", err)
		}
	}
	ok = true
	var out strings.Builder
	for _, src := range s.Sources {
		if !isCompiled(src.Name) {
			continue
		}
		argv := append(append([]string{}, s.Rubric.Compiler...), "-fsyntax-only", src.Name)
		text, err := runTool(ctx, dst, argv...)
		out.WriteString(text)
		if err != nil {
			if ctx.Err() != nil {
				return "", false, ctx.Err()
			}
			ok = false
		}
	}
	return clipLog(out.String()), ok, nil
}

// objdump's function headers ("0000000000000256 <readPuzzle(…)>:") and
// relocation lines ("  28b: R_X86_64_PLT32  rangeSet(int, int)-0x4").
var (
	funcHeader = lazyRegexp(`^[0-9a-f]+ <(.+)>:$`)
	relocLine  = lazyRegexp(`^\s*[0-9a-f]+: R_[A-Z0-9_]+\s+(.+?)(?:[-+]0x[0-9a-f]+)?$`)
)

// calls reads which function refers to which in the student's object files
// (objdump -dr), as callee → callers, by plain function name. Calls between
// functions of internal linkage in one file need no relocation and are not seen.
func calls(ctx context.Context, b *Build) (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	for file, obj := range b.Objects {
		text, err := runTool(ctx, filepath.Dir(obj), "objdump", "-dr", "-C", obj)
		if err != nil {
			return nil, fmt.Errorf("objdump %s: %s", file, strings.TrimSpace(text))
		}
		caller := ""
		for _, line := range strings.Split(text, "\n") {
			if m := funcHeader().FindStringSubmatch(line); m != nil {
				caller = plainName(m[1])
				continue
			}
			if m := relocLine().FindStringSubmatch(line); m != nil && caller != "" {
				callee := plainName(m[1])
				if out[callee] == nil {
					out[callee] = map[string]bool{}
				}
				out[callee][caller] = true
			}
		}
	}
	return out, nil
}

// plainName strips a demangled function's parameter list.
func plainName(sym string) string {
	if i := strings.IndexByte(sym, '('); i >= 0 {
		return sym[:i]
	}
	return sym
}

// mainFile returns the one translation unit of dir that defines main ("" when
// none or several do).
func mainFile(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	found := ""
	for _, e := range entries {
		if !e.Type().IsRegular() || !isCompiled(e.Name()) {
			continue
		}
		data, err := regular.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		src := lexSource(e.Name(), string(data))
		for _, code := range src.Code {
			if mainFunc().MatchString(code) {
				if found != "" {
					return ""
				}
				found = e.Name()
				break
			}
		}
	}
	return found
}
