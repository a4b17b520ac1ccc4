package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
)

// regenPuzzle is a valid sudoku input with k of its first line's givens
// blanked: the reference below tells the datasets apart by their blanks.
func regenPuzzle(k int) string {
	const grid = "1--489--6\n73-----4-\n-----1295\n--712-6--\n5--7-3--8\n--6-957--\n9146-----\n-2-----37\n8--512--4\n"
	b := []byte(grid)
	for i := 0; k > 0; i++ {
		if b[i] != '-' {
			b[i], k = '-', k-1
		}
	}
	return string(b)
}

// regenRef is the start of a reference that answers "new N" on dataset N
// (regenPuzzle(N-1)); n holds N as text.
const regenRef = "import sys\nn = str(sys.stdin.read().count('-') - " + "DASHES" + " + 1)\n"

// regenRoot writes a project whose sudoku problem has two sample and two
// secret datasets answered "old N", a hand-written data/mine/a.ans (0444) and a
// data/secret.bak/ outside its groups, and the reference solutions/sudoku/ref.py
// with the given body, under root.
func regenRoot(t *testing.T, root, ref string) {
	t.Helper()
	data := filepath.Join(root, "problems", "sudoku", "data")
	dashes := strconv.Itoa(strings.Count(regenPuzzle(0), "-"))
	testfiles.Write(t, root, map[string]string{
		"problems/sudoku/problem.yaml":          "slug: sudoku\ntitle: T\nkind: pass-fail\nreference: ref.py\n",
		"problems/sudoku/data/sample/1.in":      regenPuzzle(0),
		"problems/sudoku/data/sample/1.ans":     "old 1\n",
		"problems/sudoku/data/sample/2.in":      regenPuzzle(1),
		"problems/sudoku/data/sample/2.ans":     "old 2\n",
		"problems/sudoku/data/secret/3.in":      regenPuzzle(2),
		"problems/sudoku/data/secret/3.ans":     "old 3\n",
		"problems/sudoku/data/secret/4.in":      regenPuzzle(3),
		"problems/sudoku/data/secret/4.ans":     "old 4\n",
		"problems/sudoku/data/mine/a.in":        regenPuzzle(0),
		"problems/sudoku/data/mine/a.ans":       "mine\n",
		"problems/sudoku/data/secret.bak/3.in":  regenPuzzle(2),
		"problems/sudoku/data/secret.bak/3.ans": "saved\n",
		"solutions/sudoku/ref.py":               strings.Replace(ref, "DASHES", dashes, 1),
	})
	if err := os.Chmod(filepath.Join(data, "mine", "a.ans"), 0o444); err != nil {
		t.Fatal(err)
	}
}

// readTree returns every file under dir (links as "-> TARGET") by its slash
// path: listTree without the folders.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := listTree(t, dir)
	for k := range out {
		if strings.HasSuffix(k, "/") {
			delete(out, k)
		}
	}
	return out
}

