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
// scheduled. A run can do better still (see Entry.Arm): while it waits first in
// line, it learns how to see the programs holding room end, and starts its own
// the moment one of them has, before anyone has left.
type Gate struct {
	mu      sync.Mutex
	free    int
	waiting []*gateWaiter // first come, first in
	// ends are the End signals of the runs holding room that brought one.
	ends map[*Ticket]any
}

type gateWaiter struct {
	Entry
	ticket *Ticket
	in     chan struct{} // closed once the room is given
}

// Entry is what a run brings to the gate.
type Entry struct {
	// Start, when not nil, is called as the room is given: at once when there
	// is room, else from the Leave that gives it, before Join returns. It must
	// be quick and must not use the gate.
	Start func()
	// End, when not nil, is how a waiting run can see this run's program end
	// once it holds room (a jail gives the read end of a pipe its slot's init
	// writes to when everything of the run is gone). The gate only passes it
	// on, to Arm.
	End any
	// Arm, when not nil, is called once the run waits first in line, with the
	// End of every run holding room that brought one (not at all when none
	// did). The run may then start its program as soon as any of them has
	// signaled, before a Leave gives it the room; Start is called all the same.
	// The runs holding room change only as the first in line is let in, so a
	// run is armed once at most. Runs never run more at once than the gate has rooms,
	// since only the first in line is ever armed, and an End signals only once
	// its run's program has ended. Arm is called with the gate locked: it must
	// be quick and must not use the gate.
	Arm func(ends []any)
}

// Ticket is a run's hold on room in the gate, given back by Leave.
type Ticket struct{ g *Gate }

// New returns a gate that lets n programs run at once (at least one).
func New(n int) *Gate { return &Gate{free: max(1, n)} }

// Enter waits for room in the gate, or for ctx to end (its error).
func (g *Gate) Enter(ctx context.Context) error { return g.EnterThen(ctx, nil) }

// EnterThen waits for room in the gate, or for ctx to end (its error), and
// calls start (when not nil) as the room is given (see Entry.Start). Leave
// gives the room back.
func (g *Gate) EnterThen(ctx context.Context, start func()) error {
	_, err := g.Join(ctx, Entry{Start: start})
	return err
}

// Join waits for room in the gate, or for ctx to end (its error), for a run
// that brings e. The ticket's Leave gives the room back; a run that brought an
// End must leave so, not by Gate.Leave, which would keep its End and arm the
// runs after it with a run that is over.
func (g *Gate) Join(ctx context.Context, e Entry) (*Ticket, error) {
	t := &Ticket{g: g}
	g.mu.Lock()
	if g.free > 0 {
		g.free--
		g.hold(t, e.End)
		g.mu.Unlock()
		if e.Start != nil {
			e.Start()
		}
		return t, nil
	}
	w := &gateWaiter{Entry: e, ticket: t, in: make(chan struct{})}
	g.waiting = append(g.waiting, w)
	if len(g.waiting) == 1 {
		g.armFirst()
	}
	g.mu.Unlock()
	select {
	case <-w.in:
		return t, nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	if i := slices.Index(g.waiting, w); i >= 0 {
		g.waiting = slices.Delete(g.waiting, i, i+1)
		if i == 0 {
			g.armFirst()
		}
		g.mu.Unlock()
		return nil, ctx.Err()
	}
	g.mu.Unlock()
	<-w.in // given the room as ctx ended: it is taken, and start called
	return t, nil
}

// hold records that t holds room, with its run's End when it has one. g.mu is
// held.
func (g *Gate) hold(t *Ticket, end any) {
	if end == nil {
		return
	}
	if g.ends == nil {
		g.ends = map[*Ticket]any{}
	}
	g.ends[t] = end
}

// armFirst arms the run first in line with the End of every run holding room.
// g.mu is held.
func (g *Gate) armFirst() {
	if len(g.waiting) == 0 || g.waiting[0].Arm == nil || len(g.ends) == 0 {
		return
	}
	ends := make([]any, 0, len(g.ends))
	for _, e := range g.ends {
		ends = append(ends, e)
	}
	g.waiting[0].Arm(ends)
}

// Leave gives back the room t holds: to the run that waited longest, whose
// start it calls, or to the gate.
func (t *Ticket) Leave() {
	t.g.mu.Lock()
	delete(t.g.ends, t)
	t.g.leave()
}

// Leave gives back the room Enter or EnterThen took: to the run that waited
// longest, whose start it calls, or to the gate.
func (g *Gate) Leave() {
	g.mu.Lock()
	g.leave()
}

// leave is Leave with g.mu held; it unlocks it.
func (g *Gate) leave() {
	if len(g.waiting) == 0 {
		g.free++
		g.mu.Unlock()
		return
	}
	w := g.waiting[0]
	g.waiting = g.waiting[1:]
	g.hold(w.ticket, w.End)
	g.armFirst()
	g.mu.Unlock()
	if w.Start != nil {
		w.Start()
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
