package icpcrun

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
)

// modulePath is this project's Go module.
const modulePath = "github.com/judgehq/judge"

// ExportSource says where a problem's parts are in this project.
type ExportSource struct {
	// Root is the project folder (holding go.mod, problems/ and solutions/).
	Root string
	// Problem is the problem; ProblemDir its folder (problem.yaml, statement.md).
	Problem    problems.Problem
	ProblemDir string
	// SolutionsDir holds the reference and the other programs (solutions/SLUG).
	SolutionsDir string
}

// folderFor maps a solutions/SLUG sub-folder to the package's submissions folder;
// "" leaves the programs out (the format has no folder for their verdict).
func folderFor(name, reference string) string {
	if v, ok := problems.ParseVerdict(name); ok {
		switch v {
		case problems.WA, problems.PE: // the format has no presentation error
			return "wrong_answer"
		case problems.TLE:
			return "time_limit_exceeded"
		case problems.RTE, problems.MLE:
			return "run_time_error"
		}
		return ""
	}
	if name == "internal" {
		return ""
	}
	return "accepted" // the reference and every other solver folder
}

// The package formats Export writes.
const (
	// FormatCurrent is the current versioned format (2025-09): problem.yaml states
	// the time limit, the output validator is output_validator/, the statement
	// statement/problem.en.md.
	FormatCurrent = "2025-09"
	// FormatLegacy is the format problemtools and DOMjudge have read longest: the
	// output validator in output_validators/NAME/, the time limit in .timelimit
	// (problemtools infers its own from the accepted submissions), the statement as
	// LaTeX in problem_statement/.
	FormatLegacy = "legacy"
)

// ExportOptions shape the package Export writes.
type ExportOptions struct {
	// Format is FormatCurrent (the default when empty) or FormatLegacy.
	Format string
	// Warn receives what the package leaves out or could not carry over (nil: dropped).
	Warn func(string)
}

func (o ExportOptions) warn(format string, args ...any) {
	if o.Warn != nil {
		o.Warn(fmt.Sprintf(format, args...))
	}
}

