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

	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/internal/regular"
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
// a line, each after the SHA-256 of what judge wrote there (see Marker).
// WriteReport replaces only a folder that holds it (or an empty one), so a
// mistyped --out never deletes a user's files, keeps in the new report whatever
// the old one holds that its marker does not list (notes a user added), and
// refuses to replace a listed file the user edited since (see WriteReportWith).
// A marker listing no files (older judges wrote only the run id) claims only the
// files the new report writes; one listing files without hashes (older judges
// too) claims them, and edits to them cannot be told: they are replaced.
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

// WriteOptions are the optional parts of WriteReportWith.
type WriteOptions struct {
	// Note receives what the write did or found beside the report itself: a
	// report folder put back after an interrupted write, stale temporary
	// folders removed or left alone, the folder the files you had edited were
	// moved into (nil: dropped).
	Note func(string)
	// Force writes the report even where files judge wrote in the old one
	// were edited since: they are first moved into a backup folder in the
	// report folder (see WriteReportWith). Without it the write is refused.
	Force bool
}

func (o WriteOptions) note(s string) {
	if o.Note != nil {
		o.Note(s)
	}
}

// WriteReport is WriteReportWith without notes.
func WriteReport(ctx context.Context, dir string, rep Report) error {
	return WriteReportWith(ctx, dir, rep, WriteOptions{})
}

