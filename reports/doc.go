// Package reports turns judged results into rankings and renders them.
//
// Everything here is a pure function of problems.Result rows (and the problems'
// metadata): per-problem rankings (RankProblem), standings across problems
// (BuildStandings), the comparison of solver variants (BuildMatrix, Summarize,
// Regressions) and one writer per output format: terminal tables, Markdown, JSON
// (validated by results.schema.json), CSV, JUnit XML, challenge.log, unified
// diffs and report.html (WriteHTML: one self-contained page whose pictures come
// from a PictureFunc the caller supplies). WriteReport writes a whole report folder
// at once. Progress shows a run while it goes; the live sub-package serves the page
// while a contest runs.
//
// The package never starts processes and knows nothing of a problem beyond its Meta
// and the Outcome of each run.
//
// # Ranking rules
//
// Per problem (the rule comes from problem.yaml; Rule):
//
//   - pass-fail: datasets passed, more first; then total CPU time, less first.
//   - penalty: datasets solved (AC), more first; then the total penalty, the sum of
//     the AC datasets' scores, less first.
//   - points: the total score of the AC datasets, better first in the problem's
//     direction (for direction min the datasets solved come first).
//   - relative (any problem): per dataset 100 × best/yours (direction min) or
//     100 × yours/best (direction max) against the best AC score there, non-AC 0,
//     summed; more first.
//
// Across problems (StandingsRule):
//
//   - icpc: problems fully solved (every dataset AC), more first; then the CPU time
//     of the solved problems, less first.
//   - relative: the sum of the per-problem relative scores, more first.
//   - mactech: places 1 to 5 of each problem's ranking earn 20, 10, 7, 4 and 2
//     points, more points first. Tied entrants each earn the full points of the
//     place of their rank (ranks 1, 2, 2, 4 earn 20, 10, 10, 4); an entry without
//     any AC earns nothing.
//
// Ties are ties: equal keys share the competition rank (1, 2, 2, 4), shown as "2="
// in tables and as "tied" in JSON, and keep the entrant order of the contest.
// Entrants without results on a problem share its last rank and show dashes. Only
// the highest attempt of a submission on a dataset counts in a ranking; all
// attempts count in a comparison. Times are used to the microsecond, as stored.
package reports
