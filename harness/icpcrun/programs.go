// Package icpcrun runs the programs of ICPC / Kattis problem packages (read by
// problems/icpc): custom output validators, interactive validators and input
// validators, and judges a package's example submissions the way verifyproblem
// does.
//
// A package program is one file or one folder. Files are built by their extension
// (C and C++ with the headers beside them on the include path, Python run with
// python3); folders by their build and run scripts when they have them, else from
// the sources inside. Each program is built once per content hash into the
// builder's cache.
package icpcrun

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	"unicode/utf8"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// Env is what running package programs needs: a build cache, a runner and a
// scratch folder.
type Env struct {
	Builder *build.Builder
	Runner  sandbox.Runner
	Scratch string
	// MinWall is the least wall-clock limit of a submission's run (0: 2 × CPU
	// alone). Interactive runs wait on the validator, so a busy machine may need more.
	MinWall time.Duration
	// ValidatorLimits are the limits of validator runs; the zero value means
	// the package-level ValidatorLimits.
	ValidatorLimits problems.Limits

	mu    sync.Mutex
	built map[string]*Tool

	py2Once sync.Once // python2Runs asks once
	py2OK   bool
}

// Tool is a built package program (validator), or why it could not be built.
type Tool struct {
	Source string
	// Dir is the build folder the tool runs from (a copy of its sources).
	Dir  string
	Argv []string
	// BuildError holds the compiler's or build script's output when the build failed.
	BuildError string
}

// program is the tool as a build.Program, for judging.ProgramFiles: what a jail
// must show of it.
func (t *Tool) program() *build.Program {
	return &build.Program{Name: filepath.Base(t.Source), Source: t.Source, Language: "validator", Dir: t.Dir, Argv: t.Argv}
}

// compileTimeout bounds a validator's build.
const compileTimeout = 2 * time.Minute

// Tool builds (once per content hash) the package program at src, with the
// package's constants (problem.yaml's constants, nil for none) substituted in its
// sources first.
func (e *Env) Tool(ctx context.Context, src string, constants map[string]string) (*Tool, error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return nil, fmt.Errorf("program %s: %w", src, err)
	}
	key := abs + "\x00" + icpc.ConstantsKey(constants)
	e.mu.Lock()
	defer e.mu.Unlock()
	if t, ok := e.built[key]; ok {
		return t, nil
	}
	t, err := e.build(ctx, abs, constants)
	if err != nil {
		return nil, err
	}
	if e.built == nil {
		e.built = map[string]*Tool{}
	}
	e.built[key] = t
	return t, nil
}

// build copies the program's folder (for a file: the folder it lies in) into a cache
// folder named by its content hash and builds it there.
func (e *Env) build(ctx context.Context, abs string, constants map[string]string) (*Tool, error) {
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("program %s: %w", abs, err)
	}
	folder, file := abs, ""
	if !st.IsDir() {
		folder, file = filepath.Dir(abs), filepath.Base(abs)
	}
	root := packageRoot(folder)
	sum, err := hashTree(folder, root, file, icpc.ConstantsKey(constants))
	if err != nil {
		return nil, fmt.Errorf("hashing %s: %w", abs, err)
	}
	cacheRoot := e.Builder.Cache
	if cacheRoot == "" {
		cacheRoot = filepath.Join(os.TempDir(), "judge-icpc-cache")
	}
	dir := filepath.Join(cacheRoot, "icpc-"+sum)
	t := &Tool{Source: abs, Dir: dir}
	recipe, err := plan(folder, file)
	if err != nil {
		return nil, fmt.Errorf("program %s: %w", abs, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".built")); err != nil {
		tmp := dir + ".tmp" + fmt.Sprint(os.Getpid())
		os.RemoveAll(tmp)
		left, err := copyTree(folder, root, tmp)
		if err != nil {
			return nil, fmt.Errorf("copying %s: %w", folder, err)
		}
		if len(constants) > 0 {
			if err := substituteTree(tmp, constants); err != nil {
				return nil, fmt.Errorf("constants in %s: %w", folder, err)
			}
		}
		var log string
		switch {
		case len(recipe.build) == 0:
		case e.Builder.Jail != nil:
			// The build commands and sources are the package author's: in a
			// jail, as a submission's compile is.
			log, err = e.Builder.JailBuild(ctx, tmp, recipe.build)
		default:
			log, err = runBuild(ctx, tmp, recipe.build)
		}
		if err != nil {
			if log == "" {
				log = err.Error()
			}
			if len(left) > 0 {
				// A header linked from outside the package is the usual cause.
				log = strings.TrimRight(log, "\n") + fmt.Sprintf("\n(left out of the build, as links that lead out of the package or not regular files: %s)\n",
					strings.Join(left, ", "))
			}
			os.WriteFile(filepath.Join(tmp, ".build-error"), []byte(log), 0o644)
		}
		os.WriteFile(filepath.Join(tmp, ".built"), nil, 0o644)
		os.RemoveAll(dir)
		if err := os.Rename(tmp, dir); err != nil {
			return nil, fmt.Errorf("build cache: %w", err)
		}
	}
	if log, err := os.ReadFile(filepath.Join(dir, ".build-error")); err == nil {
		t.BuildError = string(log)
		return t, nil
	}
	for i, a := range recipe.run {
		recipe.run[i] = strings.ReplaceAll(a, "{dir}", dir)
	}
	if !filepath.IsAbs(recipe.run[0]) {
		p, err := build.LookTool(recipe.run[0])
		if err != nil {
			t.BuildError = fmt.Sprintf("%s is not on PATH", recipe.run[0])
			return t, nil
		}
		recipe.run[0] = p
	}
	t.Argv = recipe.run
	return t, nil
}

