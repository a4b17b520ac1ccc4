// Package gate bounds how many programs run at once while more get ready: the
// judging pool's gate that every submission's run passes (harness/judging), which
// a jail enters once its slot is ready (harness/jail).
package gate

import (
	"context"
	"slices"
	"sync"
)

// Gate bounds how many submissions run at once, while more get ready: a run
// that has a gate (sandbox.Spec.Gate) does everything it can before its program starts
// (a jail readies its slot: work folder, files, limits, counters), then enters
// the gate, and leaves it the moment its program has ended. So with one job the
// judge readies the next run while a program runs, and starts it as soon as
// that program ends, yet never runs two submissions at once. A runner without
// a jail enters the gate before it starts anything.
//
// Room passes from the run that leaves to the one that waited longest, and the
// leaving goroutine itself starts the program of the run it lets in (see
// EnterThen): starting it does not wait for the waiting goroutine to be
// scheduled.
type Gate struct {
	mu      sync.Mutex
	free    int
	waiting []*gateWaiter // first come, first in
}

type gateWaiter struct {
	start func()        // called as the room is given
	in    chan struct{} // closed once it is
}

// New returns a gate that lets n programs run at once (at least one).
func New(n int) *Gate { return &Gate{free: max(1, n)} }

// Enter waits for room in the gate, or for ctx to end (its error).
func (g *Gate) Enter(ctx context.Context) error { return g.EnterThen(ctx, nil) }

// EnterThen waits for room in the gate, or for ctx to end (its error), and
// calls start (when not nil) as the room is given: at once when there is room,
// else from the Leave that gives it, before EnterThen returns. start must be
// quick and must not use the gate.
func (g *Gate) EnterThen(ctx context.Context, start func()) error {
	g.mu.Lock()
	if g.free > 0 {
		g.free--
		g.mu.Unlock()
		if start != nil {
			start()
		}
		return nil
	}
	w := &gateWaiter{start: start, in: make(chan struct{})}
	g.waiting = append(g.waiting, w)
	g.mu.Unlock()
	select {
	case <-w.in:
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	if i := slices.Index(g.waiting, w); i >= 0 {
		g.waiting = slices.Delete(g.waiting, i, i+1)
		g.mu.Unlock()
		return ctx.Err()
	}
	g.mu.Unlock()
	<-w.in // given the room as ctx ended: it is taken, and start called
	return nil
}

// Leave gives back the room Enter took: to the run that waited longest, whose
// start it calls, or to the gate.
func (g *Gate) Leave() {
	g.mu.Lock()
	if len(g.waiting) == 0 {
		g.free++
		g.mu.Unlock()
		return
	}
	w := g.waiting[0]
	g.waiting = g.waiting[1:]
	g.mu.Unlock()
	if w.start != nil {
		w.start()
	}
	close(w.in)
}

type gateKey struct{}

// With returns ctx carrying g, for the code that builds a submission's Spec to
// find (Of). Only a submission's run takes it: a program running beside
// it (an interactive validator) must not wait for the room the submission holds.
func With(ctx context.Context, g *Gate) context.Context {
	return context.WithValue(ctx, gateKey{}, g)
}

// Of returns the gate ctx carries (nil when none).
func Of(ctx context.Context) *Gate {
	g, _ := ctx.Value(gateKey{}).(*Gate)
	return g
}

// EnterOf enters the gate ctx carries, if any, for a run that cannot wait at
// the gate once started: an interactive submission, whose validator would spend
// its own time limit waiting beside it. The returned function leaves it.
func EnterOf(ctx context.Context) (leave func(), err error) { return EnterAny(ctx, Of(ctx)) }

// EnterAny enters g, when there is one (a runner that readies nothing ahead
// enters before it starts the program); the returned function leaves it.
func EnterAny(ctx context.Context, g *Gate) (leave func(), err error) {
	if g == nil {
		return func() {}, nil
	}
	if err := g.Enter(ctx); err != nil {
		return func() {}, err
	}
	return g.Leave, nil
}
