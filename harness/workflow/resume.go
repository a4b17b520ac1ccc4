package workflow

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
)

// fingerprint is a short hash of what a problem's results depend on besides the
// submission: its metadata, the limits the run applies and every dataset's input and
// answer. A resumed run whose problem has another fingerprint would mix results
// judged against two versions of the problem.
func fingerprint(meta problems.Meta, limits problems.Limits, ds []problems.Dataset) string {
	h := sha256.New()
	m, _ := json.Marshal(meta)
	l, _ := json.Marshal(limits)
	h.Write(m)
	h.Write(l)
	for _, d := range ds {
		fmt.Fprintf(h, "\x00%s", d.Name)
		hashData(h, d.Input, d.InPath, d.ReadMax)
		hashData(h, d.Answer, d.AnsPath, d.ReadMax)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// hashData writes a dataset file's length and bytes to h: held, or, for a
// dataset read when judged (readMax not 0), the file at path streamed, so
// that a problem package's data need not all be held at once. A file that
// cannot be read is hashed as its error.
func hashData(h io.Writer, held []byte, path string, readMax int64) {
	if readMax == 0 {
		fmt.Fprintf(h, "\x00%d\x00", len(held))
		h.Write(held)
		return
	}
	f, err := regular.Open(path)
	if err == nil {
		defer f.Close()
		var st os.FileInfo
		if st, err = f.Stat(); err == nil && st.Size() <= readMax {
			fmt.Fprintf(h, "\x00%d\x00", st.Size())
			_, err = io.Copy(h, io.LimitReader(f, st.Size()))
			if err == nil {
				return
			}
		} else if err == nil {
			err = fmt.Errorf("larger than %d bytes", readMax)
		}
	}
	fmt.Fprintf(h, "\x00unreadable\x00%v", err)
}

// languagesFingerprint is a short hash of a language table: a changed compile or run
// command changes what a source turns into.
func languagesFingerprint(l *build.Languages) string {
	if l == nil {
		return ""
	}
	data, _ := json.Marshal(l.All())
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:16]
}

// Change is one entrant's submission to one problem that is not the one a stored
// run judged.
type Change struct {
	Problem, Entrant string
	// Was is the content hash the stored results carry, Now the plan's.
	Was, Now string
}

func (c Change) String() string {
	return fmt.Sprintf("%s's %s submission (was %s, now %s)", c.Entrant, c.Problem, short(c.Was), short(c.Now))
}

func short(h string) string {
	if len(h) > 8 {
		return h[:8] + "…"
	}
	return h
}

// ResumeCheck compares a contest plan with a stored run of it before resuming:
// what the run judged must still be what the plan would judge. It returns an error
// naming what changed when a problem (its datasets, metadata or limits) or the
// language table changed, or when the stored run predates fingerprints; those runs
// cannot be resumed, only started anew. Entrants whose submission changed are
// returned as changes: the caller refuses them too, or re-judges them.
func (plan *ContestPlan) ResumeCheck(stored RunConfig, results []problems.Result) ([]Change, error) {
	if err := plan.Config.sameJudging(stored, results); err != nil {
		return nil, err
	}
	now := map[[2]string]string{}
	for _, e := range plan.Entries {
		for name, prog := range e.Programs {
			now[[2]string{e.Problem.Meta().Slug, name}] = prog.Hash
		}
	}
	seen := map[[2]string]bool{}
	var changes []Change
	for _, r := range results {
		k := [2]string{r.Problem, r.Submission}
		if seen[k] {
			continue
		}
		if h, ok := now[k]; ok && h != r.Hash {
			seen[k] = true
			changes = append(changes, Change{Problem: r.Problem, Entrant: r.Submission, Was: r.Hash, Now: h})
		}
	}
	sort.Slice(changes, func(i, j int) bool {
		if changes[i].Problem != changes[j].Problem {
			return changes[i].Problem < changes[j].Problem
		}
		return changes[i].Entrant < changes[j].Entrant
	})
	return changes, nil
}

// sameJudging returns an error naming what changed when a problem (its datasets,
// metadata or limits) or the language table of the stored run differs from now,
// or when the stored run predates fingerprints.
func (now RunConfig) sameJudging(stored RunConfig, results []problems.Result) error {
	var problemsChanged []string
	for slug, fp := range now.Fingerprints {
		if old, ok := stored.Fingerprints[slug]; ok && old != fp {
			problemsChanged = append(problemsChanged, slug)
		}
	}
	sort.Strings(problemsChanged)
	switch {
	case len(problemsChanged) > 0:
		return fmt.Errorf("problem %s changed since the run started (its datasets, problem.yaml or limits); "+
			"its stored results cannot be mixed with new ones: start a new run", strings.Join(problemsChanged, ", "))
	case stored.Languages != "" && stored.Languages != now.Languages:
		return fmt.Errorf("the language table changed since the run started (--languages or the built-in one); start a new run")
	case len(stored.Fingerprints) == 0 && len(results) > 0:
		return fmt.Errorf("the run was stored by an older judge that did not record what it judged, so a change could not be seen; start a new run")
	}
	return nil
}

// ResumeCheck compares a remote contest plan with a stored run of it before
// resuming, as ContestPlan.ResumeCheck does; entrants are compared by the content
// hash of their submission. A run stored without those hashes cannot be resumed.
func (plan *RemotePlan) ResumeCheck(stored RunConfig, results []problems.Result) ([]Change, error) {
	if err := plan.Config.sameJudging(stored, results); err != nil {
		return nil, err
	}
	if len(stored.Sources) == 0 && len(results) > 0 {
		return nil, fmt.Errorf("the run was stored by an older judge that did not record its submissions, so a change could not be seen; start a new run")
	}
	var changes []Change
	for key, h := range plan.Config.Sources {
		if old, ok := stored.Sources[key]; ok && old != h {
			prob, entrant, _ := strings.Cut(key, "/")
			changes = append(changes, Change{Problem: prob, Entrant: entrant, Was: old, Now: h})
		}
	}
	sort.Slice(changes, func(i, j int) bool {
		if changes[i].Problem != changes[j].Problem {
			return changes[i].Problem < changes[j].Problem
		}
		return changes[i].Entrant < changes[j].Entrant
	})
	return changes, nil
}

// Forget removes from done every job of the changed entrants, so that they are
// judged again (the new results replace the stored ones).
func Forget(done map[Key]bool, changes []Change) {
	for k := range done {
		for _, c := range changes {
			if k.Problem == c.Problem && k.Submission == c.Entrant {
				delete(done, k)
			}
		}
	}
}
