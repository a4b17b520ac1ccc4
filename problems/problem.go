// Package problems holds the problem model shared by every part of judge: what a
// problem is (Problem, Meta, Dataset), what a judged run produced (Output, Usage) and
// what the problem made of it (Verdict, Outcome).
//
// Each problem lives in its own sub-package (problems/sudoku, problems/defrag, …) next
// to its folder of data: problem.yaml, statement.md, data/sample and data/secret with
// NAME.in + NAME.ans pairs. The sub-package supplies the parts that are code: the input
// validator, the checker or scorer, the generator and, for interactive problems, the
// interactor. Nothing here starts processes; that is the harness's job.
package problems

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/judgehq/judge/internal/regular"
)

// Verdict is the judgement of one run on one dataset.
type Verdict string

// The verdicts, in the order a report lists them.
const (
	AC  Verdict = "AC"  // accepted
	WA  Verdict = "WA"  // wrong answer
	PE  Verdict = "PE"  // presentation error: right content, malformed layout
	TLE Verdict = "TLE" // time limit exceeded (CPU or wall)
	MLE Verdict = "MLE" // memory limit exceeded
	OLE Verdict = "OLE" // output limit exceeded
	RTE Verdict = "RTE" // run-time error: non-zero exit or killed by a signal
	CE  Verdict = "CE"  // compile error
	JE  Verdict = "JE"  // judge error: the judge itself failed; never the submission's fault
	// NJ: not judged. Lazy judging stopped at an earlier failed dataset of the
	// same submission; the dataset counts neither as passed nor as failed.
	NJ Verdict = "NJ"
)

// Verdicts lists every verdict.
var Verdicts = []Verdict{AC, WA, PE, TLE, MLE, OLE, RTE, CE, JE, NJ}

// ParseVerdict reads a verdict by its short name (AC, WA, …) or by the name of the
// folder that holds programs expected to get it (accepted, wrong_answer, …).
func ParseVerdict(s string) (Verdict, bool) {
	switch s {
	case "AC", "accepted":
		return AC, true
	case "WA", "wrong_answer":
		return WA, true
	case "PE", "presentation_error":
		return PE, true
	case "TLE", "time_limit_exceeded":
		return TLE, true
	case "MLE", "memory_limit_exceeded":
		return MLE, true
	case "OLE", "output_limit_exceeded":
		return OLE, true
	case "RTE", "run_time_error":
		return RTE, true
	case "CE", "compile_error":
		return CE, true
	case "JE", "judge_error":
		return JE, true
	case "NJ", "not_judged":
		return NJ, true
	}
	return "", false
}

// Outcome is what a checker, scorer or interactor concluded about one run.
type Outcome struct {
	Verdict Verdict `json:"verdict"`
	// Score is the dataset's score: 1 or 0 for pass-fail problems, the problem's own
	// measure for scoring and interactive ones (see Meta.Score for its direction).
	Score float64 `json:"score"`
	// Message is one line for a table cell: what was wrong, or a short summary.
	// The judge keeps at most MaxMessage bytes of it.
	Message string `json:"message,omitempty"`
	// Details is free text for a report: a diff, a trace, per-case figures. The
	// judge keeps at most MaxDetails bytes of it.
	Details string `json:"details,omitempty"`
	// Metrics are the problem's own figures for this run (moves, lower bound, boards
	// won, …), in the order a table should show them.
	Metrics []Metric `json:"metrics,omitempty"`
}

// The most of an outcome's Message and Details the judge keeps: it cuts what a
// checker, an interactor or an output validator returns to these sizes, whatever
// the program printed, before the result is stored and reported.
const (
	MaxMessage = 1 << 10
	MaxDetails = 1 << 20
)

// Metric is one named figure of an outcome.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Accepted returns an AC outcome with the given score and message.
func Accepted(score float64, format string, args ...any) Outcome {
	return Outcome{Verdict: AC, Score: score, Message: fmt.Sprintf(format, args...)}
}

// Rejected returns an outcome with verdict v, score 0 and a formatted message.
func Rejected(v Verdict, format string, args ...any) Outcome {
	return Outcome{Verdict: v, Message: fmt.Sprintf(format, args...)}
}

// Usage is what a run consumed, as measured by the harness.
type Usage struct {
	CPU     time.Duration `json:"cpu"`      // user + system time of the program (µs precision)
	Wall    time.Duration `json:"wall"`     // elapsed real time
	PeakKiB int64         `json:"peak_kib"` // peak memory of the program (not of the judge)
}

// Output is everything a run produced that a checker may look at.
type Output struct {
	Stdout []byte
	Stderr []byte
	// Files holds the output files collected from the run's working directory, for
	// problems whose I/O mode is files. Keys are the names FileIO.OutputFiles gave.
	Files map[string][]byte
	// Usage is the harness's measurement of the run; scorers that charge for time
	// (defrag, trimines) read it here instead of trusting the program.
	Usage Usage
	// Interaction is the interactor's outcome, for interactive problems; Check then
	// turns it into the final outcome (for example by charging for CPU time).
	Interaction *Outcome
}

