package workflow

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/contest"
	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/internal/clip"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

// Executor judges the jobs a worker receives with the same code as a local run:
// it opens the problem from its fetched folder, builds the source with a
// content-hash cache shared by every job of the worker, judges the one dataset and
// adds the diff of a WA or PE as a local session does. It implements dist.Executor
// and is safe for concurrent use.
type Executor struct {
	Env *Env // its Builder's cache folder is the worker's build cache

	mu       sync.Mutex
	builders map[string]*build.Builder // by language table file ("" for the built-in one)
	programs map[string]*builtProgram  // by source, language, command and table
	problems map[string]*openedProblem // by problem folder
}

// builtProgram is a submission built once for every job that names it.
type builtProgram struct {
	once sync.Once
	prog *build.Program
	err  error
}

type openedProblem struct {
	p        problems.Problem
	datasets map[string]problems.Dataset
}

// Execute judges one job.
func (x *Executor) Execute(ctx context.Context, job dist.Job, in dist.Inputs) (problems.Result, error) {
	op, err := x.problem(ctx, in.ProblemDir)
	if err != nil {
		return problems.Result{}, err
	}
	ds, ok := op.datasets[job.Dataset]
	if !ok {
		return problems.Result{}, fmt.Errorf("problem %s has no dataset %q", job.Problem, job.Dataset)
	}
	prog, err := x.program(ctx, job, in)
	if err != nil {
		return problems.Result{}, err
	}
	named := *prog
	named.Name, named.Source = job.Submission, job.Source
	pool := &judging.Judge{Runner: x.Env.Runner, Scratch: filepath.Join(x.Env.State, "tmp"), Jobs: 1}
	out := pool.Judge(ctx, []judging.Task{{Problem: op.p, Limits: job.Limits, Program: &named, Dataset: ds, Attempt: job.Attempt}}, nil)
	r := out[0]
	if r.Interrupted {
		return problems.Result{}, fmt.Errorf("job %s interrupted: %v", job.ID, ctx.Err())
	}
	if v := r.Outcome.Verdict; (v == problems.WA || v == problems.PE) && r.Output != nil {
		if ans, err := ds.AnswerPrefix(diffAnswerBytes(r.Output)); err == nil {
			r.Diff = reports.UnifiedDiff("expected", "output", ans, r.Output, diffLimit)
		}
	}
	return r.Result, nil
}

// program builds the job's submission once per worker: a blob is named by its
// content, so every job naming the same blobs, language and command line runs the
// same program. (A Go package would otherwise be compiled again for each job.)
func (x *Executor) program(ctx context.Context, job dist.Job, in dist.Inputs) (*build.Program, error) {
	key := job.SourceBlob + "\x00" + job.SourceName + "\x00" + job.Language + "\x00" + job.Command + "\x00" + job.LanguagesBlob
	x.mu.Lock()
	if x.programs == nil {
		x.programs = map[string]*builtProgram{}
	}
	bp, ok := x.programs[key]
	if !ok {
		bp = &builtProgram{}
		x.programs[key] = bp
	}
	x.mu.Unlock()
	bp.once.Do(func() { bp.prog, bp.err = x.build(ctx, job, in) })
	if bp.err != nil {
		// A failure to build (not a compile error, which is a program) is not
		// kept: the next job tries again.
		x.mu.Lock()
		delete(x.programs, key)
		x.mu.Unlock()
	}
	return bp.prog, bp.err
}

// build builds the job's submission from its fetched inputs.
func (x *Executor) build(ctx context.Context, job dist.Job, in dist.Inputs) (*build.Program, error) {
	b, err := x.builder(in.Languages)
	if err != nil {
		return nil, err
	}
	var prog *build.Program
	if job.Command != "" {
		prog, err = b.Command(job.Command)
	} else {
		if job.SourceDir {
			if err := ensureGoModule(in.Source); err != nil {
				return nil, err
			}
		} else {
			// A blob is content only: a fetched file may be a binary or a script
			// run as it is, as the user's file was.
			if err := os.Chmod(in.Source, 0o755); err != nil {
				return nil, fmt.Errorf("source %s: %w", in.Source, err)
			}
		}
		prog, err = b.BuildAs(ctx, in.Source, job.Language)
	}
	if err != nil {
		return nil, fmt.Errorf("building %s: %w", job.Source, err)
	}
	return prog, nil
}

// ensureGoModule gives a fetched folder of Go files a go.mod of its own when it
// has none: at home it was built inside the user's module, here it stands alone.
// A package importing other packages of the user's module cannot be built so.
func ensureGoModule(dir string) error {
	gos, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(gos) == 0 {
		return nil
	}
	mod := filepath.Join(dir, "go.mod")
	if _, err := os.Stat(mod); err == nil {
		return nil
	}
	if err := os.WriteFile(mod, []byte("module submission\n\ngo 1.22\n"), 0o644); err != nil {
		return fmt.Errorf("source %s: %w", dir, err)
	}
	return nil
}