// WriteReportWith writes the report folder dir: standings.md, report.html, one
// PROBLEM.md per problem, results.json, results.csv, junit.xml, the
// challenge.log files asked for, one .diff file per result that carries a diff,
// and the marker file MarkerName holding the run id and the files written with
// their SHA-256. dir must pass CheckReportFolder, else an error wrapping
// ErrNotReportFolder is returned and nothing is touched.
//
// A file the old report's marker lists is the user's when it was edited since
// judge wrote it (its content no longer has the recorded hash), or when
// something that is no regular file stands there or on the way to it (a
// folder, a symbolic link: never followed); see EditedFiles. Then, unless
// opt.Force is set, nothing is touched and an *EditedError (wrapping
// ErrEdited) names every such file. With opt.Force they are first moved, as
// they are, into a new folder of the report folder, edited-YYYYMMDD-HHMMSS
// (local time; "-2"… when that is taken) at their own relative paths, and
// opt.Note is told where; the marker does not list that folder, so it is the
// user's from then on and stays in every later report. A listed file the user
// deleted is no edit: the new report has it again or not. Files of a marker
// that records no hashes (an older judge's) are replaced as before, unless
// they are no regular file. The check is made under the lock, and again on the
// old report once it is moved aside, so an edit made while the new report was
// being built is not lost either.
//
// The folder is built beside dir under a temporary name (.NAME.tmp-N) and
// renamed into place; an old report folder is moved aside (.NAME.tmp-N.old) only
// once the new one is complete, what a user added to it is carried over into
// the new one, and only then are the old report's own files removed. Nothing a
// user added is ever deleted: on failure the error says where it is. Writers of
// folders in one parent folder are serialised (see LockFolder), and a write
// first mends what an interrupted one left (see recoverStale).
func WriteReportWith(ctx context.Context, dir string, rep Report, opt WriteOptions) (err error) {
	// Absolute, so that the new report is built beside the folder even when
	// it is "." (not inside it, where it would be taken for a user's file),
	// and so that every path renamed below is anchored at it.
	dir = absFolder(dir)
	if err := CheckReportFolder(dir); err != nil {
		return err
	}
	files, err := rep.Files()
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files)+1)
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	marker := NewMarker(rep.Run, files).Bytes()
	newNames := slices.Clone(names)
	names = append(names, MarkerName)
	newFiles := claimed(names)

	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	unlock, err := LockFolder(ctx, parent, opt.note)
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	defer unlock()
	if err := recoverStale(dir, newFiles, opt.note); err != nil {
		return err
	}
	// Check again: the folder may have changed while waiting for the lock.
	if err := CheckReportFolder(dir); err != nil {
		return err
	}
	listed, err := listedFiles(dir, newNames)
	if err != nil {
		return err
	}
	if edited, err := EditedFiles(dir, listed); err != nil {
		return err
	} else if len(edited) > 0 && !opt.Force {
		return &EditedError{Dir: dir, Files: edited}
	}

	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	placed := false // tmp is dir now (or emptied into it)
	defer func() {
		if !placed {
			os.RemoveAll(tmp) // only what this write made
		}
	}()
	// The marker first: a temporary folder left by a killed write then
	// carries it, which is how a later write knows it for the judge's.
	if err := os.WriteFile(filepath.Join(tmp, MarkerName), marker, 0o644); err != nil {
		return fmt.Errorf("write report %s: %w", dir, err)
	}
	for _, n := range names[:len(names)-1] {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("write report %s: %w", dir, err)
		}
		p := filepath.Join(tmp, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write report %s: %w", dir, err)
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return fmt.Errorf("write report %s: %w", dir, err)
		}
	}
	if err := takeOver(tmp, dir); err != nil {
		return fmt.Errorf("write report %s: %w", dir, err)
	}

	// Swap.
	_, statErr := os.Lstat(dir)
	switch {
	case errors.Is(statErr, os.ErrNotExist):
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("move report into %s: %w", dir, err)
		}
		placed = true
		return nil
	case statErr != nil:
		return fmt.Errorf("report folder %s: %w", dir, statErr)
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 {
		// An empty folder (perhaps the one the user is in) is filled, not
		// replaced: it stays the same folder.
		if err := fillEmpty(tmp, dir); err != nil {
			return err
		}
		placed = true
		return nil
	}
	// Refuse before moving anything when a file of the user's is where the
	// new report has one.
	if _, _, err := usersFilesFor(dir, tmp, newFiles); err != nil {
		return err
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return fmt.Errorf("replace report %s: %w", dir, err)
	}
	// Again, from the folder moved aside, which nobody else touches now: a
	// file edited since the check above is found here.
	backup, moved, err := backUpEdited(old, dir, listed, newFiles, opt.Force)
	var keep []string
	var ours map[string]bool
	if err == nil {
		keep, ours, err = usersFilesFor(old, tmp, newFiles)
	}
	if err == nil {
		if err = os.Rename(tmp, dir); err == nil {
			placed = true
		}
	}
	if err != nil {
		if rerr := os.Rename(old, dir); rerr != nil {
			return fmt.Errorf("replace report %s: %w; putting the old report back failed too (%v): "+
				"it and every file you had added to it are in %s", dir, err, rerr, old)
		}
		if backup != "" {
			return fmt.Errorf("replace report %s: %w (the files you had edited are in %s)", dir, err, backup)
		}
		return fmt.Errorf("replace report %s: %w", dir, err)
	}
	if backup != "" {
		opt.note(fmt.Sprintf("moved what you had edited since judge wrote it (%s) into %s", ListNames(moved), backup))
	}
	for _, k := range keep {
		if err := carry(old, dir, k); err != nil {
			// The old report stays where it is, with what is left of the
			// user's files in it.
			return fmt.Errorf("report %s written, but %s could not be moved into it (%v): it is in %s", dir, k, err, old)
		}
	}
	if err := removeOurs(old, ours); err != nil {
		return fmt.Errorf("report %s written, but %w", dir, err)
	}
	return nil
}

// listedFiles are the files the marker of the report folder dir lists, or
// newNames (without hashes) when it lists none (an older judge's), or none
// when dir holds no marker.
func listedFiles(dir string, newNames []string) ([]MarkerFile, error) {
	files, listless, err := markerFiles(dir)
	if err != nil || !listless {
		return files, err
	}
	for _, n := range newNames {
		files = append(files, MarkerFile{Name: n})
	}
	return files, nil
}

