package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFindRoot(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "problems", "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "problems", "p", "problem.yaml"), []byte("slug: p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(project, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(RootEnv, "")
	if got, err := FindRoot(deep); err != nil || got != project {
		t.Errorf("FindRoot(deep) = %q, %v; want %q", got, err, project)
	}

	// Outside any project (and with the test binary outside one too) the error
	// names both ways to point at the problems.
	outside := t.TempDir()
	if _, ok := rootAbove(outside); ok {
		t.Skip("the temporary folder lies inside a project here")
	}
	if exe, err := os.Executable(); err == nil {
		if _, ok := rootAbove(filepath.Dir(exe)); ok {
			t.Skip("the test binary lies inside a project")
		}
	}
	_, err := FindRoot(outside)
	if err == nil {
		t.Fatal("no error outside a project")
	}
	for _, want := range []string{"--root", RootEnv, outside} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}

	t.Setenv(RootEnv, project)
	if got, err := FindRoot(outside); err != nil || got != project {
		t.Errorf("with $%s: %q, %v", RootEnv, got, err)
	}
}

// TestFindRootSkipsPackageTrees looks for the project from inside another
// tool's tree whose problems/ folder holds only problem packages (a data/
// folder and a package problem.yaml each): that tree is not the project, so
// the judge's .judge/ and reports do not land in it.
func TestFindRootSkipsPackageTrees(t *testing.T) {
	project := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(project, "problems", "p", "problem.yaml"), "slug: p\n")
	tree := filepath.Join(project, "vendor", "tool", "test")
	write(filepath.Join(tree, "problems", "hello", "problem.yaml"), "name: Hello\n")
	write(filepath.Join(tree, "problems", "hello", "data", "sample", "1.in"), "1\n")
	t.Setenv(RootEnv, "")
	if got, err := FindRoot(tree); err != nil || got != project {
		t.Errorf("FindRoot(inside a package tree) = %q, %v; want the project %q", got, err, project)
	}
}
