package workflow

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/internal/atomicfile"
	"github.com/judgehq/judge/problems"
)

// Answer is the reference's run on one dataset, for regen.
type Answer struct {
	Dataset problems.Dataset
	// Output is what the reference wrote; Stale says it differs from the .ans file.
	Output []byte
	Stale  bool
	// Failed says the reference did not finish normally (Outcome says how): the
	// .ans file must be left alone.
	Failed  bool
	Outcome problems.Outcome
}

// ErrReferenceCE is returned by Regen when the reference does not compile.
var ErrReferenceCE = errors.New("does not compile")

// Regen runs the reference of p (solutions/SLUG/REFERENCE under root) on every
// dataset of every group and returns, dataset by dataset, whether its .ans is
// stale. It writes nothing (see WriteAnswer). Interactive problems have no
// answers to regenerate: Regen returns none.
func Regen(ctx context.Context, root string, b *build.Builder, judge JudgeFunc, p problems.Problem, limits problems.Limits, rel func(string) string) ([]Answer, error) {
	meta := p.Meta()
	if meta.IO == problems.InteractIO {
		return nil, nil
	}
	_, all, err := AllDatasets(p)
	if err != nil {
		return nil, err
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
	results := judge(ctx, Tasks(p, limits, progs, all, true, 1))
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]Answer, len(results))
	for i, r := range results {
		a := Answer{Dataset: all[i], Output: r.Output, Outcome: r.Outcome}
		if !FinishedNormally(r.Outcome.Verdict) {
			a.Failed = true
		} else {
			a.Stale = !bytes.Equal(r.Output, all[i].Answer)
		}
		out[i] = a
	}
	return out, nil
}

// WriteAnswer replaces a dataset's .ans with data through a temporary file and a
// rename.
func WriteAnswer(a Answer) error {
	return atomicfile.Write(a.Dataset.AnsPath, a.Output)
}
