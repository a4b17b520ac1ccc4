package icpcrun

import (
	"os"
	"path/filepath"
	"testing"
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
