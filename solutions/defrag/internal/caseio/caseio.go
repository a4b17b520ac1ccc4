// Package caseio runs a defrag solver the way the original contest ran entrants: it
// reads defrag.in (the number of cases) from the working directory, solves each
// defragNN.in into defragNN.out, and writes challenge.log with the microseconds each
// case took, reading and writing included.
package caseio

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/judgehq/judge/problems/defrag/disk"
	"github.com/judgehq/judge/solutions/defrag/internal/solver"
)

// Solver turns a disk into moves.
type Solver func(*disk.Disk) []solver.Move

// Main runs solve on every case in dir and returns the first error.
func Main(dir string, solve Solver) error {
	idx, err := os.ReadFile(filepath.Join(dir, "defrag.in"))
	if err != nil {
		return fmt.Errorf("reading the case count: %w", err)
	}
	n, err := strconv.Atoi(string(bytes.TrimSpace(idx)))
	if err != nil || n < 0 {
		return fmt.Errorf("defrag.in: want the number of cases, found %q", bytes.TrimSpace(idx))
	}
	var log bytes.Buffer
	for i := 1; i <= n; i++ {
		t0 := time.Now()
		if err := one(dir, i, solve); err != nil {
			return err
		}
		fmt.Fprintf(&log, "%d\n", time.Since(t0).Microseconds())
	}
	if err := os.WriteFile(filepath.Join(dir, "challenge.log"), log.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing challenge.log: %w", err)
	}
	return nil
}

func one(dir string, i int, solve Solver) error {
	in := filepath.Join(dir, fmt.Sprintf("defrag%02d.in", i))
	data, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("case %d: %w", i, err)
	}
	d, err := disk.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	moves := solve(d)
	out := filepath.Join(dir, fmt.Sprintf("defrag%02d.out", i))
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("case %d: %w", i, err)
	}
	w := bufio.NewWriterSize(f, 64<<10)
	var buf []byte
	for _, m := range moves {
		buf = strconv.AppendInt(buf[:0], int64(m.From), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(m.To), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(m.Count), 10)
		buf = append(buf, '\n')
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return nil
}
