package solver

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// variant is a named option set.
type variant struct {
	name string
	opt  Options
}

// variants returns the option sets the programs under solutions/bestmove use: the
// reference first, then one per deliberately wrong program, named as its folder.
func variants() []variant {
	return []variant{
		{"reference", Options{}},
		{"all_strings", Options{AllStrings: true}},
		{"keeps_closed", Options{KeepClosed: true}},
		{"over_hits", Options{CountOverHits: true}},
	}
}

// dataset is one input file of the problem with its answer file.
type dataset struct {
	name   string // e.g. secret/24-closed
	secret bool
	in     []byte
	ans    []byte
}

// datasets reads every sample and secret input of bestmove with its answer.
func datasets(t *testing.T) []dataset {
	t.Helper()
	ins, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "problems", "bestmove", "data", "*", "*.in"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) == 0 {
		t.Fatal("no data files found")
	}
	var ds []dataset
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Base(filepath.Dir(in))
		ds = append(ds, dataset{
			name:   dir + "/" + strings.TrimSuffix(filepath.Base(in), ".in"),
			secret: dir == "secret",
			in:     data,
			ans:    ans,
		})
	}
	return ds
}

// TestData runs every variant in-process on every data file. The reference must
// reproduce each answer file byte for byte; each wrong variant must differ from the
// answer on at least one secret file, or the secret data would not catch it.
func TestData(t *testing.T) {
	ds := datasets(t)
	for _, v := range variants() {
		t.Run(v.name, func(t *testing.T) {
			var caught []string
			for _, d := range ds {
				got, err := Solve(d.in, v.opt)
				if err != nil {
					t.Fatalf("%s: %v", d.name, err)
				}
				same := bytes.Equal(got, d.ans)
				if v.opt == (Options{}) && !same {
					t.Errorf("%s: output differs from the answer file", d.name)
				}
				if d.secret && !same {
					caught = append(caught, d.name)
				}
			}
			if v.opt != (Options{}) && len(caught) == 0 {
				t.Errorf("%s matches the answer on every secret file", v.name)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	for _, v := range variants() {
		if _, err := Solve([]byte("x\n"), v.opt); err == nil {
			t.Errorf("%s: bad input accepted", v.name)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

func TestRun(t *testing.T) {
	d := datasets(t)[0]
	var out, errs bytes.Buffer
	if code := Run(Options{}, bytes.NewReader(d.in), &out, &errs); code != 0 || errs.Len() != 0 {
		t.Fatalf("%s: exit %d, stderr %q", d.name, code, errs.String())
	}
	if !bytes.Equal(out.Bytes(), d.ans) {
		t.Errorf("%s: output differs from the answer file", d.name)
	}

	out.Reset()
	errs.Reset()
	if code := Run(Options{}, strings.NewReader("x\n"), &out, &errs); code != 1 {
		t.Errorf("bad input: exit %d, want 1", code)
	}
	if out.Len() != 0 || !strings.HasPrefix(errs.String(), "input: ") {
		t.Errorf("bad input: stdout %q, stderr %q", out.String(), errs.String())
	}

	errs.Reset()
	if code := Run(Options{}, bytes.NewReader(d.in), failWriter{}, &errs); code != 1 || !strings.HasPrefix(errs.String(), "writing output: ") {
		t.Errorf("failed write: exit %d, stderr %q", code, errs.String())
	}
}
