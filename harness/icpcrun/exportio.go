package icpcrun

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/judgehq/judge/problems"
)

// fileIOPlan is how a problem that reads and writes files travels in a package,
// which knows only standard I/O: the file that carries the case comes on standard
// input, the other input files are the same for every case and are written by the
// submission's wrapper, and the answer file goes to standard output.
type fileIOPlan struct {
	stdin  string            // the input file that holds the case
	fixed  map[string][]byte // the other input files, the same for every case
	stdout string            // the output file that holds the answer
}

// planFileIO works out the plan from the problem's own file lists: the input file
// whose content is the case's input takes standard input; every other one must be
// the same for all cases.
func planFileIO(p problems.Problem) (*fileIOPlan, error) {
	fio, ok := p.(problems.FileIO)
	if !ok {
		return nil, fmt.Errorf("its I/O is files but it does not name them")
	}
	datasets, err := p.Datasets()
	if err != nil {
		return nil, err
	}
	// Two made-up inputs tell the case's file from the fixed ones.
	probes := [][]byte{[]byte("\x00case one\x00"), []byte("\x00case two\x00")}
	var plan *fileIOPlan
	for _, probe := range probes {
		ds := problems.Dataset{Name: "secret/probe", Group: "secret", Input: probe}
		if len(datasets) > 0 {
			ds.Name, ds.Group = datasets[0].Name, datasets[0].Group
		}
		files, err := fio.InputFiles(ds)
		if err != nil {
			return nil, err
		}
		got := &fileIOPlan{fixed: map[string][]byte{}}
		for name, data := range files {
			if bytes.Equal(data, probe) {
				if got.stdin != "" {
					return nil, fmt.Errorf("two input files (%s, %s) hold the case", got.stdin, name)
				}
				got.stdin = name
				continue
			}
			got.fixed[name] = data
		}
		if got.stdin == "" {
			return nil, fmt.Errorf("no input file holds the case as it is; the package format cannot pass it")
		}
		if plan != nil && (plan.stdin != got.stdin || !sameFiles(plan.fixed, got.fixed)) {
			return nil, fmt.Errorf("its input files change with the case beyond the case file")
		}
		plan = got
	}
	outs := fio.OutputFiles(problems.Dataset{Name: "secret/probe"})
	if len(outs) == 0 {
		return nil, fmt.Errorf("it names no output file")
	}
	plan.stdout = outs[0]
	for _, name := range append([]string{plan.stdin, plan.stdout}, plan.fixedNames()...) {
		if strings.ContainsAny(name, "/\\\"'\n\x00") {
			return nil, fmt.Errorf("file name %q cannot be written into a wrapper", name)
		}
	}
	return plan, nil
}

func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

func (f *fileIOPlan) fixedNames() []string {
	names := make([]string, 0, len(f.fixed))
	for n := range f.fixed {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// statementNote is the paragraph on the files that the statement gains under
// "In this package".
func (f *fileIOPlan) statementNote() string {
	var fixed []string
	for _, n := range f.fixedNames() {
		// In a code span: a quoted "1\n" outside one reaches LaTeX as a
		// control sequence \n, which stops pandoc's PDF.
		fixed = append(fixed, fmt.Sprintf("`%s` (`` %q ``)", n, f.fixed[n]))
	}
	note := "The package format knows only standard input and output, so here the case file `" +
		f.stdin + "` arrives on standard input and the answer file `" + f.stdout + "` is written to standard output."
	if len(fixed) > 0 {
		note += " A program that still reads its files finds them in its working folder: the case in `" + f.stdin +
			"`, and " + strings.Join(fixed, ", ") + "; the submissions of this package are wrapped to do so."
	}
	return note
}

// wrapSource returns a single-file submission wrapped so that it finds its input
// files and its answer file reaches standard output; false when its language has
// no wrapper (C and Python have).
func (f *fileIOPlan) wrapSource(name string, src []byte) ([]byte, bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".c":
		return f.wrapC(src), true
	case ".py", ".py3":
		return f.wrapPython(src), true
	}
	return nil, false
}

// cString is data as a C string literal (octal escapes, so no escape runs on).
func cString(data []byte) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range data {
		fmt.Fprintf(&b, "\\%03o", c)
	}
	b.WriteByte('"')
	return b.String()
}