// recipe is how to build and run a program: build commands run in the build
// folder; run may use {dir} for it.
type recipe struct {
	build [][]string
	run   []string
}

// plan decides how to build the program in folder (file "" for a folder program).
func plan(folder, file string) (recipe, error) {
	if file != "" {
		return planFiles(folder, []string{file})
	}
	build, run := filepath.Join(folder, "build"), filepath.Join(folder, "run")
	switch {
	case isFile(build) && isFile(run):
		return recipe{build: [][]string{{"sh", "./build"}}, run: []string{"{dir}/run"}}, nil
	case isFile(run):
		return recipe{build: [][]string{{"chmod", "+x", "run"}}, run: []string{"{dir}/run"}}, nil
	case isFile(build):
		// The build script makes an executable called run, as the format says.
		return recipe{build: [][]string{{"sh", "./build"}}, run: []string{"{dir}/run"}}, nil
	}
	entries, err := os.ReadDir(folder)
	if err != nil {
		return recipe{}, err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() {
			files = append(files, e.Name())
		}
	}
	return planFiles(folder, files)
}

// planFiles picks the language from the sources among files.
func planFiles(folder string, files []string) (recipe, error) {
	var cpp, c, py, goSrc, shell []string
	for _, f := range files {
		switch strings.ToLower(filepath.Ext(f)) {
		case ".cpp", ".cc", ".cxx", ".c++":
			cpp = append(cpp, f)
		case ".c":
			c = append(c, f)
		case ".py", ".py3":
			py = append(py, f)
		case ".go":
			goSrc = append(goSrc, f)
		case ".sh":
			shell = append(shell, f)
		}
	}
	sort.Strings(py)
	switch {
	case len(cpp) > 0:
		args := append([]string{"g++", "-O2", "-std=gnu++20", "-I.", "-o", "validator.bin"}, cpp...)
		return recipe{build: [][]string{args}, run: []string{"{dir}/validator.bin"}}, nil
	case len(c) > 0:
		args := append([]string{"gcc", "-O2", "-std=gnu17", "-I.", "-o", "validator.bin"}, c...)
		return recipe{build: [][]string{append(args, "-lm")}, run: []string{"{dir}/validator.bin"}}, nil
	case len(goSrc) > 0:
		return recipe{build: [][]string{{"go", "build", "-o", "validator.bin", "."}}, run: []string{"{dir}/validator.bin"}}, nil
	case len(py) > 0:
		main := py[0]
		for _, p := range py {
			if n := strings.TrimSuffix(p, filepath.Ext(p)); n == "validate" || n == "validator" || n == "main" {
				main = p
			}
		}
		if looksPython2(filepath.Join(folder, main), false) {
			// Its #! line says python2: Python 3 would take its print
			// statements for syntax errors.
			return recipe{run: []string{"python2", "{dir}/" + main}}, nil
		}
		return recipe{run: []string{"python3", "{dir}/" + main}}, nil
	case len(shell) == 1:
		// A shell script need not be executable: bash runs it (sh where there is
		// no bash), as the reference tools do.
		sh := "bash"
		if _, err := build.LookTool(sh); err != nil {
			sh = "sh"
		}
		return recipe{run: []string{sh, "{dir}/" + shell[0]}}, nil
	case len(files) == 1 && isExec(filepath.Join(folder, files[0])):
		return recipe{run: []string{"{dir}/" + files[0]}}, nil
	}
	return recipe{}, fmt.Errorf("no C, C++, Go, Python or shell source and no build or run script in %s", folder)
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func isExec(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// runBuild runs the build commands in dir; a failure returns their output.
func runBuild(ctx context.Context, dir string, cmds [][]string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, compileTimeout)
	defer cancel()
	for _, argv := range cmds {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.WaitDelay = time.Second
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Sprintf("%s: %v\n%s", strings.Join(argv, " "), err, out.String()), err
		}
	}
	return "", nil
}