// Export writes the problem as a package in dst: problem.yaml, the statement, the
// data, an input validator and an output validator (the interactor, for
// interactive problems) as Go programs made from the problem's own code, and the
// solutions as submissions in their verdict folders. Each Go program is a folder
// holding a copy of the project's packages it needs, with its external
// dependencies vendored, so `go build` works offline; its build script writes the
// executable run. A problem that reads and writes files becomes a standard-I/O
// package: the case file arrives on standard input and the answer file is written
// to standard output, each submission wrapped so that it still finds its files.
func Export(ctx context.Context, src ExportSource, dst string, opt ExportOptions) error {
	meta := src.Problem.Meta()
	switch opt.Format {
	case "", "current":
		opt.Format = FormatCurrent
	case FormatCurrent, FormatLegacy:
	default:
		return fmt.Errorf("unknown package format %q: want %s or %s", opt.Format, FormatCurrent, FormatLegacy)
	}
	legacy := opt.Format == FormatLegacy
	if !legacy && meta.Score.Direction == problems.Minimize && (meta.Kind == problems.Scoring || meta.Score.Ranking != problems.RankPassFail) {
		opt.warn("lower scores win in %s, which the %s format cannot say: tools reading the package rank its scores the other way round (--format legacy says it with grading: objective: min)", meta.Slug, FormatCurrent)
	}
	var fio *fileIOPlan
	if meta.IO == problems.Files {
		var err error
		if fio, err = planFileIO(src.Problem); err != nil {
			return fmt.Errorf("problem %s: %w", meta.Slug, err)
		}
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dst, err)
	}
	if err := writeFile(filepath.Join(dst, "problem.yaml"), []byte(problemYAML(meta, legacy)), 0o644); err != nil {
		return err
	}
	if legacy {
		limit := strconv.FormatFloat(meta.Limits.Time.Seconds(), 'g', -1, 64) + "\n"
		if err := writeFile(filepath.Join(dst, ".timelimit"), []byte(limit), 0o644); err != nil {
			return err
		}
	}
	if err := exportStatement(ctx, src, dst, fio, opt); err != nil {
		return err
	}
	datasets, err := src.Problem.Datasets()
	if err != nil {
		return fmt.Errorf("datasets of %s: %w", meta.Slug, err)
	}
	warnGroupsLeftOut(src, meta, opt)
	for _, ds := range datasets {
		base := filepath.Join(dst, "data", filepath.FromSlash(ds.Name))
		if err := writeFile(base+".in", ds.Input, 0o644); err != nil {
			return err
		}
		if err := writeFile(base+".ans", ds.Answer, 0o644); err != nil {
			return err
		}
	}
	if (meta.Kind == problems.Scoring || meta.Score.Ranking == problems.RankPoints) && !legacy {
		// Every case scores what the validator's score.txt says.
		if err := writeFile(filepath.Join(dst, "data", "secret", "test_group.yaml"), []byte("max_score: unbounded\n"), 0o644); err != nil {
			return err
		}
	}
	pkgImport := modulePath + "/" + filepath.ToSlash(relOrSame(src.Root, src.ProblemDir))
	judgeYAML, err := os.ReadFile(filepath.Join(src.ProblemDir, "problem.yaml"))
	if err != nil {
		return err
	}
	outVal := filepath.Join(dst, "output_validator")
	if legacy {
		outVal = filepath.Join(dst, "output_validators", "check")
	}
	outputFile := ""
	if fio != nil {
		outputFile = fio.stdout
	}
	progs := map[string]string{
		filepath.Join(dst, "input_validators", "validate"): inputValidatorMain,
		outVal: strings.ReplaceAll(outputValidatorMain, "OUTPUT_FILE", strconv.Quote(outputFile)),
	}
	for dir, tmpl := range progs {
		main := strings.ReplaceAll(tmpl, "PROBLEM_IMPORT", pkgImport)
		files := map[string][]byte{
			"main.go":            []byte(main),
			"judge/problem.yaml": judgeYAML,
			"build":              []byte(goBuildScript),
			"judge/README.md":    []byte("The problem's own metadata, built into the validator.\n"),
		}
		if err := writeGoProgram(ctx, src.Root, dir, []string{pkgImport}, files); err != nil {
			return fmt.Errorf("writing %s: %w", dir, err)
		}
	}
	return exportSubmissions(ctx, src, meta, dst, fio, opt)
}

// goBuildScript builds an exported Go program folder into the executable run, as
// the format's build scripts do.
const goBuildScript = "#!/bin/sh\nset -e\ngo build -mod=vendor -trimpath -o run .\n"

// problemYAML is the package's problem.yaml.
func problemYAML(meta problems.Meta, legacy bool) string {
	uuid := sha256.Sum256([]byte(modulePath + "/" + meta.Slug))
	scoring := meta.Kind == problems.Scoring || meta.Score.Ranking == problems.RankPoints
	interactive := meta.Kind == problems.Interactive
	var b strings.Builder
	if !legacy {
		b.WriteString("problem_format_version: 2025-09\n")
	}
	fmt.Fprintf(&b, "name: %q\nuuid: %x-%x-%x-%x-%x\n", meta.Title, uuid[0:4], uuid[4:6], uuid[6:8], uuid[8:10], uuid[10:16])
	switch {
	case legacy && scoring:
		b.WriteString("type: scoring\n")
	case legacy:
		b.WriteString("type: pass-fail\n")
	case interactive && scoring:
		b.WriteString("type: [scoring, interactive]\n")
	case interactive:
		b.WriteString("type: interactive\n")
	case scoring:
		b.WriteString("type: scoring\n")
	default:
		b.WriteString("type: pass-fail\n")
	}
	fmt.Fprintf(&b, "source: %q\nlicense: unknown\n", meta.Source)
	if legacy {
		validation := "custom"
		if interactive {
			validation += " interactive"
		}
		if scoring {
			validation += " score"
		}
		fmt.Fprintf(&b, "validation: %s\nlimits:\n  memory: %d\n  output: %d\n", validation, meta.Limits.Memory.MiB(), meta.Limits.Output.MiB())
		if scoring && meta.Score.Direction == problems.Minimize {
			b.WriteString("grading:\n  objective: min\n") // lower scores win
		}
		return b.String()
	}
	fmt.Fprintf(&b, "limits:\n  time_limit: %g\n  memory: %d\n  output: %d\n", meta.Limits.Time.Seconds(), meta.Limits.Memory.MiB(), meta.Limits.Output.MiB())
	return b.String()
}

