package gate

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRoomPassesInOrder fills a gate of two rooms and queues three more runs:
// each Leave starts the run that waited longest, calling its start before its
// EnterThen returns, and a canceled run gives up its place without taking room.
func TestRoomPassesInOrder(t *testing.T) {
	g := New(2)
	for range 2 {
		if err := g.Enter(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var started []int
	entered := make(chan int, 3)
	canceled, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range 3 {
		ctx := context.Background()
		if i == 1 {
			ctx = canceled
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := g.EnterThen(ctx, func() {
				mu.Lock()
				started = append(started, i)
				mu.Unlock()
			})
			if i == 1 {
				if !errors.Is(err, context.Canceled) {
					t.Errorf("the canceled run: %v", err)
				}
				return
			}
			if err != nil {
				t.Errorf("run %d: %v", i, err)
			}
			entered <- i
		}()
		for waiting(g) != i+1 { // queued in this order
			time.Sleep(time.Millisecond)
		}
	}
	cancel()
	for waiting(g) != 2 {
		time.Sleep(time.Millisecond)
	}
	g.Leave()
	if got := <-entered; got != 0 {
		t.Errorf("run %d got the room first, want 0", got)
	}
	g.Leave()
	if got := <-entered; got != 2 {
		t.Errorf("run %d got the room next, want 2", got)
	}
	wg.Wait()
	if len(started) != 2 || started[0] != 0 || started[1] != 2 {
		t.Errorf("started %v, want [0 2]", started)
	}
	// Both rooms are taken (runs 0 and 2): a third waits until one leaves.
	short, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop()
	if err := g.Enter(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a full gate let a run in: %v", err)
	}
	g.Leave()
	if err := g.Enter(short); err != nil {
		t.Errorf("a room left is not taken: %v", err)
	}
}

// TestEnterOf enters the gate a context carries, and none when it carries none.
func TestEnterOf(t *testing.T) {
	leave, err := EnterOf(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	leave()
	g := New(1)
	ctx := With(context.Background(), g)
	if Of(ctx) != g {
		t.Fatal("Of does not return the gate With put in")
	}
	leave, err = EnterOf(ctx)
	if err != nil {
		t.Fatal(err)
	}
	short, stop := context.WithTimeout(ctx, 20*time.Millisecond)
	defer stop()
	if _, err := EnterOf(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("entered a full gate: %v", err)
	}
	leave()
	if _, err := EnterOf(ctx); err != nil {
		t.Errorf("after Leave: %v", err)
	}
}

func waiting(g *Gate) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting)
}

// TestArmFirstInLine: only the run first in line is armed, once, with the End
// of every run holding room that brought one; a run that comes first in line
// because the one before it was canceled or let in is armed then.
func TestArmFirstInLine(t *testing.T) {
	g := New(2)
	var mu sync.Mutex
	armed := map[string][]string{}
	entry := func(name string, end bool) Entry {
		e := Entry{Arm: func(ends []any) {
			var got []string
			for _, x := range ends {
				got = append(got, x.(string))
			}
			slices.Sort(got)
			mu.Lock()
			armed[name] = append(armed[name], strings.Join(got, " "))
			mu.Unlock()
		}}
		if end {
			e.End = name
		}
		return e
	}
	a, err := g.Join(context.Background(), entry("a", true))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Enter(context.Background()); err != nil { // no End: seen by nobody
		t.Fatal(err)
	}
	canceled, cancel := context.WithCancel(context.Background())
	tickets := make(chan *Ticket, 3)
	for i, name := range []string{"b", "c", "d"} {
		ctx := context.Background()
		if name == "b" {
			ctx = canceled
		}
		go func() {
			tk, err := g.Join(ctx, entry(name, true))
			if name == "b" {
				if !errors.Is(err, context.Canceled) {
					t.Errorf("the canceled run: %v", err)
				}
				return
			}
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			tickets <- tk
		}()
		for waiting(g) != i+1 {
			time.Sleep(time.Millisecond)
		}
	}
	check := func(when string, want map[string][]string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		if !maps.EqualFunc(armed, want, slices.Equal[[]string]) {
			t.Errorf("%s: armed %v, want %v", when, armed, want)
		}
	}
	check("b first in line", map[string][]string{"b": {"a"}})
	cancel()
	for waiting(g) != 2 {
		time.Sleep(time.Millisecond)
	}
	check("b canceled", map[string][]string{"b": {"a"}, "c": {"a"}})
	a.Leave() // c comes in, d is first in line: the runs holding room are c and one without End
	c := <-tickets
	check("c let in", map[string][]string{"b": {"a"}, "c": {"a"}, "d": {"c"}})
	c.Leave()
	d := <-tickets
	d.Leave()
	g.Leave()
	if err := g.Enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := g.Enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	left := len(g.ends)
	g.mu.Unlock()
	if left != 0 {
		t.Errorf("%d Ends kept after their runs left", left)
	}
}
