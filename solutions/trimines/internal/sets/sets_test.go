package sets

import (
	"slices"
	"testing"

	"github.com/judgehq/judge/solutions/trimines/internal/game"
)

func TestSetOps(t *testing.T) {
	a := []int32{1, 3, 5, 7}
	tests := []struct {
		name string
		got  bool
	}{
		{"contains subset", contains(a, []int32{3, 7})},
		{"contains itself", contains(a, a)},
		{"not contains", !contains(a, []int32{3, 4})},
		{"not contains longer", !contains([]int32{3}, a)},
		{"subtract", slices.Equal(subtract(slices.Clone(a), []int32{1, 7}), []int32{3, 5})},
		{"subtract nothing", slices.Equal(subtract(slices.Clone(a), []int32{2}), a)},
		{"common", slices.Equal(common(a, []int32{0, 3, 4, 7, 9}), []int32{3, 7})},
		{"common none", len(common(a, []int32{2, 4})) == 0},
	}
	for _, tc := range tests {
		if !tc.got {
			t.Error(tc.name)
		}
	}
}

// TestSimplify reproduces the subset reduction: {a b c d} with 2 bombs and
// {a b c} with 1 bomb leave d as a bomb.
func TestSimplify(t *testing.T) {
	p := &player{sets: []set{
		{cells: []int32{12, 13, 14, 15}, bombs: 2, dirty: true},
		{cells: []int32{12, 13, 14}, bombs: 1, dirty: true},
	}}
	if !p.simplify() {
		t.Fatal("nothing simplified")
	}
	found := false
	for _, s := range p.sets {
		if slices.Equal(s.cells, []int32{15}) && s.bombs == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("sets %+v: want {15} with 1 bomb", p.sets)
	}
}

// TestIntersect reproduces the dense/sparse split: 6 cells with 4 bombs crossing 4
// cells with 1 bomb in 3 common cells.
func TestIntersect(t *testing.T) {
	p := &player{cells: 100, unknown: 50, sets: []set{
		{cells: []int32{10, 11, 12, 13, 14, 15}, bombs: 4},
		{cells: []int32{9, 11, 12, 13}, bombs: 1},
	}}
	if !p.intersect() {
		t.Fatal("no split")
	}
	want := []set{
		{cells: []int32{10, 14, 15}, bombs: 3, dirty: true},
		{cells: []int32{9}, bombs: 0, dirty: true},
		{cells: []int32{11, 12, 13}, bombs: 1, dirty: true},
	}
	for i, w := range want {
		if !slices.Equal(p.sets[i].cells, w.cells) || p.sets[i].bombs != w.bombs {
			t.Errorf("set %d = %+v, want %+v", i, p.sets[i], w)
		}
	}
}

func TestPlayDeterministic(t *testing.T) {
	n := 12
	bomb := make([]bool, n*n)
	for _, c := range []int{5, 17, 40, 41, 77, 90, 101, 130, 143} {
		bomb[c] = true
	}
	h := game.Header{N: n, Bombs: 9, R0: 11, C0: 0}
	var moves []int
	for range 2 {
		sim := game.NewSim(n, bomb)
		won, err := Play(sim, h)
		if err != nil || won != sim.Won {
			t.Fatalf("won %v (sim %v): %v", won, sim.Won, err)
		}
		moves = append(moves, sim.Moves)
	}
	if moves[0] != moves[1] {
		t.Errorf("two runs made %v moves", moves)
	}
}
