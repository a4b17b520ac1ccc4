# judge: build, test, demo and benchmarks. Every target works on a fresh clone.
GO       ?= go
BIN      := bin/judge
# Packages whose tests start processes run a second time under the race detector
# (-short leaves out their slowest end-to-end cases, which the first pass ran).
RACE_PKGS := ./harness/... ./judge/... ./problems/sudoku/... ./problems/trimines/...

PROBLEMS := battleships bestmove defrag fleetcount sudoku trimines

.PHONY: build test demo bench check-data verify clean

# Pure Go, statically linked: one binary that runs on any Linux, and no dynamic
# loader in front of every supervisor start.
# bin/judge-supervisor and bin/judge-jail are optional: the judge re-executes
# itself without them, but a small binary starts faster (every supervised run,
# every jail slot).
build:
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./judge
	CGO_ENABLED=0 $(GO) build -o bin/judge-supervisor ./harness/supervise/cmd/judge-supervisor
	CGO_ENABLED=0 $(GO) build -o bin/judge-jail ./harness/jail/cmd/judge-jail

test:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race -short $(RACE_PKGS)

# The main job: every bundled sudoku solution with the verdict its folder names,
# then the example contest (entrants in C, C++, Python, Go and Java) with its
# rankings, standings and report folder.
# The sudoku run is lazy (each wrong solution stops at its first failure, which
# still shows every verdict kind); the contest is judged in full, since its
# standings give partial credit for datasets passed.
demo: build
	./$(BIN) run sudoku --lazy
	./$(BIN) contest examples/contest.yaml

# Every problem's answers are what its reference writes today (CI runs this).
check-data: build
	@pass=0; fail=0; for p in $(PROBLEMS); do \
		if ./$(BIN) regen $$p --check; then pass=$$((pass+1)); else fail=$$((fail+1)); fi; \
	done; echo "check-data: $$pass passed, $$fail failed"; test $$fail -eq 0

# The full self-check of every problem: inputs, answers and every solution's verdict.
# Slow (the deliberately slow programs wait out their limits): minutes, not seconds.
verify: build
	@for p in $(PROBLEMS); do ./$(BIN) verify $$p || exit 1; done

# Benchmarks. The harness's spawn benchmark needs at least 500 runs for its medians.
bench: build
	JUDGE_BENCH_SUPERVISOR=$(abspath $(BIN)) $(GO) test -run '^$$' -bench SpawnOverhead -benchtime 600x ./harness/sandbox/
	$(GO) test -run '^$$' -bench SpawnOverhead -benchtime 300x ./harness/jail/
	$(GO) test -run '^$$' -bench Loop178 -benchtime 5x ./harness/jail/
	$(GO) test -run '^$$' -bench InitWakeups -benchtime 300x ./harness/jail/
	JUDGE_BENCH_JAIL_INIT=$(abspath bin/judge-jail) $(GO) test -run '^$$' -bench FirstRun -benchtime 15x ./harness/jail/
	JUDGE_BENCH_JAIL_INIT=$(abspath bin/judge-jail) $(GO) test -run '^$$' -bench RunOverhead -benchtime 15x ./judge/
	JUDGE_BENCH_JAIL_INIT=$(abspath bin/judge-jail) $(GO) test -run '^$$' -bench ParallelSpeedup -benchtime 5x ./judge/
	$(GO) test -run '^$$' -bench . -benchtime 1s $$($(GO) list ./... | grep -v '/harness/sandbox$$' | grep -v '/harness/jail$$' | grep -v '/judge$$')

# Removes what can be made again: the binaries, the build cache and scratch
# runs. The run history (.judge/judge.db) and the report folders stay: they
# are results, and reports may hold notes of yours (delete them by hand).
clean:
	rm -rf bin .judge/cache .judge/tmp
