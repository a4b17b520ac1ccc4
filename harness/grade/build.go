package grade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
}

// buildStudent builds a student's folder in work (a folder of its own, created by
// the caller). It is the only step that runs the student's build: a copy of the
// folder is made with its Makefile when it has one (plain "make"), otherwise every
// translation unit is compiled with the course's flags and linked. Either way every
// translation unit is also compiled with the course's flags to an object file of
// its own, for the warnings and the symbols.
func buildStudent(ctx context.Context, r *Rubric, dir, work string) (*Build, error) {
	src := filepath.Join(work, "src")
	if err := copyFolder(dir, src); err != nil {
		return nil, fmt.Errorf("copying %s: %w", dir, err)
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
		out, err := runTool(ctx, src, argv...)
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
	if _, err := os.Stat(filepath.Join(src, "Makefile")); err == nil {
		// Submitted executables and object files must not stand in for the build
		// (the copy's times are all new, so make could take them as up to date).
		os.Remove(exe)
		if stale, err := filepath.Glob(filepath.Join(src, "*.o")); err == nil {
			for _, f := range stale {
				os.Remove(f)
			}
		}
		b.Command = "make"
		out, err := runTool(ctx, src, "make")
		b.Log = clipLog(out)
		if err != nil {
			return b, nil
		}
		if st, err := os.Stat(exe); err != nil || st.Mode()&0o111 == 0 {
			b.Log += fmt.Sprintf("\nmake did not build %s", r.Program)
			return b, nil
		}
	} else {
		if !b.CompileOK {
			b.Command = strings.Join(r.Compiler, " ") + " -c …"
			b.Log = b.CompileLog
			return b, nil
		}
		argv := append([]string{r.Compiler[0], "-o", exe}, objs...)
		b.Command = strings.Join(r.Compiler, " ") + " -o " + r.Program + " *.cpp"
		out, err := runTool(ctx, src, argv...)
		b.Log = clipLog(b.CompileLog + out)
		if err != nil {
			return b, nil
		}
	}
	b.OK, b.Exe = true, exe
	return b, nil
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
		in, err := os.Open(path)
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
	for file, obj := range b.Objects {
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

// warningLine matches a compiler diagnostic: file:line:col: warning: text.
var warningLine = regexp.MustCompile(`^([^:\s]+):(\d+):(?:\d+:)? warning: (.*)$`)

// Warning is one compiler warning.
type Warning struct {
	File string
	Line int
	Text string
}

// warnings parses the compiler's warnings about the files in want.
func warnings(log string, want map[string]bool) []Warning {
	var out []Warning
	for _, line := range strings.Split(log, "\n") {
		m := warningLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || !want[filepath.Base(m[1])] {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		out = append(out, Warning{File: filepath.Base(m[1]), Line: n, Text: m[3]})
	}
	return out
}
