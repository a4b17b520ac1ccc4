package judging

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
)

// TestLaziness feeds results in different finishing orders and checks that each
// submission's results are released in task order, NJ after its first failure,
// whatever order the runs finished in; scored problems are never lazy.
func TestLaziness(t *testing.T) {
	tasks := lazyTasks(t)
	verdicts := []problems.Verdict{problems.AC, problems.WA, problems.AC, problems.TLE, problems.AC, problems.AC, problems.WA, problems.AC}
	tests := []struct {
		name  string
		order []int
	}{
		{"in order", []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{"reversed", []int{7, 6, 5, 4, 3, 2, 1, 0}},
		{"interleaved", []int{2, 0, 3, 5, 1, 6, 4, 7}},
	}
	want := []problems.Verdict{problems.AC, problems.WA, problems.NJ, problems.NJ, problems.AC, problems.AC, problems.WA, problems.AC}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lz := newLaziness(true, tasks)
			got := make([]problems.Verdict, len(tasks))
			var released []int
			for _, i := range tt.order {
				r := newJudged(tasks[i])
				r.Outcome.Verdict = verdicts[i]
				for _, k := range lz.finish(i, r) {
					got[k] = lz.done[k].Outcome.Verdict
					released = append(released, k)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("verdicts %v, want %v", got, want)
			}
			if len(released) != len(tasks) {
				t.Fatalf("released %v, want every task once", released)
			}
			// Within a submission on sudoku, release follows task order.
			var aOrder []int
			for _, k := range released {
				if k < 4 {
					aOrder = append(aOrder, k)
				}
			}
			if !slices.IsSorted(aOrder) {
				t.Errorf("a's results released in order %v", aOrder)
			}
		})
	}
	// Once task 1 has failed, the later tasks of a need not run; b's need.
	lz := newLaziness(true, tasks)
	r := newJudged(tasks[1])
	r.Outcome.Verdict = problems.WA
	lz.finish(1, r)
	var mu sync.Mutex
	for i, want := range []bool{false, false, true, true, false, false, false, false} {
		if got := lz.skip(&mu, i); got != want {
			t.Errorf("skip(%d) = %v, want %v", i, got, want)
		}
	}
	if newLaziness(false, tasks).skip(&mu, 3) {
		t.Error("skip without laziness")
	}
}

// TestLazinessInterrupted checks what lazy judging releases around an
// interrupted task ("--"): the later tasks of its submission come back
// interrupted too, whatever they did, since it might have failed; after a failure
// released as judged, an interrupted task is NJ like any other. The finishing
// order does not matter.
func TestLazinessInterrupted(t *testing.T) {
	tasks := lazyTasks(t)
	tests := []struct {
		name     string
		finished string // per task: a verdict, or -- for interrupted
		want     string
	}{
		{"before a failure", "AC -- WA AC AC AC AC AC", "AC -- -- -- AC AC AC AC"},
		{"first, later ones skipped", "-- AC WA NJ AC AC AC AC", "-- -- -- -- AC AC AC AC"},
		{"after a failure", "WA -- AC -- AC AC AC AC", "WA NJ NJ NJ AC AC AC AC"},
		{"last of its submission", "AC AC AC AC AC -- AC AC", "AC AC AC AC AC -- AC AC"},
		{"not lazy: scoring", "AC AC AC AC AC AC -- WA", "AC AC AC AC AC AC -- WA"},
	}
	orders := [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {7, 6, 5, 4, 3, 2, 1, 0}, {2, 0, 3, 5, 1, 6, 4, 7}}
	for _, tt := range tests {
		for _, order := range orders {
			t.Run(fmt.Sprint(tt.name, order), func(t *testing.T) {
				finished := strings.Fields(tt.finished)
				lz := newLaziness(true, tasks)
				got := make([]string, len(tasks))
				for _, i := range order {
					r := newJudged(tasks[i])
					if finished[i] == "--" {
						r.Interrupted = true
						r.Outcome = problems.Rejected(problems.JE, "stopped")
					} else {
						r.Outcome.Verdict = problems.Verdict(finished[i])
					}
					for _, k := range lz.finish(i, r) {
						got[k] = string(lz.done[k].Outcome.Verdict)
						if lz.done[k].Interrupted {
							got[k] = "--"
						}
					}
				}
				if g := strings.Join(got, " "); g != tt.want {
					t.Errorf("released %s, want %s", g, tt.want)
				}
			})
		}
	}
}

// TestLazinessFailedBefore checks tasks planned after a failure stored by an
// earlier part of the run: they need not run and are released NJ, even after an
// interrupted task; without laziness they run.
func TestLazinessFailedBefore(t *testing.T) {
	root, _ := filepath.Abs("../..")
	sudoku, err := registry.Open(root, "sudoku")
	if err != nil {
		t.Fatal(err)
	}
	a := &build.Program{Name: "a"}
	tasks := []Task{{Problem: sudoku, Program: a}, {Problem: sudoku, Program: a},
		{Problem: sudoku, Program: a, FailedBefore: true}, {Problem: sudoku, Program: a, FailedBefore: true}}
	var mu sync.Mutex
	lz := newLaziness(true, tasks)
	for i, want := range []bool{false, false, true, true} {
		if got := lz.skip(&mu, i); got != want {
			t.Errorf("skip(%d) = %v, want %v", i, got, want)
		}
	}
	if newLaziness(false, tasks).skip(&mu, 2) {
		t.Error("skip without laziness")
	}
	got := make([]string, len(tasks))
	for _, i := range []int{3, 2, 1, 0} {
		r := newJudged(tasks[i])
		switch i {
		case 0:
			r.Interrupted, r.Outcome = true, problems.Rejected(problems.JE, "stopped")
		case 1:
			r.Outcome.Verdict = problems.AC
		default:
			r = notJudged(tasks[i])
		}
		for _, k := range lz.finish(i, r) {
			got[k] = string(lz.done[k].Outcome.Verdict)
			if lz.done[k].Interrupted {
				got[k] = "--"
			}
		}
	}
	if g, want := strings.Join(got, " "), "-- -- NJ NJ"; g != want {
		t.Errorf("released %s, want %s", g, want)
	}
}

// lazyTasks are the tasks of the laziness tests: 0-3 program a on sudoku,
// 4-5 program b on sudoku, 6-7 program a on defrag (scoring, never lazy).
func lazyTasks(t *testing.T) []Task {
	t.Helper()
	root, _ := filepath.Abs("../..")
	sudoku, err := registry.Open(root, "sudoku")
	if err != nil {
		t.Fatal(err)
	}
	defrag, err := registry.Open(root, "defrag")
	if err != nil {
		t.Fatal(err)
	}
	a, b := &build.Program{Name: "a"}, &build.Program{Name: "b"}
	var tasks []Task
	for _, x := range []struct {
		p    problems.Problem
		prog *build.Program
		n    int
	}{{sudoku, a, 4}, {sudoku, b, 2}, {defrag, a, 2}} {
		for i := 0; i < x.n; i++ {
			tasks = append(tasks, Task{Problem: x.p, Program: x.prog})
		}
	}
	return tasks
}
