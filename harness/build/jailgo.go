package build

import (
	"archive/tar"
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
	"runtime"
	"strings"
	"time"

	"github.com/judgehq/judge/harness/jail"
)

// A Go build in a jail sees its sources and a copy of a warm build cache, both as
// tar files it unpacks in its own work folder and /tmp: the toolchain's cache is
// what made Go builds cost seconds instead of a fraction of one, and a cache
// shared with the jail could be poisoned by one build for the next. The warm cache
// is made once per toolchain by building warmSource (the judge's own program, no
// submission's code) in a jail, and written by the judge.

// jailGoScript unpacks the cache (the work-folder file its first argument names)
// and the sources, and runs the build (the other arguments).
const jailGoScript = `set -e
cache=$1
shift
mkdir -p /tmp/gocache /tmp/gopath /work/src
tar -xf "/work/$cache" -C /tmp/gocache
tar -xf /work/src.tar -C /work/src
rm -f /work/src.tar
cd /work/src
exec "$@"
`

// warmSource imports the standard packages contest programs use, so that the
// warm cache holds them compiled.
const warmSource = `package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"container/list"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/bits"
	"math/rand"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

var (
	_ = bufio.NewReader
	_ = bytes.NewBuffer
	_ = heap.Init
	_ = list.New
	_ = binary.LittleEndian
	_ = json.Marshal
	_ = errors.New
	_ = io.EOF
	_ = math.Pi
	_ = big.NewInt
	_ = bits.Len
	_ = rand.Intn
	_ = regexp.MustCompile
	_ = slices.Sort[[]int]
	_ = sort.Ints
	_ = strconv.Itoa
	_ = strings.Fields
	_ sync.Mutex
	_ = time.Now
	_ = unicode.IsDigit
)

func main() { fmt.Fprintln(os.Stdout, "warm") }
`

// goWarmLimits bound the one build that makes the warm cache (the standard
// packages from source: about 20 s of CPU here).
var goWarmLimits = jail.Limits{CPU: 5 * time.Minute, Wall: 5 * time.Minute, Memory: 2 << 30,
	Processes: 64, Output: 256 << 20, Disk: 512 << 20, Tmp: 512 << 20}

// goJailable reports whether the go command argv, run in dir, is a build the
// jail can do: a build of files named on the command line, or of a package whose
// module is dir itself (or none). A folder inside a larger module (an
// organiser's solvers in their project's module) needs the whole module and
// builds on the host.
func goJailable(argv []string, dir string) bool {
	if len(argv) < 2 || argv[1] != "build" {
		return false
	}
	for _, a := range argv[2:] {
		if strings.HasSuffix(a, ".go") {
			return true
		}
	}
	root := moduleRoot(dir)
	return root == "" || root == dir
}

// jailGoEnv is the Go toolchain's environment in a jail; modCache is the host's
// module cache ("": none).
func jailGoEnv(modCache string, extra []string) []string {
	env := append([]string{}, jail.DefaultEnv...)
	env = append(env, "HOME=/tmp", "GOCACHE=/tmp/gocache", "GOPATH=/tmp/gopath", "GOENV=off",
		"GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off", "CGO_ENABLED=0")
	if modCache != "" {
		env = append(env, "GOMODCACHE="+modCache)
	}
	return append(env, extra...)
}

// goModCache is the host's Go module cache when there is one: the modules a
// go.mod may require (there is no proxy), shown read-only in the jail.
func goModCache(goTool string) string {
	out, err := exec.Command(goTool, "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	dir := strings.TrimSpace(string(out))
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return ""
	}
	return dir
}

// jailGoBuild runs `go build` (argv) in the Builder's jail. srcDir is the folder
// the build runs in (its regular files and sub-folders go in as a tar file, links
// and hidden folders left out), and argv's -o names the host file the binary goes
// to. The log and error follow compile's rules.
func (b *Builder) jailGoBuild(ctx context.Context, argv []string, srcDir string, extraEnv []string) (string, error) {
	goTool, err := LookTool(argv[0])
	if err != nil {
		return "", fmt.Errorf("running %s: %w", argv[0], err)
	}
	tc, err := b.goToolchainOf(ctx, goTool)
	if err != nil {
		return "", err
	}
	warm, modCache := tc.warm, tc.modCache
	stage, err := os.MkdirTemp(b.Cache, "gojail-")
	if err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	defer os.RemoveAll(stage)
	if err := tarFolder(srcDir, filepath.Join(stage, "src.tar")); err != nil {
		return "", fmt.Errorf("compiling: packing %s: %w", srcDir, err)
	}
	if err := os.WriteFile(filepath.Join(stage, "build.sh"), []byte(jailGoScript), 0o644); err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	inJail := []string{"/bin/sh", "/work/build.sh", filepath.Base(warm), goTool}
	var binary string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if argv[i-1] == "-o" {
			binary, a = a, "/work/main"
		} else if a == srcDir || strings.HasPrefix(a, srcDir+"/") {
			a = "/work/src" + strings.TrimPrefix(a, srcDir)
		}
		inJail = append(inJail, a)
	}
	if binary == "" {
		return "", errors.New("compiling: a jailed go build needs -o")
	}
	b.Jail.AddReadOnly(jail.InstallRoot(goTool))
	if modCache != "" {
		b.Jail.AddReadOnly(modCache)
	}
	out, err := os.MkdirTemp(b.Cache, "artefacts-")
	if err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	defer os.RemoveAll(out)
	res, err := b.Jail.Compile(ctx, jail.CompileConfig{Argv: inJail, Env: jailGoEnv(modCache, extraEnv),
		Sources: []string{filepath.Join(stage, "build.sh"), filepath.Join(stage, "src.tar")},
		// Bound, not copied: the same 40 MB for every build of this judge.
		Shared:    []string{warm},
		Artefacts: []string{"main"}, OutDir: out, OutputMax: compileLogLimit})
	if err != nil {
		return "", err
	}
	if msg, err := compileOutcome(res, strings.ReplaceAll(string(res.Output), "/work/src", srcDir)); err != nil {
		return msg, err
	}
	if err := os.Rename(filepath.Join(out, "main"), binary); err != nil {
		return "", fmt.Errorf("compiling: keeping the binary: %w", err)
	}
	return "", nil
}

