package icpc

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
	"go.yaml.in/yaml/v3"
)

// Defaults of the format where problem.yaml says nothing.
const (
	defaultMemoryMiB      = 2048
	defaultOutputMiB      = 8
	defaultTimeMultiplier = 5.0 // legacy time_multiplier
	defaultSafetyMargin   = 2.0 // legacy time_safety_margin
	currentACToLimit      = 2.0 // 2025-09 ac_to_time_limit
	currentLimitToTLE     = 1.5 // 2025-09 time_limit_to_tle
	// provisionalTime is the CPU limit used to time accepted submissions when the
	// package defines none (problemtools uses the same figure).
	provisionalTime = 300.0
)

// Package is a problem package read from its folder. It implements
// problems.Problem; when its output validator is a program it also implements
// problems.ExternalChecker through CheckerProgram.
type Package struct {
	Dir    string
	Config Config
	// Warnings are the tolerated faults found while reading.
	Warnings []Warning
	// Sample and Secret are data/sample (nil when absent) and data/secret.
	Sample, Secret *Group
	// OutputValidator is the custom output validator's source (a file or folder),
	// "" when the default validator judges.
	OutputValidator string
	// InputValidators are the input validators' sources (files or folders).
	InputValidators []string

	meta       problems.Meta
	timeSource string
	cases      map[string]*Case
	// root is Dir absolute with its links followed: every path the package
	// uses must lie in it.
	root string
	// maxDataFile bounds an input or answer file (Options.MaxDataFile).
	maxDataFile int64
}

var _ problems.Problem = (*Package)(nil)
var _ problems.ExternalChecker = (*Package)(nil)

// IsPackage reports whether dir looks like a problem package: a problem.yaml and a
// data/ folder, and none of the keys only judge's own problem.yaml has (slug,
// kind, reference), in any YAML style.
func IsPackage(dir string) bool {
	if st, err := os.Stat(filepath.Join(dir, "data")); err != nil || !st.IsDir() {
		return false
	}
	data, err := regular.ReadFileMax(filepath.Join(dir, "problem.yaml"), maxSmallFile)
	if err != nil {
		return false
	}
	var top map[string]any
	if err := yaml.Unmarshal(data, &top); err != nil {
		return !judgeKeyRE.Match(data) // unreadable: the key at a line's start decides
	}
	for _, k := range judgeOnlyKeys {
		if _, ok := top[k]; ok {
			return false
		}
	}
	return true
}

// judgeOnlyKeys are keys of judge's own problem.yaml that the package format
// does not have.
var judgeOnlyKeys = []string{"slug", "kind", "reference"}

// judgeKeyRE finds one of judgeOnlyKeys at the start of a line.
var judgeKeyRE = regexp.MustCompile(`(?m)^(slug|kind|reference):`)

// Options bound what LoadWith accepts of a package; the zero value takes the
// defaults.
type Options struct {
	// MaxDataFile is the most bytes an input or answer file may hold
	// (MaxDataFile when 0). A larger one is left out with a warning.
	MaxDataFile int64
}

// Load reads the package in dir: problem.yaml, the data tree with its group
// settings, the validators and the time limit where the package states one.
// Every file and folder it uses must lie in dir once links are followed.
func Load(dir string) (*Package, error) { return LoadWith(dir, Options{}) }

