package reports

import (
	"fmt"
	"io"
	"sort"

	"github.com/judgehq/judge/problems"
)

// WriteChallengeLog writes a challenge.log in the MacTech Programmer's Challenge
// style: one line per dataset, in dataset order, holding the integer number of
// microseconds of CPU time the submission used on it. The results must be those of
// one submission on one problem; when a dataset has several attempts the highest
// counts.
func WriteChallengeLog(w io.Writer, results []problems.Result) error {
	if len(results) == 0 {
		return nil
	}
	first := results[0]
	byDS := map[string]problems.Result{}
	for _, r := range results {
		if r.Problem != first.Problem || r.Submission != first.Submission {
			return fmt.Errorf("challenge.log: results of %s/%s and %s/%s mixed",
				first.Problem, first.Submission, r.Problem, r.Submission)
		}
		if old, ok := byDS[r.Dataset]; !ok || r.Attempt >= old.Attempt {
			r = normalize(r)
			byDS[r.Dataset] = r
		}
	}
	names := make([]string, 0, len(byDS))
	for n := range byDS {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if _, err := fmt.Fprintf(w, "%d\n", byDS[n].Usage.CPU.Microseconds()); err != nil {
			return fmt.Errorf("write challenge.log: %w", err)
		}
	}
	return nil
}
