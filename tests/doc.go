// Package tests holds what spans packages: checks that no single package can
// make about itself.
//
// Today that is the dependency rule of the architecture (imports_test.go):
// core imports only a short allowlist of the standard library and starts no
// goroutines, only wasm imports syscall/js, and only render and the desktop
// entry point import Ebiten. The rule is a statement of policy: a failure here
// means the import is wrong, not the rule.
//
// Later this package also runs every chapter scene, compares native and
// WebAssembly traces, compares the simulator with the real runtime, and drives
// the browser and desktop end to end.
//
// The package has no code of its own beyond this comment; everything is in
// _test.go files.
package tests
