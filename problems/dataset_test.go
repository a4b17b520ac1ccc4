package problems

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDatasetReadWhenJudged reads a dataset's files held and read when judged:
// the same bytes, a file over ReadMax or one that is a pipe refused by name
// (a pipe would hang the judge), and a prefix read without the rest; opened to
// be read as it goes, the same bytes or the same refusals.
func TestDatasetReadWhenJudged(t *testing.T) {
	dir := t.TempDir()
	in, ans, pipe := filepath.Join(dir, "1.in"), filepath.Join(dir, "1.ans"), filepath.Join(dir, "p.ans")
	for path, text := range map[string]string{in: "3 4\n", ans: "7\n8\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip(err)
	}
	held := Dataset{Name: "secret/1", InPath: in, AnsPath: ans, Input: []byte("3 4\n"), Answer: []byte("7\n8\n")}
	tests := []struct {
		name        string
		ds          Dataset
		in, ans     string
		prefix      string // AnswerPrefix(2)
		err         string // ReadAnswer's error
		errInPrefix bool   // AnswerPrefix fails too
	}{
		{"held", held, "3 4\n", "7\n8\n", "7\n", "", false},
		{"read when judged", Dataset{Name: "secret/1", InPath: in, AnsPath: ans, ReadMax: 16}, "3 4\n", "7\n8\n", "7\n", "", false},
		{"over ReadMax", Dataset{Name: "secret/1", InPath: in, AnsPath: ans, ReadMax: 3}, "", "", "7\n", "larger than 3 bytes", false},
		{"a pipe", Dataset{Name: "secret/1", InPath: in, AnsPath: pipe, ReadMax: 16}, "3 4\n", "", "", "not a regular file", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.in != "" {
				got, err := tt.ds.ReadInput()
				if err != nil || string(got) != tt.in {
					t.Errorf("ReadInput: %q, %v; want %q", got, err, tt.in)
				}
			}
			got, err := tt.ds.ReadAnswer()
			switch {
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), tt.ds.AnsPath)):
				t.Errorf("ReadAnswer: %v, want an error naming %s with %q", err, tt.ds.AnsPath, tt.err)
			case tt.err == "" && (err != nil || string(got) != tt.ans):
				t.Errorf("ReadAnswer: %q, %v; want %q", got, err, tt.ans)
			}
			if r, err := tt.ds.OpenAnswer(); tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), tt.ds.AnsPath) {
					t.Errorf("OpenAnswer: %v, want an error naming %s with %q", err, tt.ds.AnsPath, tt.err)
				}
			} else if err != nil {
				t.Errorf("OpenAnswer: %v", err)
			} else {
				got, err := io.ReadAll(r)
				r.Close()
				if err != nil || string(got) != tt.ans {
					t.Errorf("OpenAnswer, read: %q, %v; want %q", got, err, tt.ans)
				}
			}
			prefix, err := tt.ds.AnswerPrefix(2)
			if (err != nil) != tt.errInPrefix || err == nil && string(prefix) != tt.prefix {
				t.Errorf("AnswerPrefix(2): %q, %v; want %q (an error: %v)", prefix, err, tt.prefix, tt.errInPrefix)
			}
		})
	}
}
