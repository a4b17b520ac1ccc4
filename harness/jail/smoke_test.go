//go:build linux

package jail

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestSmoke(t *testing.T) {
	if err := CanJail(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "echo")
	if out, err := exec.Command("gcc", "-O1", "-static", "-o", bin, "testdata/echo.c").CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	j, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	in := filepath.Join(dir, "in")
	os.WriteFile(in, []byte("hello\n"), 0o644)
	inf, _ := os.Open(in)
	outf, _ := os.Create(filepath.Join(dir, "out"))
	errf, _ := os.Create(filepath.Join(dir, "err"))
	res, err := j.Run(context.Background(), Config{Argv: []string{"./echo"}, Files: []File{{Name: "echo", Src: bin, Executable: true}},
		Stdin: inf, Stdout: outf, Stderr: errf, Limits: Limits{CPU: time.Second, Memory: 64 << 20, Output: 1 << 20}})
	b, _ := os.ReadFile(filepath.Join(dir, "out"))
	e, _ := os.ReadFile(filepath.Join(dir, "err"))
	t.Logf("%+v %v out=%q err=%q", res, err, b, e)
}
