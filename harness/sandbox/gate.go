package sandbox

import "context"

// Gate bounds how many submissions run at once, while more get ready: a run
// that has a gate (Spec.Gate) does everything it can before its program starts
// (a jail readies its slot: work folder, files, limits, counters), then enters
// the gate, and leaves it the moment its program has ended. So with one job the
// judge readies the next run while a program runs, and starts it as soon as
// that program ends, yet never runs two submissions at once. A runner without
// a jail enters the gate before it starts anything.
type Gate struct{ room chan struct{} }

// NewGate returns a gate that lets n programs run at once (at least one).
func NewGate(n int) *Gate { return &Gate{room: make(chan struct{}, max(1, n))} }

// Enter waits for room in the gate, or for ctx to end (its error).
func (g *Gate) Enter(ctx context.Context) error {
	select {
	case g.room <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Leave gives back the room Enter took.
func (g *Gate) Leave() { <-g.room }

type gateKey struct{}

// WithGate returns ctx carrying g, for the code that builds a submission's Spec
// to find (GateOf). Only a submission's run takes it: a program running beside
// it (an interactive validator) must not wait for the room the submission holds.
func WithGate(ctx context.Context, g *Gate) context.Context {
	return context.WithValue(ctx, gateKey{}, g)
}

// GateOf returns the gate ctx carries (nil when none).
func GateOf(ctx context.Context) *Gate {
	g, _ := ctx.Value(gateKey{}).(*Gate)
	return g
}

// enterGate enters spec's gate, if it has one, before a runner that readies
// nothing ahead starts the program; the returned function leaves it.
func enterGate(ctx context.Context, spec Spec) (leave func(), err error) {
	if spec.Gate == nil {
		return func() {}, nil
	}
	if err := spec.Gate.Enter(ctx); err != nil {
		return func() {}, err
	}
	return spec.Gate.Leave, nil
}

// EnterGateOf enters the gate ctx carries, if any, for a run that cannot wait
// at the gate once started: an interactive submission, whose validator would
// spend its own time limit waiting beside it. The returned function leaves it.
func EnterGateOf(ctx context.Context) (leave func(), err error) {
	return enterGate(ctx, Spec{Gate: GateOf(ctx)})
}
