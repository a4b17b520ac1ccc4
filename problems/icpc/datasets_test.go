package icpc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// TestDatasetsReadWhenJudged loads a small package whose secret cases are all
// links to one sparse file: Datasets reads none of them (a package could
// otherwise fill the memory with one file linked many times), a case's answer
// is read when it is checked, and a file larger than the package's cap is left
// out when loaded, or refused when it is read, naming the file and the cap.
func TestDatasetsReadWhenJudged(t *testing.T) {
	const size = 1 << 20
	tests := []struct {
		name  string
		max   int64 // Options.MaxDataFile
		grow  int64 // the shared file's size after Load, 0: unchanged
		cases int   // secret cases
		warn  string
		check string // the checker's message on the first secret case
	}{
		{"under the cap", 2 * size, 0, 8, "", "of answer"},
		{"over the cap", size / 2, 0, 0, fmt.Sprintf("more than the %d", size/2), ""},
		{"grown past the cap", 2 * size, 4 * size, 8, "", "larger than 2 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "problem.yaml"), "problem_format_version: 2023-07-draft\nname: Big\n")
			write(t, filepath.Join(dir, "data", "sample", "1.in"), "1\n")
			write(t, filepath.Join(dir, "data", "sample", "1.ans"), "1\n")
			secret := filepath.Join(dir, "data", "secret")
			big := filepath.Join(secret, "big.bin")
			write(t, big, "")
			if err := os.Truncate(big, size); err != nil { // sparse: no disk used
				t.Skip(err)
			}
			for i := 1; i <= 8; i++ {
				link(t, "big.bin", filepath.Join(secret, fmt.Sprintf("%d.in", i)))
				link(t, "big.bin", filepath.Join(secret, fmt.Sprintf("%d.ans", i)))
			}
			p, err := LoadWith(dir, Options{MaxDataFile: tt.max})
			if err != nil {
				t.Fatal(err)
			}
			ds, err := p.Datasets("secret")
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != tt.cases {
				t.Fatalf("%d secret cases, want %d", len(ds), tt.cases)
			}
			var warned []string
			for _, w := range p.Warnings {
				warned = append(warned, w.Msg)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(warned, "\n"), tt.warn) {
				t.Errorf("warnings %q, want one with %q", warned, tt.warn)
			}
			for _, d := range ds {
				if d.Input != nil || d.Answer != nil || d.ReadMax != tt.max {
					t.Fatalf("%s holds %d + %d bytes, ReadMax %d: want none read yet, ReadMax %d", d.Name, len(d.Input), len(d.Answer), d.ReadMax, tt.max)
				}
			}
			if len(ds) == 0 {
				return
			}
			if tt.grow > 0 {
				if err := os.Truncate(big, tt.grow); err != nil {
					t.Fatal(err)
				}
			}
			o := p.Check(ds[0], problems.Output{Stdout: []byte("42\n")})
			if o.Verdict == problems.AC || !strings.Contains(o.Message, tt.check) {
				t.Errorf("Check: %s %q, want a rejection with %q", o.Verdict, o.Message, tt.check)
			}
			if tt.grow > 0 && !strings.Contains(o.Message, "big.bin") && !strings.Contains(o.Message, "1.ans") {
				t.Errorf("Check: %q names no file", o.Message)
			}
		})
	}
}

// TestCheckReadsAnswerAsItGoes checks a case whose answer is as large as a
// package's data file may be (sparse: a gigabyte of NUL, one token) against a
// short output: the default validator tells the wrong answer without reading
// the file into memory.
func TestCheckReadsAnswerAsItGoes(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "problem.yaml"), "problem_format_version: 2023-07-draft\nname: Big\n")
	write(t, filepath.Join(dir, "data", "sample", "1.in"), "1\n")
	write(t, filepath.Join(dir, "data", "sample", "1.ans"), "1\n")
	write(t, filepath.Join(dir, "data", "secret", "1.in"), "1\n")
	ans := filepath.Join(dir, "data", "secret", "1.ans")
	write(t, ans, "")
	if err := os.Truncate(ans, MaxDataFile); err != nil { // sparse: no disk used
		t.Skip(err)
	}
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := p.Datasets("secret")
	if err != nil || len(ds) != 1 {
		t.Fatalf("%d secret cases, %v", len(ds), err)
	}
	var o problems.Outcome
	n := allocated(func() { o = p.Check(ds[0], problems.Output{Stdout: []byte("\x00\x00\x00\n")}) })
	want := `line 1, column 1 of output (line 1 of answer): expected "` + strings.Repeat(`\x00`, 40) + `"…, got "\x00\x00\x00"`
	if o.Verdict != problems.WA || o.Message != want {
		t.Errorf("Check: %s %q, want WA %q", o.Verdict, o.Message, want)
	}
	if n > 16<<20 {
		t.Errorf("Check allocated %d bytes on an answer of %d", n, MaxDataFile)
	}
}
