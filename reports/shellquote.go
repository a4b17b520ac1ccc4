package reports

import "strings"

// ShellQuote joins args into one line a POSIX shell splits back into the same
// words: a word made only of safe characters stays bare, any other is put in single
// quotes (a single quote inside becomes '\”), and an empty word is ”.
func ShellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = quoteWord(a)
	}
	return strings.Join(out, " ")
}

func quoteWord(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./=:,+@%", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
