// Package tests holds what spans packages: checks that no single package can
// make about itself.
//
//   - The dependency rule (imports_test.go): core imports only a short
//     allowlist of the standard library and starts no goroutines; script
//     imports, of this module, only core; render/view only core;
//     render/play only render/view and core; only wasm imports syscall/js;
//     only render, desktop and the desktop entry point import Ebiten; and
//     docs/architecture.md's table of who may import whom is the import
//     graph. The rules are policy: a failure means the import is wrong,
//     not the rule.
//   - Scenes: the scenes a scene author gets wrong and what they are told
//     (badscenes_test.go), the fuzzed parser and lowering (fuzz_test.go),
//     the Go distribution's own test programs (conformance_test.go).
//   - Fidelity: the simulator against the real runtime (fidelity_test.go,
//     timing_test.go, diff_test.go, chapters_real_test.go,
//     toolchain_test.go) and native against WebAssembly traces
//     (trace_test.go).
//   - End to end: the browser player and the website in headless Chromium
//     (player_browser_test.go, site_*_test.go), the desktop player and app
//     under Xvfb (player_desktop_test.go, desktop*_test.go).
//
// A test of one package lives in that package, so that `go test ./pkg`
// finds what it breaks: the site's build and security tests are in site,
// the check of the chapters' runtime references and constants in chapters.
//
// The package has no code of its own beyond this comment; everything is in
// _test.go files.
package tests
