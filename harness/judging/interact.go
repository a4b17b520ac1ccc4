package judging

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/problems"
)

// interactGrace is how long a program may take to exit after the interactor is done.
const interactGrace = time.Second

// interact runs a program against an interactor over two pipes. Only the program's
// CPU time is measured; the wall limit ends a deadlock.
func interact(ctx context.Context, runner sandbox.Runner, spec sandbox.Spec, ia problems.Interactor, ds problems.Dataset) (problems.Outcome, sandbox.Measure, error) {
	toSolR, toSolW, err := os.Pipe()
	if err != nil {
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("interaction pipe: %w", err)
	}
	fromSolR, fromSolW, err := os.Pipe()
	if err != nil {
		toSolR.Close()
		toSolW.Close()
		return problems.Outcome{}, sandbox.Measure{}, fmt.Errorf("interaction pipe: %w", err)
	}
	defer fromSolR.Close()
	spec.Stdin, spec.Stdout = toSolR, fromSolW
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	limited := &cappedReader{r: fromSolR, left: spec.Limits.Output.Bytes(), stop: stop}
	var outcome problems.Outcome
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		outcome = safeInteract(runCtx, ia, ds, limited, toSolW)
		toSolW.Close()
		select {
		case <-time.After(interactGrace):
			stop()
		case <-runCtx.Done():
		}
	}()
	m, err := runner.Run(runCtx, spec)
	fromSolW.Close()
	toSolR.Close()
	stop()
	<-finished
	if err != nil {
		return outcome, m, err
	}
	if limited.exceeded {
		m.OutputExceeded = true
	}
	if m.Canceled && ctx.Err() == nil {
		// Ended by us after the interactor was done: not the program's failure.
		m.Canceled = false
		if m.Signal == "SIGKILL" {
			m.Signal, m.ExitCode = "", 0
		}
	}
	return outcome, m, nil
}

func safeInteract(ctx context.Context, ia problems.Interactor, ds problems.Dataset, r io.Reader, w io.Writer) (o problems.Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = problems.Rejected(problems.JE, "interactor panicked: %v", v)
		}
	}()
	return ia.Interact(ctx, ds, r, w)
}

// cappedReader reads at most left bytes and then stops the run.
type cappedReader struct {
	r        io.Reader
	left     int64
	exceeded bool
	stop     func()
}

var errOutputLimit = errors.New("output limit exceeded")

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 && c.left != 0 || c.exceeded {
		return 0, errOutputLimit
	}
	n, err := c.r.Read(p)
	if c.left > 0 {
		c.left -= int64(n)
		if c.left <= 0 {
			c.exceeded = true
			c.stop()
			return n, errOutputLimit
		}
	}
	return n, err
}