// markerFiles are the files the marker of folder dir lists; listless says it
// has a marker listing none. No marker lists nothing.
func markerFiles(dir string) (files []MarkerFile, listless bool, err error) {
	data, err := regular.ReadFile(filepath.Join(dir, MarkerName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("report folder %s: %w", dir, err)
	}
	m := ParseMarker(data)
	return m.Files, len(m.Files) == 0, nil
}

// backUpEdited finds in the old report folder old, moved aside from dir, the
// files of listed the user edited (see EditedFiles) and, when force is set,
// moves them into a backup folder in old that no file of the new report
// (newFiles) or of the old one claims. It returns that folder's path once old
// is dir again, and the files moved; without force an *EditedError naming dir.
func backUpEdited(old, dir string, listed []MarkerFile, newFiles map[string]bool, force bool) (string, []string, error) {
	edited, err := EditedFiles(old, listed)
	if err != nil || len(edited) == 0 {
		return "", nil, err
	}
	if !force {
		return "", nil, &EditedError{Dir: dir, Files: edited}
	}
	var names []string
	for _, f := range listed {
		names = append(names, f.Name)
	}
	oldFiles := claimed(names)
	backup, err := BackUpEdited(old, edited, time.Now(), func(n string) bool { return newFiles[n] || oldFiles[n] })
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, filepath.Base(backup)), edited, nil
}

// usersFilesFor lists what the report folder from holds that the judge did not
// write there (see usersFiles), leaving out empty folders the new report in tmp
// has too, and returns an error when the new report has a file where one of
// them is. ours is what the judge wrote in from.
func usersFilesFor(from, tmp string, newFiles map[string]bool) (keep []string, ours map[string]bool, err error) {
	ours, err = owned(from, newFiles)
	if err != nil {
		return nil, nil, fmt.Errorf("report folder %s: %w", from, err)
	}
	keep, err = usersFiles(from, ours)
	if err != nil {
		return nil, nil, fmt.Errorf("report folder %s: %w", from, err)
	}
	keep = slices.DeleteFunc(keep, func(k string) bool { // an empty folder the new report has too
		a, errA := os.Lstat(filepath.Join(tmp, k))
		b, errB := os.Lstat(filepath.Join(from, k))
		return errA == nil && errB == nil && a.IsDir() && b.IsDir()
	})
	for _, k := range keep {
		if _, err := os.Lstat(filepath.Join(tmp, k)); err == nil {
			return nil, nil, fmt.Errorf("report folder %s holds %s, which the judge did not write there, and the new report has a file of that name: "+
				"move it away and write the report again", from, filepath.Join(from, k))
		}
	}
	return keep, ours, nil
}

// folderMode are the mode bits of a folder that a folder replacing it keeps:
// its permissions, setgid (new files get the folder's group) and sticky.
const folderMode = fs.ModePerm | fs.ModeSetgid | fs.ModeSticky

// takeOver readies the new report built in tmp to take the place of the
// folder dir. Where dir exists (a report folder, or an empty folder the user
// made), tmp gets its mode (a folder made private stays so, a setgid or
// sticky one stays setgid or sticky), and tmp and everything in it get dir's
// owner and group, so that a judge run as root does not hand the user's
// folder, or the report's files in it, to root. A new folder gets 0755 and
// keeps the setgid bit a setgid parent gave it. As root, a failure to give
// the owner is returned while dir is still untouched (see filemeta.Give).
func takeOver(tmp, dir string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, os.ErrNotExist) {
		own, err := os.Lstat(tmp)
		if err != nil {
			return err
		}
		return os.Chmod(tmp, 0o755|own.Mode()&fs.ModeSetgid)
	}
	if err != nil {
		return err
	}
	if o, ok := filemeta.Of(st); ok {
		if err := filemeta.GiveTree(tmp, o); err != nil {
			return err
		}
	}
	// After the owner: a change of owner may clear the setgid bit.
	return os.Chmod(tmp, st.Mode()&folderMode)
}

// carry moves the entry rel of folder from to the same place in folder to,
// which must not have it. A folder on its way that to lacks is made with the
// mode, owner and group of the one in from, so that a user's folder stays
// theirs.
func carry(from, to, rel string) error {
	dst := filepath.Join(to, rel)
	if st, err := os.Lstat(dst); err == nil {
		if src, err := os.Lstat(filepath.Join(from, rel)); err == nil && src.IsDir() && st.IsDir() {
			return nil // an empty folder that is there already
		}
		return fmt.Errorf("%s exists", dst)
	}
	if err := mkdirsLike(from, to, filepath.Dir(rel)); err != nil {
		return err
	}
	return os.Rename(filepath.Join(from, rel), dst)
}

