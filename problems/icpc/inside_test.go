package icpc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackagePathsStayInside loads packages where a folder or file the package
// uses, or a folder above one, is a link. A link to another part of the package
// is followed; one out of it is refused before anything behind it is read,
// whichever component of the path it is.
func TestPackagePathsStayInside(t *testing.T) {
	host := t.TempDir() // the host's files, outside every package
	write(t, filepath.Join(host, "data", "sample", "1.in"), "host secret\n")
	write(t, filepath.Join(host, "data", "sample", "1.ans"), "host secret\n")
	write(t, filepath.Join(host, "data", "secret", "1.in"), "host secret\n")
	write(t, filepath.Join(host, "data", "secret", "1.ans"), "host secret\n")
	write(t, filepath.Join(host, "secret.txt"), "host secret\n")
	write(t, filepath.Join(host, "validators", "v.py"), "print('host secret')\n")
	hostFile := filepath.Join(host, "secret.txt")

	// replace makes path a link to target.
	replace := func(t *testing.T, target, path string) {
		t.Helper()
		if err := os.RemoveAll(path); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		link(t, target, path)
	}
	tests := []struct {
		name    string
		legacy  bool
		setup   func(t *testing.T, dir string)
		cases   int    // cases read in all
		warn    string // a warning that must be there
		err     string // Load's error, "" for none
		refused string // a submission refused, by its base name
		subsErr string // Submissions' error, "" for none
	}{
		{"plain", false, func(*testing.T, string) {}, 2, "", "", "", ""},
		{"data/secret linked outside", false, func(t *testing.T, dir string) {
			replace(t, filepath.Join(host, "data", "secret"), filepath.Join(dir, "data", "secret"))
		}, 0, "", "leads outside the package", "", ""},
		{"data/sample linked outside", false, func(t *testing.T, dir string) {
			replace(t, filepath.Join(host, "data", "sample"), filepath.Join(dir, "data", "sample"))
		}, 0, "", "leads outside the package", "", ""},
		{"data linked outside", false, func(t *testing.T, dir string) {
			replace(t, filepath.Join(host, "data"), filepath.Join(dir, "data"))
		}, 0, "", "leads outside the package", "", ""},
		{"data/secret linked inside", false, func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "extra", "secret", "1.in"), "1\n")
			write(t, filepath.Join(dir, "extra", "secret", "1.ans"), "1\n")
			write(t, filepath.Join(dir, "extra", "secret", "2.in"), "2\n")
			write(t, filepath.Join(dir, "extra", "secret", "2.ans"), "2\n")
			replace(t, filepath.Join("..", "extra", "secret"), filepath.Join(dir, "data", "secret"))
		}, 3, "", "", "", ""},
		{"group linked back to its parent", false, func(t *testing.T, dir string) {
			link(t, ".", filepath.Join(dir, "data", "secret", "again"))
		}, 2, "a link back to a group it lies in", "", "", ""},
		{"testdata.yaml linked outside", false, func(t *testing.T, dir string) {
			link(t, hostFile, filepath.Join(dir, "data", "secret", "testdata.yaml"))
		}, 0, "", "leads outside the package", "", ""},
		{"problem.yaml linked outside", false, func(t *testing.T, dir string) {
			write(t, filepath.Join(host, "problem.yaml"), "problem_format_version: 2023-07-draft\nname: Host\n")
			replace(t, filepath.Join(host, "problem.yaml"), filepath.Join(dir, "problem.yaml"))
		}, 0, "", "leads outside the package", "", ""},
		{".timelimit linked outside", true, func(t *testing.T, dir string) {
			write(t, filepath.Join(host, "timelimit"), "3\n")
			link(t, filepath.Join(host, "timelimit"), filepath.Join(dir, ".timelimit"))
		}, 0, "", "leads outside the package", "", ""},
		{"submissions.yaml linked outside", false, func(t *testing.T, dir string) {
			link(t, hostFile, filepath.Join(dir, "submissions", "submissions.yaml"))
		}, 0, "", "leads outside the package", "", ""},
		{"input validators linked outside", false, func(t *testing.T, dir string) {
			link(t, filepath.Join(host, "validators"), filepath.Join(dir, "input_validators"))
		}, 0, "", "leads outside the package", "", ""},
		{"output validator linked outside", true, func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "output_validators", "README"), "")
			link(t, filepath.Join(host, "validators"), filepath.Join(dir, "output_validators", "v"))
		}, 0, "", "leads outside the package", "", ""},
		{"submission linked outside", false, func(t *testing.T, dir string) {
			link(t, hostFile, filepath.Join(dir, "submissions", "accepted", "z.py"))
		}, 2, "", "", "z.py", ""},
		{"submissions linked outside", true, func(t *testing.T, dir string) {
			write(t, filepath.Join(host, "subs", "accepted", "y.py"), "print('host secret')\n")
			replace(t, filepath.Join(host, "subs"), filepath.Join(dir, "submissions"))
		}, 2, "", "", "", "leads outside the package"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			yaml := "problem_format_version: 2023-07-draft\nname: Echo\nlimits:\n  time_limit: 1\n"
			if tt.legacy {
				yaml = "name: Echo\n"
			}
			write(t, filepath.Join(dir, "problem.yaml"), yaml)
			write(t, filepath.Join(dir, "data", "sample", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "sample", "1.ans"), "1\n")
			write(t, filepath.Join(dir, "data", "secret", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "secret", "1.ans"), "1\n")
			write(t, filepath.Join(dir, "submissions", "accepted", "echo.py"), "print(input())\n")
			tt.setup(t, dir)
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
			ds, err := p.Datasets()
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != tt.cases {
				t.Errorf("%d cases, want %d", len(ds), tt.cases)
			}
			for _, d := range ds {
				for _, path := range []string{d.InPath, d.AnsPath} {
					if data, err := os.ReadFile(path); err == nil && strings.Contains(string(data), "host secret") {
						t.Errorf("%s: %s is the host's file", d.Name, path)
					}
				}
			}
			var warned []string
			for _, w := range p.Warnings {
				warned = append(warned, w.Msg)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(warned, "\n"), tt.warn) {
				t.Errorf("warnings %q, want one with %q", warned, tt.warn)
			}
			subs, err := p.Submissions()
			if tt.subsErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.subsErr) {
					t.Errorf("Submissions: %v, want an error with %q", err, tt.subsErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			listed := false
			for _, s := range subs {
				want := filepath.Base(s.Path) == tt.refused
				listed = listed || want
				if got := s.Refused != ""; got != want {
					t.Errorf("%s: refused %q, want refused: %v", s.Path, s.Refused, want)
				}
			}
			if tt.refused != "" && !listed {
				t.Errorf("submission %s not listed", tt.refused)
			}
		})
	}
}
