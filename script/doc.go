// Package script is the scene language: real Go programs that the
// simulator runs.
//
// A scene is a complete package main file or a short form (top-level
// declarations only; fmt, runtime, sync, time and the toolkit
// gmpbook/scene are implied). Parse reads it with go/parser and checks it
// with go/types against the scenes' library, which is Go source embedded
// from _prelude/ (the standard library's API, see prelude.go), so a scene
// is checked like any Go program, natively and in WebAssembly. Compile
// lowers the scene and the library packages it imports to SSA with
// golang.org/x/tools/go/ssa and hands that to package vm, whose goroutines
// are core.Programs: each hands the simulator one scheduler-visible op at
// a time and resumes with its result.
//
// Why this design: the earlier front end lowered a subset of Go by hand,
// which meant re-implementing a compiler for every construct; go/ssa
// gives the whole language already lowered (closures, defer, select,
// generics instantiated) from a well-kept library, and a register machine
// over SSA is a small, standard interpreter.
//
// The contract with the simulator is docs/spec/scenes.md;
// docs/scenes.md in this repository says what this implementation
// supports. Settings (procs, seed, go, startup, until, title, id, GODEBUG)
// come from a chapter's info string, a //scene first line, flags and the
// environment. Narration comments (//> …) are kept with the line they
// annotate; a "//> name worker {i}" comment on a go statement names the
// goroutines it starts instead (names.go, read by the VM at the statement:
// script/vm/goname.go).
package script
