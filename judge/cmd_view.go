package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/internal/atomicfile"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
	"github.com/judgehq/judge/reports"
)

func viewCommand() *cli.Command {
	return &cli.Command{
		Name:      "view",
		Usage:     "draw a dataset, and a program's output on it, as a picture (SVG or HTML)",
		ArgsUsage: "PROBLEM DATASET [OUTPUT]",
		Description: `Draws a dataset with the problem's own picture: the Battleships grid, the Sudoku
board, the defrag disk band by band, the TriMineSweeper board, the fleetcount and
bestmove heat maps. DATASET is a dataset name (sample/1, secret/07-hard) or the path
of an .in file (its .ans beside it is used when present). Without OUTPUT the answer
file is drawn; with it, OUTPUT is judged by the problem's checker and drawn with its
verdict, a wrong answer's faults marked. OUTPUT is what the program wrote: its
standard output, its answer file for problems that use files (defrag01.out), or for
interactive problems the moves it sent, one per line, which are replayed against the
dataset. "-" reads OUTPUT from standard input.

The picture goes to standard output as SVG unless -o names a file: FILE.svg for the
picture alone, FILE.html for a page that shows it. A FILE that exists already is
replaced only with --force (and never when it is a symbolic link or not a regular
file); the picture is written whole or not at all. Nothing is fetched from anywhere.

Examples:
   judge view battleships sample/1-6x6 -o board.html
   judge view sudoku secret/44-unsolvable-deep
   judge view battleships sample/1-6x6 my-answer.txt -o wa.svg
   judge view defrag sample/1-example defrag01.out -o moves.html
   judge view trimines sample/1 moves.txt -o game.html`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the picture to `FILE`.svg or FILE.html instead of standard output"},
			&cli.BoolFlag{Name: "force", Aliases: []string{"f"}, Usage: "replace the -o FILE when it exists already"},
		},
		Action: problemAction("view: want a problem and a dataset (judge view PROBLEM DATASET [OUTPUT] [-o FILE.svg|.html])",
			func(n int) bool { return n == 2 || n == 3 },
			func(c *cli.Context, e *env, p problems.Problem, _ problems.Limits) error {
				return view(c.Context, c, p)
			}),
	}
}

// view draws the dataset (and output) named on the command line.
func view(ctx context.Context, c *cli.Context, p problems.Problem) error {
	vis, ok := p.(problems.Visualiser)
	if !ok {
		return usageError("problem %s draws no pictures", p.Meta().Slug)
	}
	ds, err := findDataset(p, c.Args().Get(1))
	if err != nil {
		return err
	}
	var out *problems.Output
	var oc *problems.Outcome
	if c.NArg() == 3 {
		data, err := readArg(c.Args().Get(2), c.App.Reader)
		if err != nil {
			return err
		}
		o, outcome := judgeOutput(ctx, p, ds, data)
		out, oc = &o, &outcome
	}
	svg, err := vis.Visualise(ds, out, oc)
	if err != nil {
		return usageError("%v", err)
	}
	title := p.Meta().Slug + " " + ds.Name
	dest := c.String("out")
	switch {
	case dest == "":
		_, err = c.App.Writer.Write(svg)
		return err
	case strings.HasSuffix(dest, ".svg"):
	case strings.HasSuffix(dest, ".html") || strings.HasSuffix(dest, ".htm"):
		var b bytes.Buffer
		if err := reports.WritePicturePage(&b, title, svg); err != nil {
			return err
		}
		svg = b.Bytes()
	default:
		return usageError("-o %s: want a name ending in .svg or .html", dest)
	}
	if err := writePicture(dest, svg, c.Bool("force")); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "picture: %s\n", dest)
	return nil
}

// readArg reads a file named on the command line, "-" meaning r.
func readArg(name string, r io.Reader) ([]byte, error) {
	if name == "-" {
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, usageError("reading standard input: %v", err)
		}
		return b, nil
	}
	b, err := readInput(name)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return b, nil
}

// inputLimit bounds a file the judge reads whole at a user's word (an input to
// validate or to view, a program's output to draw): far above any dataset.
const inputLimit = 1 << 30

// readInput reads the regular file at path whole, at most inputLimit bytes: a
// pipe is refused rather than waited on, and a device such as /dev/zero
// rather than read until memory runs out.
func readInput(path string) ([]byte, error) { return regular.ReadFileMax(path, inputLimit) }

