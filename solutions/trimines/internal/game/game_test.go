package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems/trimines/board"
)

// TestNeighboursMatchJudge checks the players' geometry against the judge's.
func TestNeighboursMatchJudge(t *testing.T) {
	for _, n := range []int{2, 3, 4, 7, 10} {
		for i := 0; i < n*n; i++ {
			got := Neighbours(n, i, nil)
			want := board.Neighbours(n, i/n, i%n, nil)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d cell %d: %v, judge says %v", n, i, got, want)
			}
		}
	}
}

func TestSim(t *testing.T) {
	// 2×2, bomb at (1,1) = cell 3.
	bomb := []bool{false, false, false, true}
	tests := []struct {
		name  string
		moves []int // cell, negative −1−cell for a mark
		last  Reply
		won   bool
	}{
		{"win", []int{0, 1, 2, -4}, Reply{Count: -1, Win: true}, true},
		{"count", []int{0}, Reply{Count: 1}, false},
		{"mark", []int{-4}, Reply{Count: -1}, false},
		{"bomb", []int{3}, Reply{Count: -1, Lose: true}, false},
		{"safe marked", []int{-1}, Reply{Count: -1, Lose: true}, false},
		{"repeat", []int{0, 0}, Reply{Count: -1, Lose: true}, false},
	}
	for _, tc := range tests {
		s := NewSim(2, bomb)
		var r Reply
		for _, m := range tc.moves {
			var err error
			if m < 0 {
				r, err = s.Move(true, -1-m)
			} else {
				r, err = s.Move(false, m)
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		if r != tc.last || s.Won != tc.won || s.Moves != len(tc.moves) {
			t.Errorf("%s: reply %+v won %v moves %d", tc.name, r, s.Won, s.Moves)
		}
	}
	if _, err := NewSim(2, bomb).Move(false, 4); err == nil {
		t.Error("off-board move accepted")
	}
}

func TestConn(t *testing.T) {
	judge := strings.NewReader("2 1 0 0\n1\nB\nWIN\nLOSE\n7x\n")
	var sent bytes.Buffer
	c, h, err := Dial(judge, &sent)
	if err != nil || h != (Header{2, 1, 0, 0}) {
		t.Fatalf("Dial: %+v %v", h, err)
	}
	want := []Reply{{Count: 1}, {Count: -1}, {Count: -1, Win: true}, {Count: -1, Lose: true}}
	for i, w := range want {
		r, err := c.Move(i == 1, i)
		if err != nil || r != w {
			t.Errorf("move %d: %+v %v, want %+v", i, r, err, w)
		}
	}
	if _, err := c.Move(false, 0); err == nil {
		t.Error("reply 7x accepted")
	}
	if got := sent.String(); got != "P 0 0\nM 0 1\nP 1 0\nP 1 1\nP 0 0\n" {
		t.Errorf("sent %q", got)
	}
	if _, _, err := Dial(strings.NewReader("2 x\n"), &sent); err == nil {
		t.Error("bad header accepted")
	}
}
