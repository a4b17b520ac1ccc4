package reports

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/judgehq/judge/problems"
)

func TestProgressPlain(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(context.Background(), &b, false, 0, []Task{{"sudoku", 3}, {"trimines", 2}})
	p.Add(res("sudoku", "a", "1", problems.AC, 1, 1))
	p.Add(res("sudoku", "a", "2", problems.WA, 0, 1))
	p.Add(res("trimines", "a", "1", problems.AC, 1, 1))
	p.Finish()
	p.Add(res("sudoku", "a", "3", problems.AC, 1, 1)) // after Finish: ignored
	p.Finish()
	want := "progress: sudoku 1/3 (1 AC); trimines 0/2\n" +
		"progress: sudoku 2/3 (1 AC, 1 WA); trimines 0/2\n" +
		"progress: sudoku 2/3 (1 AC, 1 WA); trimines 1/2 (1 AC)\n" +
		"done: sudoku 2/3 (1 AC, 1 WA); trimines 1/2 (1 AC)\n"
	if b.String() != want {
		t.Errorf("plain progress:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestProgressBars(t *testing.T) {
	var b syncBuffer
	p := NewProgress(context.Background(), &b, true, 0, []Task{{"sudoku", 40}, {"trimines", 4}})
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				p.Add(res("sudoku", "a", "1", problems.AC, 1, 1))
			}
			if i < 2 {
				p.Add(res("trimines", "a", "1", problems.WA, 0, 1))
			}
		}()
	}
	wg.Wait()
	p.Finish() // trimines is unfinished: its bar is aborted, Finish must not hang
	if out := b.String(); !strings.Contains(out, "sudoku") || !strings.Contains(out, "40/40") {
		t.Errorf("bars:\n%q", out)
	}
}

// syncBuffer is a bytes.Buffer safe for the bar renderer's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