// problem opens a fetched problem folder once and keeps its datasets by name.
func (x *Executor) problem(ctx context.Context, dir string) (*openedProblem, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if op, ok := x.problems[dir]; ok {
		return op, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("problem folder %s: %w", dir, err)
	}
	// A package's own validators run here, built and jailed as the worker's
	// submissions are; its time limit comes with each job.
	p, err := x.Env.OpenProblem(ctx, abs, false)
	if err != nil {
		return nil, err
	}
	groups, err := p.Datasets()
	if err != nil {
		return nil, fmt.Errorf("datasets of %s: %w", p.Meta().Slug, err)
	}
	op := &openedProblem{p: p, datasets: map[string]problems.Dataset{}}
	for _, d := range groups {
		op.datasets[d.Name] = d
	}
	if x.problems == nil {
		x.problems = map[string]*openedProblem{}
	}
	x.problems[dir] = op
	return op, nil
}

// builder returns the builder for a language table laid over the built-in one.
func (x *Executor) builder(languages string) (*build.Builder, error) {
	if languages == "" {
		return x.Env.Builder, nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if b, ok := x.builders[languages]; ok {
		return b, nil
	}
	langs, err := build.LoadLanguages(languages)
	if err != nil {
		return nil, err
	}
	b := &build.Builder{Cache: x.Env.Builder.Cache, Languages: langs, Jail: x.Env.Builder.Jail}
	if x.builders == nil {
		x.builders = map[string]*build.Builder{}
	}
	x.builders[languages] = b
	return b, nil
}

// Toolchains returns the names of the languages whose compiler or runner is on
// this machine's PATH.
func (e *Env) Toolchains() []string {
	var out []string
	for _, l := range e.Builder.Languages.All() {
		if _, ok := l.Toolchain(); ok {
			out = append(out, l.Name)
		}
	}
	return out
}

// RemotePlan is a contest ready to be judged by workers: its configuration (as a
// local run stores it), its problems' metadata and one job per entrant, problem
// and dataset. Nothing is built on this machine.
type RemotePlan struct {
	Contest *contest.Contest
	Config  RunConfig
	Jobs    []dist.Job
}

// PlanRemoteContest reads a contest file, opens its problems under e.Root and
// uploads every problem folder, every submission (a file or a folder; a command
// line travels in the job) and the language table (languages, "" for none) to
// blobs by content hash. Errors name the file and line.
//
// A job is one submission on one dataset: the unit a local run schedules too, so
// the same number of workers keeps the same number of runs busy, a slow entrant
// spreads over every worker instead of holding one, and a worker that dies loses
// one run's work, not a whole problem's.
func PlanRemoteContest(ctx context.Context, e *Env, blobs *dist.Blobs, file, languages string) (*RemotePlan, error) {
	def, err := contest.Load(file)
	if err != nil {
		return nil, err
	}
	plan := &RemotePlan{Contest: def,
		Config: RunConfig{File: file, Name: def.Name, Rule: def.Standings, Entrants: def.EntrantNames(),
			Fingerprints: map[string]string{}, Sources: map[string]string{},
			Languages: languagesFingerprint(e.Builder.Languages)}}
	var langBlob string
	if languages != "" {
		langs, err := build.LoadLanguages(languages)
		if err != nil {
			return nil, err
		}
		plan.Config.Languages = languagesFingerprint(langs)
		if langBlob, err = blobs.PutFile(ctx, languages); err != nil {
			return nil, fmt.Errorf("uploading %s: %w", languages, err)
		}
	}
	slugs := slugClaims{}
	for _, cp := range def.Problems {
		name := cp.Slug
		dir := filepath.Join(e.Root, "problems", cp.Slug)
		if name == "" {
			name = def.Resolve(cp.Path)
			dir = name
		}
		p, err := e.OpenProblem(ctx, name, true)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:%d: %w", file, cp.Line, cp.Column, err)
		}
		meta := p.Meta()
		if err := slugs.claim(file, cp, meta.Slug); err != nil {
			return nil, err
		}
		ds, err := p.Datasets()
		if err != nil {
			return nil, fmt.Errorf("datasets of %s: %w", meta.Slug, err)
		}
		limits := cp.Limits.Apply(meta.Limits)
		plan.Config.Problems = append(plan.Config.Problems, meta)
		plan.Config.Fingerprints[meta.Slug] = fingerprint(meta, limits, ds)
		if meta.Score.Ranking == problems.RankPenalty {
			plan.Config.ChallengeLog = append(plan.Config.ChallengeLog, meta.Slug)
		}
		pblob, err := blobs.PutDir(ctx, dir)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:%d: uploading problem folder %s: %w", file, cp.Line, cp.Column, dir, err)
		}
		for _, ent := range def.Entrants {
			sub, ok := ent.For(cp.Key())
			if !ok {
				continue
			}
			base := dist.Job{Problem: meta.Slug, ProblemBlob: pblob, Submission: ent.Name,
				Language: sub.Language, Command: sub.Command, LanguagesBlob: langBlob, Limits: limits}
			if sub.Command != "" {
				base.Source = sub.Command
			} else {
				src := def.Resolve(sub.Path)
				base.Source, base.SourceName = src, filepath.Base(filepath.Clean(src))
				st, err := os.Stat(src)
				if err != nil {
					return nil, fmt.Errorf("%s:%d:%d: %s: %w", file, sub.Line, sub.Column, ent.Name, err)
				}
				if st.IsDir() {
					base.SourceDir = true
					base.SourceBlob, err = blobs.PutDir(ctx, src)
				} else {
					base.SourceBlob, err = blobs.PutFile(ctx, src)
				}
				if err != nil {
					return nil, fmt.Errorf("%s:%d:%d: %s: uploading %s: %w", file, sub.Line, sub.Column, ent.Name, src, err)
				}
			}
			plan.Config.Sources[meta.Slug+"/"+ent.Name] = sourceKey(base)
			for _, d := range ds {
				j := base
				j.Dataset, j.ID = d.Name, dist.JobID(meta.Slug, ent.Name, d.Name, 0)
				plan.Jobs = append(plan.Jobs, j)
			}
		}
	}
	return plan, nil
}

