# judge: build, test, demo and benchmarks. Every target works on a fresh clone.
GO       ?= go
BIN      := bin/judge
# Packages whose tests run a second time under the race detector.
RACE_PKGS := ./harness/...

.PHONY: build test demo bench clean

build:
	$(GO) build -o $(BIN) ./judge

test:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race $(RACE_PKGS)

# The main job: every bundled sudoku solution with the verdict its folder names,
# then the example contest (entrants in C, C++, Python, Go and Java) with its
# rankings, standings and report folder.
demo: build
	./$(BIN) run sudoku
	./$(BIN) contest examples/contest.yaml

# Benchmarks. The harness's spawn benchmark needs at least 500 runs for its medians.
bench:
	$(GO) test -run '^$$' -bench SpawnOverhead -benchtime 600x ./harness/
	$(GO) test -run '^$$' -bench . -benchtime 1s $$($(GO) list ./... | grep -v '/harness$$')

clean:
	rm -rf bin .judge reports/out
