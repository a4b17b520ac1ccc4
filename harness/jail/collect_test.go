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
// larger than the limit, named first: only the file comes back, the rest is
// the program's own doing (missing files, an output limit), never a judge
// error. The oversize file is named in the result and does not keep the files
// after it from coming back (a validator's nextpass.in beside a large
// judgemessage.txt). Both kinds of jail collect alike.
func TestCollectTakesRegularFilesOnly(t *testing.T) {
	requireJail(t)
	for _, kind := range []struct {
		name string
		opt  Options
	}{
		{"cgroup jail", Options{UIDBase: testUIDBase}},
		{"user-namespace jail", Options{UIDBase: testUIDBase, NoCgroup: true}},
	} {
		t.Run(kind.name, func(t *testing.T) {
			if kind.opt.NoCgroup && os.Geteuid() != 0 {
				t.Skip("as another user every jail is one without cgroups: the other case is this one")
			}
			j, err := New(kind.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			collectCases(t, j)
		})
	}
}

func collectCases(t *testing.T, j *Jail) {
	for _, tc := range []struct {
		name     string
		big      bool
		limit    Limit
		oversize []string
	}{
		{"without an oversize file", false, NoLimit, nil},
		{"with an oversize file", true, OutputLimit, []string{"big"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := "echo ok > out; ln -s /etc/passwd link; mkfifo fifo; mkdir dir"
			collect := []string{"out", "link", "fifo", "dir"}
			if tc.big {
				script += "; head -c 5000 /dev/zero > big"
				collect = append([]string{"big"}, collect...)
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
			if !slices.Equal(res.Oversize, tc.oversize) {
				t.Errorf("oversize %q, want %q", res.Oversize, tc.oversize)
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
