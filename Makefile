# judge: build, test, demo and benchmarks. Every target works on a fresh clone.
GO       ?= go
BIN      := bin/judge
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
# Packages whose tests run a second time under the race detector.
RACE_PKGS := ./harness/...

.PHONY: build test demo bench fuzz clean

build:
	$(GO) build -o $(BIN) ./judge

test:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race $(RACE_PKGS)

demo: build
	./$(BIN) run sudoku

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x ./... >/dev/null
	$(GO) test -run '^$$' -bench . ./...

clean:
	rm -rf bin .judge