// mkdirsLike makes the folder rel (relative) in folder to, and those on its
// way, where missing, each with the mode, owner and group of the same folder
// in from.
func mkdirsLike(from, to, rel string) error {
	if rel == "." || rel == "" {
		return nil
	}
	if err := mkdirsLike(from, to, filepath.Dir(rel)); err != nil {
		return err
	}
	dst := filepath.Join(to, rel)
	if _, err := os.Lstat(dst); err == nil {
		return nil // not a folder: the rename into it says so
	}
	src, err := os.Lstat(filepath.Join(from, rel))
	if err != nil {
		return err
	}
	if err := os.Mkdir(dst, 0o700); err != nil {
		return err
	}
	if o, ok := filemeta.Of(src); ok {
		if err := filemeta.Give(dst, o); err != nil {
			return err
		}
	}
	return os.Chmod(dst, src.Mode()&folderMode)
}

// fillEmpty moves the report built in tmp into the empty folder dir, entry by
// entry in fillSteps, and removes tmp; on failure it takes back what it
// moved, leaving dir empty.
func fillEmpty(tmp, dir string) error {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return fmt.Errorf("write report %s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	var done []fillStep
	for _, st := range fillSteps(names) {
		if st.kind == dropMarker {
			if err := st.do(tmp, dir); err != nil {
				return fmt.Errorf("report %s written, but removing %s: %w", dir, filepath.Join(tmp, MarkerName), err)
			}
			continue
		}
		if err := st.do(tmp, dir); err != nil {
			for _, back := range done {
				back.undo(tmp, dir)
			}
			return fmt.Errorf("move report into %s: %w", dir, err)
		}
		done = append(done, st)
	}
	if err := os.Remove(tmp); err != nil {
		return fmt.Errorf("report %s written, but removing %s: %w", dir, tmp, err)
	}
	return nil
}

// fillStep is one step of filling an empty folder with a report built in a
// temporary folder.
type fillStep struct {
	kind fillKind
	name string // the entry of the temporary folder
}

type fillKind int

const (
	// linkMarker links the marker into the folder (moves it there where the
	// file system has no hard links).
	linkMarker fillKind = iota
	// move moves an entry into the folder.
	move
	// dropMarker removes the marker from the temporary folder, where it is
	// still.
	dropMarker
)

// fillSteps are the steps of filling an empty folder with the entries names
// of a temporary folder: the marker is linked into the folder first and
// leaves the temporary folder last, so that a fill killed after any step
// (kill -9) leaves both folders carrying it: the folder is a report folder,
// and recoverStale knows what is left of the temporary one for the judge's.
func fillSteps(names []string) []fillStep {
	steps := []fillStep{{linkMarker, MarkerName}}
	for _, n := range names {
		if n != MarkerName {
			steps = append(steps, fillStep{move, n})
		}
	}
	return append(steps, fillStep{dropMarker, MarkerName})
}

// do takes the step from the temporary folder tmp to the folder dir.
func (st fillStep) do(tmp, dir string) error {
	from, to := filepath.Join(tmp, st.name), filepath.Join(dir, st.name)
	switch st.kind {
	case linkMarker:
		if os.Link(from, to) == nil {
			return nil
		}
		return os.Rename(from, to)
	case dropMarker:
		if err := os.Remove(from); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return os.Rename(from, to)
}

// undo takes back a step done.
func (st fillStep) undo(tmp, dir string) {
	from, to := filepath.Join(tmp, st.name), filepath.Join(dir, st.name)
	if _, err := os.Lstat(from); st.kind == linkMarker && err == nil {
		_ = os.Remove(to) // linked: tmp has it still
		return
	}
	_ = os.Rename(to, from)
}

// absFolder is dir made absolute (or only cleaned, if that fails).
func absFolder(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return filepath.Clean(dir)
}

// claimed is the set of slash-separated paths a report of the files names
// occupies: the files and the folders on their way.
func claimed(names []string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		for p := n; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			set[p] = true
		}
	}
	return set
}

