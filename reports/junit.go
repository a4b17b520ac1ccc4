package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/judgehq/judge/problems"
)

// The JUnit XML layout understood by CI systems (Jenkins, GitLab, GitHub actions).
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr,omitempty"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		Time      string        `xml:"time,attr"`
		Skipped   *junitProblem `xml:"skipped,omitempty"`
		Failure   *junitProblem `xml:"failure,omitempty"`
		Error     *junitProblem `xml:"error,omitempty"`
		SystemOut string        `xml:"system-out,omitempty"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",cdata"`
	}
)

// WriteJUnit writes junit.xml: one test suite per problem and submission, one test
// case per dataset (named after it, class PROBLEM.SUBMISSION, time = CPU seconds).
// A non-AC result is a failure whose type is the verdict; a judge error (JE) is an
// error instead, since the submission is not at fault.
func WriteJUnit(w io.Writer, name string, results []problems.Result) error {
	rows := sortedRows(results)
	doc := junitSuites{Name: name}
	var total time.Duration
	for _, r := range rows {
		suite := r.Problem + "." + r.Submission
		if n := len(doc.Suites); n == 0 || doc.Suites[n-1].Name != suite {
			doc.Suites = append(doc.Suites, junitSuite{Name: suite})
		}
		s := &doc.Suites[len(doc.Suites)-1]
		c := junitCase{Name: r.Dataset, Classname: suite, Time: secs(r.Usage.CPU)}
		if r.Attempt > 0 {
			c.Name += "#" + strconv.Itoa(r.Attempt)
		}
		if v := r.Outcome.Verdict; v != problems.AC {
			p := &junitProblem{Message: xmlText(fmt.Sprintf("%s: %s", v, r.Outcome.Message)), Type: string(v),
				Text: xmlText(r.Outcome.Details)}
			if r.Diff != "" {
				p.Text = xmlText(r.Diff)
			}
			switch v {
			case problems.NJ: // lazy judging did not run it: skipped, not failed
				c.Skipped = &junitProblem{Message: xmlText(r.Outcome.Message), Type: string(v)}
				s.Skipped++
			case problems.JE:
				c.Error = p
				s.Errors++
			default:
				c.Failure = p
				s.Failures++
			}
		}
		s.Tests++
		s.Cases = append(s.Cases, c)
		total += r.Usage.CPU
	}
	suiteTime := map[string]time.Duration{}
	for _, r := range rows {
		suiteTime[r.Problem+"."+r.Submission] += r.Usage.CPU
	}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		s.Time = secs(suiteTime[s.Name])
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
	}
	doc.Time = secs(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	return nil
}

// secs formats a duration as seconds with microsecond precision.
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 6, 64)
}

// xmlText is s as Printable writes it, and with the two characters XML never
// allows that Printable keeps (U+FFFE, U+FFFF) escaped too: a program's output
// in a diff or message may hold anything, and the text of a CDATA section is
// written as it is, so a control character in it would leave junit.xml
// unreadable to every XML parser.
func xmlText(s string) string {
	s = Printable(s)
	if !strings.ContainsAny(s, "\ufffe\uffff") {
		return s
	}
	return strings.NewReplacer("\ufffe", `\ufffe`, "\uffff", `\uffff`).Replace(s)
}