// wrapC renames the program's main and adds one that makes a fresh folder, writes
// the input files there, registers a handler that copies the answer file to
// standard output at exit (after flushing every stream the program left open)
// and calls the program's main.
func (f *fileIOPlan) wrapC(src []byte) []byte {
	var b strings.Builder
	b.WriteString("/* Wrapped for standard I/O: see the statement's last section. */\n")
	b.WriteString("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n#define main judge_wrapped_main\n")
	b.WriteString("#line 1 \"original.c\"\n")
	b.Write(src)
	b.WriteString("\n#undef main\n")
	fmt.Fprintf(&b, "static void judge_emit(void) {\n\tchar buf[65536];\n\tsize_t n;\n\tFILE *f;\n\tfflush(NULL);\n\tf = fopen(%s, \"rb\");\n", cString([]byte(f.stdout)))
	b.WriteString("\tif (!f) return;\n\twhile ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);\n\tfclose(f);\n\tfflush(stdout);\n}\n")
	b.WriteString("static int judge_put(const char *name, const char *data, size_t len) {\n\tFILE *f = fopen(name, \"wb\");\n\tif (!f || fwrite(data, 1, len, f) != len) return -1;\n\treturn fclose(f);\n}\n")
	b.WriteString("int main(int argc, char **argv) {\n\tchar dir[] = \"/tmp/caseXXXXXX\";\n\tchar buf[65536];\n\tsize_t n;\n\tFILE *in;\n")
	b.WriteString("\tif (!mkdtemp(dir) || chdir(dir) != 0) return 120;\n")
	for _, name := range f.fixedNames() {
		fmt.Fprintf(&b, "\tif (judge_put(%s, %s, %d) != 0) return 121;\n", cString([]byte(name)), cString(f.fixed[name]), len(f.fixed[name]))
	}
	fmt.Fprintf(&b, "\tin = fopen(%s, \"wb\");\n", cString([]byte(f.stdin)))
	b.WriteString("\tif (!in) return 122;\n\twhile ((n = fread(buf, 1, sizeof buf, stdin)) > 0) if (fwrite(buf, 1, n, in) != n) return 122;\n\tif (fclose(in) != 0) return 122;\n")
	b.WriteString("\tatexit(judge_emit);\n\treturn ((int (*)())judge_wrapped_main)(argc, argv);\n}\n")
	return []byte(b.String())
}

// wrapPython puts a prelude before the program that does what wrapC's main does.
func (f *fileIOPlan) wrapPython(src []byte) []byte {
	var b strings.Builder
	b.WriteString("# Wrapped for standard I/O: see the statement's last section.\n")
	b.WriteString("import atexit as _judge_atexit, gc as _judge_gc, os as _judge_os, sys as _judge_sys, tempfile as _judge_tempfile\n\n\n")
	b.WriteString("def _judge_prepare():\n    d = _judge_tempfile.mkdtemp(prefix=\"case\")\n    _judge_os.chdir(d)\n")
	for _, name := range f.fixedNames() {
		fmt.Fprintf(&b, "    with open(%s, \"wb\") as f:\n        f.write(%s)\n", strconv.Quote(name), pyBytes(f.fixed[name]))
	}
	fmt.Fprintf(&b, "    with open(%s, \"wb\") as f:\n        f.write(_judge_sys.stdin.buffer.read())\n\n", strconv.Quote(f.stdin))
	b.WriteString("    def emit():\n        _judge_gc.collect()\n        try:\n")
	fmt.Fprintf(&b, "            with open(%s, \"rb\") as f:\n                data = f.read()\n", strconv.Quote(f.stdout))
	b.WriteString("        except OSError:\n            return\n        _judge_sys.stdout.flush()\n        _judge_sys.stdout.buffer.write(data)\n        _judge_sys.stdout.flush()\n\n")
	b.WriteString("    _judge_atexit.register(emit)\n\n\n_judge_prepare()\n\n")
	b.Write(src)
	return []byte(b.String())
}

// pyBytes is data as a Python bytes literal.
func pyBytes(data []byte) string {
	var b strings.Builder
	b.WriteString("b\"")
	for _, c := range data {
		fmt.Fprintf(&b, "\\x%02x", c)
	}
	b.WriteByte('"')
	return b.String()
}

var goMainRE = regexp.MustCompile(`(?m)^func main\(\) \{`)

// wrapGo renames main in the exported Go program at out and adds a main that
// does what wrapC's does; the program's own os.Exit calls end it without output,
// as they would have ended it without an answer file.
func (f *fileIOPlan) wrapGo(out string) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	found := false
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		path := filepath.Join(out, e.Name())
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !goMainRE.Match(src) {
			continue
		}
		found = true
		if err := os.WriteFile(path, goMainRE.ReplaceAll(src, []byte("func wrappedMain() {")), 0o644); err != nil {
			return err
		}
	}
	if !found {
		return fmt.Errorf("%s: no func main() to wrap", out)
	}
	var b strings.Builder
	b.WriteString("// Wrapped for standard I/O: see the statement's last section.\n\npackage main\n\nimport (\n\t\"io\"\n\t\"os\"\n)\n\n")
	b.WriteString("func main() {\n\tdir, err := os.MkdirTemp(\"\", \"case\")\n\tif err != nil {\n\t\tos.Exit(120)\n\t}\n\tif err := os.Chdir(dir); err != nil {\n\t\tos.Exit(120)\n\t}\n")
	for _, name := range f.fixedNames() {
		fmt.Fprintf(&b, "\tif err := os.WriteFile(%s, []byte(%s), 0o644); err != nil {\n\t\tos.Exit(121)\n\t}\n", strconv.Quote(name), strconv.Quote(string(f.fixed[name])))
	}
	b.WriteString("\tin, err := io.ReadAll(os.Stdin)\n\tif err != nil {\n\t\tos.Exit(122)\n\t}\n")
	fmt.Fprintf(&b, "\tif err := os.WriteFile(%s, in, 0o644); err != nil {\n\t\tos.Exit(122)\n\t}\n", strconv.Quote(f.stdin))
	fmt.Fprintf(&b, "\twrappedMain()\n\tif ans, err := os.ReadFile(%s); err == nil {\n\t\tos.Stdout.Write(ans)\n\t}\n}\n", strconv.Quote(f.stdout))
	return writeFile(filepath.Join(out, "stdio_wrap.go"), []byte(b.String()), 0o644)
}
