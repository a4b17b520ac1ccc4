package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/harness/jail"
)

// toolFunc runs a build tool in dir and returns its combined output; an error
// means it failed.
type toolFunc func(ctx context.Context, dir string, argv ...string) (string, error)

// jailWork is the build's working folder inside a jail.
const jailWork = "/work"

// jailedTool returns a toolFunc that runs each build tool (the compiler, a
// student's make and whatever their Makefile starts) in a jail under its compile
// limits: the tool sees only the files of dir, and what it leaves there is copied
// back by the judge (into dir, or to the host path an argument named).
func jailedTool(j *jail.Jail) toolFunc {
	return func(ctx context.Context, dir string, argv ...string) (string, error) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", err
		}
		before := map[string]bool{}
		var sources []string
		for _, e := range entries {
			if !e.Type().IsRegular() {
				msg := fmt.Sprintf("%s: only plain files are built in a jail (%s is not one)", filepath.Base(dir), e.Name())
				return msg, errors.New(msg)
			}
			before[e.Name()] = true
			sources = append(sources, filepath.Join(dir, e.Name()))
		}
		prog, err := exec.LookPath(argv[0])
		if err != nil {
			return fmt.Sprintf("%s could not be started: %v", argv[0], err), err
		}
		// Arguments naming host files outside dir are copied in when they exist
		// (objects to link), else made in the work folder and put in their
		// place afterwards (objects, the program).
		elsewhere := map[string]string{}
		inJail := []string{prog}
		for _, a := range argv[1:] {
			switch {
			case strings.HasPrefix(a, dir+"/"):
				a = jailWork + "/" + strings.TrimPrefix(a, dir+"/")
			case filepath.IsAbs(a):
				// One name, one file: a file of dir standing for the judge's
				// (a student's sudoku.o for the object the judge compiled)
				// would be linked in its place.
				if before[filepath.Base(a)] {
					msg := fmt.Sprintf("%s: %s is the name of a file the build makes; rename it", filepath.Base(dir), filepath.Base(a))
					return msg, errors.New(msg)
				}
				// An existing file (an object to link) goes in; any other
				// path is an output to put in its place.
				if st, err := os.Lstat(a); err == nil && st.Mode().IsRegular() {
					sources = append(sources, a)
					before[filepath.Base(a)] = true
				} else {
					elsewhere[filepath.Base(a)] = a
				}
				a = jailWork + "/" + filepath.Base(a)
			}
			inJail = append(inJail, a)
		}
		out, err := os.MkdirTemp(filepath.Dir(dir), "made-")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(out)
		res, err := j.Compile(ctx, jail.CompileConfig{Argv: inJail, Sources: sources, Artefacts: []string{"*"},
			OutDir: out, OutputMax: logLimit})
		if err != nil {
			return err.Error(), err
		}
		text := string(res.Output)
		for name := range before {
			text = strings.ReplaceAll(text, jailWork+"/"+name, name)
		}
		made, _ := os.ReadDir(out)
		for _, e := range made {
			dst, ok := elsewhere[e.Name()]
			if !ok {
				if before[e.Name()] {
					continue
				}
				dst = filepath.Join(dir, e.Name())
			}
			if err := os.Rename(filepath.Join(out, e.Name()), dst); err != nil {
				return text, fmt.Errorf("keeping %s: %w", e.Name(), err)
			}
		}
		if !res.OK() {
			return strings.TrimSpace(text + "\n" + res.Message), errors.New(res.Message)
		}
		return text, nil
	}
}
