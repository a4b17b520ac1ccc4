package problems

// Visualiser is implemented by problems that can draw a dataset as a picture: the
// board, disk or grid of the input and, when given, what a program made of it. The
// picture is one self-contained SVG document (no scripts, no external references),
// so that a report can inline it and a browser can show it on its own.
type Visualiser interface {
	// Visualise draws ds. out, when not nil, is a run's output to draw on top of the
	// dataset (its files, standard output or, for interactive problems, the
	// interaction recorded in out.Interaction); without it the dataset's answer file
	// is drawn, where the problem has one worth drawing. oc, when not nil, is the
	// judged outcome: its verdict and message go into the caption, and a wrong
	// answer's faults are marked where the problem can place them. Visualise must
	// not panic on any output; an output it cannot read is said so in the picture.
	Visualise(ds Dataset, out *Output, oc *Outcome) ([]byte, error)
}
