package icpcrun

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// TestLooksPython2 tells Python 2 programs from Python 3 ones: by the #! line,
// and in legacy packages by what only Python 2 accepts.
func TestLooksPython2(t *testing.T) {
	tests := []struct {
		name, src string
		legacy    bool
		want      bool
	}{
		{"shebang2.py", "#!/usr/bin/env python2\nprint(1)\n", false, true},
		{"shebang3.py", "#!/usr/bin/python3\nx = raw_input()\n", true, false},
		{"raw_input.py", "a, b = map(int, raw_input().split())\n", true, true},
		{"raw_input_current.py", "a = raw_input()\n", false, false},
		{"print_statement.py", "import sys\nprint sys.argv\n", true, true},
		{"bare_print.py", "for i in range(3):\n    print\n", true, true},
		{"print_call.py", "print(1)\nprint (2)\nprinted = 3\n", true, false},
		{"xrange.py", "for i in xrange(3): pass\n", true, true},
		{"except.py", "try:\n    pass\nexcept ValueError, e:\n    pass\n", true, true},
		{"modern.py", "def raw_input_like(): pass\nexcept_list = []\nf = lambda x: x\n", true, false},
		{"tuple_lambda.py", "f = lambda (a, b): a + b\n", true, true},
		{"notpython.c", "print x\n", true, false},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := looksPython2(path, tc.legacy); got != tc.want {
			t.Errorf("%s (legacy %v): %v, want %v", tc.name, tc.legacy, got, tc.want)
		}
	}
}

// TestPackagePythonByFirstLine: a package program (a validator) in Python runs
// with python2 when its #! line says so, else with python3.
func TestPackagePythonByFirstLine(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"#!/usr/bin/env python2\nimport sys\nprint sys.argv\n", "python2"},
		{"#!/usr/bin/env python3\nprint(1)\n", "python3"},
		{"print(1)\n", "python3"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "validate.py"), []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := planFiles(dir, []string{"validate.py"})
		if err != nil || len(r.run) == 0 || r.run[0] != tc.want {
			t.Errorf("%q: runs with %v (%v), want %s", tc.src, r.run, err, tc.want)
		}
	}
}

func TestExecutableFormat(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]bool{"\x7fELF\x02\x01": true, "#!/bin/sh\n": true, "using System;": false, "#": false, "": false} {
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, []byte(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if got := executableFormat(path); got != want {
			t.Errorf("%q: %v, want %v", name, got, want)
		}
	}
}

// TestSniffersRefuseSpecialFiles gives the source sniffers a submission that is a
// pipe (whose open never returns) and one linked to a device (whose read never
// ends): each answers false at once instead of hanging the judge or filling its
// memory.
func TestSniffersRefuseSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "y.py")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip(err)
	}
	zero := filepath.Join(dir, "z.py")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	sniffers := map[string]func(path string) bool{
		"looksPython2":     func(p string) bool { return looksPython2(p, true) },
		"executableFormat": executableFormat,
	}
	for _, path := range []string{pipe, zero} {
		for name, sniff := range sniffers {
			t.Run(name+"/"+filepath.Base(path), func(t *testing.T) {
				done := make(chan bool, 1)
				go func() { done <- sniff(path) }()
				select {
				case got := <-done:
					if got {
						t.Errorf("%s: true, want false", path)
					}
				case <-time.After(2 * time.Second):
					t.Fatalf("%s still reading %s after 2s", name, path)
				}
			})
		}
	}
}

// TestSpecialSubmissionsFail judges example submissions that are a pipe or a
// link out of the package: each fails (JE, not skipped) with its reason, at
// once, without anything being built or read.
func TestSpecialSubmissionsFail(t *testing.T) {
	tests := []struct {
		name string
		make func(path string) error
		why  string
	}{
		{"y.py", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "named pipe"},
		{"z.py", func(p string) error { return os.Symlink("/dev/zero", p) }, "leads outside the package"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"problem.yaml": "name: Echo\n", "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
			for name, text := range files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			accepted := filepath.Join(dir, "submissions", "accepted")
			if err := os.MkdirAll(accepted, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := tt.make(filepath.Join(accepted, tt.name)); err != nil {
				t.Skip(err)
			}
			pkg, err := icpc.Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			subs, err := pkg.Submissions()
			if err != nil || len(subs) != 1 {
				t.Fatalf("Submissions: %v, %v; want the one", subs, err)
			}
			done := make(chan SubmissionResult, 1)
			go func() {
				res, _ := (&Env{}).judgeSubmission(context.Background(), pkg, nil, subs[0], time.Second, 2)
				done <- res
			}()
			select {
			case res := <-done:
				if res.Verdict != problems.JE || res.Skipped || !strings.Contains(strings.Join(res.Why, " "), tt.why) {
					t.Errorf("%s (skipped %v) %q, want a JE failure with %q", res.Verdict, res.Skipped, res.Why, tt.why)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("still judging after 2s")
			}
		})
	}
}
