package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

func TestGradeUsageErrors(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join("..", "examples", "class")
	mine := filepath.Join(dir, "mine")
	testfiles.Write(t, dir, map[string]string{
		"mine/notes.txt":             "keep me",
		"bad.yaml":                   "items:\n  - id: a\n    max: 2\n    check: nosuch\n",
		"empty/.keep":                "",
		"absent/.judge-grade-report": "",
		"absent/grades.csv":          "student,contracts,total\nzed,3,97\nperfect,,100\n",
		"own/.judge-grade-report":    "",
		"own/grades.csv":             "student,contracts,comments\nperfect,2,neat\n",
		"bad.csv":                    "student,contracts\nperfect,99\n",
	})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no class", []string{"grade", "sudoku"}, "which problem and class"},
		{"missing class", []string{"grade", "sudoku", filepath.Join(dir, "nope")}, "class folder"},
		{"no students", []string{"grade", "sudoku", filepath.Join(dir, "empty")}, "holds no student folders"},
		{"bad rubric", []string{"grade", "sudoku", class, "--rubric", filepath.Join(dir, "bad.yaml")}, "bad.yaml:4:12: unknown check \"nosuch\""},
		{"foreign out folder", []string{"grade", "sudoku", class, "--out", mine}, "is not a grade report"},
		{"scores of a student not in the class", []string{"grade", "sudoku", class, "--out", filepath.Join(dir, "absent")},
			"holds manual scores of 1 students not in " + class + " (zed), which grading into it again would drop"},
		{"a column of the teacher's", []string{"grade", "sudoku", class, "--out", filepath.Join(dir, "own")},
			"holds columns that name no item of the rubric (comments)"},
		{"missing manual scores", []string{"grade", "sudoku", class, "--out", filepath.Join(dir, "g1"), "--manual", filepath.Join(dir, "nope.csv")},
			"nope.csv: no such file or directory; nothing was graded"},
		{"manual score out of range", []string{"grade", "sudoku", class, "--out", filepath.Join(dir, "g2"), "--manual", filepath.Join(dir, "bad.csv")},
			"bad.csv:2:9: contracts: 99 is outside 0…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := judge(t, append([]string{"--state", filepath.Join(dir, "state")}, tt.args...)...)
			if code != exitUsage || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errOut, tt.want)
			}
		})
	}
	// Every refusal came before anything was built: the teacher's scores
	// are checked before the class is graded.
	if built, _ := os.ReadDir(filepath.Join(dir, "state", "cache")); len(built) > 0 {
		t.Errorf("a refused grade built %d programs first", len(built))
	}
	if data, err := os.ReadFile(filepath.Join(mine, "notes.txt")); err != nil || string(data) != "keep me" {
		t.Fatalf("the user's folder was touched: %q %v", data, err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "absent", "grades.csv")); err != nil || !strings.Contains(string(data), "zed,3") {
		t.Fatalf("a refused re-grade changed grades.csv: %q %v", data, err)
	}
}

