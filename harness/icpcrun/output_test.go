package icpcrun

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/icpc"
)

// TestOutputInMemory judges submissions on a one-case package by its default
// validator and by a custom one, where the team output lives in a memory file
// (see runInMemory and RunCase): output beyond the package's limit is OLE, the
// file cannot be grown past it, and nothing is left in the scratch folder.
func TestOutputInMemory(t *testing.T) {
	subs := map[string]struct{ src, want string }{
		"ok.c":    {"#include <stdio.h>\nint main(void){puts(\"x\");return 0;}\n", "AC"},
		"flood.c": {"#include <stdio.h>\nint main(void){for(int i=0;i<(4<<20);i++)putchar('x');return 0;}\n", "OLE"},
		// Growing the output file past the limit is refused (RLIMIT_FSIZE
		// holds for memory files too), so the program prints its answer.
		"grow.c": {"#include <unistd.h>\n#include <signal.h>\nint main(void){signal(SIGXFSZ,SIG_IGN);" +
			"if(ftruncate(1,64<<20)==0)return 0;write(1,\"x\\n\",2);return 0;}\n", "AC"},
	}
	for _, runner := range []string{"supervised", "jail"} {
		for _, custom := range []bool{false, true} {
			name := runner + "/default"
			if custom {
				name = runner + "/custom"
			}
			t.Run(name, func(t *testing.T) {
				env := newEnvWith(t, runner)
				dir := t.TempDir()
				files := map[string]string{
					"problem.yaml":     "problem_format_version: 2023-07-draft\nname: Echo\nlimits:\n  time_limit: 5\n  output: 1\n",
					"data/secret/1.in": "x\n", "data/secret/1.ans": "x\n",
				}
				if custom {
					files["problem.yaml"] += "validation: custom\n"
					files["output_validators/check/check.c"] = "int main(void){return 42;}\n"
				}
				for name, s := range subs {
					files["submissions/accepted/"+name] = s.src
				}
				testfiles.Write(t, dir, files)
				pkg, err := icpc.Load(dir)
				if err != nil {
					t.Fatal(err)
				}
				ds, err := pkg.Datasets("secret")
				if err != nil || len(ds) != 1 {
					t.Fatalf("datasets: %v %v", ds, err)
				}
				ctx := context.Background()
				for name, s := range subs {
					prog, err := env.Builder.Build(ctx, filepath.Join(dir, "submissions", "accepted", name))
					if err != nil {
						t.Fatal(err)
					}
					r, err := env.RunCase(ctx, pkg, prog, ds[0], pkg.Meta().Limits)
					if err != nil {
						t.Fatal(err)
					}
					if r.Outcome.Verdict != problems.Verdict(s.want) {
						t.Errorf("%s: %s (%s), want %s", name, r.Outcome.Verdict, r.Outcome.Message, s.want)
					}
				}
				if left, _ := os.ReadDir(env.Scratch); len(left) > 0 {
					t.Errorf("left in the scratch folder: %v", left)
				}
			})
		}
	}
}

// TestBuildErrorLine picks the line of a failed validator build that says what
// is wrong, not the first ("exit status 1").
func TestBuildErrorLine(t *testing.T) {
	for _, tc := range []struct{ log, want string }{
		{"exit status 1\nvalidator.cpp:3:5: error: 'strlen' was not declared in this scope\n", "validator.cpp:3:5: error: 'strlen' was not declared in this scope …"},
		{"one line\n", "one line"},
		{"first\nsecond\n", "first …"},
	} {
		if got := buildErrorLine(tc.log); got != tc.want {
			t.Errorf("buildErrorLine(%q) = %q, want %q", tc.log, got, tc.want)
		}
	}
}
