// Package script is the scene language: small real Go programs that the
// simulator runs.
//
// A scene is a complete package main file or a short form (top-level
// declarations only; fmt, runtime, sync, time and the toolkit gmpbook/scene
// are implied). Parse reads it with go/parser, Check type-checks it with
// go/types against stub declarations of the packages a scene may use and
// rejects anything outside the subset with a file:line:col message, and
// Compile lowers it to a small bytecode whose threads are core.Programs:
// each goroutine of the scene runs its own thread, which hands the
// simulator one scheduler-visible op at a time (a channel send, a sleep, a
// stretch of CPU work) and resumes with the op's result.
//
// The subset and what each operation means to the scheduler are specified
// in shared/spec/scenes.md; docs/scenes.md in this repository is its twin.
// Settings (procs, seed, go, startup, until, title, id, GODEBUG) come from a
// chapter's info string, a //scene first line, flags and the environment.
// Narration comments (//> …) are kept with the line they annotate.
package script
