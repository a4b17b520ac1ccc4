package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/grade"
	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func gradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "grade",
		Usage:     "grade a class: apply an assignment's rubric to every student's program",
		ArgsUsage: "PROBLEM CLASS_DIR",
		Description: `CLASS_DIR holds one folder per student with their C++ sources (and their Makefile,
when they have one). Each student is built (with "make" in a copy of the folder when
there is a Makefile, else by compiling every .cpp file with the rubric's compiler
flags), run on every dataset of PROBLEM, and graded item by item with the rubric
(default: problems/PROBLEM/rubric.yaml). Automatic items are scored with their
evidence; manual items are left blank for the teacher.

The report folder (--out, default grades-PROBLEM) gets grades.csv (one row per
student, one column per item, the total), STUDENT/feedback.md (each deduction with
the file and line or the command output that shows it) and class.txt (the class
ranked by grade, also printed here). A folder that holds anything but an earlier
grade report is refused.

To score the manual items, fill their columns in a copy of grades.csv and pass it
with --manual (only the manual items' columns are read: the automatic ones are
checked again each time); re-grading into the same folder keeps the scores already
there. A grades.csv there with manual scores of students who are not in
CLASS_DIR (a part of the class graded again, a folder renamed) or with columns
of your own (comments) is not rewritten, since they would be lost: grade the
whole class, choose another --out, or give --force. Nor is a file grade wrote
that you edited since (remarks added to a feedback.md, a class.txt fixed by
hand), or a file of yours where grade would write one: grade refuses before
building anything and names them; --force moves them into
OUT/edited-DATE-TIME, which grade then leaves alone, before it writes. Scores
typed straight into OUT/grades.csv are read back like those of --manual, with
no --force: the sheet as you left it is moved into such a folder.

Examples:
   judge grade sudoku examples/class
   judge grade sudoku ~/cs3300/pa2 --out pa2-grades
   judge grade sudoku ~/cs3300/pa2 --out pa2-grades --manual pa2-scores.csv
   judge grade sudoku ~/cs3300/pa2 --rubric my-rubric.yaml -j 2`,
		Flags: append([]cli.Flag{
			jobsFlag(),
			&cli.StringFlag{Name: "rubric", Aliases: []string{"r"}, Usage: "the rubric (default: problems/PROBLEM/rubric.yaml)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "report folder (default: grades-PROBLEM in the current folder)"},
			&cli.StringFlag{Name: "manual", Usage: "CSV of the teacher's scores for the manual items (a filled-in grades.csv)"},
			&cli.BoolFlag{Name: "force", Usage: "re-grade into --out even where its grades.csv holds scores of students not in CLASS_DIR or columns of your own, which are then dropped, " +
				"or where you edited files grade wrote there, which are first moved into OUT/edited-DATE-TIME"},
		}, limitFlags()...),
		Action: problemAction("grade: which problem and class? (judge grade PROBLEM CLASS_DIR)", exactly(2), func(c *cli.Context, e *env, p problems.Problem, limits problems.Limits) error {
			meta := p.Meta()
			classDir := c.Args().Get(1)
			rubricPath := c.String("rubric")
			if rubricPath == "" {
				rubricPath = filepath.Join(e.Root, "problems", meta.Slug, "rubric.yaml")
			}
			rubric, err := grade.LoadRubric(rubricPath)
			if err != nil {
				return usageError("%v", err)
			}
			students, err := grade.Students(classDir)
			if err != nil {
				return usageError("%v", err)
			}
			out := c.String("out")
			if out == "" {
				out = "grades-" + meta.Slug
			}
			if err := grade.PrepareOut(out); err != nil {
				return usageError("%v", err)
			}
			if !c.Bool("force") {
				edited, err := grade.Edited(out, students)
				if err != nil {
					return usageError("%v", err)
				}
				if err := gradeEdited(out, grade.Refused(out, edited), "nothing was graded"); err != nil {
					return err
				}
				if err := keepsScores(rubric, filepath.Join(out, grade.GradesFile), classDir, students); err != nil {
					return err
				}
			}
			// The teacher's scores are checked before the class is graded, which
			// takes a while; they are read again, as they are then, once it is.
			if manual := c.String("manual"); manual != "" {
				if _, _, err := (&grade.Class{Rubric: rubric, Problem: meta.Slug}).LoadScores(manual, false); err != nil {
					return usageError("%v; nothing was graded", err)
				}
			}
			ds, err := datasets(c, p)
			if err != nil {
				return err
			}
			ctx, stop := signalContext(c.Context)
			defer stop()
			var ref *workflow.Program
			if meta.Reference != "" {
				progs, err := e.build(ctx, []string{filepath.Join(e.Root, "solutions", meta.Slug, meta.Reference)})
				if err != nil {
					return err
				}
				ref = progs[0]
			}
			g := &grade.Grader{Rubric: rubric, Problem: p, Limits: limits, Datasets: ds, Judge: e.judge(c),
				Reference: ref, Work: filepath.Join(e.State, "tmp"), Log: c.App.ErrWriter, Jail: e.Builder.Jail}
			class, err := g.Grade(ctx, classDir)
			if err != nil {
				if ctx.Err() != nil {
					return failed("interrupted: nothing written (%s is as it was)", out)
				}
				return usageError("%v", err)
			}
			// One grade at a time writes the report: from reading its scores
			// back to its marker, under the lock report folders are written
			// under (another grade into the same folder waits here).
			abs, err := filepath.Abs(out)
			if err != nil {
				return failed("report folder %s: %v", out, err)
			}
			unlock, err := reports.LockFolder(ctx, filepath.Dir(abs), func(s string) {
				fmt.Fprintf(c.App.ErrWriter, "judge: warning: %s\n", s)
			})
			if err != nil {
				return failed("%v; nothing written (%s is as it was)", err, out)
			}
			defer unlock()
			// The scores of the previous report, then the teacher's new ones.
			for _, src := range []struct {
				path     string
				optional bool
			}{{filepath.Join(out, grade.GradesFile), true}, {c.String("manual"), false}} {
				if src.path == "" {
					continue
				}
				sc, ignored, err := class.LoadScores(src.path, src.optional)
				if err != nil {
					return usageError("%v", err)
				}
				if len(ignored) > 0 {
					fmt.Fprintf(c.App.ErrWriter, "judge: warning: %s: ignoring columns that name no item of the rubric: %s\n",
						src.path, strings.Join(ignored, ", "))
				}
				unknown, err := class.Merge(sc)
				if err != nil {
					return usageError("%s: %v", src.path, err)
				}
				if len(unknown) > 0 {
					sort.Strings(unknown)
					fmt.Fprintf(c.App.ErrWriter, "judge: warning: %s: no such student in %s (their scores are not used): %s\n", src.path, classDir, strings.Join(unknown, ", "))
				}
			}
			backup, moved, err := class.WriteReport(out, c.Bool("force"))
			if backup != "" {
				it := "it"
				if len(moved) > 1 {
					it = "them"
				}
				fmt.Fprintf(c.App.ErrWriter, "judge: moved what you had edited since grade wrote %s (%s) into %s\n", it, reports.ListNames(moved), backup)
			}
			var ee *reports.EditedError
			if errors.As(err, &ee) { // edited while grading
				return gradeEdited(out, ee.Files, "the grading is not written, so grade again once they are out of the way")
			}
			if err != nil {
				return failed("%v", err) // a full disk, a folder made read-only meanwhile
			}
			fmt.Fprintf(c.App.Writer, "%s: %d students graded with %s\n", meta.Slug, len(class.Students), rubricPath)
			if err := class.WriteTable(c.App.Writer, reports.ASCII); err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "report: %s (grades.csv, class.txt, STUDENT/feedback.md)\n", out)
			return nil
		}),
	}
}

