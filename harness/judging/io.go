package judging

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/gate"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
)

// answerOutput returns the output an .ans file holds: stdout, or the first output
// file for problems with file I/O.
func answerOutput(p problems.Problem, ds problems.Dataset, out problems.Output) []byte {
	if fio, ok := p.(problems.FileIO); ok && p.Meta().IO == problems.Files {
		if names := fio.OutputFiles(ds); len(names) > 0 {
			return out.Files[names[0]]
		}
	}
	return out.Stdout
}

// programEnv is the environment a submission runs with.
func programEnv(home string) []string {
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	return []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8", "TMPDIR=" + home}
}

// execute runs the task's program in the problem's I/O mode and returns what it
// produced. A runner with a private work folder of its own (a jail) gets no host
// folder unless input files are to be placed or output files collected; the
// program's streams are captured in anonymous memory files.
func (j *Judge) execute(ctx context.Context, p problems.Problem, limits problems.Limits, t Task) (problems.Output, sandbox.Measure, error) {
	var out problems.Output
	fio, usesFiles := p.(problems.FileIO)
	usesFiles = usesFiles && p.Meta().IO == problems.Files
	spec := sandbox.Spec{Argv: t.Program.Argv, Limits: limits, AddressSpace: t.Program.AddressSpace}
	if usesFiles || !j.Runner.Guarantees().Jail {
		if err := os.MkdirAll(j.Scratch, 0o755); err != nil {
			return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
		}
		dir, err := os.MkdirTemp(j.Scratch, "run-")
		if err != nil {
			return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
		}
		defer os.RemoveAll(dir)
		work := filepath.Join(dir, "work")
		if err := os.Mkdir(work, 0o777); err != nil {
			return out, sandbox.Measure{}, fmt.Errorf("scratch folder: %w", err)
		}
		spec.Dir, spec.Env = work, programEnv(work)
	}
	if err := ProgramFiles(&spec, t.Program); err != nil {
		return out, sandbox.Measure{}, err
	}
	stderr, err := ScratchFile("stderr")
	if err != nil {
		return out, sandbox.Measure{}, fmt.Errorf("capturing stderr: %w", err)
	}
	defer stderr.Close()
	spec.Stderr = stderr

	var m sandbox.Measure
	switch p.Meta().IO {
	case problems.InteractIO:
		ia, ok := p.(problems.Interactor)
		if !ok {
			return out, m, fmt.Errorf("problem %s is interactive but has no interactor", p.Meta().Slug)
		}
		// The interactor starts with the program: the gate is entered first.
		leave, err := gate.EnterOf(ctx)
		if err != nil {
			return out, m, err
		}
		var o problems.Outcome
		o, m, err = interact(ctx, j.Runner, spec, ia, t.Dataset)
		leave()
		out.Interaction = &o
		if err != nil {
			return out, m, err
		}
	default:
		if !usesFiles {
			fio = nil
		}
		spec.Gate = gate.Of(ctx)
		m, err = j.runFiles(ctx, fio, t.Dataset, spec, &out)
	}
	if err != nil {
		return out, m, err
	}
	out.Stderr, _ = ReadStderr(stderr)
	return out, m, nil
}

// stderrRead is how much of the end of a program's standard error the judge
// reads back for its outcome and its result (which keep less).
const stderrRead = 64 << 10

// ReadStderr reads back the end of the standard error a program wrote into f:
// its last 64 KiB, where a crash's traceback or message is, whatever came
// before it.
func ReadStderr(f *os.File) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	from := max(0, st.Size()-stderrRead)
	return io.ReadAll(io.NewSectionReader(f, from, st.Size()-from))
}

