package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/battleships"
)

func main() {
	p := battleships.New(nil)
	switch os.Args[1] {
	case "check":
		in, _ := os.ReadFile(os.Args[2])
		out, _ := os.ReadFile(os.Args[3])
		o := p.Check(problems.Dataset{Input: in}, problems.Output{Stdout: out})
		fmt.Printf("%s %s\n", o.Verdict, o.Message)
		return
	case "validate":
		for _, f := range os.Args[2:] {
			in, _ := os.ReadFile(f)
			if err := p.Validate(in); err != nil {
				fmt.Printf("%s: %v\n", f, err)
			}
		}
		return
	}
	seed, _ := strconv.ParseInt(os.Args[1], 10, 64)
	params := problems.Params{}
	for _, a := range os.Args[2:] {
		k, v, _ := strings.Cut(a, "=")
		params[k] = v
	}
	t := time.Now()
	out, err := p.(problems.Generator).Generate(seed, params)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen %v\n", time.Since(t))
	os.Stdout.Write(out)
}
