package reports

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// applyUnified applies a unified diff made by UnifiedDiff to a and returns the
// result, so that tests can check the diff rather than its exact text.
func applyUnified(a, diff string) (string, error) {
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		return "", fmt.Errorf("no header in %q", diff)
	}
	src := splitLines(a)
	var out []string
	pos := 0 // next unread line of src (0-based)
	var last *string
	for i := 2; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "":
		case strings.HasPrefix(l, "@@ -"):
			f := strings.Fields(l)
			old := strings.Split(strings.TrimPrefix(f[1], "-"), ",")
			start, _ := strconv.Atoi(old[0])
			n := 1
			if len(old) == 2 {
				n, _ = strconv.Atoi(old[1])
			}
			if n == 0 {
				start++
			}
			for pos < start-1 {
				out = append(out, src[pos])
				pos++
			}
			last = nil
		case l == "\\ No newline at end of file\n":
			if last == nil {
				return "", fmt.Errorf("line %d: marker without a line", i+1)
			}
			*last = strings.TrimSuffix(*last, "\n")
		case l[0] == ' ' || l[0] == '-':
			if pos >= len(src) || strings.TrimSuffix(src[pos], "\n") != strings.TrimSuffix(l[1:], "\n") {
				return "", fmt.Errorf("line %d: %q does not match source line %d", i+1, l, pos+1)
			}
			if l[0] == ' ' {
				out = append(out, src[pos])
				last = &out[len(out)-1]
			} else {
				var drop string
				last = &drop
			}
			pos++
		case l[0] == '+':
			out = append(out, l[1:])
			last = &out[len(out)-1]
		default:
			return "", fmt.Errorf("line %d: unexpected %q", i+1, l)
		}
	}
	out = append(out, src[pos:]...)
	return strings.Join(out, ""), nil
}

func numbered(n int, change map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if s, ok := change[i]; ok {
			b.WriteString(s)
			continue
		}
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name  string
		a, b  string
		hunks int    // number of @@ lines
		has   string // a fragment the diff must contain
	}{
		{"equal", "x\ny\n", "x\ny\n", 0, ""},
		{"one change", numbered(10, nil), numbered(10, map[int]string{5: "FIVE\n"}), 1, "@@ -2,7 +2,7 @@\n line 2\n"},
		{"two far changes", numbered(30, nil), numbered(30, map[int]string{3: "x\n", 25: "y\n"}), 2, "@@ -22,7 +22,7 @@"},
		{"two near changes merge", numbered(30, nil), numbered(30, map[int]string{3: "x\n", 9: "y\n"}), 1, ""},
		{"insert at start", "b\nc\n", "a\nb\nc\n", 1, "@@ -1,2 +1,3 @@\n+a\n"},
		{"delete at end", "a\nb\nc\n", "a\nb\n", 1, "-c\n"},
		{"missing final newline", "a\nb\n", "a\nb", 1, "\\ No newline at end of file\n"},
		{"from empty", "", "a\n", 1, "@@ -0,0 +1 @@"},
		{"to empty", "a\nb\n", "", 1, "@@ -1,2 +0,0 @@"},
		{"crlf", "a\r\nb\r\n", "a\nb\n", 1, "-a\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := UnifiedDiff("expected", "output", []byte(tc.a), []byte(tc.b), 0)
			if tc.hunks == 0 {
				if d != "" {
					t.Fatalf("diff of equal texts = %q", d)
				}
				return
			}
			if !strings.HasPrefix(d, "--- expected\n+++ output\n") {
				t.Errorf("header: %q", d)
			}
			if n := strings.Count(d, "\n@@ "); n != tc.hunks {
				t.Errorf("%d hunks, want %d:\n%s", n, tc.hunks, d)
			}
			if !strings.Contains(d, tc.has) {
				t.Errorf("diff lacks %q:\n%s", tc.has, d)
			}
			got, err := applyUnified(tc.a, d)
			if err != nil || got != tc.b {
				t.Errorf("applying the diff: %v, got %q want %q\n%s", err, got, tc.b, d)
			}
		})
	}
}

func TestUnifiedDiffLimits(t *testing.T) {
	// A huge pair of texts: the window keeps the whole-file line numbers.
	n := 40000
	a := numbered(n, nil)
	b := numbered(n, map[int]string{30000: "changed\n"})
	d := UnifiedDiff("a", "b", []byte(a), []byte(b), 0)
	if !strings.Contains(d, "@@ -29997,7 +29997,7 @@\n") || !strings.Contains(d, "-line 30000\n+changed\n") {
		t.Errorf("windowed diff:\n%s", d)
	}
	if got, err := applyUnified(a, d); err != nil || got != b {
		t.Errorf("windowed diff does not apply: %v", err)
	}
	// A difference beyond the window is cut and the cut is marked.
	b = numbered(n, map[int]string{2: "early\n", n: "late\n"})
	d = UnifiedDiff("a", "b", []byte(a), []byte(b), 0)
	if !strings.Contains(d, "+early\n") || strings.Contains(d, "+late\n") || !strings.HasSuffix(d, truncateNote) {
		t.Errorf("cut diff:\n%s", d)
	}

	// Completely different texts still give a bounded answer.
	x := strings.Repeat("abc\n", 5000)
	y := strings.Repeat("xyz\n", 5000)
	d = UnifiedDiff("x", "y", []byte(x), []byte(y), 1000)
	if len(d) > 1000+len(truncateNote) || !strings.HasSuffix(d, truncateNote) {
		t.Errorf("capped diff: %d bytes, ends %q", len(d), d[max(0, len(d)-40):])
	}
	// The cut keeps whole lines.
	for _, l := range strings.Split(strings.TrimSuffix(d, "\n"), "\n") {
		if l != "" && !strings.ContainsAny(l[:1], "-+ @\\") {
			t.Errorf("stray line %q", l)
		}
	}
}

func FuzzUnifiedDiff(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), []byte("a\nB\nc\n"))
	f.Add([]byte(""), []byte("x"))
	f.Add([]byte("x\ny"), []byte("x\ny\n"))
	f.Add([]byte("1\n2\n3\n4\n5\n6\n7\n8\n9\n"), []byte("0\n2\n3\n4\n5\n6\n7\n8\n"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		d := UnifiedDiff("a", "b", a, b, 0)
		if bytes.Equal(a, b) {
			if d != "" {
				t.Fatalf("diff of equal inputs: %q", d)
			}
			return
		}
		if strings.HasSuffix(d, truncateNote) {
			return
		}
		got, err := applyUnified(string(a), d)
		if err != nil || got != string(b) {
			t.Fatalf("apply: %v; got %q want %q\n%s", err, got, b, d)
		}
	})
}

func BenchmarkUnifiedDiff(b *testing.B) {
	x := []byte(numbered(20000, nil))
	y := []byte(numbered(20000, map[int]string{100: "a\n", 9000: "b\n", 19999: "c\n"}))
	b.SetBytes(int64(len(x)))
	for b.Loop() {
		UnifiedDiff("a", "b", x, y, 64<<10)
	}
}
