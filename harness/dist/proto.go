package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/judgehq/judge/problems"
)

// The names of the streams, consumers and buckets the judge keeps on a NATS server.
const (
	JobsStream     = "JUDGE_JOBS"     // work queue: one message per job
	ResultsStream  = "JUDGE_RESULTS"  // results, kept until the coordinator has them
	WorkersDurable = "judge-workers"  // the workers' shared pull consumer on JobsStream
	BlobBucket     = "judge_blobs"    // object store: sources, problem folders, tables
	WorkerBucket   = "judge_workers"  // key-value: each live worker's advertisement
	jobSubject     = "judge.jobs."    // + run id
	resultSubject  = "judge.results." // + run id
)

// Job is one run of one submission on one dataset. Everything it needs beyond the
// job itself is named by content hash and fetched from the blob store.
type Job struct {
	// ID is unique in the run: problem/submission/dataset/attempt.
	ID  string `json:"id"`
	Run string `json:"run"`
	// Problem is the problem's slug; ProblemBlob the hash of its folder's archive.
	Problem     string `json:"problem"`
	ProblemBlob string `json:"problem_blob"`
	// Submission is the display name (an entrant); Source what the user gave;
	// SourceBlob the hash of the file or folder's archive; SourceName the file or
	// folder name it is unpacked under (the language is found from it); Language an
	// explicit language, Command a command line instead of a source.
	Submission string `json:"submission"`
	Source     string `json:"source"`
	SourceBlob string `json:"source_blob,omitempty"`
	SourceName string `json:"source_name,omitempty"`
	SourceDir  bool   `json:"source_dir,omitempty"`
	Language   string `json:"language,omitempty"`
	Command    string `json:"command,omitempty"`
	// LanguagesBlob is the hash of a language table laid over the built-in one
	// ("" for none).
	LanguagesBlob string           `json:"languages_blob,omitempty"`
	Dataset       string           `json:"dataset"`
	Attempt       int              `json:"attempt"`
	Limits        problems.Limits  `json:"limits"`
	Published     time.Time        `json:"published"`
	Extra         *json.RawMessage `json:"extra,omitempty"`
}

// blobName is what a blob is called: its content hash (Blobs.Put).
var blobName = regexp.MustCompile(`^sha256-[0-9a-f]{64}$`)

// Check reports what in j a worker must not act on. A job names files the
// worker fetches and unpacks into its cache: the blobs by their hash, the
// problem and the source by one plain name each, so that no job, whoever
// published it, makes a worker write or read outside its cache.
func (j Job) Check() error {
	for _, b := range []struct{ field, value string }{{"problem_blob", j.ProblemBlob}, {"source_blob", j.SourceBlob}, {"languages_blob", j.LanguagesBlob}} {
		if (b.value != "" || b.field == "problem_blob") && !blobName.MatchString(b.value) {
			return fmt.Errorf("%s %q is not a blob's name (sha256-HEX)", b.field, b.value)
		}
	}
	for _, n := range []struct{ field, value string }{{"problem", j.Problem}, {"source_name", j.SourceName}} {
		if n.value == "" && n.field == "source_name" && j.SourceBlob == "" {
			continue
		}
		if n.value == "" || n.value == "." || n.value == ".." || strings.ContainsAny(n.value, "/\\\x00") {
			return fmt.Errorf("%s %q is not a plain file name", n.field, n.value)
		}
	}
	return nil
}

// JobID returns the id of the job for a problem, submission, dataset and attempt.
func JobID(problem, submission, dataset string, attempt int) string {
	return fmt.Sprintf("%s/%s/%s/%d", problem, submission, dataset, attempt)
}

