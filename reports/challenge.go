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
// counts. WriteChallengeNames writes the matching dataset names.
func WriteChallengeLog(w io.Writer, results []problems.Result) error {
	rows, err := challengeRows(results)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := fmt.Fprintf(w, "%d\n", r.Usage.CPU.Microseconds()); err != nil {
			return fmt.Errorf("write challenge.log: %w", err)
		}
	}
	return nil
}

// WriteChallengeNames writes the file that goes beside a challenge.log: the dataset
// names, one a line, in the same order as the challenge.log's lines, so the log itself
// keeps the seed's one-integer-a-line format.
func WriteChallengeNames(w io.Writer, results []problems.Result) error {
	rows, err := challengeRows(results)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := fmt.Fprintf(w, "%s\n", r.Dataset); err != nil {
			return fmt.Errorf("write challenge.names: %w", err)
		}
	}
	return nil
}

// challengeRows returns one result per dataset (its last attempt), ordered by
// dataset name.
func challengeRows(results []problems.Result) ([]problems.Result, error) {
	if len(results) == 0 {
		return nil, nil
	}
	first := results[0]
	byDS := map[string]problems.Result{}
	for _, r := range results {
		if r.Problem != first.Problem || r.Submission != first.Submission {
			return nil, fmt.Errorf("challenge.log: results of %s/%s and %s/%s mixed",
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
	rows := make([]problems.Result, len(names))
	for i, n := range names {
		rows[i] = byDS[n]
	}
	return rows, nil
}
