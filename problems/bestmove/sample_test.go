package bestmove

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestSamplesMatchSource checks that the sample files are the clean copies kept in
// the shared folder next to the repository (skipped when that folder is absent).
func TestSamplesMatchSource(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "data", "rowan2013")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("shared data folder not found: %v", err)
	}
	for _, n := range []string{"1", "2", "3"} {
		for _, pair := range [][2]string{{"sample" + n + ".txt", n + ".in"}, {"sample" + n + ".ans", n + ".ans"}} {
			want, err := os.ReadFile(filepath.Join(src, pair[0]))
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join("data", "sample", pair[1]))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("data/sample/%s differs from %s", pair[1], pair[0])
			}
		}
	}
}
