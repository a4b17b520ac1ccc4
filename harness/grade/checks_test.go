package grade

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/problems"
)

// runItem parses a one-item rubric and runs its check on one source file.
func runItem(t *testing.T, item, file, text string) []Deduction {
	t.Helper()
	r, err := ParseRubric("r.yaml", []byte("items:\n  - "+item+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := &Submission{Name: "s", Sources: []*Source{lexSource(file, text)}, Build: &Build{OK: true}}
	ds, err := r.Items[0].run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestHeaderCheck(t *testing.T) {
	item := "{id: h, max: 2, check: header}"
	tests := []struct {
		name, text string
		missing    []string
	}{
		{"all three", "// Name: Ann Lee\n// Course: CSCI 3300\n// Assignment 2\nint main() {}\n", nil},
		{"block comment", "/* Author: Ann Lee\n * CS 3300, Programming Assignment 2\n */\nint main() {}\n", nil},
		{"programmer and PA2", "// Programmer: Ann Lee\n// Computer Science 3300 PA2\nint main() {}\n", nil},
		{"no course", "// Name: Ann Lee\n// Program 2\nint main() {}\n", []string{"course"}},
		{"after code", "#include <iostream>\n// Name: Ann Lee, CSCI 3300, assignment 2\nint main() {}\n", []string{"name", "course", "assignment"}},
		{"none", "int main() {}\n", []string{"name", "course", "assignment"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range runItem(t, item, "a.cpp", tt.text) {
				got = append(got, d.Why[strings.LastIndex(d.Why, " ")+1:])
				if d.File != "a.cpp" || d.Line != 1 {
					t.Errorf("evidence at %s:%d", d.File, d.Line)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.missing, ",") {
				t.Errorf("missing %v, want %v", got, tt.missing)
			}
		})
	}
}

func TestTabsAndLongLines(t *testing.T) {
	tests := []struct {
		name, item, text string
		lines            []int
	}{
		{"tab without comment", "{id: t, max: 2, check: tabs}", "int x;\n\tint y;\n", []int{2}},
		{"tab stops declared", "{id: t, max: 2, check: tabs}", "// tab stops: every 4 characters\n\tint y;\n", nil},
		{"vim modeline", "{id: t, max: 2, check: tabs}", "// vim: ts=4\n\tint y;\n", nil},
		{"tab size", "{id: t, max: 2, check: tabs}", "// Tab size: 2\n\tint y;\n", nil},
		{"long line", "{id: l, max: 5, check: long_lines}", "int x;\n" + strings.Repeat("x", 81) + ";\n", []int{2}},
		{"80 is fine", "{id: l, max: 5, check: long_lines}", strings.Repeat("x", 79) + ";\n", nil},
		{"tabs widen", "{id: l, max: 5, check: long_lines}", "// tab stops: 8\n\t\t\t\t\t\t\t\t" + strings.Repeat("x", 20) + "\n", []int{2}},
		{"margin", "{id: l, max: 5, check: long_lines}", "x++; // count\n// paragraph\ny++;\n", []int{1}},
		{"pause", "{id: p, max: 5, check: forbidden}", "// system(\"pause\");\n  system ( \"pause\" );\n", []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			for _, d := range runItem(t, tt.item, "a.cpp", tt.text) {
				got = append(got, d.Line)
			}
			if len(got) != len(tt.lines) || (len(got) > 0 && got[0] != tt.lines[0]) {
				t.Errorf("deductions on lines %v, want %v", got, tt.lines)
			}
		})
	}
}

func TestSymbols(t *testing.T) {
	tests := []struct {
		sym    Symbol
		global bool
		fn     string
	}{
		{Symbol{Type: 'B', Name: "guesses"}, true, ""},
		{Symbol{Type: 'b', Name: "tracing"}, true, ""},
		{Symbol{Type: 'd', Name: "table"}, true, ""},
		{Symbol{Type: 'b', Name: "std::__ioinit"}, false, ""},
		{Symbol{Type: 'b', Name: "solver(SetOfSmallInts (*) [9])::depth"}, false, ""},
		{Symbol{Type: 'r', Name: "N"}, false, ""},
		{Symbol{Type: 'T', Name: "tacticOne(SetOfSmallInts (*) [9])"}, false, "tacticOne"},
		{Symbol{Type: 't', Name: "_GLOBAL__sub_I_main"}, false, ""},
	}
	for _, tt := range tests {
		if dataSymbol(tt.sym) != tt.global || functionName(tt.sym) != tt.fn {
			t.Errorf("%c %s: global %v function %q", tt.sym.Type, tt.sym.Name, dataSymbol(tt.sym), functionName(tt.sym))
		}
	}
}

func TestOwnSymbols(t *testing.T) {
	all := []Symbol{
		{File: "intset.cpp", Type: 'R', Name: "emptySet"},
		{File: "sudoku.cpp", Type: 'B', Name: "emptySet"}, // sudoku.cpp includes intset.cpp
		{File: "sudoku.cpp", Type: 'B', Name: "guesses"},
	}
	got := ownSymbols(all, map[string]bool{"sudoku.cpp": true})
	if len(got) != 1 || got[0].Name != "guesses" {
		t.Fatalf("got %+v, want only guesses", got)
	}
}

// TestEfficiency checks the efficiency item on made-up CPU times: the factor
// applies to the whole times or to the work beyond each program's least time
// (its start), min_seconds to the whole times.
func TestEfficiency(t *testing.T) {
	r, err := ParseRubric("r.yaml", []byte("items:\n  - {id: e, max: 8, check: efficiency, params: {factor: 3, min_seconds: 1}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	ms := func(v ...int) []judging.Judged {
		out := make([]judging.Judged, len(v))
		for i, x := range v {
			out[i].Dataset = fmt.Sprintf("secret/%d", i)
			out[i].Outcome.Verdict = problems.AC
			out[i].Usage.CPU = time.Duration(x) * time.Millisecond
		}
		return out
	}
	many := func(n, x int) []int {
		v := make([]int, n)
		for i := range v {
			v[i] = x
		}
		return v
	}
	tests := []struct {
		name     string
		own, ref []int
		deducted bool
	}{
		// 47 runs whose start costs 20 ms: 3.5 × the whole time, 20 × the work.
		{"slow at its work, start-up dominated", append(many(44, 40), 700, 700, 700), append(many(44, 20), 21, 21, 21), true},
		// The same program on a machine twice as slow to start programs.
		{"the same under load", append(many(44, 60), 720, 720, 720), append(many(44, 40), 41, 41, 41), true},
		{"a slower start only", many(47, 45), many(47, 20), false},
		{"slow on every dataset alike", many(47, 500), many(47, 20), true},
		{"a slower start, below min_seconds", many(47, 35), many(47, 20), false},
		{"twice the work", []int{20, 1020, 2020}, []int{20, 520, 1020}, false},
		{"four times the work", []int{20, 2020, 4020}, []int{20, 520, 1020}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Submission{Name: "s", Build: &Build{OK: true}, Results: ms(tt.own...), Reference: ms(tt.ref...)}
			ds, err := r.Items[0].run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if (len(ds) > 0) != tt.deducted {
				t.Errorf("deductions %+v, want deducted %v", ds, tt.deducted)
			}
		})
	}
}