// Distribute publishes jobs for the session's run to the workers and stores every
// result the moment it arrives, from this one goroutine: a job delivered twice
// (its worker died after publishing) is stored once, keyed by problem, submission,
// dataset and attempt. onResult (may be nil) sees each stored result (progress).
// It returns when every job has a result or ctx ends; a coordinator stopped or
// killed before then loses nothing: the results wait in the stream for
// Distribute of the resumed run. The returned durations are, per result, the time
// from publishing its job to storing it.
func (s *Session) Distribute(ctx context.Context, coord *dist.Coordinator, jobs []dist.Job, onResult func(problems.Result)) ([]time.Duration, error) {
	coord.Run = s.ID
	if err := coord.Publish(ctx, jobs); err != nil {
		return nil, fmt.Errorf("publishing the jobs: %w", err)
	}
	want := make(map[string]bool, len(jobs))
	byID := make(map[string]dist.Job, len(jobs))
	for _, j := range jobs {
		want[j.ID] = true
		byID[j.ID] = j
	}
	var took []time.Duration
	err := coord.Collect(ctx, want, func(r dist.Result) error {
		res := storedAs(s.ID, byID[r.JobID], r)
		if s.store != nil {
			if err := s.store.Save(context.WithoutCancel(ctx), res); err != nil {
				return fmt.Errorf("saving results: %w", err)
			}
		}
		if !r.Published.IsZero() {
			took = append(took, time.Since(r.Published))
		}
		if onResult != nil {
			onResult(res)
		}
		return nil
	})
	if err != nil {
		return took, err
	}
	return took, coord.Finish(ctx)
}

// storedAs is the result r of job j as run stores it. It is stored as its job's
// whatever the worker says it is about (a bug, or a stale or hostile worker,
// could name another entrant's submission or dataset): it must not overwrite
// another result, nor leave its own job without one.
//
// Nor is the rest taken as it comes: a worker of another version, or one that
// is broken, could send what no local run makes. A verdict the judge does not
// know becomes a judge error naming the worker; message, details, diff,
// metrics, output and standard error are held to the bounds a local result
// keeps; negative figures become 0.
func storedAs(run string, j dist.Job, r dist.Result) problems.Result {
	res := r.Result
	res.Run, res.Problem, res.Submission, res.Dataset, res.Attempt = run, j.Problem, j.Submission, j.Dataset, j.Attempt
	o := &res.Outcome
	if v, ok := problems.ParseVerdict(string(o.Verdict)); !ok || v != o.Verdict {
		*o = problems.Rejected(problems.JE, "worker %s sent verdict %s, which this judge does not know",
			clip.Word(r.Worker, "characters"), clip.Word(string(o.Verdict), "characters"))
	}
	o.Message = clip.Text(o.Message, problems.MaxMessage)
	o.Details = clip.Text(o.Details, problems.MaxDetails)
	if len(o.Metrics) > maxRemoteMetrics {
		o.Metrics = o.Metrics[:maxRemoteMetrics]
	}
	for i := range o.Metrics {
		o.Metrics[i].Name = clip.Text(o.Metrics[i].Name, maxMetricName)
	}
	res.Diff = clip.Text(res.Diff, diffLimit+1<<10)
	res.Usage.CPU, res.Usage.Wall, res.Usage.PeakKiB = max(0, res.Usage.CPU), max(0, res.Usage.Wall), max(0, res.Usage.PeakKiB)
	res.Keep(r.Output, []byte(r.Stderr))
	return res
}

// Bounds of a remote result's metrics: a local checker reports a few, with
// short names.
const (
	maxRemoteMetrics = 64
	maxMetricName    = 100
)

// sourceKey is a short hash of what a job's submission is: its content (or its
// command line) and its language.
func sourceKey(j dist.Job) string {
	sum := sha256.Sum256([]byte(j.SourceBlob + "\x00" + j.Command + "\x00" + j.Language))
	return hex.EncodeToString(sum[:8])
}
