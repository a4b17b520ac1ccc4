package icpc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
)

// Submission is an example program of a package with the verdicts it may get.
type Submission struct {
	// Path is the file or folder of the program.
	Path string
	// Folder is its folder below submissions/ (accepted, wrong_answer, …).
	Folder string
	// Expected are the final verdicts the program may get: the folder's, or those
	// of an @EXPECTED_RESULTS@ line in the source. For a current-format package
	// whose submissions.yaml or default folders speak of the program, they only
	// summarise Expectations, which are what it is held to (Check).
	Expected []problems.Verdict
	// Expectations are the rules of submissions.yaml and of the format's default
	// folders that match the program (current format; nil otherwise).
	Expectations []Expectation
	// Language and Entrypoint are what submissions.yaml says of the program, ""
	// when it says nothing: the language's name and, for a folder, the file the
	// program starts from.
	Language, Entrypoint string
	// Refused says why the program is not built, "" when it is: its path leads
	// out of the package once links are followed, and is not read.
	Refused string
}

// Allows reports whether v is one of the expected verdicts.
func (s Submission) Allows(v problems.Verdict) bool {
	for _, e := range s.Expected {
		if e == v {
			return true
		}
	}
	return false
}

// expectedResultsMax bounds what ExpectedResults reads of a source: its first
// 200 lines are read, and far less in any real one.
const expectedResultsMax = 1 << 20

var expectedRE = regexp.MustCompile(`@EXPECTED_RESULTS@\s*:?\s*([A-Za-z_,\s]+)`)

// expectedNames maps the names DOMjudge uses in @EXPECTED_RESULTS@ to verdicts.
var expectedNames = map[string]problems.Verdict{
	"CORRECT": problems.AC, "ACCEPTED": problems.AC, "WRONG_ANSWER": problems.WA, "WRONG-ANSWER": problems.WA,
	"TIMELIMIT": problems.TLE, "TIME_LIMIT_EXCEEDED": problems.TLE, "RUN_ERROR": problems.RTE,
	"RUN-ERROR": problems.RTE, "RUN_TIME_ERROR": problems.RTE, "NO_OUTPUT": problems.WA,
	"NO-OUTPUT": problems.WA, "OUTPUT_LIMIT": problems.OLE, "OUTPUT-LIMIT": problems.OLE,
	"MEMORY_LIMIT": problems.MLE, "MEMORY-LIMIT": problems.MLE, "COMPILER_ERROR": problems.CE,
}

// ExpectedResults reads an @EXPECTED_RESULTS@ line from the first lines of a
// source file; ok is false when there is none, and when path is not a regular
// file (a pipe would hang the judge, a device never end).
func ExpectedResults(path string) ([]problems.Verdict, bool) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, expectedResultsMax))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 0; sc.Scan() && n < 200; n++ {
		m := expectedRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		var out []problems.Verdict
		for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			if v, ok := expectedNames[strings.ToUpper(w)]; ok {
				out = append(out, v)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

// refused says why the submission at path is not to be read, or "".
func (p *Package) refused(path string) string {
	if _, err := resolveInside(p.root, path); errors.Is(err, ErrOutside) {
		return err.Error()
	}
	return ""
}

// skipSubmissionFile reports whether a file below submissions/ is no program:
// headers, notes, settings, editor leftovers.
func skipSubmissionFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".h", ".hpp", ".txt", ".md", ".yaml", ".orig", ".swp":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// Submissions lists the package's example programs with their expected verdicts.
// In the current format, the programs some glob of submissions/submissions.yaml
// or of the format's default folders (accepted, rejected, wrong_answer,
// time_limit_exceeded, run_time_error, brute_force) matches, with those
// expectations. In the legacy format, folders other than the four official ones
// (accepted, wrong_answer, time_limit_exceeded, run_time_error) count only for
// programs that carry an @EXPECTED_RESULTS@ line. Files that are headers or data
// (.h, .txt, .md) are left out.
func (p *Package) Submissions() ([]Submission, error) {
	root := filepath.Join(p.Dir, "submissions")
	if _, err := resolveInside(p.root, root); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading %s: %w", root, err)
	}
	dirs, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	if p.Config.Current {
		subs, _, err := p.currentSubmissions(root)
		return subs, err
	}
	var out []Submission
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		folderVerdict, official := problems.ParseVerdict(d.Name())
		official = official && (folderVerdict == problems.AC || folderVerdict == problems.WA || folderVerdict == problems.TLE || folderVerdict == problems.RTE)
		entries, err := os.ReadDir(filepath.Join(root, d.Name()))
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			n := e.Name()
			if skipSubmissionFile(n) {
				continue
			}
			path := filepath.Join(root, d.Name(), n)
			s := Submission{Path: path, Folder: d.Name(), Refused: p.refused(path)}
			if d.Name() == partiallyAccepted {
				s.Expectations = []Expectation{{From: partiallyAccepted + "/", Permitted: expectationVerdicts, Required: []problems.Verdict{problems.AC}}}
				s.Expected = []problems.Verdict{problems.AC}
			} else if official {
				s.Expected = []problems.Verdict{folderVerdict}
			} else if s.Refused != "" {
				continue // not read: nothing says it is a submission
			} else if exp, ok := ExpectedResults(path); ok {
				s.Expected = exp
			} else {
				continue
			}
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}