// goToolchain is what jailed builds with one Go toolchain need, asked once per
// Builder: its warm build cache and the host's module cache ("": none).
type goToolchain struct{ warm, modCache string }

// goToolchainOf returns goTool's goToolchain, making the warm cache first when
// there is none (or it was removed since).
func (b *Builder) goToolchainOf(ctx context.Context, goTool string) (goToolchain, error) {
	b.warmMu.Lock()
	defer b.warmMu.Unlock()
	if tc, ok := b.goTools[goTool]; ok {
		if _, err := os.Stat(tc.warm); err == nil {
			return tc, nil
		}
	}
	warm, err := b.goWarmCache(ctx, goTool)
	if err != nil {
		return goToolchain{}, err
	}
	tc := goToolchain{warm: warm, modCache: goModCache(goTool)}
	if b.goTools == nil {
		b.goTools = map[string]goToolchain{}
	}
	b.goTools[goTool] = tc
	return tc, nil
}

// goWarmCache returns the warm build cache of the Go toolchain goTool, a tar file
// in the user's cache folder, making it first when there is none. The caller
// holds warmMu.
func (b *Builder) goWarmCache(ctx context.Context, goTool string) (string, error) {
	version, err := exec.CommandContext(ctx, goTool, "version").Output()
	if err != nil {
		return "", fmt.Errorf("running %s version: %w", goTool, err)
	}
	sum := sha256.Sum256([]byte(goTool + "\x00" + string(version) + "\x00" + runtime.GOOS + "/" + runtime.GOARCH + "\x00" + warmSource))
	dir := b.GoCache
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		dir = filepath.Join(base, "judge")
	}
	path := filepath.Join(dir, "gocache-"+hex.EncodeToString(sum[:8])+".tar")
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("go build cache: %w", err)
	}
	// One process makes it; the others wait and take it.
	unlock, err := lockFile(filepath.Join(dir, ".warm.lock"))
	if err != nil {
		return "", fmt.Errorf("go build cache: %w", err)
	}
	defer unlock()
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, nil
	}
	stage, err := os.MkdirTemp(dir, "warm-")
	if err != nil {
		return "", fmt.Errorf("go build cache: %w", err)
	}
	defer os.RemoveAll(stage)
	script := `set -e
mkdir -p /tmp/gocache /tmp/gopath
"$1" build -trimpath -o /tmp/warm /work/warm.go
tar -cf /work/gocache.tar -C /tmp/gocache .
`
	if err := os.WriteFile(filepath.Join(stage, "warm.go"), []byte(warmSource), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(stage, "warm.sh"), []byte(script), 0o644); err != nil {
		return "", err
	}
	b.Jail.AddReadOnly(jail.InstallRoot(goTool))
	res, err := b.Jail.Compile(ctx, jail.CompileConfig{Argv: []string{"/bin/sh", "/work/warm.sh", goTool},
		Env: jailGoEnv("", nil), Sources: []string{filepath.Join(stage, "warm.go"), filepath.Join(stage, "warm.sh")},
		Artefacts: []string{"gocache.tar"}, OutDir: stage, Limits: goWarmLimits})
	if err != nil {
		return "", fmt.Errorf("warming the Go build cache: %w", err)
	}
	if !res.OK() {
		return "", fmt.Errorf("warming the Go build cache: %s: %s", res.Message, strings.TrimSpace(string(res.Output)))
	}
	if err := os.Rename(filepath.Join(stage, "gocache.tar"), path); err != nil {
		return "", fmt.Errorf("go build cache: %w", err)
	}
	return path, nil
}

// tarFolder writes the regular files of dir, and of its sub-folders but hidden
// ones, into a tar file at dst, executable ones as 0755, others as 0644. Links
// and other special files are left out.
func tarFolder(dir, dst string) error {
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: filepath.ToSlash(rel) + "/", Mode: 0o755})
		}
		if !d.Type().IsRegular() {
			return nil
		}
		src, err := os.Open(p)
		if err != nil {
			return err
		}
		defer src.Close()
		st, err := src.Stat()
		if err != nil {
			return err
		}
		mode := int64(0o644)
		if st.Mode()&0o111 != 0 {
			mode = 0o755 // a script of a package's validator, say
		}
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: filepath.ToSlash(rel), Mode: mode, Size: st.Size()}); err != nil {
			return err
		}
		_, err = io.CopyN(tw, src, st.Size())
		return err
	})
	if cerr := tw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
