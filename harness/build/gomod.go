package build

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// moduleRoot returns the folder of the go.mod that governs dir (dir or its
// nearest parent holding one), or "".
func moduleRoot(dir string) string {
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && st.Mode().IsRegular() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// goModReplace is one replace directive, as `go mod edit -json` prints it.
type goModReplace struct {
	Old, New struct{ Path, Version string }
}

// outsideReplaces lists the replace directives of the go.mod in root that point
// at a folder outside root, each as "go.mod:LINE: replaces OLD with FOLDER". A Go
// package inside a larger module builds on the host, as root, where such a
// directive would compile code of any module on the machine (another entrant's,
// the organiser's reference solvers) into the submission; in a jailed build the
// folder is absent, and this message says why better than the toolchain's.
// Replacements by another module version, and by folders inside root, are left
// alone.
func outsideReplaces(ctx context.Context, goTool, root string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, "mod", "edit", "-json")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("reading %s: %v: %s", filepath.Join(root, "go.mod"), err, strings.TrimSpace(errOut.String()))
	}
	var mod struct{ Replace []goModReplace }
	if err := json.Unmarshal(out.Bytes(), &mod); err != nil {
		return nil, fmt.Errorf("reading %s: %w", filepath.Join(root, "go.mod"), err)
	}
	text, _ := os.ReadFile(filepath.Join(root, "go.mod"))
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	var bad []string
	for _, r := range mod.Replace {
		if r.New.Version != "" {
			continue // another version of a module, from the module cache
		}
		target := r.New.Path
		if !filepath.IsAbs(target) {
			target = filepath.Join(root, target)
		}
		target = filepath.Clean(target)
		if real, err := filepath.EvalSymlinks(target); err == nil {
			target = real
		}
		if within(realRoot, target) {
			continue
		}
		bad = append(bad, fmt.Sprintf("go.mod:%d: replaces %s with %s, a folder outside the submission's module",
			lineOf(text, r.New.Path), r.Old.Path, r.New.Path))
	}
	return bad, nil
}

// within reports whether path is root or lies under it.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// lineOf is the 1-based number of the first line of text that mentions s after
// "=>" (a replace directive's target), or 0.
func lineOf(text []byte, s string) int {
	for i, line := range strings.Split(string(text), "\n") {
		if _, after, ok := strings.Cut(line, "=>"); ok && strings.Contains(after, s) {
			return i + 1
		}
	}
	return 0
}
