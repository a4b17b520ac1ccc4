package reports

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/judgehq/judge/problems"
)

// Input is everything a report is made from.
type Input struct {
	// Run is the id of the judging run and Contest the contest's name (may be empty).
	Run     string
	Contest string
	// Generated is the time the report describes; it is written into the JSON and
	// Markdown, so a re-rendered report passes the original time to stay identical.
	Generated time.Time
	// Rule orders the standings (ICPC when empty).
	Rule StandingsRule
	// Problems are the problems in contest order. A problem with results but no Meta
	// here gets a pass-fail Meta with its slug only.
	Problems []problems.Meta
	// Entrants are the entrants in contest order; submissions found only in Results
	// are appended.
	Entrants []string
	// Results are the judged rows, in any order.
	Results []problems.Result
	// ChallengeLog names the problems whose report includes a challenge.log per
	// submission (see WriteChallengeLog).
	ChallengeLog []string
}

// Report is an Input with its rankings and standings computed.
type Report struct {
	Input
	// Rankings are the per-problem rankings, in the order of Input.Problems.
	Rankings []ProblemRanking
	// Standings rank the entrants across all problems.
	Standings Standings
	// HTML holds the optional parts of report.html (pictures, stderr tails).
	HTML HTMLOptions
}

// Build ranks every problem by its own rule and the entrants by in.Rule.
func Build(in Input) Report {
	metas := append([]problems.Meta(nil), in.Problems...)
	known := map[string]bool{}
	for _, m := range metas {
		known[m.Slug] = true
	}
	for _, r := range in.Results {
		if !known[r.Problem] {
			known[r.Problem] = true
			metas = append(metas, problems.Meta{Slug: r.Problem,
				Score: problems.Score{Direction: problems.Maximize, Ranking: problems.RankPassFail}})
		}
	}
	rep := Report{Input: in}
	rep.Problems = metas
	for _, m := range metas {
		rep.Rankings = append(rep.Rankings, RankProblem(m, in.Results, in.Entrants))
	}
	rep.Standings = BuildStandings(in.Rule, rep.Rankings, in.Entrants)
	return rep
}

// DiffPath is the path, relative to the report folder, of the diff file of a result:
// PROBLEM/SUBMISSION/DATASET.diff with every element made safe for a file name.
func DiffPath(r problems.Result) string {
	return reportPath(r.Problem, r.Submission, r.Dataset) + ".diff"
}

// ChallengeLogPath is the path, relative to the report folder, of a submission's
// challenge.log on a problem.
func ChallengeLogPath(problem, submission string) string {
	return reportPath(problem, submission, "challenge.log")
}

// ChallengeNamesPath is the path, relative to the report folder, of the file beside
// a challenge.log naming its lines' datasets (see WriteChallengeNames).
func ChallengeNamesPath(problem, submission string) string {
	return reportPath(problem, submission, "challenge.names")
}

func reportPath(problem, submission, rest string) string {
	parts := []string{safeName(problem), safeName(submission)}
	for _, p := range strings.Split(rest, "/") {
		parts = append(parts, safeName(p))
	}
	return strings.Join(parts, "/")
}

// safeName keeps letters, digits, '.', '-' and '_' and replaces anything else by '_';
// names made only of dots become underscores too. A name it changed gets '~' and
// the start of its SHA-256 appended, so that two names never share a file
// ("8 space" and "8_space" would) while a name it keeps, which holds no '~',
// stays as it is.
func safeName(s string) string {
	b := []byte(s)
	changed := false
	for i, c := range b {
		ok := c == '.' || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			b[i] = '_'
			changed = true
		}
	}
	if strings.Trim(string(b), ".") == "" {
		b = []byte(strings.Repeat("_", max(1, len(b))))
		changed = true
	}
	if !changed {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	return string(b) + "~" + hex.EncodeToString(sum[:4])
}

// problemPage is the name of a problem's page in the report folder: SLUG.md,
// or SLUG-problem.md where that would be one of the report's own files (a
// problem called "standings").
func problemPage(slug string) string {
	name := safeName(slug) + ".md"
	if reportFiles[name] {
		name = safeName(slug) + "-problem.md"
	}
	return name
}

