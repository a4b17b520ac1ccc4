package icpcrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
	"github.com/judgehq/judge/problems/registry"
)

// TestExportReadsBack exports each of the project's problems and reads the package
// back: same datasets, same limits, the validators and submissions in place.
func TestExportReadsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the six exported problems' validators (minutes); the full test run does it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, slug := range registry.Slugs() {
		t.Run(slug, func(t *testing.T) {
			p, err := registry.Open(root, slug)
			if err != nil {
				t.Fatal(err)
			}
			dst := filepath.Join(t.TempDir(), slug)
			src := ExportSource{Root: root, Problem: p, ProblemDir: filepath.Join(root, "problems", slug), SolutionsDir: registry.SolutionsDir(root, slug)}
			err = Export(context.Background(), src, dst, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			pkg, err := icpc.Load(dst)
			if err != nil {
				t.Fatal(err)
			}
			if !pkg.Config.Current || pkg.Meta().Limits.Time != p.Meta().Limits.Time || pkg.TimeLimitSource() == "" {
				t.Errorf("read back %+v, limits %+v", pkg.Config, pkg.Meta().Limits)
			}
			if (p.Meta().Kind == problems.Interactive) != pkg.Config.Interactive() {
				t.Errorf("interactive %v, want %v", pkg.Config.Interactive(), p.Meta().Kind == problems.Interactive)
			}
			want, _ := p.Datasets()
			got, err := pkg.Datasets()
			if err != nil || len(got) != len(want) {
				t.Fatalf("%d datasets (%v), want %d", len(got), err, len(want))
			}
			if pkg.OutputValidator == "" || len(pkg.InputValidators) != 1 {
				t.Errorf("validators: output %q, input %v", pkg.OutputValidator, pkg.InputValidators)
			}
			subs, err := pkg.Submissions()
			if err != nil || len(subs) == 0 {
				t.Fatalf("submissions %v, %v", subs, err)
			}
			if _, err := os.Stat(filepath.Join(dst, "submissions", "accepted", p.Meta().Reference)); err != nil {
				t.Errorf("reference not in accepted/: %v", err)
			}
			// The legacy format says which way scores go.
			if p.Meta().Kind != problems.Scoring {
				return
			}
			legacy := filepath.Join(t.TempDir(), slug)
			if err := Export(context.Background(), src, legacy, ExportOptions{Format: FormatLegacy}); err != nil {
				t.Fatal(err)
			}
			lp, err := icpc.Load(legacy)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := lp.Meta().Score.Direction, p.Meta().Score.Direction; got != want {
				t.Errorf("legacy package: score direction %q, want %q", got, want)
			}
		})
	}
}