// findDataset returns the dataset named name (sample/1) in any group of p, or one
// read from the path of an .in file with its .ans beside it when there is one.
func findDataset(p problems.Problem, name string) (problems.Dataset, error) {
	groups, err := workflow.AllGroups(p)
	if err != nil {
		return problems.Dataset{}, err
	}
	var names []string
	if len(groups) > 0 {
		all, err := p.Datasets(groups...)
		if err != nil {
			return problems.Dataset{}, usageError("%v", err)
		}
		for _, ds := range all {
			if ds.Name == name || ds.Name == strings.TrimSuffix(name, ".in") {
				return ds, nil
			}
			names = append(names, ds.Name)
		}
	}
	in, err := readInput(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			hint := ""
			if len(names) > 0 {
				hint = fmt.Sprintf(" (datasets of %s: %s", p.Meta().Slug, strings.Join(names[:min(len(names), 6)], ", "))
				if len(names) > 6 {
					hint += ", …"
				}
				hint += ")"
			}
			return problems.Dataset{}, usageError("no dataset %q and no such file%s", name, hint)
		}
		return problems.Dataset{}, usageError("%v", err)
	}
	if err := p.Validate(in); err != nil {
		return problems.Dataset{}, usageError("%s: %v", name, err)
	}
	base := strings.TrimSuffix(name, ".in")
	ds := problems.Dataset{Name: filepath.Base(base), Group: "file", InPath: name, Input: in}
	if ans, err := readInput(base + ".ans"); err == nil {
		ds.AnsPath, ds.Answer = base+".ans", ans
	}
	return ds, nil
}

// judgeOutput turns what a program wrote into the Output its problem checks, and
// checks it: standard output, or the first output file of a files problem, or for
// an interactive problem the moves, replayed against the interactor in process.
func judgeOutput(ctx context.Context, p problems.Problem, ds problems.Dataset, data []byte) (problems.Output, problems.Outcome) {
	out := writtenOutput(p, ds, data)
	if in, ok := p.(problems.Interactor); ok {
		o := in.Interact(ctx, ds, bytes.NewReader(data), io.Discard)
		out = problems.Output{Interaction: &o}
	}
	return out, p.Check(ds, out)
}

// writtenOutput is the Output of a program that wrote data: its standard output,
// or the first output file of a files problem.
func writtenOutput(p problems.Problem, ds problems.Dataset, data []byte) problems.Output {
	if fio, ok := p.(problems.FileIO); ok {
		if names := fio.OutputFiles(ds); len(names) > 0 {
			return problems.Output{Files: map[string][]byte{names[0]: data}}
		}
	}
	return problems.Output{Stdout: data}
}

// resultPictures draws report results with their problem's Visualiser, for
// report.html: every result that is not AC, and the AC results on sample datasets
// (the secret ACs would mostly repeat the answer file). A WA or PE result that
// kept the program's output (problems.Result.KeptOutput) is drawn from that output,
// with what broke marked; the others show the dataset, its answer file or the
// recorded interaction, and the verdict.
func resultPictures(root string) reports.PictureFunc {
	type key struct{ problem, dataset string }
	probs := map[string]problems.Problem{}
	sets := map[key]problems.Dataset{}
	return func(r problems.Result) ([]byte, bool) {
		if r.Outcome.Verdict == problems.AC && !strings.HasPrefix(r.Dataset, "sample/") {
			return nil, false
		}
		p, ok := probs[r.Problem]
		if !ok {
			p, _ = registry.Open(root, r.Problem) // nil: no picture for this problem
			probs[r.Problem] = p
			if p != nil {
				if groups, err := workflow.AllGroups(p); err == nil && len(groups) > 0 {
					all, _ := p.Datasets(groups...)
					for _, ds := range all {
						sets[key{r.Problem, ds.Name}] = ds
					}
				}
			}
		}
		vis, ok := p.(problems.Visualiser)
		if !ok {
			return nil, false
		}
		ds, ok := sets[key{r.Problem, r.Dataset}]
		if !ok {
			return nil, false
		}
		oc := r.Outcome
		var out *problems.Output
		if _, interactive := p.(problems.Interactor); len(r.KeptOutput) > 0 && !interactive {
			o := writtenOutput(p, ds, r.KeptOutput)
			o.Usage = r.Usage // what a scorer that charges for time reads
			out = &o
		}
		svg, err := vis.Visualise(ds, out, &oc)
		return svg, err == nil
	}
}

// writePicture writes data to dest through a new file beside it, renamed into
// place once complete. An existing dest is replaced only with force, and
// never when it is a symbolic link (the picture would land in whatever file
// the link names) or not a regular file.
func writePicture(dest string, data []byte, force bool) error {
	if st, err := os.Lstat(dest); err == nil {
		switch {
		case !st.Mode().IsRegular():
			return usageError("-o %s: exists and is not a regular file; view writes only new files or replaces its own (with --force)", dest)
		case !force:
			return usageError("-o %s: exists already; add --force to replace it", dest)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return usageError("-o %s: %v", dest, err)
	}
	if err := atomicfile.Write(dest, data); err != nil {
		return failed("%v", err)
	}
	return nil
}
