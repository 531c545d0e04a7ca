# Targets match what CI runs: .ci/run is `make test`.

GO ?= go

# Benchmarks of every package that has them; a directory joins the list once
# it exists.
BENCH_PKGS := $(foreach d,core internal/realbench desktop/page tests/bench,$(if $(wildcard $(d)),./$(d)/...))
FUZZTIME ?= 60s

.PHONY: deps check test test-wasm bench fuzz rewrite conformance

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

# test runs every test natively, then core's and render/play's tests in
# WebAssembly under Node. The tests package (browsers, real runs) takes
# 8–10 minutes on a busy 2-core machine: past go test's 10-minute default.
test: deps check
	$(GO) test -count=1 -timeout 45m ./...
	@$(MAKE) --no-print-directory test-wasm

# test-wasm runs the tests of core and of the player's controller
# (render/play) as GOOS=js GOARCH=wasm, through go_js_wasm_exec.
test-wasm:
	PATH=$$PATH:$$($(GO) env GOROOT)/lib/wasm GOOS=js GOARCH=wasm $(GO) test -count=1 ./core/... ./render/play/...

# bench runs the Go benchmarks, then the report that compares the simulator
# with the real runtime (and measures its memory), on one P, then the VM's
# speed on CPU-bound programs against the same programs compiled (bench-vm),
# then the player's benchmarks (bench-player), the website's (bench-site)
# and the desktop app's (bench-desktop).
bench:
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench . -benchmem $(BENCH_PKGS)
	GOMAXPROCS=1 $(GO) run ./cmd/benchreport
	GOMAXPROCS=1 $(GO) run ./cmd/benchreport -timing measured
	$(GO) run ./cmd/vmbench
	@$(MAKE) --no-print-directory bench-player
	@$(MAKE) --no-print-directory bench-site
	@$(MAKE) --no-print-directory bench-desktop

# bench-vm compares CPU-bound programs interpreted by script/vm, natively
# and in WebAssembly under Node, with the same programs compiled
# (cmd/vmbench; VMBENCH_FLAGS='-reps 9 -only fib,sieve' to change it).
.PHONY: bench-vm
bench-vm:
	$(GO) run ./cmd/vmbench $(VMBENCH_FLAGS)

fuzz:
	$(GO) test ./core -run '^$$' -fuzz FuzzSim -fuzztime $(FUZZTIME)

# rewrite regenerates the expected transcripts of the scenario files, the
# event-log golden file, the real-runtime outputs the chapters show, the
# real-runtime distributions of the scenes at GOMAXPROCS>1 (100 runs each) and the
# known-failure lists of the conformance and differential tests; inspect the
# diff before committing.
rewrite:
	$(GO) test ./core/... -run 'Scenario|Golden' -rewrite
	$(GO) test ./chapters -run Golden -rewrite
	GMPBOOK_REWRITE=1 $(GO) test ./tests -run TestChapterClaimsHoldOnTheRealRuntime -count=1
	GMPBOOK_REWRITE=1 $(GO) test ./tests -run TestChapterRealDistributions -count=1
	GMPBOOK_REWRITE=1 $(GO) test ./tests -run Conformance -count=1
	GMPBOOK_REWRITE=1 $(GO) test ./tests -run Differential -count=1

# conformance runs every selected program of the Go distribution's test
# directory in the simulator (make test runs a fixed half of them) and
# checks each against tests/testdata/conformance/known-failures.txt.
conformance:
	GMPBOOK_CONFORMANCE=all $(GO) test ./tests -run Conformance -count=1 -v

# The player. wasm builds the browser player into site/out/player: main.wasm
# (GOOS=js GOARCH=wasm), light.wasm (the same with -tags light: it plays the
# runs the website records at build time and has no compiler, so a reader
# who does not edit downloads less), the iframe page wasm/index.html, Go's
# wasm_exec.js and the Chinese font, cjk-subset.ttf, which both players
# leave out (-tags lazycjk) and fetch only to play in Chinese; serve the
# directory with .wasm as application/wasm.
# player builds the desktop window, bin/gmpbook-player (cgo: make deps
# installs the X11 and OpenGL headers).
#
# The go/... packages (the scene's parser and type checker, and Ebiten's
# shader compiler) run once, at load time: they are built without inlining,
# which keeps about 100 kB (brotli) out of the download. tests/ and
# cmd/playerbench build with the same flags.
PLAYER_OUT := site/out/player
WASM_BUILD := GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -gcflags='go/...=-l'

