package icpcrun

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/judging"
	"github.com/judgehq/judge/harness/sandbox"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/problems/icpc"
)

// InputCheck is one input validator's judgement of one test case's input.
type InputCheck struct {
	Validator string // the validator's file or folder name
	Case      string
	// Status is "valid", "invalid", "not checked" (no tool for the validator here)
	// or "error" (the validator could not be built or run).
	Status  string
	Message string
}

// checktestdataTool is the command that runs .ctd input validators.
const checktestdataTool = "checktestdata"

// ValidateInputs runs every input validator of the package on every test case's
// input, with the arguments from the case's group (input_validator_flags or
// input_validator_args). Exit code 42 means valid, anything else invalid.
// checktestdata scripts (.ctd) run through the checktestdata tool when it is on
// PATH and are reported as not checked otherwise; .viva scripts are not checked.
func (e *Env) ValidateInputs(ctx context.Context, pkg *icpc.Package) ([]InputCheck, error) {
	datasets, err := pkg.Datasets()
	if err != nil {
		return nil, err
	}
	var inputs []validatedInput
	for _, ds := range datasets {
		inputs = append(inputs, validatedInput{name: ds.Name, path: ds.InPath, args: func(v string) []string {
			return pkg.InputValidatorArgs(ds.Name, v)
		}})
	}
	return e.validate(ctx, pkg, inputs)
}

// ValidateFiles runs every input validator of the package on each of files (a
// user's inputs, in no group of the package: the validators get no arguments),
// as ValidateInputs does on the package's own.
func (e *Env) ValidateFiles(ctx context.Context, pkg *icpc.Package, files []string) ([]InputCheck, error) {
	var inputs []validatedInput
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return nil, err
		}
		inputs = append(inputs, validatedInput{name: f, path: f, args: func(string) []string { return nil }})
	}
	return e.validate(ctx, pkg, inputs)
}

// validatedInput is one input an input validator judges: its name in the
// report, its file, and the arguments each validator gets on it.
type validatedInput struct {
	name, path string
	args       func(validator string) []string
}

// validate runs every input validator of the package on every input.
func (e *Env) validate(ctx context.Context, pkg *icpc.Package, inputs []validatedInput) ([]InputCheck, error) {
	var out []InputCheck
	for _, v := range pkg.InputValidators {
		name := filepath.Base(v)
		var prog *build.Program
		status, msg := "", ""
		switch strings.ToLower(filepath.Ext(v)) {
		case ".ctd":
			if path, err := exec.LookPath(checktestdataTool); err == nil {
				abs, err := e.substituted(v, pkg.Constants())
				if err != nil {
					return out, err
				}
				prog = &build.Program{Name: name, Source: abs, Language: "command", Argv: []string{path, abs}}
			} else {
				status, msg = "not checked", "checktestdata is not installed"
			}
		case ".viva":
			status, msg = "not checked", "viva validators are not supported"
		default:
			t, err := e.Tool(ctx, v, pkg.Constants())
			if err != nil {
				return out, err
			}
			if t.BuildError != "" {
				status, msg = "error", "does not build: "+buildErrorLine(t.BuildError)
			}
			prog = t.program()
		}
		for _, in := range inputs {
			c := InputCheck{Validator: name, Case: in.name, Status: status, Message: msg}
			if status == "" {
				var err error
				c.Status, c.Message, err = e.runInputValidator(ctx, prog, in.args(v), in.path, pkg.Config.Limits)
				if err != nil {
					return out, err
				}
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// runInputValidator runs an input validator on one input, fed on its standard
// input.
func (e *Env) runInputValidator(ctx context.Context, prog *build.Program, args []string, input string, cl icpc.ConfigLimits) (status, msg string, err error) {
	in, err := regular.Open(input)
	if err != nil {
		return "", "", fmt.Errorf("opening %s: %w", input, err)
	}
	defer in.Close()
	dir, err := e.feedbackDir()
	if err != nil {
		return "", "", err
	}
	defer os.RemoveAll(dir)
	outPath := dir + ".output"
	out, err := os.Create(outPath)
	if err != nil {
		return "", "", err
	}
	defer os.Remove(outPath)
	defer out.Close()
	spec := sandbox.Spec{Argv: append(append([]string(nil), prog.Argv...), args...), Dir: dir, Env: os.Environ(),
		Stdin: in, Stdout: out, Stderr: out, Limits: e.validatorLimits(cl)}
	if err := judging.ProgramFiles(&spec, prog); err != nil {
		return "", "", fmt.Errorf("input validator: %w", err)
	}
	m, err := e.Runner.Run(ctx, spec)
	if err != nil {
		return "", "", fmt.Errorf("running input validator: %w", err)
	}
	text, _ := readCapped(outPath, 4096)
	switch {
	case m.Signal != "" || m.TimedOut || m.CPUExceeded || m.MemoryExceeded || m.OutputExceeded:
		// Ended at a limit, whatever it exited with, it decided nothing.
		return "error", describe(m, spec.Limits) + ": " + oneLine(string(text)), nil
	case m.ExitCode == ExitAC:
		return "valid", "", nil
	}
	return "invalid", fmt.Sprintf("exit code %d: %s", m.ExitCode, oneLine(string(text))), nil
}

// substituted is the absolute path of the script at path, or of a copy with the
// package's constants put in when it uses any.
func (e *Env) substituted(path string, constants map[string]string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil || len(constants) == 0 {
		return abs, err
	}
	data, err := regular.ReadFileMax(abs, treeMax)
	if err != nil {
		return "", err
	}
	out, _ := icpc.SubstituteConstants(data, constants)
	if bytes.Equal(out, data) {
		return abs, nil
	}
	f, err := os.CreateTemp(e.Scratch, "constants-*-"+filepath.Base(abs))
	if err != nil {
		return "", fmt.Errorf("constants in %s: %w", path, err)
	}
	defer f.Close()
	if _, err := f.Write(out); err != nil {
		return "", fmt.Errorf("constants in %s: %w", path, err)
	}
	return f.Name(), f.Close()
}