// Dataset is one test case: an input and the judge's answer file.
type Dataset struct {
	// Name is the path below data/ without extension, e.g. "sample/1" or "secret/07-hard".
	Name string `json:"name"`
	// Group is the first path element of Name: "sample", "secret", …
	Group   string `json:"group"`
	InPath  string `json:"-"`
	AnsPath string `json:"-"`
	Input   []byte `json:"-"`
	Answer  []byte `json:"-"`
	// ReadMax is 0 when Input and Answer hold the files. Otherwise they are
	// nil and the files are read only when needed (ReadInput, ReadAnswer), each
	// at most ReadMax bytes: a problem package's files may be many and large,
	// or one file linked as many cases, and are not all held at once.
	ReadMax int64 `json:"-"`
	// Unanswered says that the .ans file did not exist when the dataset was
	// listed (only an AnswerLister lists such a dataset, for regen to write
	// its answer): Answer is empty and AnsPath is where the answer goes.
	Unanswered bool `json:"-"`
}

// ReadInput returns the dataset's input: Input, or the file at InPath read now.
func (d Dataset) ReadInput() ([]byte, error) { return d.read(d.Input, d.InPath) }

// ReadAnswer returns the dataset's answer: Answer, or the file at AnsPath read now.
func (d Dataset) ReadAnswer() ([]byte, error) { return d.read(d.Answer, d.AnsPath) }

// OpenAnswer opens the dataset's answer to be read as it goes, for a checker
// that need not hold it whole: Answer, or the file at AnsPath, refused as
// ReadAnswer refuses it (over ReadMax bytes, not a regular file); a read past
// ReadMax bytes fails.
func (d Dataset) OpenAnswer() (io.ReadCloser, error) {
	if d.ReadMax == 0 {
		return io.NopCloser(bytes.NewReader(d.Answer)), nil
	}
	r, err := regular.OpenMax(d.AnsPath, d.ReadMax)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", d.Name, err)
	}
	return r, nil
}

// AnswerPrefix returns at most the first n bytes of the dataset's answer, for
// what needs no more (a diff against an output of n bytes less a margin): a
// dataset read when judged reads only those from AnsPath.
func (d Dataset) AnswerPrefix(n int64) ([]byte, error) {
	if d.ReadMax == 0 {
		return d.Answer[:min(int64(len(d.Answer)), n)], nil
	}
	f, err := regular.Open(d.AnsPath)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", d.Name, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, n))
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %s: %w", d.Name, d.AnsPath, err)
	}
	return data, nil
}

func (d Dataset) read(held []byte, path string) ([]byte, error) {
	if d.ReadMax == 0 {
		return held, nil
	}
	data, err := regular.ReadFileMax(path, d.ReadMax)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", d.Name, err)
	}
	return data, nil
}

// AnswerLister is implemented by problems whose datasets can be listed before
// every input has its answer (every problem kept in a Folder): regen lists them
// this way to write the missing answers from the reference's output.
type AnswerLister interface {
	// DatasetsToAnswer is Datasets, listing an input without its answer file
	// too, marked Unanswered.
	DatasetsToAnswer(groups ...string) ([]Dataset, error)
}

// Problem is a judged problem: its metadata and datasets (from its folder) and the
// rules that are code (validator and checker). Optional abilities are separate
// interfaces a Problem may also implement: Generator, Interactor, FileIO.
type Problem interface {
	Meta() Meta
	// Datasets returns the datasets of the given groups (all default groups when none
	// are named): sample first, then secret, each in lexicographic order.
	Datasets(groups ...string) ([]Dataset, error)
	// Validate checks an input file strictly; the error names line and column.
	Validate(input []byte) error
	// Check judges a run's output. It must never panic, whatever the output holds.
	Check(ds Dataset, out Output) Outcome
}

// Params are generator parameters given as name=value on the command line.
type Params map[string]string

// Generator makes new inputs for a problem.
type Generator interface {
	// Generate returns one input file for the seed; the same seed and params must give
	// the same bytes.
	Generate(seed int64, params Params) ([]byte, error)
}

// ParamChecker is implemented by generators that can tell, before generating
// anything, whether they refuse params: the refusal names the parameter and what
// it wants, and does not depend on a seed.
type ParamChecker interface {
	CheckParams(params Params) error
}

// Interactor plays the judge's side of an interactive problem. The harness connects
// fromSol to the program's standard output and toSol to its standard input, and
// closes toSol when Interact returns. The returned outcome is passed to Check in
// Output.Interaction together with the run's usage.
type Interactor interface {
	Interact(ctx context.Context, ds Dataset, fromSol io.Reader, toSol io.Writer) Outcome
}

// TimeCharger is implemented by problems whose score charges for the CPU time the
// judge measured (Output.Usage). A problem package's output validator cannot see
// that time, so an exported package scores without the charge, and its statement
// says so in the problem's own words.
type TimeCharger interface {
	// TimeCharge names the charge as the statement's readers know it, as a noun
	// phrase: "the point taken off per millisecond of CPU time".
	TimeCharge() string
}

// FailureScorer is implemented by problems whose datasets score something even
// when the runner ends the run (TLE, MLE, OLE, RTE), before any checking:
// trimines charges the CPU time of every board, won, lost or crashed.
type FailureScorer interface {
	// FailureScore is the score of a dataset whose run used u and ended in a
	// runner's verdict.
	FailureScore(u Usage) float64
}

// FileIO is implemented by problems whose programs read and write files in their
// working directory instead of standard input and output.
type FileIO interface {
	// InputFiles returns the files to place in a fresh working directory for ds.
	InputFiles(ds Dataset) (map[string][]byte, error)
	// OutputFiles names the files to collect from the working directory after the run.
	// The first one is the file whose content an .ans file holds.
	OutputFiles(ds Dataset) []string
}