// exportStatement writes the statement: Markdown in the current format, LaTeX made
// by pandoc in the legacy one (which has no Markdown statements), followed by
// packageNote.
func exportStatement(ctx context.Context, src ExportSource, dst string, fio *fileIOPlan, opt ExportOptions) error {
	st, err := os.ReadFile(filepath.Join(src.ProblemDir, "statement.md"))
	if errors.Is(err, os.ErrNotExist) {
		opt.warn("no statement.md in %s: the package has no statement", src.ProblemDir)
		return nil
	} else if err != nil {
		return err
	}
	if note := packageNote(src.Problem, fio); note != "" {
		st = append(bytes.TrimRight(st, "\n"), note...)
	}
	if opt.Format != FormatLegacy {
		return writeFile(filepath.Join(dst, "statement", "problem.en.md"), st, 0o644)
	}
	dir := filepath.Join(dst, "problem_statement")
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		opt.warn("pandoc is not installed: the legacy format wants a LaTeX statement; problem_statement/ holds the Markdown one")
		return writeFile(filepath.Join(dir, "problem.en.md"), st, 0o644)
	}
	// The title comes from problem.yaml; a first-level heading would repeat it.
	md := string(st)
	if strings.HasPrefix(md, "# ") {
		if i := strings.IndexByte(md, '\n'); i >= 0 {
			md = md[i+1:]
		}
	}
	cmd := exec.CommandContext(ctx, pandoc, "-f", "markdown", "-t", "latex")
	cmd.Stdin = strings.NewReader(md)
	body, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("pandoc: converting the statement to LaTeX: %w", err)
	}
	// problemtools' class supplies the title from problem.yaml; the body goes in
	// the problem environment it expects.
	tex := "\\problemname{" + latexEscape(src.Problem.Meta().Title) + "}\n\n" + string(body)
	return writeFile(filepath.Join(dir, "problem.en.tex"), []byte(tex), 0o644)
}

// warnGroupsLeftOut warns of the folders of data/ that the package leaves out:
// it holds the groups the judge runs by default (problem.yaml's groups, else
// sample and secret), not groups judged only on request.
func warnGroupsLeftOut(src ExportSource, meta problems.Meta, opt ExportOptions) {
	groups := meta.Groups
	if len(groups) == 0 {
		groups = problems.DefaultGroups
	}
	entries, err := os.ReadDir(filepath.Join(src.ProblemDir, "data"))
	if err != nil {
		return // Datasets has read the groups it needs; nothing else to say
	}
	for _, e := range entries {
		if !e.IsDir() || slices.ContainsFunc(groups, func(g string) bool { return g == e.Name() || strings.HasPrefix(g, e.Name()+"/") }) {
			continue
		}
		n := 0
		_ = filepath.WalkDir(filepath.Join(src.ProblemDir, "data", e.Name()), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".in") {
				n++
			}
			return nil
		})
		opt.warn("data/%s (%d inputs) left out: the package holds the groups the judge runs by default (%s)", e.Name(), n, strings.Join(groups, ", "))
	}
}