// gradeEdited refuses to write the grade report out over the files edited,
// which the teacher edited since grade wrote them, with exit code 2 (none: nil);
// done says what was done so far.
func gradeEdited(out string, edited []string, done string) error {
	if len(edited) == 0 {
		return nil
	}
	it := "it"
	if len(edited) > 1 {
		it = "them"
	}
	return usageError("%s: you edited %s since grade wrote %s, or put %s where grade writes (a link there is never followed); %s. Copy what you want to keep elsewhere (manual scores: "+
		"into a copy of %s, passed with --manual), choose another --out, or give --force to move what you edited into %s and grade",
		out, reports.ListNames(edited), it, it, done, grade.GradesFile, filepath.Join(out, reports.BackupPrefix+"DATE-TIME"))
}

// keepsScores refuses to re-grade into a report whose grades.csv holds what the
// new one would drop: manual scores of students not in the class folder, and
// columns the judge does not write.
func keepsScores(rubric *grade.Rubric, csvPath, classDir string, students []string) error {
	absent, columns, err := rubric.Losses(csvPath, students)
	if err != nil {
		return usageError("%v", err)
	}
	var lost []string
	if len(absent) > 0 {
		lost = append(lost, fmt.Sprintf("manual scores of %d students not in %s (%s)", len(absent), classDir, listSome(absent)))
	}
	if len(columns) > 0 {
		lost = append(lost, fmt.Sprintf("columns that name no item of the rubric (%s)", listSome(columns)))
	}
	if len(lost) == 0 {
		return nil
	}
	return usageError("%s holds %s, which grading into it again would drop: grade the whole class, choose another --out, or give --force",
		csvPath, strings.Join(lost, " and "))
}

// listSome joins the first few names, with "…" for the rest.
func listSome(names []string) string {
	if len(names) > 5 {
		return strings.Join(names[:5], ", ") + ", …"
	}
	return strings.Join(names, ", ")
}
