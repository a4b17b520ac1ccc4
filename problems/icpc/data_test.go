package icpc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDataStaysInThePackage loads packages whose data folder holds links and
// special files: a case linked from elsewhere in the package is judged; a link
// to the host's files, a pipe or a file too large is left out with a warning
// (or, for an answer, refused), never read.
func TestDataStaysInThePackage(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("host secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, secret string) // secret is data/secret
		cases int                               // secret cases read
		warn  string                            // a warning that must be there
		err   string                            // Load's error, "" for none
	}{
		{"plain", func(*testing.T, string) {}, 1, "", ""},
		{"link inside the package", func(t *testing.T, secret string) {
			link(t, filepath.Join("..", "sample", "1.in"), filepath.Join(secret, "2.in"))
			link(t, filepath.Join("..", "sample", "1.ans"), filepath.Join(secret, "2.ans"))
		}, 2, "", ""},
		{"input linked outside", func(t *testing.T, secret string) {
			link(t, outside, filepath.Join(secret, "2.in"))
			write(t, filepath.Join(secret, "2.ans"), "x\n")
		}, 1, "leads outside the package", ""},
		{"group linked outside", func(t *testing.T, secret string) {
			link(t, filepath.Dir(outside), filepath.Join(secret, "g"))
		}, 1, "leads outside the package", ""},
		{"answer linked outside", func(t *testing.T, secret string) {
			write(t, filepath.Join(secret, "2.in"), "1\n")
			link(t, outside, filepath.Join(secret, "2.ans"))
		}, 0, "", "leads outside the package"},
		{"input is a pipe", func(t *testing.T, secret string) {
			if err := syscall.Mkfifo(filepath.Join(secret, "2.in"), 0o644); err != nil {
				t.Skip(err)
			}
			write(t, filepath.Join(secret, "2.ans"), "x\n")
		}, 1, "not a regular file", ""},
		{"answer is a pipe", func(t *testing.T, secret string) {
			write(t, filepath.Join(secret, "2.in"), "1\n")
			if err := syscall.Mkfifo(filepath.Join(secret, "2.ans"), 0o644); err != nil {
				t.Skip(err)
			}
		}, 0, "", "not a regular file"},
		{"answer is a folder", func(t *testing.T, secret string) {
			write(t, filepath.Join(secret, "2.in"), "1\n")
			if err := os.Mkdir(filepath.Join(secret, "2.ans"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, 0, "", "the answer file of 2.in is a folder"},
		{"answer is a link to a folder", func(t *testing.T, secret string) {
			write(t, filepath.Join(secret, "2.in"), "1\n")
			link(t, "..", filepath.Join(secret, "2.ans"))
		}, 0, "", "the answer file of 2.in is a folder"},
		{"links multiply the cases", func(t *testing.T, secret string) {
			// Six levels of seven links to the next level: 7^6 = 117,649 cases
			// from one file, more than maxItems.
			for lvl := 1; lvl <= 6; lvl++ {
				from := filepath.Join(secret, "..", fmt.Sprintf("l%d", lvl-1))
				if lvl == 1 {
					from = secret
				}
				if err := os.MkdirAll(from, 0o755); err != nil {
					t.Fatal(err)
				}
				for k := range 7 {
					link(t, filepath.Join("..", fmt.Sprintf("l%d", lvl)), filepath.Join(from, fmt.Sprintf("g%d", k)))
				}
			}
			write(t, filepath.Join(secret, "..", "l6", "1.in"), "1\n")
			write(t, filepath.Join(secret, "..", "l6", "1.ans"), "1\n")
		}, 0, "", "more than 100000 cases and groups"},
		{"input too large", func(t *testing.T, secret string) {
			f, err := os.Create(filepath.Join(secret, "2.in"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := f.Truncate(MaxDataFile + 1); err != nil { // sparse: no disk used
				t.Skip(err)
			}
			write(t, filepath.Join(secret, "2.ans"), "x\n")
		}, 1, "more than the", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "problem.yaml"), "problem_format_version: 2023-07-draft\nname: Echo\n")
			write(t, filepath.Join(dir, "data", "sample", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "sample", "1.ans"), "1\n")
			write(t, filepath.Join(dir, "data", "secret", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "secret", "1.ans"), "1\n")
			tt.setup(t, filepath.Join(dir, "data", "secret"))
			p, err := Load(dir)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Load: %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ds, err := p.Datasets("secret")
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != tt.cases {
				t.Errorf("%d secret cases, want %d", len(ds), tt.cases)
			}
			for _, d := range ds {
				// Read as a judge would read it: the case's data come when it
				// is judged, not at Load.
				in, _ := d.ReadInput()
				ans, _ := d.ReadAnswer()
				if strings.Contains(string(in)+string(ans), "host secret") {
					t.Errorf("%s read the host's file", d.Name)
				}
			}
			var warned []string
			for _, w := range p.Warnings {
				warned = append(warned, w.Msg)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(warned, "\n"), tt.warn) {
				t.Errorf("warnings %q, want one with %q", warned, tt.warn)
			}
		})
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}
