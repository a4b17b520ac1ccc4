// Package reports turns judged results into rankings and renders them.
//
// Everything here is a pure function of problems.Result rows (and the problems'
// metadata): per-problem rankings (RankProblem), standings across problems
// (BuildStandings), the comparison of solver variants (BuildMatrix, Summarize,
// Regressions) and one writer per output format: terminal tables, Markdown, JSON
// (validated by results.schema.json), CSV, JUnit XML, challenge.log and unified
// diffs. WriteReport writes a whole report folder at once.
//
// The package never starts processes and knows nothing of a problem beyond its Meta
// and the Outcome of each run.
package reports