// Files renders the whole report folder into memory: file path (slash-separated,
// relative) → content.
func (rep Report) Files() (map[string][]byte, error) {
	files := map[string][]byte{}
	render := func(name string, f func(*bytes.Buffer) error) error {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		files[name] = b.Bytes()
		return nil
	}
	if err := render("standings.md", func(b *bytes.Buffer) error { return WriteStandingsMarkdown(b, rep) }); err != nil {
		return nil, err
	}
	for _, pr := range rep.Rankings {
		name := problemPage(pr.Meta.Slug)
		if err := render(name, func(b *bytes.Buffer) error { return WriteProblemMarkdown(b, pr) }); err != nil {
			return nil, err
		}
	}
	if err := render("report.html", func(b *bytes.Buffer) error { return WriteHTML(b, rep, rep.HTML) }); err != nil {
		return nil, err
	}
	if err := render("results.json", func(b *bytes.Buffer) error { return WriteJSON(b, rep) }); err != nil {
		return nil, err
	}
	if err := render("results.csv", func(b *bytes.Buffer) error { return WriteCSV(b, rep.Results) }); err != nil {
		return nil, err
	}
	if err := render("junit.xml", func(b *bytes.Buffer) error { return WriteJUnit(b, rep.Contest, rep.Results) }); err != nil {
		return nil, err
	}
	wantLog := map[string]bool{}
	for _, p := range rep.ChallengeLog {
		wantLog[p] = true
	}
	for _, pr := range rep.Rankings {
		for _, e := range pr.Entries {
			if wantLog[pr.Meta.Slug] && !e.Missing {
				if err := render(ChallengeLogPath(pr.Meta.Slug, e.Submission),
					func(b *bytes.Buffer) error { return WriteChallengeLog(b, e.Results) }); err != nil {
					return nil, err
				}
				if err := render(ChallengeNamesPath(pr.Meta.Slug, e.Submission),
					func(b *bytes.Buffer) error { return WriteChallengeNames(b, e.Results) }); err != nil {
					return nil, err
				}
			}
			for _, r := range e.Results {
				if r.Diff != "" {
					files[DiffPath(r)] = []byte(r.Diff)
				}
			}
		}
	}
	return files, nil
}

// MarkerName is the file judge writes inside every report folder, holding the run's
// id on its first line and then the files of the report, one slash-separated path
// a line. WriteReport replaces only a folder that holds it (or an empty one), so a
// mistyped --out never deletes a user's files, and keeps in the new report
// whatever the old one holds that its marker does not list (notes a user added).
const MarkerName = ".judge-report"

// reportFiles are the files at the top of a report folder, by name: a folder
// holding only these is most likely a report of an older judge.
var reportFiles = map[string]bool{"report.md": true, "standings.md": true, "results.json": true,
	"results.csv": true, "junit.xml": true, "report.html": true, "challenge.log": true, "challenge.names": true}

// ErrNotReportFolder is returned (wrapped) by WriteReport and CheckReportFolder when
// the target exists and is not a report folder judge wrote: a non-empty folder
// without the marker, a file, a symlink. Nothing is changed then; the CLI maps it to
// exit code 2 (bad input).
var ErrNotReportFolder = errors.New("not a report folder written by judge")

// CheckReportFolder reports whether WriteReport may write dir: nil when dir does not
// exist, is an empty folder or is a report folder (it holds MarkerName), else an
// error wrapping ErrNotReportFolder or the file system's error. It reads only, so a
// command can call it before spending time judging.
func CheckReportFolder(dir string) error {
	dir = absFolder(dir)
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("report folder %s: %w", dir, err)
	case st.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("report folder %s is a symbolic link; refusing to replace it: %w", dir, ErrNotReportFolder)
	case !st.IsDir():
		return fmt.Errorf("report folder %s is a file; refusing to replace it: %w", dir, ErrNotReportFolder)
	}
	if m, err := os.Lstat(filepath.Join(dir, MarkerName)); err == nil && m.Mode().IsRegular() {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	if len(entries) > 0 {
		what := fmt.Sprintf("%q", entries[0].Name())
		if len(entries) > 1 {
			what += fmt.Sprintf(" and %d more", len(entries)-1)
		}
		var known []string
		for _, e := range entries {
			if reportFiles[e.Name()] {
				known = append(known, e.Name())
			}
		}
		if len(known) > 0 && len(known) == len(entries) {
			// Only files a report holds: most likely one from a judge older than
			// the marker. Still the user's to remove, not ours.
			return fmt.Errorf("%s looks like a report folder from an older judge (it holds %s) but has no %s marker, "+
				"so judge will not replace it: remove it yourself if you no longer need it, or choose a new folder: %w",
				dir, strings.Join(known, ", "), MarkerName, ErrNotReportFolder)
		}
		return fmt.Errorf("%s holds %s but no %s marker, so it is not a report folder judge wrote; "+
			"refusing to replace it (choose a new or empty folder): %w", dir, what, MarkerName, ErrNotReportFolder)
	}
	return nil
}

