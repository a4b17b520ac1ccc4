package jail

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// CompileLimits are the defaults for compiles: 30 s CPU, 60 s wall, 2 GiB of
// memory, 64 processes, 256 MiB in the work folder and in /tmp. (Of the
// compiler's messages Compile keeps CompileOutputMax bytes.)
var CompileLimits = Limits{CPU: 30 * time.Second, Wall: 60 * time.Second, Memory: 2 << 30,
	Processes: 64, Output: 256 << 20, Disk: 256 << 20, Tmp: 256 << 20}

// CompileOutputMax is how much of a compiler's messages is kept by default.
const CompileOutputMax = 1 << 20

// ErrSourceRefused is wrapped by Compile's error when a source is not a regular
// file (a symlink, a device, a folder).
var ErrSourceRefused = errors.New("source refused")

// CompileConfig is one compile in a jail. Only the sources are visible to the
// compiler, in its work folder; the artefacts it leaves there are copied out by the
// judge into OutDir.
type CompileConfig struct {
	Argv    []string // the compiler command, run in the work folder
	Env     []string // nil: DefaultEnv
	Sources []string // host files, copied into the work folder under their base names
	// Shared are host files shown read-only in the work folder under their
	// base names, bound rather than copied (large inputs the compiler only
	// reads; see File.Shared).
	Shared    []string
	Artefacts []string // work-folder names copied to OutDir after a successful compile
	OutDir    string   // host folder for the artefacts
	Limits    Limits   // zero fields take CompileLimits' values
	OutputMax int64    // bytes of compiler messages kept; 0: CompileOutputMax
}

// CompileResult is how a compile went.
type CompileResult struct {
	Result
	Output    []byte // the compiler's stdout and stderr, at most OutputMax bytes
	Truncated bool   // more output was discarded
	// Message is empty on success, else a short reason for a compile error:
	// "compile time limit", "compile memory limit", "compiler exited with 1", …
	Message string
}

// OK reports whether the compile succeeded.
func (r CompileResult) OK() bool { return r.Message == "" }

// Compile runs a compiler in a jail under compile limits. A source that is not a
// regular file is refused with an error wrapping ErrSourceRefused. The whole
// compiler tree dies at a limit, and the message says which.
func (j *Jail) Compile(ctx context.Context, c CompileConfig) (CompileResult, error) {
	l := withDefaults(c.Limits, CompileLimits)
	keep := c.OutputMax
	if keep <= 0 {
		keep = CompileOutputMax
	}
	var files []File
	for i, src := range append(append([]string{}, c.Sources...), c.Shared...) {
		st, err := os.Lstat(src)
		if err != nil {
			return CompileResult{}, fmt.Errorf("compiling %s: %w", src, err)
		}
		if !st.Mode().IsRegular() {
			kind := "not a regular file"
			if st.Mode()&os.ModeSymlink != 0 {
				kind = "a symbolic link"
			}
			return CompileResult{}, fmt.Errorf("compiling %s: it is %s: %w", src, kind, ErrSourceRefused)
		}
		files = append(files, File{Name: filepath.Base(src), Src: src, Shared: i >= len(c.Sources)})
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return CompileResult{}, fmt.Errorf("compiler output pipe: %w", err)
	}
	var out CompileResult
	read := make(chan struct{})
	go func() {
		defer close(read)
		out.Output, out.Truncated = readCapped(pr, keep)
	}()
	res, err := j.Run(ctx, Config{Argv: c.Argv, Env: c.Env, Files: files, Stdout: pw, Stderr: pw, Limits: l,
		Collect: c.Artefacts, CollectDir: c.OutDir, CollectMax: l.Disk})
	pw.Close()
	<-read
	pr.Close()
	out.Result = res
	if err != nil {
		return out, fmt.Errorf("compiling: %w", err)
	}
	switch {
	case res.Limit == CPULimit || res.Limit == WallLimit:
		out.Message = "compile time limit"
	case res.Limit == MemoryLimit:
		out.Message = "compile memory limit"
	case res.Limit == OutputLimit:
		out.Message = "compile output limit"
	case res.Canceled:
		return out, fmt.Errorf("compiling: %w", ctx.Err())
	case res.ExecError != "":
		out.Message = res.ExecError
	case res.Signal != 0:
		out.Message = fmt.Sprintf("compiler killed by signal %d", res.Signal)
	case res.ExitCode != 0:
		out.Message = fmt.Sprintf("compiler exited with %d", res.ExitCode)
	}
	return out, nil
}

// readCapped reads r to its end, keeping the first max bytes.
func readCapped(r io.Reader, max int64) ([]byte, bool) {
	var kept []byte
	buf := make([]byte, 64<<10)
	truncated := false
	for {
		n, err := r.Read(buf)
		if n > 0 {
			room := max - int64(len(kept))
			if int64(n) > room {
				kept = append(kept, buf[:room]...)
				truncated = true
			} else {
				kept = append(kept, buf[:n]...)
			}
		}
		if err != nil {
			return kept, truncated
		}
	}
}

// withDefaults fills the zero fields of l from d.
func withDefaults(l, d Limits) Limits {
	if l.CPU == 0 {
		l.CPU = d.CPU
	}
	if l.Wall == 0 {
		l.Wall = d.Wall
	}
	if l.Memory == 0 {
		l.Memory = d.Memory
	}
	if l.Processes == 0 {
		l.Processes = d.Processes
	}
	if l.Output == 0 {
		l.Output = d.Output
	}
	if l.Disk == 0 {
		l.Disk = d.Disk
	}
	if l.Tmp == 0 {
		l.Tmp = d.Tmp
	}
	return l
}
