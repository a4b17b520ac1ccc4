//go:build linux

package jail

import (
	"os"
	"strconv"
	"testing"
)

// A /proc/PID/stat line of a sleeping shell (utime 3, stime 5, cutime 7,
// cstime 11, rss 851 pages).
const statLine = "4242 (sh) S 1 4242 4242 0 -1 4194304 290 0 0 0 3 5 7 11 20 0 1 0 123 2789376 851 18446744073709551615 1 1 0 0 0 0 0 0 65538 0 0 0 17 1 0 0 0 0 0\n"

func TestParseStat(t *testing.T) {
	tests := []struct {
		name         string
		in           string
		ticks, pages int64
	}{
		{"plain", statLine, 26, 851},
		// A program names itself to look like other fields: the last ')' is
		// the real end of the command.
		{"forged command", "4242 (a) R 1 1 1 0 -1 0 0 0 0 0 999 999 999 999 20 0 1 0 1 1 99999 x) S 1 4242 4242 0 -1 4194304 290 0 0 0 3 5 7 11 20 0 1 0 123 2789376 851 0\n", 26, 851},
		{"command with spaces", "4242 (my prog) S 1 4242 4242 0 -1 4194304 290 0 0 0 3 5 7 11 20 0 1 0 123 2789376 851 0\n", 26, 851},
		{"cut short", "4242 (sh) S 1 4242 4242 0 -1 4194304 290 0 0 0 3 5", 8, 0},
		{"no command", "4242 sh S 1", 0, 0},
		{"empty", "", 0, 0},
		{"not numbers", "1 (x) S a b c d e f g h i j k l m n o p q r s t u v w", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ticks, pages := parseStat([]byte(tt.in))
			if ticks != tt.ticks || pages != tt.pages {
				t.Errorf("parseStat = %d ticks, %d pages; want %d, %d", ticks, pages, tt.ticks, tt.pages)
			}
		})
	}
	// This process's own line reads as something.
	b, err := os.ReadFile("/proc/" + strconv.Itoa(os.Getpid()) + "/stat")
	if err != nil {
		t.Skip(err)
	}
	if _, pages := parseStat(b); pages <= 0 {
		t.Errorf("this process's rss reads as %d pages from %q", pages, b)
	}
}

func FuzzParseStat(f *testing.F) {
	f.Add([]byte(statLine))
	f.Add([]byte("1 ((() R ) 2 3"))
	f.Add([]byte(")"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ticks, pages := parseStat(b) // never panics
		_, _ = ticks, pages
	})
}

const smapsRollup = `55d0c3a2c000-7ffd5e9f1000 ---p 00000000 00:00 0                          [rollup]
Rss:                3584 kB
Pss:                1203 kB
Pss_Dirty:           560 kB
Shared_Clean:       2712 kB
`

func TestParsePss(t *testing.T) {
	tests := []struct {
		in   string
		kib  int64
		okay bool
	}{
		{smapsRollup, 1203, true},
		{"Rss: 10 kB\n", 0, false},
		{"Pss:\n", 0, false},
		{"Pss: many kB\n", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		kib, ok := parsePss([]byte(tt.in))
		if kib != tt.kib || ok != tt.okay {
			t.Errorf("parsePss(%q) = %d, %v; want %d, %v", tt.in, kib, ok, tt.kib, tt.okay)
		}
	}
}

func FuzzParsePss(f *testing.F) {
	f.Add([]byte(smapsRollup))
	f.Add([]byte("Pss: 1\nPss: 2\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if kib, ok := parsePss(b); !ok && kib != 0 {
			t.Errorf("parsePss failed but returned %d", kib)
		}
	})
}

// TestSeccompFilterAssembles checks the filter's jumps resolve and that a jump
// backwards or to a missing label is refused.
func TestSeccompFilterAssembles(t *testing.T) {
	if auditArch == 0 {
		t.Skip("no filter on this architecture")
	}
	for _, noMemoryFiles := range []bool{false, true} {
		prog, err := assemble(filterOps(noMemoryFiles))
		if err != nil || len(prog) == 0 {
			t.Fatalf("assemble(filterOps(%v)) = %d instructions, %v", noMemoryFiles, len(prog), err)
		}
	}
	for _, bad := range [][]bpfOp{
		{{code: 0x15, jt: "nowhere"}},
		{{code: 0x06, label: "top"}, {code: 0x15, jt: "top"}},
	} {
		if _, err := assemble(bad); err == nil {
			t.Errorf("assemble(%v) did not fail", bad)
		}
	}
}
