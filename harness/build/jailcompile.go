package build

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/harness/jail"
)

// jailWork is the compiler's working folder inside a jail.
const jailWork = "/work"

// jailCompile runs a compiler in the Builder's jail. dir is the host folder holding
// the sources (regular files only; each is copied in, nothing else of the host is
// visible); argv names them under dir, which becomes the jail's work folder. What
// the compiler leaves there is copied back into dir by the judge. The log and
// error follow compile's rules; a compile limit is a compile error.
func (b *Builder) jailCompile(ctx context.Context, argv []string, dir string, extraEnv []string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	var sources []string
	before := map[string]bool{}
	for _, e := range entries {
		before[e.Name()] = true
		if e.IsDir() {
			return "", fmt.Errorf("compiling in a jail: %s holds a folder (%s); only flat sources are supported", dir, e.Name())
		}
		sources = append(sources, filepath.Join(dir, e.Name()))
	}
	prog, err := LookTool(argv[0])
	if err != nil {
		return "", fmt.Errorf("running %s: %w", argv[0], err)
	}
	b.Jail.AddReadOnly(jail.InstallRoot(prog))
	inJail := make([]string, len(argv))
	for i, a := range argv {
		inJail[i] = strings.ReplaceAll(a, dir, jailWork)
	}
	inJail[0] = prog
	out, err := os.MkdirTemp(filepath.Dir(dir), "artefacts-")
	if err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	defer os.RemoveAll(out)
	env := append(append([]string{}, jail.DefaultEnv...), extraEnv...)
	res, err := b.Jail.Compile(ctx, jail.CompileConfig{Argv: inJail, Env: env, Sources: sources,
		Artefacts: []string{"*"}, OutDir: out, OutputMax: compileLogLimit})
	if err != nil {
		if errors.Is(err, jail.ErrSourceRefused) {
			return err.Error(), err
		}
		return "", err
	}
	// The compiler's messages name its work folder; the host folder stands there
	// so that the build's own path rewriting shows the user's file name.
	msg := string(res.Output)
	for name := range before {
		msg = strings.ReplaceAll(msg, jailWork+"/"+name, filepath.Join(dir, name))
	}
	if msg, err := compileOutcome(res, msg); err != nil {
		return msg, err
	}
	made, err := os.ReadDir(out)
	if err != nil {
		return "", fmt.Errorf("compiling: %w", err)
	}
	for _, e := range made {
		if before[e.Name()] {
			continue
		}
		if err := os.Rename(filepath.Join(out, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			return "", fmt.Errorf("compiling: keeping %s: %w", e.Name(), err)
		}
	}
	return "", nil
}

// compileOutcome turns a jailed compile's result into compile's log and error:
// msg is the compiler's output, with the jail's paths already replaced by the
// host's. A success returns no error.
func compileOutcome(res jail.CompileResult, msg string) (string, error) {
	if res.Truncated {
		msg += "\n[compiler output truncated]"
	}
	if res.OK() {
		return "", nil
	}
	if res.Limit != jail.NoLimit {
		msg = strings.TrimSpace(msg + "\n" + res.Message)
	} else if strings.TrimSpace(msg) == "" {
		msg = res.Message
	}
	return msg, fmt.Errorf("compiling: %s", res.Message)
}
