package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/judgehq/judge/problems"
)

// Inputs are the local copies of what a job names by hash.
type Inputs struct {
	ProblemDir string // the problem's folder
	Source     string // the submission's file or folder; "" for a command line
	Languages  string // a language table to lay over the built-in one; "" for none
}

// Executor judges one job on this machine. An error means the job could not be
// judged here for a reason that is not the submission's (a fetch failed, the
// machine is short of something): the job is then tried again, elsewhere if
// possible. A judgement, JE included, is a result.
type Executor interface {
	Execute(ctx context.Context, job Job, in Inputs) (problems.Result, error)
}

// Worker pulls jobs one at a time per slot and judges them.
type Worker struct {
	Info   WorkerInfo
	JS     jetstream.JetStream
	Exec   Executor
	Cache  string // folder for fetched problems, sources and tables
	Config Config
	// Logf, when set, receives one line per job and per trouble.
	Logf func(format string, args ...any)

	judged atomic.Int64
}

func (w *Worker) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}

// Run judges jobs with Info.Jobs slots until ctx ends. A job in progress when ctx
// ends is handed back for another worker.
func (w *Worker) Run(ctx context.Context) error {
	cfg := w.Config.withDefaults()
	if w.Info.Jobs < 1 {
		w.Info.Jobs = 1
	}
	if err := Setup(ctx, w.JS, cfg); err != nil {
		return err
	}
	blobs, err := OpenBlobs(ctx, w.JS)
	if err != nil {
		return err
	}
	cons, err := w.JS.Consumer(ctx, JobsStream, WorkersDurable)
	if err != nil {
		return fmt.Errorf("opening consumer %s: %w", WorkersDurable, err)
	}
	kv, err := w.JS.KeyValue(ctx, WorkerBucket)
	if err != nil {
		return fmt.Errorf("opening %s: %w", WorkerBucket, err)
	}
	w.Info.Started = time.Now().UTC()
	go w.advertise(ctx, kv)
	var wg sync.WaitGroup
	for range w.Info.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				msg, err := cons.Next(jetstream.FetchMaxWait(2 * time.Second))
				if err != nil {
					if ctx.Err() == nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, jetstream.ErrNoMessages) {
						w.logf("waiting for a job: %v", err)
						select {
						case <-ctx.Done():
						case <-time.After(time.Second):
						}
					}
					continue
				}
				w.handle(ctx, cfg, blobs, msg)
			}
		}()
	}
	wg.Wait()
	_ = kv.Delete(context.WithoutCancel(ctx), w.Info.ID)
	return nil
}