// treeMax bounds the bytes of a package program's folder.
const treeMax = 256 << 20

// treeFiles lists the files of a package program's folder that are read and
// copied: regular files, and links that lead to a regular file inside the
// package (root). Links that leave it, devices, pipes and sockets are left out: a
// link to the host's files must not hand them to the program, nor a device
// hang the judge reading it. Folders are walked, links to folders are not.
func treeFiles(folder, root string) ([]string, error) {
	files, _, err := treeFilesLeft(folder, root)
	return files, err
}

// treeFilesLeft is treeFiles, with the names (relative to folder) of what it
// leaves out: a build that fails for want of them says so.
func treeFilesLeft(folder, root string) (files, left []string, err error) {
	var total int64
	err = filepath.WalkDir(folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 && !build.LinkWithin(p, root) || d.Type()&fs.ModeSymlink == 0 && !d.Type().IsRegular() {
			rel, _ := filepath.Rel(folder, p)
			left = append(left, rel)
			return nil
		}
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if total += st.Size(); total > treeMax {
			return fmt.Errorf("%s: the program's folder holds more than %d MiB", folder, treeMax>>20)
		}
		files = append(files, p)
		return nil
	})
	return files, left, err
}

// packageRoot is the package folder dir lies in: the nearest folder up from it
// that holds problem.yaml (dir itself when there is none).
func packageRoot(dir string) string {
	for d := dir; ; {
		if st, err := os.Stat(filepath.Join(d, "problem.yaml")); err == nil && st.Mode().IsRegular() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// hashTree hashes the files of folder that treeFiles takes (only file and
// headers-like neighbours matter, but hashing all is simpler and safe), plus the
// program's entry name.
func hashTree(folder, root, entry, extra string) (string, error) {
	files, err := treeFiles(folder, root)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	io.WriteString(h, entry+"\x00"+extra+"\x00")
	for _, p := range files {
		rel, _ := filepath.Rel(folder, p)
		f, err := os.Open(p)
		if err != nil {
			return "", err
		}
		io.WriteString(h, rel+"\x00")
		_, err = io.Copy(h, io.LimitReader(f, treeMax))
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// substituteTree puts the constants into every text file below dir that uses
// them ({{NAME}}); binary files are left alone.
func substituteTree(dir string, constants map[string]string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(data, []byte("{{")) || !utf8.Valid(data) {
			return nil
		}
		out, _ := icpc.SubstituteConstants(data, constants)
		if bytes.Equal(out, data) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(p, out, info.Mode().Perm())
	})
}

// copyTree copies the files of folder that treeFiles takes to dst, keeping
// their modes, and returns the names of those it left out.
func copyTree(folder, root, dst string) (left []string, err error) {
	files, left, err := treeFilesLeft(folder, root)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	for _, p := range files {
		rel, _ := filepath.Rel(folder, p)
		target := filepath.Join(dst, rel)
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(target, data, st.Mode().Perm()|0o600); err != nil {
			return nil, err
		}
	}
	return left, nil
}