.PHONY: wasm player bench-player

wasm:
	@mkdir -p $(PLAYER_OUT)
	$(WASM_BUILD) -tags lazycjk -o $(PLAYER_OUT)/main.wasm ./wasm
	$(WASM_BUILD) -tags light,lazycjk -o $(PLAYER_OUT)/light.wasm ./wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" wasm/index.html internal/fonts/cjk-subset.ttf $(PLAYER_OUT)/

player: deps
	@mkdir -p bin
	CGO_ENABLED=1 $(GO) build -o bin/gmpbook-player ./cmd/gmpbook-player

# desktop builds the offline desktop app, bin/gmpbook-desktop (cgo; deps
# installs the X11 and OpenGL headers when they are missing), and starts
# it; DESKTOP_FLAGS are handed to it (DESKTOP_FLAGS='--chapters chapters').
.PHONY: desktop
desktop: deps
	@mkdir -p bin
	CGO_ENABLED=1 $(GO) build -o bin/gmpbook-desktop ./cmd/gmpbook-desktop
	bin/gmpbook-desktop $(DESKTOP_FLAGS)

# bench-desktop reports the desktop app's time to the first frame and its
# resident memory while a scene plays, in the reading mode and in
# presentation mode, beside an empty Ebiten window built in the same run,
# in an Xvfb it starts (cmd/desktopbench).
.PHONY: bench-desktop
bench-desktop: deps
	@mkdir -p bin
	CGO_ENABLED=1 $(GO) build -o bin/gmpbook-desktop ./cmd/gmpbook-desktop
	$(GO) run ./cmd/desktopbench -bin bin/gmpbook-desktop

# bench-player compares the browser player with bare Ebiten games built in
# the same run: download size (brotli), time to the first frame and frame
# rate with 1,000 goroutines, in headless Chromium (cmd/playerbench).
bench-player: deps
	$(GO) run ./cmd/playerbench

# The website. site-player copies the browser player that wasm builds into
# site/player, where gmpbook embeds it (the copies are ignored by git),
# with each .wasm compressed beside it at the highest levels
# (scripts/precompress.sh; redone only when the .wasm changed).
# site writes the notebook into site/out; serve builds gmpbook with the
# player inside and serves the notebook on http://$(ADDR)/ until Ctrl+C.
# bench-site reports the site's weight, the player's size on the wire and
# the time from Play to a scene's first frame (headless Chromium).
SITE_OUT ?= site/out
ADDR ?= 127.0.0.1:8080

.PHONY: site serve site-player bench-site

site-player: wasm
	@bash scripts/precompress.sh $(PLAYER_OUT)/main.wasm $(PLAYER_OUT)/light.wasm $(PLAYER_OUT)/cjk-subset.ttf
	rm -f site/player/*.wasm site/player/*.ttf site/player/*.br site/player/*.gz
	cp $(PLAYER_OUT)/*.wasm $(PLAYER_OUT)/*.wasm.gz $(PLAYER_OUT)/cjk-subset.ttf $(PLAYER_OUT)/cjk-subset.ttf.gz $(PLAYER_OUT)/wasm_exec.js $(PLAYER_OUT)/index.html site/player/
	cp $(PLAYER_OUT)/*.wasm.br $(PLAYER_OUT)/cjk-subset.ttf.br site/player/ 2>/dev/null || true

site: site-player
	$(GO) build -o gmpbook ./cmd/gmpbook
	./gmpbook site -o $(SITE_OUT)

serve: site-player
	$(GO) build -o gmpbook ./cmd/gmpbook
	./gmpbook serve -addr $(ADDR)

bench-site: site-player
	$(GO) test ./tests -run '^$$' -bench '^BenchmarkSite' -benchtime 1x -count=1

# test-distribution runs the distribution suite at length: every program of
# tests/testdata/distribution 200 times on the real runtime and over 200
# seeds in the simulator, asserting the targets (docs/timing.md).
.PHONY: test-distribution
test-distribution:
	GMPBOOK_DIST_RUNS=$${GMPBOOK_DIST_RUNS:-200} $(GO) test -count=1 -timeout 45m -run TestDistributionAtSeveralPs -v ./tests
