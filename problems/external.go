package problems

// ExternalChecker is implemented by problems whose checker is a program of their own
// (an ICPC package's custom output validator) rather than Go code. A harness that
// recognises it builds the program once and, for each run, calls
//
//	PROGRAM INPUT ANSWER FEEDBACK_DIR ARGS... < output
//
// where exit code 42 means accepted, 43 wrong answer and anything else a judge
// error; FEEDBACK_DIR/judgemessage.txt holds the message. For an interactive problem
// (Meta().IO == InteractIO) the same program is the interactor: its standard output
// goes to the program's standard input and the program's output to its standard
// input. Check is then only called when no such harness is in use.
type ExternalChecker interface {
	// CheckerProgram returns the checker's source (a file or a folder) and the
	// arguments for dataset ds; ok is false when the problem judges in Go after all.
	CheckerProgram(ds Dataset) (source string, args []string, ok bool)
}
