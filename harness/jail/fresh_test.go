//go:build linux

package jail

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNothingCarriesOver runs, on one slot, a program that leaves all it can in
// /work and /tmp (files, a folder it locks itself out of, a FIFO, a changed mode
// of /work, which it owns, an extended attribute on it), then programs that look
// for any of it: each run must find the folders as a fresh slot does. Between
// the runs the program under a name changes, and a name once a program is a
// plain file: each run must get its own.
func TestNothingCarriesOver(t *testing.T) {
	requireJail(t)
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	look := script("look", `echo look
ls -A /work /tmp
stat -c '%a %u %g' /work /tmp
python3 -c 'import os; print(sorted(os.listxattr("/work")), sorted(os.listxattr("/tmp")))'
`)
	litter := script("litter", `echo litter
mkdir -p /work/d/e /tmp/t && touch /work/d/e/f /work/.hidden /tmp/t/x /tmp/y
mkfifo /work/fifo
dd if=/dev/zero of=/work/big bs=1M count=4 2>/dev/null
chmod 000 /work/d
chmod 2777 /work
python3 -c 'import os; os.setxattr("/work", "user.left", b"1")' 2>&1
python3 -c 'import os; os.setxattr("/tmp/t", "user.left", b"1")' 2>&1
`)
	limits := Limits{CPU: 5 * time.Second, Memory: 128 << 20, Output: 1 << 20, Processes: 16}
	for _, opt := range []Options{{Slots: 1, UIDBase: testUIDBase}, {Slots: 1, UIDBase: testUIDBase, NoCgroup: true}} {
		if opt.NoCgroup && os.Geteuid() != 0 {
			continue // as another user the first is this kind
		}
		j, err := New(opt)
		if err != nil {
			t.Fatal(err)
		}
		run := func(files []File) string {
			t.Helper()
			out, err := os.CreateTemp(dir, "out")
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			res, err := j.Run(context.Background(), Config{Argv: []string{"./prog"}, Files: files,
				Stdout: out, Stderr: out, Limits: limits})
			if err != nil || res.ExitCode != 0 {
				b, _ := os.ReadFile(out.Name())
				t.Fatalf("%+v %v\n%s", res, err, b)
			}
			b, _ := os.ReadFile(out.Name())
			return string(b)
		}
		fresh := strings.TrimPrefix(run([]File{{Name: "prog", Src: look, Executable: true}}), "look\n")
		if !strings.Contains(fresh, "[] []") {
			t.Fatalf("a fresh slot: %s", fresh)
		}
		for i, files := range [][]File{
			{{Name: "prog", Src: litter, Executable: true}},
			{{Name: "prog", Src: look, Executable: true}}, // another program under the name
			{{Name: "prog", Src: litter, Executable: true}},
			{{Name: "prog", Src: litter, Executable: true}}, // the same program again
			{{Name: "prog", Data: []byte("#!/bin/sh\necho data\n"), Executable: true}},
			{{Name: "prog", Src: look, Executable: true}},
		} {
			got := run(files)
			if _, err := os.Stat(files[0].Src); files[0].Src == look && got != "look\n"+fresh {
				t.Errorf("NoCgroup %v, run %d: the folders are not as fresh:\n%s\nwant:\nlook\n%s (%v)", opt.NoCgroup, i, got, fresh, err)
			}
			if files[0].Src == litter && !strings.HasPrefix(got, "litter\n") {
				t.Errorf("NoCgroup %v, run %d ran the wrong program: %q", opt.NoCgroup, i, got)
			}
			if files[0].Data != nil && got != "data\n" {
				t.Errorf("NoCgroup %v, run %d ran the wrong program: %q", opt.NoCgroup, i, got)
			}
		}
		j.Close()
	}
}