// packageNote is what the statement gains where the package differs from the
// problem as the judge runs it, under a heading "In this package": how a file I/O
// problem's files are passed, and that scores leave out a charge for CPU time,
// which an output validator cannot measure. It is empty when nothing differs.
func packageNote(p problems.Problem, fio *fileIOPlan) string {
	var paras []string
	if fio != nil {
		paras = append(paras, fio.statementNote())
	}
	if tc, ok := p.(problems.TimeCharger); ok {
		paras = append(paras, "An output validator cannot see how much CPU time a run used, so the scores of this package leave out "+
			tc.TimeCharge()+": a case scores what the rules above give at 0 ms. The CPU time limit applies as stated.")
	}
	if len(paras) == 0 {
		return ""
	}
	return "\n\n## In this package\n\n" + strings.Join(paras, "\n\n") + "\n"
}

// latexEscape escapes LaTeX's special characters in plain text.
func latexEscape(s string) string {
	r := strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "$", `\$`, "&", `\&`, "#", `\#`,
		"_", `\_`, "%", `\%`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`)
	return r.Replace(s)
}

func relOrSame(root, dir string) string {
	ra, _ := filepath.Abs(root)
	da, _ := filepath.Abs(dir)
	if r, err := filepath.Rel(ra, da); err == nil {
		return r
	}
	return dir
}

func exportSubmissions(ctx context.Context, src ExportSource, meta problems.Meta, dst string, fio *fileIOPlan, opt ExportOptions) error {
	entries, err := os.ReadDir(src.SolutionsDir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", src.SolutionsDir, err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		folder := folderFor(e.Name(), meta.Reference)
		if folder == "" {
			if e.Name() != "internal" {
				opt.warn("%s: left out: the package format has no folder for %s", relOrSame(src.Root, filepath.Join(src.SolutionsDir, e.Name())), e.Name())
			}
			continue
		}
		dir := filepath.Join(src.SolutionsDir, e.Name())
		if folder == "accepted" { // a solver folder is one Go program
			if err := exportGoSolution(ctx, src.Root, dir, filepath.Join(dst, "submissions", "accepted", e.Name()), fio); err != nil {
				return err
			}
			continue
		}
		progs, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, p := range progs {
			path := filepath.Join(dir, p.Name())
			out := filepath.Join(dst, "submissions", folder, p.Name())
			if p.IsDir() {
				if err := exportGoSolution(ctx, src.Root, path, out, fio); err != nil {
					return err
				}
				continue
			}
			if strings.HasSuffix(p.Name(), "_test.go") || strings.HasSuffix(p.Name(), ".md") {
				continue
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if strings.HasSuffix(p.Name(), ".go") {
				// A Go file becomes a folder with a module and a build script: tools
				// that compile a lone .go file with gccgo lack today's library.
				if err := exportGoFile(strings.TrimSuffix(out, ".go"), data, fio); err != nil {
					return err
				}
				continue
			}
			if fio != nil {
				wrapped, ok := fio.wrapSource(p.Name(), data)
				if !ok {
					opt.warn("%s: left out: its files cannot be passed on standard I/O in this language", relOrSame(src.Root, path))
					continue
				}
				data = wrapped
			}
			if err := writeFile(out, data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// exportGoFile writes a one-file Go program as a folder: main.go, go.mod and the
// build script.
func exportGoFile(out string, src []byte, fio *fileIOPlan) error {
	files := map[string][]byte{
		"main.go": src,
		"go.mod":  []byte("module submission\n\ngo 1.26\n"),
		"build":   []byte(goBuildScript),
	}
	for name, data := range files {
		mode := os.FileMode(0o644)
		if name == "build" {
			mode = 0o755
		}
		if err := writeFile(filepath.Join(out, name), data, mode); err != nil {
			return err
		}
	}
	if fio != nil {
		return fio.wrapGo(out)
	}
	return nil
}

// exportGoSolution writes a Go main package folder of the project as a stand-alone
// program folder with a build script; for a file I/O problem its main is wrapped.
func exportGoSolution(ctx context.Context, root, dir, out string, fio *fileIOPlan) error {
	imp := modulePath + "/" + filepath.ToSlash(relOrSame(root, dir))
	if err := writeGoProgram(ctx, root, out, []string{imp}, map[string][]byte{"build": []byte(goBuildScript)}); err != nil {
		return err
	}
	if fio != nil {
		return fio.wrapGo(out)
	}
	return nil
}

// goPackage is what `go list -json` says of a package.
type goPackage struct {
	ImportPath string
	Dir        string
	Name       string
	Standard   bool
	GoFiles    []string
	EmbedFiles []string
	Module     *struct {
		Path      string
		Version   string
		GoVersion string
	}
}

// writeGoProgram writes into out a Go module that builds offline: the packages pkgs
// and every non-standard package they depend on, the project's at their paths below
// out and the others under vendor/. A main package among pkgs is placed at out
// itself; files are extra files to write (a main.go given there takes that place).
func writeGoProgram(ctx context.Context, root, out string, pkgs []string, files map[string][]byte) error {
	args := append([]string{"list", "-deps", "-json"}, pkgs...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	raw, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return fmt.Errorf("go list: %s", strings.TrimSpace(string(ee.Stderr)))
		}
		return fmt.Errorf("go list: %w", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	vendored := map[string][]string{} // "path version goversion" → packages
	mainPkg := ""
	for {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("go list output: %w", err)
		}
		if p.Standard || p.Module == nil {
			continue
		}
		var target string
		switch {
		case p.Module.Path == modulePath && p.Name == "main":
			mainPkg, target = p.ImportPath, out
		case p.Module.Path == modulePath:
			rel := strings.TrimPrefix(unInternal(p.ImportPath), modulePath+"/")
			target = filepath.Join(out, filepath.FromSlash(rel))
		default:
			target = filepath.Join(out, "vendor", filepath.FromSlash(p.ImportPath))
			key := p.Module.Path + " " + p.Module.Version + " " + p.Module.GoVersion
			vendored[key] = append(vendored[key], p.ImportPath)
		}
		for _, f := range append(append([]string(nil), p.GoFiles...), p.EmbedFiles...) {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return err
			}
			if p.Module.Path == modulePath && strings.HasSuffix(f, ".go") {
				data = projectImportRE.ReplaceAllFunc(data, unInternalBytes)
			}
			if err := writeFile(filepath.Join(target, f), data, 0o644); err != nil {
				return err
			}
		}
	}
	var gomod, modtxt strings.Builder
	fmt.Fprintf(&gomod, "module %s\n\ngo 1.26\n", modulePath)
	keys := make([]string, 0, len(vendored))
	for k := range vendored {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := strings.Fields(k)
		fmt.Fprintf(&gomod, "\nrequire %s %s\n", f[0], f[1])
		fmt.Fprintf(&modtxt, "# %s %s\n## explicit", f[0], f[1])
		if len(f) > 2 {
			fmt.Fprintf(&modtxt, "; go %s", f[2])
		}
		modtxt.WriteString("\n")
		sort.Strings(vendored[k])
		for _, p := range vendored[k] {
			modtxt.WriteString(p + "\n")
		}
	}
	if err := writeFile(filepath.Join(out, "go.mod"), []byte(gomod.String()), 0o644); err != nil {
		return err
	}
	if modtxt.Len() > 0 {
		if err := writeFile(filepath.Join(out, "vendor", "modules.txt"), []byte(modtxt.String()), 0o644); err != nil {
			return err
		}
	}
	_ = mainPkg
	for name, data := range files {
		mode := os.FileMode(0o644)
		if name == "build" || name == "run" {
			mode = 0o755
		}
		if err := writeFile(filepath.Join(out, filepath.FromSlash(name)), data, mode); err != nil {
			return err
		}
	}
	return nil
}

// The exported program's main package sits at the root of its folder, where Go
// forbids importing the project's internal packages; those are renamed.
var projectImportRE = regexp.MustCompile(`"` + regexp.QuoteMeta(modulePath) + `/[^"]*"`)

