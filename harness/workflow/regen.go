package workflow

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/internal/atomicfile"
	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/problems"
)

// Answer is the reference's run on one dataset, for regen.
type Answer struct {
	Dataset problems.Dataset
	// Output is what the reference wrote; Stale says it differs from the .ans file.
	Output []byte
	Stale  bool
	// New says the dataset has no .ans file yet: WriteAnswer creates it.
	New bool
	// Failed says the .ans file must be left alone: the reference did not finish
	// normally (Outcome says how) or wrote nothing where the answer holds
	// something. Reason says which, in a phrase.
	Failed  bool
	Outcome problems.Outcome
	Reason  string
}

// ErrReferenceCE is returned by Regen when the reference does not compile.
var ErrReferenceCE = errors.New("does not compile")

// ErrAnswerSkipped is wrapped by the error of WriteAnswer when it left a stale
// .ans file as it is rather than risk the user's file; the error says why.
var ErrAnswerSkipped = errors.New("left as it is")

// Regen runs the reference of p (solutions/SLUG/REFERENCE under root) on every
// dataset of the problem's own groups (those p.Datasets returns: problem.yaml's
// groups, else sample and secret; other folders under data/ are not the
// reference's to rewrite) and returns, dataset by dataset, whether its .ans is
// stale. A run that ends abnormally, or that writes nothing (or only white
// space) where the .ans holds something, is Failed: an empty output is a
// broken reference far more often than a true answer. An input without its
// .ans (when p is a problems.AnswerLister, as every problem in a folder is) is
// listed too, New, and its run, like that on an empty .ans, is not checked:
// there is nothing to check it against yet; an empty output there is Failed
// too. Regen writes nothing (see WriteAnswer). Interactive problems have no
// answers to regenerate: Regen returns none.
func Regen(ctx context.Context, root string, b *build.Builder, judge JudgeFunc, p problems.Problem, limits problems.Limits, rel func(string) string) ([]Answer, error) {
	meta := p.Meta()
	if meta.IO == problems.InteractIO {
		return nil, nil
	}
	list := p.Datasets
	if al, ok := p.(problems.AnswerLister); ok {
		list = al.DatasetsToAnswer
	}
	all, err := list()
	if err != nil {
		return nil, fmt.Errorf("datasets of %s: %w", meta.Slug, err)
	}
	src := filepath.Join(root, "solutions", meta.Slug, meta.Reference)
	if rel != nil {
		src = rel(src)
	}
	progs, err := Build(ctx, b, []string{src})
	if err != nil {
		return nil, err
	}
	if progs[0].CompileError != "" {
		return nil, fmt.Errorf("reference %s %w:\n%s", progs[0].Source, ErrReferenceCE, progs[0].CompileError)
	}
	tasks := Tasks(p, limits, progs, all, true, 1)
	for i := range tasks {
		d := all[i]
		tasks[i].Unchecked = d.Unanswered || d.ReadMax == 0 && len(bytes.TrimSpace(d.Answer)) == 0
	}
	results := judge(ctx, tasks)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]Answer, len(results))
	for i, r := range results {
		d := all[i]
		if d.ReadMax != 0 { // read when judged: compared and written below
			ans, err := d.ReadAnswer()
			if err != nil {
				out[i] = Answer{Dataset: d, Output: r.Output, Outcome: r.Outcome, Failed: true, Reason: err.Error()}
				continue
			}
			d.Answer, d.ReadMax = ans, 0
		}
		out[i] = judgeAnswer(d, r.Output, r.Outcome)
	}
	return out, nil
}

// judgeAnswer says whether the reference's output on d may replace d's answer.
func judgeAnswer(d problems.Dataset, output []byte, o problems.Outcome) Answer {
	a := Answer{Dataset: d, Output: output, Outcome: o, New: d.Unanswered}
	switch {
	case !FinishedNormally(o.Verdict):
		a.Failed = true
		a.Reason = fmt.Sprintf("reference got %s (%s)", o.Verdict, o.Message)
	case d.Unanswered && len(bytes.TrimSpace(output)) == 0:
		a.Failed = true
		a.Reason = fmt.Sprintf("reference wrote nothing (%s); no answer file made (if nothing is the answer, make an empty one by hand)", o.Verdict)
	case len(bytes.TrimSpace(output)) == 0 && len(bytes.TrimSpace(d.Answer)) > 0:
		a.Failed = true
		a.Reason = fmt.Sprintf("reference wrote nothing (%s), the answer holds %d bytes", o.Verdict, len(d.Answer))
	default:
		a.Stale = d.Unanswered || !bytes.Equal(output, d.Answer)
	}
	return a
}

