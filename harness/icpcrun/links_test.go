package icpcrun

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

// TestBuildSaysWhatWasLeftOut builds a package's output validator whose header
// is a link to a file outside the package (as a contest repository shares one
// header among its problems): the link is not followed, and the failed build's
// message names it.
func TestBuildSaysWhatWasLeftOut(t *testing.T) {
	e := newEnv(t)
	outside := filepath.Join(t.TempDir(), "validation.h")
	if err := os.WriteFile(outside, []byte("#define OK 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(t.TempDir(), "linked")
	testfiles.Write(t, pkg, map[string]string{
		"problem.yaml":                   "name: Linked\nvalidation: custom\n",
		"output_validators/v/validate.c": "#include \"validation.h\"\nint main(void) { return OK; }\n",
	})
	if err := os.Symlink(outside, filepath.Join(pkg, "output_validators", "v", "validation.h")); err != nil {
		t.Fatal(err)
	}
	tool, err := e.Tool(context.Background(), filepath.Join(pkg, "output_validators", "v"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "left out of the build, as links that lead out of the package or not regular files: validation.h"; !strings.Contains(tool.BuildError, want) {
		t.Errorf("build error %q, want it to say %q", tool.BuildError, want)
	}
	if line := buildErrorLine(tool.BuildError); !strings.Contains(line, "validation.h: No such file") || !strings.HasSuffix(line, "not regular files: validation.h)") {
		t.Errorf("the one-line message %q does not say both what failed and what was left out", line)
	}
}
