package icpc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

// BenchmarkCompareDefault checks outputs against answer files of 16 MiB (and
// one of two bytes) that they match, as the default validator did (the answer read whole, then
// compared: old) and does (the answer read as it goes: stream).
func BenchmarkCompareDefault(b *testing.B) {
	var nums bytes.Buffer
	for i := 0; nums.Len() < 16<<20; i++ {
		fmt.Fprintf(&nums, "%d %d.%03d\n", i, i*7, i%1000)
	}
	number := "0." + strings.Repeat("0", 16<<20) + "1\n"
	tests := []struct {
		name, args, answer, output string
	}{
		{"tokens", "", nums.String(), nums.String()},
		{"floats", "float_tolerance 1e-6", nums.String(), nums.String()},
		{"spaces", "space_change_sensitive", nums.String(), nums.String()},
		{"long number", "float_tolerance 1e-6", number, "0\n"},
		{"tiny", "", "1\n", "1\n"}, // as most datasets' answers are
	}
	dir := b.TempDir()
	for i, tt := range tests {
		f, err := ParseFlags(strings.Fields(tt.args))
		if err != nil {
			b.Fatal(err)
		}
		ds := problems.Dataset{Name: tt.name, AnsPath: filepath.Join(dir, fmt.Sprint(i)), ReadMax: MaxDataFile}
		if err := os.WriteFile(ds.AnsPath, []byte(tt.answer), 0o644); err != nil {
			b.Fatal(err)
		}
		out := []byte(tt.output)
		b.Run(tt.name+"/old", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tt.answer)))
			for b.Loop() {
				ans, err := ds.ReadAnswer()
				if err != nil {
					b.Fatal(err)
				}
				if o := compareDefaultOld(ans, out, f); o.Verdict != problems.AC {
					b.Fatal(o.Message)
				}
			}
		})
		b.Run(tt.name+"/stream", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tt.answer)))
			for b.Loop() {
				ans, err := ds.OpenAnswer()
				if err != nil {
					b.Fatal(err)
				}
				o, err := CompareDefaultReader(ans, out, f)
				ans.Close()
				if err != nil || o.Verdict != problems.AC {
					b.Fatal(o.Message, err)
				}
			}
		})
	}
}