// owned is what the judge wrote in the report folder dir, by its marker: the
// files the marker lists (and the folders on their way) and the marker itself.
// A marker that lists no files (from an older judge, which wrote only the run
// id) claims only what the report about to be written has, newFiles: those
// names are replaced, everything else in the folder is the user's. A folder
// without a marker claims nothing.
func owned(dir string, newFiles map[string]bool) (map[string]bool, error) {
	data, err := regular.ReadFile(filepath.Join(dir, MarkerName))
	if errors.Is(err, os.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := ParseMarker(data)
	if len(m.Files) == 0 {
		return newFiles, nil
	}
	names := []string{MarkerName}
	for _, f := range m.Files {
		names = append(names, f.Name)
	}
	return claimed(names), nil
}

// usersFiles lists, as paths relative to the report folder dir, what dir holds
// that ours (see owned) does not claim: the files (and empty folders) a user
// added to a report.
func usersFiles(dir string, ours map[string]bool) ([]string, error) {
	var keep []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
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

// removeOurs removes from folder the files ours claims, then the folders left
// empty, then folder itself, in removalOrder: the marker goes only once
// nothing else of the judge's is left. Anything else is left where it is, and
// the error names it and folder.
func removeOurs(folder string, ours map[string]bool) error {
	files, dirs, err := ourEntries(folder, ours)
	if err != nil {
		return fmt.Errorf("removing the old report %s: %w", folder, err)
	}
	isDir := map[string]bool{}
	for _, d := range dirs {
		isDir[d] = true
	}
	for _, rel := range removalOrder(files, dirs) {
		p := filepath.Join(folder, filepath.FromSlash(rel))
		if isDir[rel] {
			_ = os.Remove(p) // fails, as it should, on a folder still holding something
			continue
		}
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("removing the old report %s: %w", folder, err)
		}
	}
	_ = os.Remove(folder)
	if _, err := os.Lstat(folder); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	left, err := usersFiles(folder, nil)
	if err != nil || len(left) == 0 {
		return fmt.Errorf("could not remove the old report %s (%v)", folder, err)
	}
	return fmt.Errorf("left %s in place: it holds %s, which judge did not write", folder, filepath.Join(folder, left[0]))
}

// ourEntries are the files in folder that ours claims and every folder in it
// (not folder itself), as slash-separated paths relative to it.
func ourEntries(folder string, ours map[string]bool) (files, dirs []string, err error) {
	err = filepath.WalkDir(folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(folder, p)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			dirs = append(dirs, rel)
		case ours[rel]:
			files = append(files, rel)
		}
		return nil
	})
	return files, dirs, err
}

// removalOrder is the order in which removeOurs removes the files and folders
// (slash-separated paths relative to the folder it empties) it found: the
// files, then the folders deepest first, then the marker (MarkerName at the
// top) last of all. A removal killed half-way (kill -9) then leaves a folder
// that still holds the marker while anything else of the judge's is in it,
// which is how recoverStale knows it for the judge's and finishes the job.
func removalOrder(files, dirs []string) []string {
	order := make([]string, 0, len(files)+len(dirs))
	marker := false
	for _, f := range files {
		if f == MarkerName {
			marker = true
			continue
		}
		order = append(order, f)
	}
	deepFirst := slices.Clone(dirs)
	// A folder sorts before what it holds: reversed, what it holds comes first.
	slices.Sort(deepFirst)
	slices.Reverse(deepFirst)
	order = append(order, deepFirst...)
	if marker {
		order = append(order, MarkerName)
	}
	return order
}

