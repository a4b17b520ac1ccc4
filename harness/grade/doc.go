// Package grade applies a course assignment's rubric to every student's program in
// a class folder: it builds each submission, runs the automatic checks the rubric
// names (compilation, warnings, results on the problem's datasets, CPU time against
// the reference, layout of the source, global variables and missing functions read
// from the object files' symbols, …), leaves the manual items to the teacher, and
// writes grades.csv, a feedback.md per student and a ranked class table.
//
// Every deduction carries its evidence: a file and line with the text found there,
// or the output of the command that showed it.
package grade
