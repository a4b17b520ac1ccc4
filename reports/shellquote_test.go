package reports

import (
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-shellwords"
)

func TestShellQuote(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"sudoku", "a.c", "--json"}, "sudoku a.c --json"},
		{[]string{"defrag", "python3 '/x/my prog.py'"}, `defrag 'python3 '\''/x/my prog.py'\'''`},
		{[]string{"run", "", "a b", "$HOME", "x;y"}, `run '' 'a b' '$HOME' 'x;y'`},
		{[]string{"--time-limit=2", "-p", "n=20"}, "--time-limit=2 -p n=20"},
	}
	for _, tt := range tests {
		got := ShellQuote(tt.args)
		if got != tt.want {
			t.Errorf("ShellQuote(%q) = %s, want %s", tt.args, got, tt.want)
		}
		back, err := shellwords.Parse(got)
		if err != nil || !reflect.DeepEqual(back, tt.args) && len(tt.args) > 0 {
			t.Errorf("a shell splits %s into %q (%v), want %q", got, back, err, tt.args)
		}
	}
}

func FuzzShellQuote(f *testing.F) {
	f.Add("a b", "it's", "")
	f.Add("\"x\"", "\\", "$(rm)")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		args := []string{a, b, c}
		for _, s := range args {
			if !utf8.ValidString(s) {
				return // the splitter used to check works on runes; stored args are UTF-8 (JSON)
			}
		}
		back, err := shellwords.Parse(ShellQuote(args))
		if err != nil {
			t.Fatalf("%s: %v", ShellQuote(args), err)
		}
		if !reflect.DeepEqual(back, args) {
			t.Fatalf("%s splits into %q, want %q", ShellQuote(args), back, args)
		}
	})
}