// unInternal renames each internal element of an import path of the project.
func unInternal(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if p == "internal" {
			parts[i] = "internal_"
		}
	}
	return strings.Join(parts, "/")
}

func unInternalBytes(quoted []byte) []byte { return []byte(unInternal(string(quoted))) }

func writeFile(path string, data []byte, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	if err := os.WriteFile(path, data, mode); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// inputValidatorMain is the exported input validator: the problem's own Validate.
const inputValidatorMain = `// Command validate is the input validator of this package: it checks standard
// input with the problem's own validator and exits 42 when it is valid, 43 when not.
package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"

	"github.com/judgehq/judge/problems"
	problem "PROBLEM_IMPORT"
)

// problemYAML is the problem's own metadata, built into the program so that it
// runs wherever its executable alone is copied.
//
//go:embed judge/problem.yaml
var problemYAML []byte

func main() {
	m, err := problems.ParseMeta(problemYAML)
	if err != nil {
		fmt.Fprintln(os.Stderr, "judge/problem.yaml:", err)
		os.Exit(1)
	}
	f := problems.NewFolder("judge", m)
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := problem.New(f).Validate(input); err != nil {
		fmt.Println(err)
		os.Exit(43)
	}
	os.Exit(42)
}
`

// outputValidatorMain is the exported output validator: the problem's own checker,
// or its interactor followed by its checker for interactive problems.
const outputValidatorMain = `// Command run is the output validator of this package, made of the problem's own
// checker: validator INPUT ANSWER FEEDBACK_DIR < team_output; exit 42 accepted, 43
// rejected, with judgemessage.txt (and score.txt) in FEEDBACK_DIR. For an
// interactive problem it plays the judge's side over standard input and output.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/judgehq/judge/problems"
	problem "PROBLEM_IMPORT"
)

// problemYAML is the problem's own metadata, built into the program so that it
// runs wherever its executable alone is copied.
//
//go:embed judge/problem.yaml
var problemYAML []byte

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 4 {
		fail(fmt.Errorf("usage: %s INPUT ANSWER FEEDBACK_DIR < output", os.Args[0]))
	}
	m, err := problems.ParseMeta(problemYAML)
	if err != nil {
		fail(fmt.Errorf("judge/problem.yaml: %w", err))
	}
	p := problem.New(problems.NewFolder("judge", m))
	ds := problems.Dataset{Name: filepath.Base(os.Args[1]), InPath: os.Args[1], AnsPath: os.Args[2]}
	if ds.Input, err = os.ReadFile(os.Args[1]); err != nil {
		fail(err)
	}
	if ds.Answer, err = os.ReadFile(os.Args[2]); err != nil {
		fail(err)
	}
	var out problems.Output
	if ia, ok := p.(problems.Interactor); ok && p.Meta().IO == problems.InteractIO {
		o := ia.Interact(context.Background(), ds, os.Stdin, os.Stdout)
		out.Interaction = &o
	} else if out.Stdout, err = io.ReadAll(os.Stdin); err != nil {
		fail(err)
	}
	// A problem that reads and writes files: the program's answer file came as its
	// standard output.
	if name := OUTPUT_FILE; name != "" {
		out.Files = map[string][]byte{name: out.Stdout}
		out.Stdout = nil
	}
	o := p.Check(ds, out)
	fb := os.Args[3]
	msg := o.Message
	if o.Details != "" {
		msg += "\n" + o.Details
	}
	if err := os.WriteFile(filepath.Join(fb, "judgemessage.txt"), []byte(msg+"\n"), 0o644); err != nil {
		fail(err)
	}
	if o.Verdict != problems.AC {
		os.Exit(43)
	}
	if p.Meta().Kind != problems.PassFail {
		s := strconv.FormatFloat(o.Score, 'g', -1, 64)
		if err := os.WriteFile(filepath.Join(fb, "score.txt"), []byte(s+"\n"), 0o644); err != nil {
			fail(err)
		}
	}
	os.Exit(42)
}
`
