package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/judgehq/judge/problems"
)

// WriteCompileErrors prints each submission's compile error once, however many
// datasets it failed: a heading naming the submission, the problem and the number
// of datasets, then the compiler's first maxLines lines (indented), in the order the
// submissions first appear in results. It prints nothing when no result is a CE.
func WriteCompileErrors(w io.Writer, results []problems.Result, maxLines int) error {
	type key struct{ problem, submission, hash string }
	count := map[key]int{}
	first := map[key]problems.Result{}
	var order []key
	for _, r := range results {
		if r.Outcome.Verdict != problems.CE {
			continue
		}
		k := key{r.Problem, r.Submission, r.Hash}
		if count[k] == 0 {
			order = append(order, k)
			first[k] = r
		}
		count[k]++
	}
	for _, k := range order {
		r := first[k]
		msg := r.Outcome.Details
		if msg == "" {
			msg = r.Outcome.Message
		}
		lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
		more := 0
		if maxLines > 0 && len(lines) > maxLines {
			more = len(lines) - maxLines
			lines = lines[:maxLines]
		}
		datasets := fmt.Sprintf("%d datasets", count[k])
		if count[k] == 1 {
			datasets = "1 dataset"
		}
		if _, err := fmt.Fprintf(w, "%s on %s: compile error (%s not run)\n", k.submission, k.problem, datasets); err != nil {
			return fmt.Errorf("write compile errors: %w", err)
		}
		for _, l := range lines {
			if _, err := fmt.Fprintf(w, "    %s\n", l); err != nil {
				return fmt.Errorf("write compile errors: %w", err)
			}
		}
		if more > 0 {
			if _, err := fmt.Fprintf(w, "    … %d more lines (--details or the report shows them)\n", more); err != nil {
				return fmt.Errorf("write compile errors: %w", err)
			}
		}
	}
	return nil
}
