// Command gmpbook runs scenes: small Go programs that the notebook animates.
//
//	gmpbook run     [flags] FILE.go   simulate; print what the program prints
//	gmpbook real    [flags] FILE.go   run the same file on the installed Go toolchain
//	gmpbook compare [flags] FILE.go   both, side by side
//
// Flags share their names with scene settings (procs, seed, go, startup,
// until); GOMAXPROCS and GODEBUG come from the environment. run writes the
// program's output to stdout exactly, schedtrace lines to stderr in the
// runtime's format, and exits with the program's status (2 after a
// deadlock or panic). -events FILE writes one canonical line per simulator
// event ("-" for stderr); -trace FILE writes Chrome trace JSON for
// Perfetto. Bad input gives one file:line:col message and status 2.
//
// gmpbook is pure Go (no cgo); the desktop app is a separate binary.
package main