// advertise keeps the worker's entry in the workers bucket fresh.
func (w *Worker) advertise(ctx context.Context, kv jetstream.KeyValue) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		info := w.Info
		info.Seen, info.Judged = time.Now().UTC(), w.judged.Load()
		if data, err := json.Marshal(info); err == nil {
			if _, err := kv.Put(ctx, w.Info.ID, data); err != nil && ctx.Err() == nil {
				w.logf("advertising: %v", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// handle judges one delivered job and acknowledges it once its result is stored
// in the results stream.
func (w *Worker) handle(ctx context.Context, cfg Config, blobs *Blobs, msg jetstream.Msg) {
	var job Job
	if err := json.Unmarshal(msg.Data(), &job); err != nil {
		w.logf("dropping a message that is not a job: %v", err)
		_ = msg.Term()
		return
	}
	if err := job.Check(); err != nil {
		w.logf("dropping job %q: %v", job.ID, err)
		_ = msg.Term()
		return
	}
	tries := 1
	if md, err := msg.Metadata(); err == nil {
		tries = int(md.NumDelivered)
	}
	var res problems.Result
	if tries > cfg.MaxTries {
		res = failedJob(job, fmt.Sprintf("no result after %d tries: every worker that took this job died or failed on it", cfg.MaxTries))
	} else {
		jobCtx, stop := context.WithCancel(ctx)
		go keepAlive(jobCtx, msg, cfg.AckWait/3)
		var err error
		res, err = w.execute(jobCtx, blobs, job)
		stop()
		if ctx.Err() != nil {
			_ = msg.Nak() // shutting down: another worker takes it now
			return
		}
		if err != nil {
			w.logf("job %s (try %d of %d): %v", job.ID, tries, cfg.MaxTries, err)
			if tries >= cfg.MaxTries {
				res = failedJob(job, fmt.Sprintf("no result after %d tries; the last: %v", tries, err))
			} else {
				_ = msg.NakWithDelay(time.Second)
				return
			}
		}
	}
	if err := w.publish(ctx, job, tries, res); err != nil {
		w.logf("job %s: publishing the result: %v", job.ID, err)
		_ = msg.Nak()
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		// The result is stored; a redelivery is judged again and dropped as a
		// duplicate by the results stream and the coordinator.
		w.logf("job %s: acknowledging: %v", job.ID, err)
	}
	w.judged.Add(1)
	w.logf("job %s: %s", job.ID, res.Outcome.Verdict)
}

func (w *Worker) execute(ctx context.Context, blobs *Blobs, job Job) (problems.Result, error) {
	var in Inputs
	var err error
	if in.ProblemDir, err = blobs.FetchDir(ctx, job.ProblemBlob, filepath.Join(w.Cache, "problems", job.ProblemBlob, job.Problem)); err != nil {
		return problems.Result{}, err
	}
	if job.SourceBlob != "" {
		dest := filepath.Join(w.Cache, "sources", job.SourceBlob, job.SourceName)
		if job.SourceDir {
			in.Source, err = blobs.FetchDir(ctx, job.SourceBlob, dest)
		} else {
			in.Source, err = blobs.FetchFile(ctx, job.SourceBlob, dest)
		}
		if err != nil {
			return problems.Result{}, err
		}
	}
	if job.LanguagesBlob != "" {
		if in.Languages, err = blobs.FetchFile(ctx, job.LanguagesBlob, filepath.Join(w.Cache, "languages", job.LanguagesBlob+".yaml")); err != nil {
			return problems.Result{}, err
		}
	}
	res, err := w.Exec.Execute(ctx, job, in)
	if err != nil {
		return res, err
	}
	res.Run, res.Problem, res.Submission, res.Dataset, res.Attempt = job.Run, job.Problem, job.Submission, job.Dataset, job.Attempt
	return res, nil
}

// keepAlive tells the server the job is still being judged, so it is not handed
// to another worker while this one lives.
func keepAlive(ctx context.Context, msg jetstream.Msg, every time.Duration) {
	if every <= 0 {
		every = time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = msg.InProgress()
		}
	}
}

func (w *Worker) publish(ctx context.Context, job Job, tries int, res problems.Result) error {
	sub, err := subjectToken(job.Run)
	if err != nil {
		return err
	}
	data, err := json.Marshal(Result{JobID: job.ID, Worker: w.Info.ID, Tries: tries, Result: res,
		Output: res.KeptOutput, Stderr: res.StderrTail, Done: time.Now().UTC(), Published: job.Published})
	if err != nil {
		return err
	}
	m := nats.NewMsg(resultSubject + sub)
	m.Data = data
	m.Header.Set(jetstream.MsgIDHeader, job.Run+"/"+job.ID)
	_, err = w.JS.PublishMsg(ctx, m)
	return err
}

// failedJob is the judge error of a job that could not be judged.
func failedJob(job Job, why string) problems.Result {
	return problems.Result{
		Run: job.Run, Problem: job.Problem, Submission: job.Submission, Source: job.Source,
		Dataset: job.Dataset, Attempt: job.Attempt, Started: time.Now().UTC(),
		Outcome: problems.Rejected(problems.JE, "%s", why),
	}
}
