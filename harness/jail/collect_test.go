//go:build linux

package jail

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCollectTakesRegularFilesOnly has a program leave, under the names to
// collect, a file, a symbolic link to a host file, a pipe, a folder and a file
// larger than the limit: only the file comes back, the rest is the program's
// own doing (missing files, an output limit), never a judge error.
func TestCollectTakesRegularFilesOnly(t *testing.T) {
	requireJail(t)
	j, err := New(Options{UIDBase: testUIDBase})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, tc := range []struct {
		name  string
		big   bool
		limit Limit
	}{
		{"without an oversize file", false, NoLimit},
		{"with an oversize file", true, OutputLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := "echo ok > out; ln -s /etc/passwd link; mkfifo fifo; mkdir dir"
			collect := []string{"out", "link", "fifo", "dir"}
			if tc.big {
				script += "; head -c 5000 /dev/zero > big"
				collect = append(collect, "big")
			}
			dir := t.TempDir()
			res, err := j.Run(context.Background(), Config{Argv: []string{"/bin/sh", "-c", script},
				Collect: collect, CollectDir: dir, CollectMax: 1000})
			if err != nil {
				t.Fatalf("judge error: %v (%+v)", err, res)
			}
			if res.Limit != tc.limit || res.ExitCode != 0 {
				t.Errorf("limit %q, exit %d; want limit %q, exit 0", res.Limit, res.ExitCode, tc.limit)
			}
			entries, _ := os.ReadDir(dir)
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(got, []string{"out"}) {
				t.Errorf("collected %v, want [out]", got)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "out")); string(b) != "ok\n" {
				t.Errorf("out holds %q", b)
			}
		})
	}
}
