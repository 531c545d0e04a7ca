// Package runlog owns a scene's run once it has been simulated: the event
// log, where the scene's code was at each event (view.Lines), and the
// file the website ships so that a reader who only watches a chapter's
// scene never downloads the compiler.
//
// The site simulates every chapter scene when it is built and writes
// each run with Encode; the light browser player (wasm, built with the
// "light" tag) decodes it with Decode and plays it with nothing but core,
// view and render. It imports neither the scene compiler (script) nor
// Ebiten: the player that compiles scenes (internal/playerlog) records
// into the same Run.
//
// The encoding is a versioned sequence of varints (see Encode); every
// field of core.Event is in it, and a test fails when core.Event gains
// one the encoding does not carry.
package runlog