// RegenBackupDir is the folder under the state folder where one regen of the
// problem slug keeps a copy of every answer it replaces:
// STATE/regen/STAMP/SLUG, STAMP being now in UTC to the nanosecond. Nothing is
// created until WriteAnswer needs it.
func RegenBackupDir(state, slug string, now time.Time) string {
	return filepath.Join(state, "regen", now.UTC().Format("20060102T150405.000000000Z"), slug)
}

// BackupPath is where WriteAnswer copies the answer of d under backup: its
// path below data/ (GROUP/NAME.ans), so that the copies can be put back as
// they are.
func BackupPath(backup string, d problems.Dataset) (string, error) {
	rel := filepath.FromSlash(d.Name) + ".ans"
	if !filepath.IsLocal(rel) {
		return "", fmt.Errorf("dataset %q: not a path below data/, no place for its backup", d.Name)
	}
	return filepath.Join(backup, rel), nil
}

// WriteAnswer replaces a's .ans file with a.Output, through a temporary file
// and a rename (the file keeps its mode, owner and group; see
// atomicfile.Write), after copying its old content to BackupPath(backup,
// a.Dataset). It leaves the file as it is, with an error wrapping
// ErrAnswerSkipped, when the file is not a regular file (a symbolic link is
// not replaced by a plain file), has more than one name (a hard link: the new
// file would have this name only, and the others would silently keep the old
// answer) or no longer holds what Regen read (an edit made meanwhile is kept).
// Any other error means the .ans was not replaced. A New answer is created
// whole or not at all, never over a file made since Regen listed the dataset
// (left as it is, with an error wrapping ErrAnswerSkipped), and owned by the
// owner of its folder; nothing is backed up.
func WriteAnswer(a Answer, backup string) error {
	path := a.Dataset.AnsPath
	if a.New {
		return createAnswer(path, a.Output)
	}
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return fmt.Errorf("regen: %w", err)
	case st.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("%s: a symbolic link, not replaced by a plain file: %w (update what it names by hand)", path, ErrAnswerSkipped)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s: not a regular file (%v): %w", path, st.Mode().Type(), ErrAnswerSkipped)
	case filemeta.Links(st) > 1:
		return fmt.Errorf("%s: has %d names (hard links), and a new file would replace this one only: %w (update it by hand to keep the others in step)",
			path, filemeta.Links(st), ErrAnswerSkipped)
	}
	current, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("regen: %w", err)
	}
	if !bytes.Equal(current, a.Dataset.Answer) {
		return fmt.Errorf("%s: changed since regen read it: %w (run regen again to compare)", path, ErrAnswerSkipped)
	}
	dest, err := BackupPath(backup, a.Dataset)
	if err != nil {
		return fmt.Errorf("regen %s: %w", path, err)
	}
	if err := writeNew(dest, current); err != nil {
		return fmt.Errorf("regen %s: backing up the old answer: %w", path, err)
	}
	if err := atomicfile.Write(path, a.Output); err != nil {
		return fmt.Errorf("regen: %w", err)
	}
	return nil
}

// createAnswer makes the new answer file path holding data (see WriteAnswer).
func createAnswer(path string, data []byte) error {
	dir, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("regen: %w", err)
	}
	if err := atomicfile.Create(path, data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: made since regen listed it: %w (run regen again to compare)", path, ErrAnswerSkipped)
		}
		return fmt.Errorf("regen: %w", err)
	}
	// The judge may run as root in a user's project: the answer is the
	// folder owner's, as the files beside it are.
	if o, ok := filemeta.Of(dir); ok {
		if err := filemeta.Give(path, o); err != nil {
			os.Remove(path)
			return fmt.Errorf("regen: %w", err)
		}
	}
	return nil
}

// writeNew writes data to a new file at path, making its folders, and syncs
// it; it never replaces a file, and removes what it wrote when it fails.
func writeNew(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return err
	}
	return nil
}