// WriteReport writes the report folder dir: standings.md, report.html, one PROBLEM.md per problem,
// results.json, results.csv, junit.xml, the challenge.log files asked for, one .diff
// file per result that carries a diff, and the marker file MarkerName holding the run
// id. dir must pass CheckReportFolder, else an error wrapping ErrNotReportFolder is
// returned and nothing is touched. The folder is built beside dir under a temporary
// name and renamed into place; an old report folder is moved aside only once the new
// one is complete and removed only after the new one is in place, so dir is either
// the complete new report or, on failure, left as it was.
func WriteReport(ctx context.Context, dir string, rep Report) (err error) {
	// Absolute, so that the new report is built beside the folder even when
	// it is "." (not inside it, where it would be taken for a user's file).
	dir = absFolder(dir)
	if err := CheckReportFolder(dir); err != nil {
		return err
	}
	files, err := rep.Files()
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("report folder: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("report folder: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	files[MarkerName] = []byte(rep.Run + "\n" + strings.Join(names, "\n") + "\n")
	names = append(names, MarkerName)
	for _, n := range names {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		p := filepath.Join(tmp, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	mode := os.FileMode(0o755)
	if st, err := os.Lstat(dir); err == nil {
		mode = st.Mode().Perm() // a folder made private stays so
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	// Swap: check again (the judging may have taken minutes), move an old report
	// aside, move the new one in, carry over what a user added to the old one,
	// then drop it.
	if err := CheckReportFolder(dir); err != nil {
		return err
	}
	keep, err := usersFiles(dir)
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	keep = slices.DeleteFunc(keep, func(k string) bool { // an empty folder the new report has too
		a, errA := os.Lstat(filepath.Join(tmp, k))
		b, errB := os.Lstat(filepath.Join(dir, k))
		return errA == nil && errB == nil && a.IsDir() && b.IsDir()
	})
	for _, k := range keep {
		if _, err := os.Lstat(filepath.Join(tmp, k)); err == nil {
			return fmt.Errorf("report folder %s holds %s, which the judge did not write there, and the new report has a file of that name: "+
				"move it away and write the report again", dir, filepath.Join(dir, k))
		}
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 {
		// An empty folder (perhaps the one the user is in) is filled, not
		// replaced: it stays the same folder.
		return fillEmpty(tmp, dir)
	}
	var old string
	if _, statErr := os.Lstat(dir); statErr == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("replace report %s: %w", dir, err)
		}
	} else if !errors.Is(statErr, os.ErrNotExist) {
		return fmt.Errorf("report folder: %w", statErr)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return fmt.Errorf("move report into %s: %w", dir, err)
	}
	for _, k := range keep {
		to := filepath.Join(dir, k)
		err := os.MkdirAll(filepath.Dir(to), 0o755)
		if err == nil {
			err = os.Rename(filepath.Join(old, k), to)
		}
		if err != nil {
			// The old report stays where it is, with what is left of the
			// user's files in it.
			return fmt.Errorf("report %s written, but %s could not be moved into it (%v): it is in %s", dir, k, err, old)
		}
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("remove old report: %w", err)
		}
	}
	return nil
}

// fillEmpty moves the report built in tmp into the empty folder dir, entry by
// entry, and removes tmp; on failure it takes back what it moved, leaving dir
// empty.
func fillEmpty(tmp, dir string) error {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	for i, e := range entries {
		if err := os.Rename(filepath.Join(tmp, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			for _, back := range entries[:i] {
				_ = os.Rename(filepath.Join(dir, back.Name()), filepath.Join(tmp, back.Name()))
			}
			return fmt.Errorf("move report into %s: %w", dir, err)
		}
	}
	return os.Remove(tmp)
}

// absFolder is dir made absolute (or only cleaned, if that fails).
func absFolder(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return filepath.Clean(dir)
}

// usersFiles lists, as paths relative to the report folder dir, what dir holds
// that its marker does not list: the files (and empty folders) a user added to
// a report. A marker that lists no files (from an older judge) claims the whole
// folder.
func usersFiles(dir string) ([]string, error) {
	marker, err := os.ReadFile(filepath.Join(dir, MarkerName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // no report there yet
	}
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(marker), "\n"), "\n")
	if len(lines) < 2 {
		return nil, nil
	}
	ours := map[string]bool{MarkerName: true}
	for _, l := range lines[1:] {
		// A listed file claims the folders on its way.
		for p := l; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			ours[p] = true
		}
	}
	var keep []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if ours[filepath.ToSlash(rel)] {
			return nil
		}
		if d.IsDir() {
			if entries, err := os.ReadDir(p); err != nil || len(entries) > 0 {
				return err // its files are listed one by one
			}
		}
		keep = append(keep, rel)
		return nil
	})
	return keep, err
}