// runFiles runs a stdio program, or a files-mode one when fio is not nil.
func (j *Judge) runFiles(ctx context.Context, fio problems.FileIO, ds problems.Dataset, spec sandbox.Spec, out *problems.Output) (sandbox.Measure, error) {
	stdout, err := ScratchFile("stdout")
	if err != nil {
		return sandbox.Measure{}, fmt.Errorf("capturing stdout: %w", err)
	}
	defer stdout.Close()
	spec.Stdout = stdout
	if fio != nil {
		files, err := fio.InputFiles(ds)
		if err != nil {
			return sandbox.Measure{}, fmt.Errorf("input files of %s: %w", ds.Name, err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(spec.Dir, filepath.Base(name)), data, 0o644); err != nil {
				return sandbox.Measure{}, fmt.Errorf("writing input file %s: %w", name, err)
			}
		}
		for _, name := range fio.OutputFiles(ds) {
			spec.Collect = append(spec.Collect, filepath.Base(name))
		}
	} else {
		in, err := os.Open(ds.InPath)
		if err != nil {
			return sandbox.Measure{}, fmt.Errorf("dataset %s: %w", ds.Name, err)
		}
		defer in.Close()
		spec.Stdin = in
	}
	m, err := j.Runner.Run(ctx, spec)
	if err != nil {
		return m, err
	}
	limit := spec.Limits.Output.Bytes()
	if out.Stdout, err = readCapped(stdout, limit); err != nil {
		return m, err
	}
	if limit > 0 && int64(len(out.Stdout)) >= limit && !m.OutputExceeded {
		if st, err := stdout.Stat(); err == nil {
			m.OutputExceeded = st.Size() > limit
		}
	}
	if fio != nil {
		out.Files = map[string][]byte{}
		for _, name := range fio.OutputFiles(ds) {
			data, err := readFileCapped(filepath.Join(spec.Dir, filepath.Base(name)), limit)
			if err == nil {
				out.Files[name] = data
			}
		}
	}
	return m, nil
}

// ProgramFiles tells the runner which host files the program needs (its build
// folder's files, or the executable itself) and which runtime folder it reads
// (an interpreter installed outside the system folders). A jail copies the files
// into its private work folder; nothing else of the host is visible there.
func ProgramFiles(spec *sandbox.Spec, p *build.Program) error {
	if p == nil || len(p.Argv) == 0 {
		return nil
	}
	spec.ReadOnly = append(spec.ReadOnly, p.ReadOnly...)
	switch {
	case p.Dir != "":
		entries, err := os.ReadDir(p.Dir)
		if err != nil {
			return fmt.Errorf("build folder of %s: %w", p.Name, err)
		}
		spec.ProgramDir = p.Dir
		for _, e := range entries {
			if e.Type().IsRegular() {
				spec.Files = append(spec.Files, filepath.Join(p.Dir, e.Name()))
			}
		}
		if run0 := p.Argv[0]; !strings.HasPrefix(run0, p.Dir+string(filepath.Separator)) {
			spec.ReadOnly = append(spec.ReadOnly, sandbox.InstallRoot(run0))
		}
	case p.Language != "command":
		// A ready executable (a binary submission, a student's build).
		spec.Files = append(spec.Files, p.Argv[0])
	default:
		// A command line: its program is a runtime; the files its arguments name
		// go in beside it.
		spec.ReadOnly = append(spec.ReadOnly, sandbox.InstallRoot(p.Argv[0]))
		for _, a := range p.Argv[1:] {
			if st, err := os.Stat(a); err == nil && filepath.IsAbs(a) && st.Mode().IsRegular() {
				spec.Files = append(spec.Files, a)
			}
		}
	}
	return nil
}

// readFileCapped reads at most limit bytes of a file (all of it when limit is 0).
func readFileCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readCapped(f, limit)
}

// readCapped reads at most limit bytes of f from its start (all of it when limit
// is 0), wherever its offset stands.
func readCapped(f *os.File, limit int64) ([]byte, error) {
	n := limit
	if n <= 0 {
		n = 1<<63 - 1
	}
	return io.ReadAll(io.NewSectionReader(f, 0, n))
}
