// Package workflow is the judging workflow as a library, what the judge command does
// between its flags and its tables: plan jobs from problems × submissions ×
// datasets × attempts (plan.go), judge them with a harness/judging pool and store
// each result the moment it is judged by one writer goroutine, off the pool's lock
// (session.go), find a problem's solutions and the verdict each folder expects
// (solutions.go), rebuild a stored run's report for the reports package
// (stored.go), and check a problem (verify.go) or rewrite its answers (regen.go).
//
// Functions take a context.Context first; errors are wrapped with what was being
// done. Nothing here prints tables: callers hand the rows to package reports.
package workflow