// LoadWith is Load with other bounds than the defaults.
func LoadWith(dir string, opt Options) (*Package, error) {
	if opt.MaxDataFile <= 0 {
		opt.MaxDataFile = MaxDataFile
	}
	p := &Package{Dir: dir, cases: map[string]*Case{}, maxDataFile: opt.MaxDataFile}
	root, err := resolveRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("package %s: %w", dir, err)
	}
	p.root = root
	yamlPath := filepath.Join(dir, "problem.yaml")
	data, err := readPackageFile(root, yamlPath, maxSmallFile)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", yamlPath, err)
	}
	c, warns, err := ParseConfig(data, yamlPath)
	p.Warnings = append(p.Warnings, warns...)
	if err != nil {
		return nil, err
	}
	p.Config = c
	if c.HasType("multi-pass") && c.Interactive() {
		return nil, fmt.Errorf("%s: interactive multi-pass problems are not supported (multi-pass ones that are not interactive are)", yamlPath)
	}
	dataDir := filepath.Join(dir, "data")
	// data/, data/sample and data/secret may be links, to folders of the
	// package; one that leads out of it is no part of the package.
	for _, d := range []string{dataDir, filepath.Join(dataDir, "sample"), filepath.Join(dataDir, "secret")} {
		if _, err := resolveInside(root, d); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("reading %s: %w", d, err)
		}
	}
	l := &loader{root: root, dataDir: dataDir, maxFile: opt.MaxDataFile, warns: &p.Warnings}
	top := defaultSettings()
	for _, name := range []string{"testdata.yaml", "test_group.yaml"} {
		raw, err := readPackageFile(root, filepath.Join(dataDir, name), maxSmallFile)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("reading %s: %w", filepath.Join(dataDir, name), err)
		}
		if err == nil {
			s, w, err := ParseGroupSettings(raw, filepath.Join(dataDir, name), top)
			p.Warnings = append(p.Warnings, w...)
			if err != nil {
				return nil, err
			}
			top = s
		}
	}
	if st, err := os.Stat(filepath.Join(dataDir, "sample")); err == nil && st.IsDir() {
		sample := top
		if c.Current {
			sample.Aggregation = "pass-fail"
		}
		if p.Sample, err = l.readGroup("sample", sample, nil); err != nil {
			return nil, err
		}
	}
	secret := top
	if st, err := os.Stat(filepath.Join(dataDir, "secret")); err != nil || !st.IsDir() {
		// The format requires data/secret; packages whose data a generator makes
		// lack it until it has run. Judge what there is.
		p.Warnings = append(p.Warnings, Warning{File: filepath.Join(dataDir, "secret"), Msg: "missing: only the samples are judged"})
		p.Secret = &Group{Name: "secret", Settings: secret}
	} else if p.Secret, err = l.readGroup("secret", secret, nil); err != nil {
		return nil, err // it names the file
	}
	for _, g := range []*Group{p.Sample, p.Secret} {
		if g != nil {
			for _, cs := range g.Cases() {
				p.cases[cs.Name] = cs
			}
		}
	}
	if p.OutputValidator, err = p.findOutputValidator(); err != nil {
		return nil, err
	}
	if c.Interactive() && p.OutputValidator == "" {
		at := c.TypesAt
		if at == "" {
			at = yamlPath
		}
		return nil, fmt.Errorf("%s: interactive, but the package has no output validator (in output_validator/ or output_validators/)", at)
	}
	if c.CustomAt != "" && p.OutputValidator == "" {
		// The default validator would judge in its place, wrongly where
		// answers may differ from the judges'.
		return nil, fmt.Errorf("%s: validation: custom, but the package has no output validator (in output_validator/ or output_validators/)", c.CustomAt)
	}
	if p.OutputValidator == "" {
		if err := p.checkDefaultValidatorArgs(); err != nil {
			return nil, err
		}
	}
	for _, d := range []string{"input_validators", "input_format_validators"} {
		if len(p.InputValidators) > 0 {
			break
		}
		if p.InputValidators, err = p.listPrograms(filepath.Join(dir, d)); err != nil {
			return nil, err
		}
	}
	if c.Current {
		// submissions.yaml's faults are reported once, here.
		_, w, err := readSubmissionRules(root, filepath.Join(dir, "submissions", "submissions.yaml"))
		if err != nil {
			return nil, err
		}
		p.Warnings = append(p.Warnings, w...)
	}
	if p.meta, err = p.makeMeta(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkDefaultValidatorArgs checks the arguments the default output validator
// gets on each group's cases (problem.yaml's validator_flags, then the group's
// output_validator_args) as Check reads them: an argument it would refuse is
// an error at the file and position that give it when the package is loaded,
// not a judge error on every case.
func (p *Package) checkDefaultValidatorArgs() error {
	if _, err := ParseFlags(p.Config.ValidatorFlags); err != nil {
		return fmt.Errorf("%s: %w", p.Config.ValidatorFlagsAt, err)
	}
	var check func(g *Group) error
	check = func(g *Group) error {
		args := append(slices.Clone(p.Config.ValidatorFlags), g.Settings.OutputValidatorArgs...)
		if _, err := ParseFlags(args); err != nil {
			return fmt.Errorf("%s: %w", g.Settings.OutputValidatorArgsAt, err)
		}
		for _, it := range g.Items {
			if it.Group != nil {
				if err := check(it.Group); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, g := range []*Group{p.Sample, p.Secret} {
		if g != nil {
			if err := check(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// findOutputValidator returns the custom output validator of the package, if any:
// output_validator/ (current format) or the one program in output_validators/.
func (p *Package) findOutputValidator() (string, error) {
	if dir := filepath.Join(p.Dir, "output_validator"); isDir(dir) {
		progs, err := p.listPrograms(dir)
		if err != nil {
			return "", err
		}
		// 2023-07 packages hold one folder inside; 2025-09 ones are the program.
		if len(progs) == 1 && isDir(progs[0]) {
			return progs[0], nil
		}
		return dir, nil
	}
	dir := filepath.Join(p.Dir, "output_validators")
	progs, err := p.listPrograms(dir)
	switch {
	case err != nil:
		return "", err
	case len(progs) == 0:
		return "", nil
	case len(progs) > 1:
		return "", fmt.Errorf("%s: %d output validators; judge supports one", dir, len(progs))
	}
	return progs[0], nil
}

// isDir reports whether path is a folder, links followed.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// listPrograms lists the programs in a folder of the package: each file or
// sub-folder, sorted, leaving out READMEs and hidden files. A folder that does not
// exist holds none; the folder or a program leading out of the package once
// links are followed is an error naming it: the package is not judged with a
// validator of the host's, nor without the one it names.
func (p *Package) listPrograms(dir string) ([]string, error) {
	if _, err := resolveInside(p.root, dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") || strings.HasPrefix(strings.ToLower(n), "readme") {
			continue
		}
		if strings.HasSuffix(n, ".h") || strings.HasSuffix(n, ".hpp") {
			continue // headers beside a single-file program
		}
		path := filepath.Join(dir, n)
		if _, err := resolveInside(p.root, path); errors.Is(err, ErrOutside) {
			return nil, fmt.Errorf("program %s: %w", path, err)
		}
		out = append(out, path)
	}
	sort.Strings(out)
	return out, nil
}

var slugBad = regexp.MustCompile(`[^a-z0-9_-]+`)

func (p *Package) makeMeta() (problems.Meta, error) {
	abs, _ := filepath.Abs(p.Dir)
	slug := slugBad.ReplaceAllString(strings.ToLower(filepath.Base(abs)), "-")
	if slug == "" || slug[0] < 'a' || slug[0] > 'z' {
		slug = "p" + slug
	}
	title := p.Config.Name
	if title == "" {
		title = slug
	}
	m := problems.Meta{
		Slug: slug, Title: title, Kind: problems.PassFail, IO: problems.Stdio,
		Score:  problems.Score{Direction: problems.Maximize, Ranking: problems.RankPassFail},
		Source: "problem package (format " + p.Config.Version + ")",
	}
	if p.Config.Scoring() {
		m.Kind, m.Score.Ranking = problems.Scoring, problems.RankPoints
		m.Score.Groups = scoreGroup(p.Secret) // by test groups, as the package says
		if p.Config.Objective == "min" {
			m.Score.Direction = problems.Minimize
		}
	}
	if p.Config.Interactive() {
		m.Kind, m.IO = problems.Interactive, problems.InteractIO
	}
	mem, out := p.Config.Limits.Memory, p.Config.Limits.Output
	if mem <= 0 {
		mem = defaultMemoryMiB
	}
	if out <= 0 {
		out = defaultOutputMiB
	}
	m.Limits = problems.Limits{Memory: problems.Size(mem) * problems.MiB, Output: problems.Size(out) * problems.MiB, Processes: 64}
	t, src, err := p.statedTimeLimit()
	if err != nil {
		return m, err
	}
	if t <= 0 {
		t, src = provisionalTime, ""
	}
	p.timeSource = src
	m.Limits.Time, m.Limits.Wall = problems.Seconds(t), problems.Seconds(2*t)
	return m, nil
}

// statedTimeLimit returns the time limit the package states and where, or 0.
// A .timelimit or a domjudge-problem.ini timelimit that is not a number of
// seconds is an error at its line and column, as a malformed
// limits.time_limit is: the organiser stated a limit, and judging under one
// inferred instead would be judging under another.
func (p *Package) statedTimeLimit() (float64, string, error) {
	if t := p.Config.Limits.TimeLimit; t > 0 {
		return t, "problem.yaml limits.time_limit", nil
	}
	path := filepath.Join(p.Dir, ".timelimit")
	raw, err := readSmallFile(p.root, path)
	if err != nil {
		return 0, "", err
	}
	if raw != nil {
		t, err := parseTimelimitFile(raw, path)
		if err != nil {
			return 0, "", err
		}
		return t, ".timelimit", nil
	}
	path = filepath.Join(p.Dir, "domjudge-problem.ini")
	if raw, err = readSmallFile(p.root, path); err != nil || raw == nil {
		return 0, "", err
	}
	t, found, err := parseDomjudgeINI(raw, path)
	if err != nil || !found {
		return 0, "", err
	}
	return t, "domjudge-problem.ini timelimit", nil
}

// maxSmallFile is the most a configuration file of a package (problem.yaml,
// test_group.yaml, submissions.yaml, .timelimit, domjudge-problem.ini) may hold.
const maxSmallFile = 1 << 20

// readSmallFile reads a small file of the package whose resolved folder is
// root: nil when it does not exist, an error naming it when it leads out of the
// package, is not a regular file (a pipe would hang the judge) or is larger
// than maxSmallFile.
func readSmallFile(root, path string) ([]byte, error) {
	raw, err := readPackageFile(root, path, maxSmallFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return raw, err
}

// Meta returns the problem's metadata in judge's terms.
func (p *Package) Meta() problems.Meta { return p.meta }

// Constants returns the substitutions problem.yaml's constants give the
// package's validators (nil for none).
func (p *Package) Constants() map[string]string { return p.Config.Constants }

// SetLimits replaces the limits, for command-line overrides.
func (p *Package) SetLimits(l problems.Limits) { p.meta.Limits = l }

// TimeLimitSource says where the time limit came from ("" while it still has to be
// inferred from the accepted submissions).
func (p *Package) TimeLimitSource() string { return p.timeSource }

// NeedsTimeLimit reports whether the package states no time limit, so that it must
// be inferred by running the accepted submissions (see InferTimeLimit).
func (p *Package) NeedsTimeLimit() bool { return p.timeSource == "" }

// Multipliers returns the factor from the slowest accepted run to the time limit and
// from the time limit to the time a TLE submission must exceed.
func (p *Package) Multipliers() (acToLimit, limitToTLE float64) {
	acToLimit, limitToTLE = p.Config.Limits.TimeMultiplier, p.Config.Limits.SafetyMargin
	if acToLimit <= 0 {
		acToLimit = defaultTimeMultiplier
		if p.Config.Current {
			acToLimit = currentACToLimit
		}
	}
	if limitToTLE <= 0 {
		limitToTLE = defaultSafetyMargin
		if p.Config.Current {
			limitToTLE = currentLimitToTLE
		}
	}
	return acToLimit, limitToTLE
}

// KeepTimeLimit gives a package that states no time limit the limits l that a
// run inferred for it before (a contest being resumed), rather than timing its
// accepted submissions again, which may come out otherwise on a busy machine.
func (p *Package) KeepTimeLimit(l problems.Limits) {
	p.timeSource = fmt.Sprintf("inferred for the run being resumed (%s)", l.Time)
	p.meta.Limits.Time, p.meta.Limits.Wall = l.Time, l.Wall
}

// InferTimeLimit sets the time limit from the slowest accepted run the way
// problemtools does: the run times the AC multiplier, rounded up to a whole multiple
// of the time resolution (1 s by default), at least one resolution step.
func (p *Package) InferTimeLimit(slowestAC time.Duration) float64 {
	mult, _ := p.Multipliers()
	t := InferredLimit(slowestAC, mult, p.Config.Limits.TimeResolution)
	p.timeSource = fmt.Sprintf("slowest accepted run %.3fs × %g", slowestAC.Seconds(), mult)
	if t > maxTimeLimit {
		t = maxTimeLimit
		p.timeSource += fmt.Sprintf(", held to %d s", maxTimeLimit)
	}
	p.meta.Limits.Time, p.meta.Limits.Wall = problems.Seconds(t), problems.Seconds(2*t)
	return t
}

// InferredLimit is the problemtools rule: max(1, ceil(slowest × mult / res)) × res.
func InferredLimit(slowest time.Duration, mult, res float64) float64 {
	if res < minTimeLimit {
		res = 1 // not set (a shorter one is refused when read)
	}
	steps := math.Ceil(slowest.Seconds() * mult / res)
	if steps < 1 {
		steps = 1
	}
	return steps * res
}

// groupFilter reports whether a case belongs to one of the named groups.
func inGroups(name string, groups []string) bool {
	for _, g := range groups {
		if name == g || strings.HasPrefix(name, g+"/") {
			return true
		}
	}
	return false
}

// Datasets returns the cases of the named groups ("sample", "secret",
// "secret/group1"…; sample and secret when none are named) in judging order.
// Their files are not read here but when a case is judged (Dataset.ReadMax):
// a package's data may be larger than memory, or one large file linked as
// many cases.
func (p *Package) Datasets(groups ...string) ([]problems.Dataset, error) {
	if len(groups) == 0 {
		groups = []string{"sample", "secret"}
	}
	max := p.maxDataFile
	if max <= 0 {
		max = MaxDataFile
	}
	var out []problems.Dataset
	for _, g := range []*Group{p.Sample, p.Secret} {
		if g == nil {
			continue
		}
		for _, c := range g.Cases() {
			if !inGroups(c.Name, groups) {
				continue
			}
			group, _, _ := strings.Cut(c.Name, "/")
			out = append(out, problems.Dataset{Name: c.Name, Group: group, InPath: c.InPath, AnsPath: c.AnsPath, ReadMax: max})
		}
	}
	return out, nil
}

// Case returns the test case of a dataset name.
func (p *Package) Case(name string) (*Case, bool) {
	c, ok := p.cases[name]
	return c, ok
}

// ErrInputValidatorsAreProgams is returned by Validate when the package's input
// validators are programs, which only a harness can run.
var ErrInputValidatorsAreProgams = errors.New("the package's input validators are programs: run them with the harness")

// Validate checks an input file. Input validators of a package are programs, so a
// package that has some returns ErrInputValidatorsAreProgams (a harness runs them);
// one without any accepts every input, as the format does.
func (p *Package) Validate(input []byte) error {
	if len(p.InputValidators) > 0 {
		return ErrInputValidatorsAreProgams
	}
	return nil
}

// OutputValidatorArgs returns the arguments the output validator gets on a case:
// problem.yaml's validator_flags, then the group's output_validator_flags.
func (p *Package) OutputValidatorArgs(caseName string) []string {
	args := append([]string(nil), p.Config.ValidatorFlags...)
	if c, ok := p.cases[caseName]; ok {
		args = append(args, c.Group.Settings.OutputValidatorArgs...)
	}
	return args
}

// InputValidatorArgs returns the arguments input validator v (a path from
// InputValidators) gets on a case.
func (p *Package) InputValidatorArgs(caseName, v string) []string {
	c, ok := p.cases[caseName]
	if !ok {
		return nil
	}
	name := strings.TrimSuffix(filepath.Base(v), filepath.Ext(v))
	if a, ok := c.Group.Settings.InputValidatorArgs[name]; ok {
		return a
	}
	if a, ok := c.Group.Settings.InputValidatorArgs[filepath.Base(v)]; ok {
		return a
	}
	return c.Group.Settings.InputValidatorArgs[""]
}

// CheckerProgram implements problems.ExternalChecker: the custom output validator
// and its arguments, when the package has one.
func (p *Package) CheckerProgram(ds problems.Dataset) (string, []string, bool) {
	if p.OutputValidator == "" {
		return "", nil, false
	}
	return p.OutputValidator, p.OutputValidatorArgs(ds.Name), true
}

// Check judges a run. With the default output validator it compares the output
// with the answer file under the flags of the case's group; an interactive run's
// outcome is the interaction's. A custom output validator is a program: without a
// harness that runs it (see problems.ExternalChecker) the result is a judge error.
func (p *Package) Check(ds problems.Dataset, out problems.Output) problems.Outcome {
	if out.Interaction != nil {
		return *out.Interaction
	}
	if p.OutputValidator != "" {
		return problems.Rejected(problems.JE, "output validator %s is a program; this judge cannot run it", filepath.Base(p.OutputValidator))
	}
	flags, err := ParseFlags(p.OutputValidatorArgs(ds.Name))
	if err != nil {
		return problems.Rejected(problems.JE, "default output validator: %v", err)
	}
	// The answer is read as it goes: it may be far larger than the output.
	ans, err := ds.OpenAnswer()
	if err != nil {
		return problems.Rejected(problems.JE, "default output validator: %v", err)
	}
	defer ans.Close()
	o, err := CompareDefaultReader(ans, out.Stdout, flags)
	if err != nil {
		return problems.Rejected(problems.JE, "default output validator: dataset %s: %v", ds.Name, err)
	}
	return o
}