// Result is what a worker publishes for a job.
type Result struct {
	JobID  string          `json:"job_id"`
	Worker string          `json:"worker"`
	Tries  int             `json:"tries"` // deliveries of the job so far
	Result problems.Result `json:"result"`
	// Output and Stderr carry Result.KeptOutput and Result.StderrTail, which
	// problems.Result leaves out of its JSON.
	Output []byte    `json:"output,omitempty"`
	Stderr string    `json:"stderr,omitempty"`
	Done   time.Time `json:"done"`
	// Published is when the job was published (for the broker path's overhead).
	Published time.Time        `json:"published,omitempty"`
	Extra     *json.RawMessage `json:"extra,omitempty"`
}

// WorkerInfo is what a worker advertises while it runs.
type WorkerInfo struct {
	ID          string    `json:"id"`
	Host        string    `json:"host"`
	Fingerprint string    `json:"fingerprint"` // OS, architecture, CPU model, cores
	Jobs        int       `json:"jobs"`        // jobs at once
	Languages   []string  `json:"languages"`   // languages whose toolchain it has
	Started     time.Time `json:"started"`
	Seen        time.Time `json:"seen"`
	Judged      int64     `json:"judged"`
}

// Config sets how jobs are delivered.
type Config struct {
	// AckWait is how long a job may go unacknowledged (with no sign of progress)
	// before it is delivered to another worker. Workers signal progress every
	// AckWait/3 while they judge, so only a dead or frozen worker lets it pass.
	AckWait time.Duration
	// MaxTries is how many deliveries a job gets before it is a judge error.
	MaxTries int
}

// DefaultConfig is what the judge uses unless told otherwise.
var DefaultConfig = Config{AckWait: 30 * time.Second, MaxTries: 3}

func (c Config) withDefaults() Config {
	if c.AckWait <= 0 {
		c.AckWait = DefaultConfig.AckWait
	}
	if c.MaxTries <= 0 {
		c.MaxTries = DefaultConfig.MaxTries
	}
	return c
}

// Setup creates (or updates) the streams, the workers' consumer and the buckets.
// Coordinators and workers both call it, so either may start first.
func Setup(ctx context.Context, js jetstream.JetStream, cfg Config) error {
	cfg = cfg.withDefaults()
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: JobsStream, Subjects: []string{jobSubject + ">"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage,
		Duplicates: time.Hour, // a resumed coordinator republishes without doubling
	}); err != nil {
		return fmt.Errorf("creating stream %s: %w", JobsStream, err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: ResultsStream, Subjects: []string{resultSubject + ">"},
		Storage: jetstream.FileStorage, MaxAge: 30 * 24 * time.Hour,
		Duplicates: 10 * time.Minute,
	}); err != nil {
		return fmt.Errorf("creating stream %s: %w", ResultsStream, err)
	}
	// One delivery beyond MaxTries: the worker that receives it reports the judge
	// error without running the job again.
	if _, err := js.CreateOrUpdateConsumer(ctx, JobsStream, jetstream.ConsumerConfig{
		Durable: WorkersDurable, AckPolicy: jetstream.AckExplicitPolicy,
		AckWait: cfg.AckWait, MaxDeliver: cfg.MaxTries + 1, MaxAckPending: 10000,
	}); err != nil {
		return fmt.Errorf("creating consumer %s: %w", WorkersDurable, err)
	}
	if _, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: BlobBucket, Storage: jetstream.FileStorage,
	}); err != nil {
		return fmt.Errorf("creating object store %s: %w", BlobBucket, err)
	}
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: WorkerBucket, TTL: time.Minute, Storage: jetstream.MemoryStorage,
	}); err != nil {
		return fmt.Errorf("creating key-value bucket %s: %w", WorkerBucket, err)
	}
	return nil
}

// subjectToken makes a run id safe as one token of a subject.
func subjectToken(run string) (string, error) {
	if run == "" || strings.ContainsAny(run, ".*> \t\r\n") {
		return "", fmt.Errorf("run id %q cannot be a subject token", run)
	}
	return run, nil
}

// ErrNotReady is returned when the server has no JetStream.
var ErrNotReady = errors.New("the NATS server has no JetStream (start it with -js, or use judge broker)")
