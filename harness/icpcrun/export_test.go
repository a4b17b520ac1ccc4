package icpcrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
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
			var warnings []string
			err = Export(context.Background(), src, dst, ExportOptions{Warn: func(w string) { warnings = append(warnings, w) }})
			if err != nil {
				t.Fatal(err)
			}
			// Every solutions folder that has no package folder is named in a warning.
			entries, _ := os.ReadDir(src.SolutionsDir)
			for _, e := range entries {
				if e.IsDir() && e.Name() != "internal" && folderFor(e.Name(), p.Meta().Reference) == "" &&
					!slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, e.Name()+": left out") }) {
					t.Errorf("%s left out without a warning (warnings %q)", e.Name(), warnings)
				}
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

// TestPackageNotes checks what an exported problem's statement and warnings say
// where the package differs from the judge: the files of a file I/O problem, the
// CPU charge a validator cannot make, and the data groups left out.
func TestPackageNotes(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		slug          string
		files, charge bool
		groupWarning  string // "" when no group is left out
	}{
		{slug: "sudoku"},
		{slug: "defrag", files: true, charge: true},
		{slug: "trimines", charge: true, groupWarning: "data/winrate (1000 inputs) left out"},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			p, err := registry.Open(root, tt.slug)
			if err != nil {
				t.Fatal(err)
			}
			var fio *fileIOPlan
			if p.Meta().IO == problems.Files {
				if fio, err = planFileIO(p); err != nil {
					t.Fatal(err)
				}
			}
			note := packageNote(p, fio)
			if got := strings.Contains(note, "standard input"); got != tt.files {
				t.Errorf("note on files %v, want %v:\n%s", got, tt.files, note)
			}
			if got := strings.Contains(note, "leave out") && strings.Contains(note, "millisecond of CPU time"); got != tt.charge {
				t.Errorf("note on the CPU charge %v, want %v:\n%s", got, tt.charge, note)
			}
			if (note == "") != (!tt.files && !tt.charge) || note != "" && strings.Count(note, "## In this package") != 1 {
				t.Errorf("note %q: want one heading, and none when nothing differs", note)
			}
			var warnings []string
			src := ExportSource{Root: root, Problem: p, ProblemDir: filepath.Join(root, "problems", tt.slug)}
			warnGroupsLeftOut(src, p.Meta(), ExportOptions{Warn: func(w string) { warnings = append(warnings, w) }})
			switch {
			case tt.groupWarning == "" && len(warnings) > 0:
				t.Errorf("warnings %q, want none", warnings)
			case tt.groupWarning != "" && (len(warnings) != 1 || !strings.HasPrefix(warnings[0], tt.groupWarning)):
				t.Errorf("warnings %q, want one starting %q", warnings, tt.groupWarning)
			}
		})
	}
}