// TestRegenKeepsUserFiles runs judge regen with references good and broken and
// checks that no answer is lost: a reference writing nothing changes nothing
// and fails; every replaced answer has its backup; folders outside the
// problem's groups, symbolic links and answers edited during the run are left;
// a read-only answer stays read-only.
func TestRegenKeepsUserFiles(t *testing.T) {
	needTool(t, "python3")
	// The reference answers "new N"; on input 4 it first edits its own .ans, as
	// a user might while regen runs, when EDIT is set below.
	const good = regenRef + "EDIT\nprint('new', n)\n"
	tests := []struct {
		name     string
		ref      string
		prepare  func(t *testing.T, data string)
		code     int
		say      []string          // in the output
		want     map[string]string // files under data/ afterwards that differ from before
		modes    map[string]fs.FileMode
		backedUp []string // datasets whose old answer is in the backup folder
	}{
		{
			name: "reference writes nothing",
			ref:  regenRef,
			code: exitFailed,
			say:  []string{"4 datasets, 0 rewritten, 0 left as they are, 4 where the reference failed", "secret/3.ans: reference wrote nothing"},
		},
		{
			name: "reference writes new answers",
			ref:  strings.Replace(good, "EDIT", "", 1),
			prepare: func(t *testing.T, data string) {
				if err := os.Chmod(filepath.Join(data, "secret", "3.ans"), 0o444); err != nil {
					t.Fatal(err)
				}
			},
			code:     0,
			say:      []string{"4 datasets, 4 rewritten, 0 left as they are, 0 where the reference failed", "the 4 replaced answers are kept in"},
			want:     map[string]string{"sample/1.ans": "new 1\n", "sample/2.ans": "new 2\n", "secret/3.ans": "new 3\n", "secret/4.ans": "new 4\n"},
			modes:    map[string]fs.FileMode{"secret/3.ans": 0o444, "secret/4.ans": 0o644, "mine/a.ans": 0o444},
			backedUp: []string{"sample/1", "sample/2", "secret/3", "secret/4"},
		},
		{
			name: "missing and empty answers written",
			ref:  strings.Replace(good, "EDIT", "", 1),
			prepare: func(t *testing.T, data string) {
				if err := os.Remove(filepath.Join(data, "secret", "3.ans")); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(data, "secret", "4.ans"), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			},
			code: 0,
			say: []string{"secret/3.ans: no answer yet; the reference wrote 6 bytes",
				"4 datasets, 3 rewritten, 1 new, 0 left as they are, 0 where the reference failed"},
			want:     map[string]string{"sample/1.ans": "new 1\n", "sample/2.ans": "new 2\n", "secret/3.ans": "new 3\n", "secret/4.ans": "new 4\n"},
			modes:    map[string]fs.FileMode{"secret/3.ans": 0o644},
			backedUp: []string{"sample/1", "sample/2", "secret/4"},
		},
		{
			name: "symbolic link left",
			ref:  strings.Replace(good, "EDIT", "", 1),
			prepare: func(t *testing.T, data string) {
				testfiles.Write(t, data, map[string]string{"shared.txt": "old 4\n"})
				ans := filepath.Join(data, "secret", "4.ans")
				if err := os.Remove(ans); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join("..", "shared.txt"), ans); err != nil {
					t.Fatal(err)
				}
			},
			code:     exitFailed,
			say:      []string{"4.ans: a symbolic link, not replaced", "3 rewritten, 1 left as they are"},
			want:     map[string]string{"sample/1.ans": "new 1\n", "sample/2.ans": "new 2\n", "secret/3.ans": "new 3\n"},
			backedUp: []string{"sample/1", "sample/2", "secret/3"},
		},
		{
			name:     "answer edited while regen runs",
			ref:      strings.Replace(good, "EDIT", "if n == '4': open(ANS, 'w').write('edited by hand\\n')", 1),
			code:     exitFailed,
			say:      []string{"4.ans: changed since regen read it", "3 rewritten, 1 left as they are"},
			want:     map[string]string{"sample/1.ans": "new 1\n", "sample/2.ans": "new 2\n", "secret/3.ans": "new 3\n", "secret/4.ans": "edited by hand\n"},
			backedUp: []string{"sample/1", "sample/2", "secret/3"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			data := filepath.Join(root, "problems", "sudoku", "data")
			regenRoot(t, root, strings.Replace(tt.ref, "ANS", strconv.Quote(filepath.Join(data, "secret", "4.ans")), 1))
			if tt.prepare != nil {
				tt.prepare(t, data)
			}
			before := readTree(t, data)
			state := t.TempDir()
			// direct: the reference may write the answer, as a user would meanwhile.
			code, out, errOut := judge(t, "--root", root, "--state", state, "--sandbox", "direct", "--unsafe", "regen", "-j", "1", "sudoku")
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s\n%s", code, tt.code, out, errOut)
			}
			for _, s := range tt.say {
				if !strings.Contains(out, s) {
					t.Errorf("output does not say %q:\n%s", s, out)
				}
			}
			after := readTree(t, data)
			for name, was := range before {
				want, changed := tt.want[name]
				if !changed {
					want = was
				}
				if after[name] != want {
					t.Errorf("%s holds %q, want %q", name, after[name], want)
				}
			}
			for name, want := range tt.want {
				if _, was := before[name]; !was && after[name] != want {
					t.Errorf("new %s holds %q, want %q", name, after[name], want)
				}
			}
			for name, mode := range tt.modes {
				if st, err := os.Stat(filepath.Join(data, filepath.FromSlash(name))); err != nil || st.Mode().Perm() != mode {
					t.Errorf("%s: mode %v (%v), want %v", name, st.Mode(), err, mode)
				}
			}
			backups, _ := filepath.Glob(filepath.Join(state, "regen", "*", "sudoku"))
			if len(tt.backedUp) == 0 {
				if len(backups) != 0 {
					t.Errorf("backups %v, want none", backups)
				}
				return
			}
			if len(backups) != 1 {
				t.Fatalf("backup folders %v, want one", backups)
			}
			if !strings.Contains(out, "kept in "+relPath(backups[0])) {
				t.Errorf("the output does not name %s:\n%s", backups[0], out)
			}
			kept := readTree(t, backups[0])
			if len(kept) != len(tt.backedUp) {
				t.Errorf("backups %v, want %v", kept, tt.backedUp)
			}
			for _, name := range tt.backedUp {
				if got := kept[name+".ans"]; got != before[name+".ans"] {
					t.Errorf("backup of %s holds %q, want %q", name, got, before[name+".ans"])
				}
			}
		})
	}
}
