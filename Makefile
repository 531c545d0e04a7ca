# Targets match what CI runs: .ci/run is `make test`.

GO ?= go

# Benchmarks of every package that has them; a directory joins the list once
# it exists.
BENCH_PKGS := $(foreach d,core internal/realbench tests/bench,$(if $(wildcard $(d)),./$(d)/...))
FUZZTIME ?= 60s

.PHONY: deps check test test-wasm bench fuzz rewrite

# deps installs, with apt-get, the tools the tests need that are missing.
deps:
	@bash scripts/deps.sh

# check fails on unformatted files (and lists them) and on go vet findings.
# Scenes under testdata may be short forms, which are not Go files on their own.
check:
	@unformatted=$$(find . -name '*.go' -not -path '*/testdata/*' -not -path './.git/*' | xargs gofmt -l); \
	if [ -n "$$unformatted" ]; then \
		echo "gofmt: these files are not formatted:"; echo "$$unformatted"; exit 1; \
	fi
	$(GO) vet ./...

# test runs every test natively, then core's tests in WebAssembly under Node.
test: deps check
	$(GO) test -count=1 ./...
	@$(MAKE) --no-print-directory test-wasm

# test-wasm runs core's tests as GOOS=js GOARCH=wasm, through go_js_wasm_exec.
test-wasm:
	PATH=$$PATH:$$($(GO) env GOROOT)/lib/wasm GOOS=js GOARCH=wasm $(GO) test -count=1 ./core/...

# bench runs the Go benchmarks, then the report that compares the simulator
# with the real runtime (and measures its memory), on one P.
bench:
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench . -benchmem $(BENCH_PKGS)
	GOMAXPROCS=1 $(GO) run ./cmd/benchreport

fuzz:
	$(GO) test ./core -run '^$$' -fuzz FuzzSim -fuzztime $(FUZZTIME)

# rewrite regenerates the expected transcripts of the scenario files, the
# event-log golden file and the real-runtime outputs the chapters show;
# inspect the diff before committing.
rewrite:
	$(GO) test ./core/... -run 'Scenario|Golden' -rewrite
	GMPBOOK_REWRITE=1 $(GO) test ./tests -run TestChapterClaimsHoldOnTheRealRuntime -count=1
