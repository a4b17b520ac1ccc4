package build

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/harness/jail"
	"github.com/judgehq/judge/internal/tarsafe"
)

// jailFolderScript unpacks the folder (and, when its first argument names one,
// a warm Go build cache), runs build.cmds in it and packs what the folder holds
// at the end for the judge.
const jailFolderScript = `set -e
mkdir -p /tmp/gocache /tmp/gopath /work/src
if [ -n "$1" ]; then tar -xf "/work/$1" -C /tmp/gocache; fi
tar -xf /work/src.tar -C /work/src
rm -f /work/src.tar
cd /work/src
. /work/build.cmds
tar -cf /work/out.tar .
`

// builtFolderMax bounds what a jailed folder build may hand back.
const builtFolderMax = 1 << 30

// JailBuild runs build commands (each an argv; the first word is looked up on
// the host's PATH and shown read-only in the jail) one after the other in a copy
// of the folder dir inside the Builder's jail, under its compile limits, and
// then makes dir what that folder holds at the end. The commands see the
// folder's regular files and sub-folders (links, special files and hidden
// folders are left out) and the toolchains, nothing else of the host; a Go
// toolchain comes with its warm build cache when the folder holds Go sources.
// This is how a problem package's validators are built: their build scripts and
// sources come from the package's author. A failed build returns its output
// and an error; so does a Builder without a jail.
func (b *Builder) JailBuild(ctx context.Context, dir string, cmds [][]string) (string, error) {
	if b.Jail == nil {
		return "", fmt.Errorf("building %s: no jail", dir)
	}
	var script strings.Builder
	for _, argv := range cmds {
		prog, err := LookTool(argv[0])
		if err != nil {
			return fmt.Sprintf("%s is not on PATH", argv[0]), fmt.Errorf("building %s: %w", dir, err)
		}
		b.Jail.AddReadOnly(jail.InstallRoot(prog))
		script.WriteString(shellQuote(prog))
		for _, a := range argv[1:] {
			script.WriteString(" " + shellQuote(a))
		}
		script.WriteString("\n")
	}
	stage, err := os.MkdirTemp(b.Cache, "jailbuild-")
	if err != nil {
		return "", fmt.Errorf("building %s: %w", dir, err)
	}
	defer os.RemoveAll(stage)
	if err := tarFolder(dir, filepath.Join(stage, "src.tar")); err != nil {
		return "", fmt.Errorf("building %s: packing it: %w", dir, err)
	}
	for name, text := range map[string]string{"build.sh": jailFolderScript, "build.cmds": script.String()} {
		if err := os.WriteFile(filepath.Join(stage, name), []byte(text), 0o644); err != nil {
			return "", fmt.Errorf("building %s: %w", dir, err)
		}
	}
	env := append([]string{}, jail.DefaultEnv...)
	argv := []string{"/bin/sh", "/work/build.sh", ""}
	var shared []string
	if goTool, err := LookTool("go"); err == nil && holdsGo(dir) {
		tc, err := b.goToolchainOf(ctx, goTool)
		if err != nil {
			return "", err
		}
		b.Jail.AddReadOnly(jail.InstallRoot(goTool))
		if tc.modCache != "" {
			b.Jail.AddReadOnly(tc.modCache)
		}
		env = jailGoEnv(tc.modCache, nil)
		argv[2], shared = filepath.Base(tc.warm), []string{tc.warm}
		// The build script finds go by its name.
		for i, kv := range env {
			if strings.HasPrefix(kv, "PATH=") {
				env[i] = "PATH=" + filepath.Dir(goTool) + ":" + jail.Path
			}
		}
	}
	out, err := os.MkdirTemp(b.Cache, "artefacts-")
	if err != nil {
		return "", fmt.Errorf("building %s: %w", dir, err)
	}
	defer os.RemoveAll(out)
	res, err := b.Jail.Compile(ctx, jail.CompileConfig{Argv: argv, Env: env,
		Sources:   []string{filepath.Join(stage, "build.sh"), filepath.Join(stage, "build.cmds"), filepath.Join(stage, "src.tar")},
		Shared:    shared,
		Artefacts: []string{"out.tar"}, OutDir: out, OutputMax: compileLogLimit})
	if err != nil {
		return "", fmt.Errorf("building %s: %w", dir, err)
	}
	if msg, err := compileOutcome(res, strings.ReplaceAll(string(res.Output), "/work/src", dir)); err != nil {
		return msg, err
	}
	f, err := os.Open(filepath.Join(out, "out.tar"))
	if err != nil {
		return "", fmt.Errorf("building %s: the build's folder: %w", dir, err)
	}
	defer f.Close()
	built := dir + ".built"
	os.RemoveAll(built)
	if err := tarsafe.Extract(f, built, builtFolderMax); err != nil {
		os.RemoveAll(built)
		return err.Error(), fmt.Errorf("building %s: taking back its folder: %w", dir, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("building %s: %w", dir, err)
	}
	if err := os.Rename(built, dir); err != nil {
		return "", fmt.Errorf("building %s: %w", dir, err)
	}
	return "", nil
}

// holdsGo reports whether a Go source file lies in dir or below.
func holdsGo(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// shellQuote quotes s for sh as one word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
