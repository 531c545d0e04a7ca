// Package os is the little of os a scene may use.
package os

// Exit ends the process with status code.
func Exit(code int)

// Args are the command-line arguments: just the program's name.
var Args = []string{"/tmp/scene"}

// Getenv reads the simulated environment, which is empty.
func Getenv(key string) string { return "" }