// TestGradeKeepsManualScores grades a one-student class on the sample datasets,
// merges a teacher's score and checks that grading again keeps it.
func TestGradeKeepsManualScores(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C++ program")
	}
	for _, tool := range []string{"g++", "make", "nm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	src := filepath.Join("..", "examples", "class", "perfect")
	files := map[string]string{}
	for _, name := range []string{"sudoku.cpp", "intset.h", "intset.cpp", "Makefile"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files["ann/"+name] = string(data)
	}
	testfiles.Write(t, class, files)
	out := filepath.Join(dir, "out")
	scores := filepath.Join(dir, "scores.csv")
	testfiles.Write(t, dir, map[string]string{"scores.csv": "student,contracts,indentation\nann,3,\n"})
	base := []string{"--state", filepath.Join(dir, "state"), "grade", "sudoku", class, "--out", out, "--group", "sample"}
	code, stdout, errOut := judge(t, append(base, "--manual", scores)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(stdout, "ann") || !strings.Contains(stdout, "contracts 3") {
		t.Errorf("class table lacks the manual score:\n%s", stdout)
	}
	code, stdout, errOut = judge(t, base...)
	if code != 0 {
		t.Fatalf("re-grade: exit %d: %s", code, errOut)
	}
	grades, err := os.ReadFile(filepath.Join(out, "grades.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(grades)), "\n")
	head, row := strings.Split(lines[0], ","), strings.Split(lines[1], ",")
	for i, h := range head {
		switch h {
		case "contracts":
			if row[i] != "3" {
				t.Errorf("contracts after re-grading: %q, want 3", row[i])
			}
		case "indentation":
			if row[i] != "" {
				t.Errorf("indentation: %q, want blank", row[i])
			}
		case "total":
			if row[i] != "97" {
				t.Errorf("total %q, want 97", row[i])
			}
		}
	}
	if _, err := os.Stat(filepath.Join(out, "ann", "feedback.md")); err != nil {
		t.Error(err)
	}
	if !strings.Contains(stdout, "contracts 3") {
		t.Errorf("re-graded table:\n%s", stdout)
	}

	// The teacher scores indentation in the report's own grades.csv: grading
	// again reads it back, needs no --force, and keeps her sheet as she left
	// it in the backup folder it names.
	for i, h := range head {
		if h == "indentation" {
			row[i] = "1"
		}
	}
	sheet := lines[0] + "\n" + strings.Join(row, ",") + "\n"
	if err := os.WriteFile(filepath.Join(out, "grades.csv"), []byte(sheet), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = judge(t, base...)
	if code != 0 {
		t.Fatalf("re-grade after scoring in grades.csv: exit %d: %s", code, errOut)
	}
	if m := regexp.MustCompile(`\(grades\.csv\) into (\S+)`).FindStringSubmatch(errOut); m == nil {
		t.Errorf("no backup of the scored sheet named in %q", errOut)
	} else if data, err := os.ReadFile(filepath.Join(m[1], "grades.csv")); err != nil || string(data) != sheet {
		t.Errorf("backed-up sheet: %q, %v; want %q", data, err, sheet)
	}
	if data, err := os.ReadFile(filepath.Join(out, "grades.csv")); err != nil || !strings.Contains(string(data), "ann,") {
		t.Fatalf("grades.csv: %q, %v", data, err)
	} else if r := strings.Split(strings.Split(strings.TrimSpace(string(data)), "\n")[1], ","); len(r) != len(head) {
		t.Fatalf("grades.csv row %q", r)
	} else {
		for i, h := range head {
			if h == "indentation" && r[i] != "1" {
				t.Errorf("indentation after re-grading: %q, want the teacher's 1", r[i])
			}
		}
	}

	// The teacher adds her remarks to the feedback: grading again refuses
	// before it builds anything, and --force keeps her text in the backup
	// folder it names.
	feedback := filepath.Join(out, "ann", "feedback.md")
	mine, err := os.ReadFile(feedback)
	if err != nil {
		t.Fatal(err)
	}
	mine = append(mine, "\nWell argued, Ann: see me about the tactics.\n"...)
	if err := os.WriteFile(feedback, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = judge(t, base...)
	if code != exitUsage || !strings.Contains(errOut, "ann/feedback.md") || !strings.Contains(errOut, "--force") || strings.Contains(errOut, "built ann") {
		t.Fatalf("re-grade over an edited feedback: exit %d, stderr %q; want 2 before building, naming the file and --force", code, errOut)
	}
	if data, err := os.ReadFile(feedback); err != nil || string(data) != string(mine) {
		t.Fatalf("refused re-grade changed the feedback: %q, %v", data, err)
	}
	code, _, errOut = judge(t, append(base, "--force")...)
	if code != 0 || !strings.Contains(errOut, "built ann") {
		t.Fatalf("re-grade --force: exit %d: %s (want the build logged, as the refusal above did not)", code, errOut)
	}
	m := regexp.MustCompile(`into (\S+)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no backup folder named in %q", errOut)
	}
	if data, err := os.ReadFile(filepath.Join(m[1], "ann", "feedback.md")); err != nil || string(data) != string(mine) {
		t.Errorf("backed-up feedback: %q, %v; want the teacher's", data, err)
	}
	if data, err := os.ReadFile(feedback); err != nil || strings.Contains(string(data), "Well argued") {
		t.Errorf("feedback after --force: %q, %v; want the new one", data, err)
	}
}
