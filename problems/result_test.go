package problems

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestResultKeep(t *testing.T) {
	long := strings.Repeat("x", MaxStderrTail) + "\nlast line\n"
	tests := []struct {
		name       string
		verdict    Verdict
		output     string
		stderr     string
		wantOutput bool
		wantStderr string
	}{
		{"AC keeps nothing", AC, "1\n", "warning\n", false, ""},
		{"NJ keeps nothing", NJ, "", "", false, ""},
		{"WA keeps both", WA, "2\n", "debug\n", true, "debug\n"},
		{"PE keeps the output", PE, "1 2\n", "", true, ""},
		{"RTE keeps the stderr only", RTE, "partial", "Traceback\n", false, "Traceback\n"},
		{"TLE keeps the stderr only", TLE, "partial", "slow\n", false, "slow\n"},
		{"WA with too much output keeps none", WA, strings.Repeat("9", MaxKeptOutput+1), "", false, ""},
		{"a long stderr keeps its whole last lines", RTE, "", long, false, "last line\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Result{Outcome: Outcome{Verdict: tt.verdict}}
			r.Keep([]byte(tt.output), []byte(tt.stderr))
			if got := r.KeptOutput != nil; got != tt.wantOutput {
				t.Errorf("kept output: %v, want %v", got, tt.wantOutput)
			}
			if tt.wantOutput && string(r.KeptOutput) != tt.output {
				t.Errorf("kept output %q, want %q", r.KeptOutput, tt.output)
			}
			if r.StderrTail != tt.wantStderr {
				t.Errorf("stderr tail %q, want %q", r.StderrTail, tt.wantStderr)
			}
		})
	}
}

// TestResultKeepUTF8 checks that a cut stderr starts on a whole character when it
// has no line break to start on.
func TestResultKeepUTF8(t *testing.T) {
	r := Result{Outcome: Outcome{Verdict: RTE}}
	r.Keep(nil, []byte(strings.Repeat("é", MaxStderrTail)))
	if !utf8.ValidString(r.StderrTail) || len(r.StderrTail) > MaxStderrTail {
		t.Errorf("tail of %d bytes, valid UTF-8 %v", len(r.StderrTail), utf8.ValidString(r.StderrTail))
	}
}