// recoverStale mends what a killed write of the report folder dir left beside
// it, with the lock held (so no temporary folder found is another writer's):
// when dir is missing and a moved-aside old report (.NAME.tmp-N.old) is there,
// it is put back; the user's files in any other old report are carried into dir
// and the rest of it removed; temporary folders of new reports (.NAME.tmp-N) are
// removed. Only folders holding the judge's marker are touched (an empty
// temporary or old folder is removed too: the judge's marker is the last
// thing it removes from one, see removalOrder); note says what was done and
// what was left.
func recoverStale(dir string, newFiles map[string]bool, note func(string)) error {
	parent := filepath.Dir(dir)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return fmt.Errorf("report folder %s: %w", dir, err)
	}
	prefix := "." + filepath.Base(dir) + ".tmp-"
	var olds, tmps []string
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || !e.IsDir() {
			continue
		}
		rest, isOld := strings.CutSuffix(rest, ".old")
		// os.MkdirTemp puts digits only where the pattern ends: a folder
		// named "r2.tmp-1" has temporary folders of its own, not r2's.
		if rest == "" || strings.Trim(rest, "0123456789") != "" {
			continue
		}
		if isOld {
			olds = append(olds, filepath.Join(parent, name))
		} else {
			tmps = append(tmps, filepath.Join(parent, name))
		}
	}
	hasMarker := func(folder string) bool {
		st, err := os.Lstat(filepath.Join(folder, MarkerName))
		return err == nil && st.Mode().IsRegular()
	}
	for _, t := range tmps {
		if !hasMarker(t) {
			if os.Remove(t) != nil { // only when empty
				note(fmt.Sprintf("left %s alone: it looks like a temporary folder of an interrupted report but holds no %s", t, MarkerName))
			}
			continue
		}
		ours, err := owned(t, newFiles)
		if err == nil {
			err = removeOurs(t, ours)
		}
		if err != nil {
			note(fmt.Sprintf("could not remove %s, left by an interrupted report: %v", t, err))
			continue
		}
		note(fmt.Sprintf("removed %s, left by an interrupted report", t))
	}
	for _, o := range olds {
		if !hasMarker(o) {
			if os.Remove(o) == nil { // only when empty: killed after its marker went
				continue
			}
			note(fmt.Sprintf("left %s alone: it looks like the old report of an interrupted write but holds no %s", o, MarkerName))
			continue
		}
		if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
			if err := os.Rename(o, dir); err != nil {
				return fmt.Errorf("report folder %s is missing and putting back %s, where an interrupted write left it, failed: %w", dir, o, err)
			}
			note(fmt.Sprintf("put back %s, which an interrupted write had left in %s", dir, o))
			continue
		}
		if !hasMarker(dir) {
			note(fmt.Sprintf("left %s alone: it holds an old report of %s, which is no report folder now", o, dir))
			continue
		}
		ours, err := owned(o, newFiles)
		if err != nil {
			return fmt.Errorf("report folder %s: %w", o, err)
		}
		// A file of the old report edited since judge wrote it is the
		// user's: moved into a backup folder, which is carried over below.
		listed, _, err := markerFiles(o)
		var edited []string
		if err == nil {
			edited, err = EditedFiles(o, listed)
		}
		if err == nil && len(edited) > 0 {
			var backup string
			backup, err = BackUpEdited(o, edited, time.Now(), func(n string) bool {
				_, inDir := os.Lstat(filepath.Join(dir, n))
				return ours[n] || newFiles[n] || inDir == nil
			})
			if err == nil {
				note(fmt.Sprintf("found in %s, left by an interrupted write, what you had edited since judge wrote it (%s): moving it into %s",
					o, ListNames(edited), filepath.Join(dir, filepath.Base(backup))))
			}
		}
		if err != nil {
			note(fmt.Sprintf("left %s, left by an interrupted write, alone: %v", o, err))
			continue
		}
		keep, err := usersFiles(o, ours)
		if err != nil {
			return fmt.Errorf("report folder %s: %w", o, err)
		}
		for _, k := range keep {
			if err := carry(o, dir, k); err != nil {
				note(fmt.Sprintf("could not move %s, left by an interrupted write, into %s (%v)", filepath.Join(o, k), dir, err))
			}
		}
		if err := removeOurs(o, ours); err != nil {
			note(fmt.Sprintf("after an interrupted write: %v", err))
			continue
		}
		note(fmt.Sprintf("moved what you had added to %s back from %s, left by an interrupted write, and removed the rest of it", dir, o))
	}
	return nil
}
