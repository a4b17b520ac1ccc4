package build

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/harness/jail"
)

// TestLookTool checks that a tool the system's program folders hold wins over one
// the caller's PATH puts first, and that the caller's PATH still finds the rest.
func TestLookTool(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh on this machine")
	}
	mine := t.TempDir()
	for _, name := range []string{"sh", "judge-looktool-only-here"} {
		if err := os.WriteFile(filepath.Join(mine, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", mine+string(filepath.ListSeparator)+os.Getenv("PATH"))
	tests := []struct {
		name    string
		inDir   string // the folder the answer must be in; "system" = one of jail.Path
		wantErr bool
	}{
		{name: "sh", inDir: "system"},
		{name: "judge-looktool-only-here", inDir: mine},
		{name: filepath.Join(mine, "sh"), inDir: mine},
		{name: "judge-looktool-nowhere", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.name), func(t *testing.T) {
			got, err := LookTool(tt.name)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("LookTool(%q) = %q, want an error", tt.name, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("LookTool(%q): %v", tt.name, err)
			}
			dir := filepath.Dir(got)
			if tt.inDir == "system" {
				if !strings.Contains(":"+jail.Path+":", ":"+dir+":") {
					t.Errorf("LookTool(%q) = %q, want it from one of %s", tt.name, got, jail.Path)
				}
			} else if dir != tt.inDir {
				t.Errorf("LookTool(%q) = %q, want it in %s", tt.name, got, tt.inDir)
			}
		})
	}
}

// TestLookToolRustup checks that a rustup proxy is replaced by the toolchain's
// own rustc, which works in a jail without the caller's rustup settings.
func TestLookToolRustup(t *testing.T) {
	proxy, err := exec.LookPath("rustc")
	if err != nil {
		t.Skip("rustc not installed")
	}
	if real, err := filepath.EvalSymlinks(proxy); err != nil || filepath.Base(real) != "rustup" {
		t.Skip("rustc is not a rustup proxy here")
	}
	got, err := LookTool("rustc")
	if err != nil {
		t.Fatal(err)
	}
	if real, _ := filepath.EvalSymlinks(got); filepath.Base(real) == "rustup" {
		t.Errorf("LookTool(rustc) = %s, still the rustup proxy", got)
	}
}
